/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-treemap-view.c: the "treemap" view (see the header): breadcrumbs
 * rebuilt on every zoom, around the treemap widget, in the template
 * ui/hs-treemap-view.ui. */
#include "config.h"
#include "hs-treemap-view.h"
#include "hs-format.h"
#include "hs-palette.h"

#include <adwaita.h>

#include <glib/gi18n.h>
#include <string.h>

struct _HsTreemapView
{
  HsView parent_instance;

  /* template */
  GtkBox *breadcrumbs;
  HsTreemapWidget *treemap;
  GtkFlowBox *legend;

  GPtrArray *crumbs; /* the breadcrumb buttons, borrowed from the box */
};

G_DEFINE_FINAL_TYPE (HsTreemapView, hs_treemap_view, HS_TYPE_VIEW)

static void
clear_crumbs (HsTreemapView *self)
{
  GtkWidget *child;

  g_ptr_array_set_size (self->crumbs, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->breadcrumbs))) != NULL)
    gtk_box_remove (self->breadcrumbs, child);
}

static void
append_separator (HsTreemapView *self, const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (self->breadcrumbs, label);
}

static void
on_breadcrumb (GtkButton *button, HsTreemapView *self)
{
  guint depth = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "hs-depth"));
  hs_treemap_widget_zoom_to (self->treemap, depth);
}

static GtkWidget *
crumb_new (HsTreemapView *self, HsAnalysis *a, guint64 node, guint depth, gboolean current)
{
  g_autofree char *text = NULL;
  GtkWidget *button;

  if (node >= a->dom->n)
    text = g_strdup (_ ("All Objects"));
  else
    {
      const char *name = hs_heap_object_class_name (a->heap, (HsObj)node);
      const char *dot = name != NULL ? strrchr (name, '.') : NULL;
      text = g_strdup (dot != NULL ? dot + 1 : (name != NULL ? name : "?"));
    }
  button = gtk_button_new_with_label (text);
  gtk_widget_add_css_class (button, "flat");
  if (current)
    gtk_widget_add_css_class (button, "hs-breadcrumb-current");
  if (node < a->dom->n)
    {
      g_autofree char *tip = hs_heap_object_label (a->heap, (HsObj)node);
      gtk_widget_set_tooltip_text (button, tip);
    }
  g_object_set_data (G_OBJECT (button), "hs-depth", GUINT_TO_POINTER (depth));
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_breadcrumb), self, 0);
  return button;
}

static void
on_treemap_zoom (HsTreemapWidget *treemap, HsTreemapView *self)
{
  HsAnalysis *a = hs_view_get_analysis (HS_VIEW (self));
  const guint64 *path;
  guint n;

  clear_crumbs (self);
  if (a == NULL || a->dom == NULL)
    return;
  path = hs_treemap_widget_get_path (treemap, &n);
  if (n > 0) /* for back and forward */
    gtk_widget_activate_action (GTK_WIDGET (self), "win.visited", "(st)", "treemap", path[n - 1]);
  /* Long paths show their first and last steps only. */
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *button;

      if (n > 8 && i == 2)
        {
          append_separator (self, "…");
          i = n - 5;
          continue;
        }
      if (i > 0)
        append_separator (self, "›");
      button = crumb_new (self, a, path[i], i, i + 1 == n);
      g_ptr_array_add (self->crumbs, button);
      gtk_box_append (self->breadcrumbs, button);
    }
}

static void
on_treemap_inspect (HsTreemapWidget *treemap, guint64 node, HsTreemapView *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.inspect", "u", (guint32)node);
}

/* A swatch of the package colour of the class name it holds, in the
 * style shown (as the treemap draws its outer boxes). */
static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  GdkRGBA c;

  hs_palette_package (data, 1, adw_style_manager_get_dark (adw_style_manager_get_default ()), &c);
  gdk_cairo_set_source_rgba (cr, &c);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
}

static void
on_dark_changed (AdwStyleManager *manager, GParamSpec *pspec, HsTreemapView *self)
{
  /* The swatches: the first child of each entry's box, in its flow box
   * child. */
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->legend)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *box = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (c));
      if (box != NULL && gtk_widget_get_first_child (box) != NULL)
        gtk_widget_queue_draw (gtk_widget_get_first_child (box));
    }
}

static void
clear_legend (HsTreemapView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->legend))) != NULL)
    gtk_flow_box_remove (self->legend, child);
}

/* The legend of the layout drawn: each outer box's package and colour. */
static void
on_treemap_layout_done (HsTreemapWidget *treemap, HsTreemapView *self)
{
  g_autoptr (GPtrArray) names = hs_treemap_widget_get_legend (treemap);

  clear_legend (self);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *pkg = hs_format_package (name);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *label = gtk_label_new (*pkg != '\0' ? pkg : _ ("(primitive arrays, default package)"));

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 12);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 12);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, g_strdup (name), g_free);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
      gtk_widget_set_tooltip_text (label, pkg);
      gtk_widget_add_css_class (label, "caption");
      gtk_box_append (GTK_BOX (box), swatch);
      gtk_box_append (GTK_BOX (box), label);
      gtk_flow_box_append (self->legend, box);
    }
}

static void
hs_treemap_view_fill (HsView *view, HsLoader *loader)
{
  HsTreemapView *self = HS_TREEMAP_VIEW (view);

  hs_treemap_widget_set_loader (self->treemap, loader);
  hs_treemap_widget_set_heap (self->treemap, hs_view_get_heap (view));
}

static void
hs_treemap_view_clear (HsView *view)
{
  HsTreemapView *self = HS_TREEMAP_VIEW (view);

  hs_treemap_widget_set_loader (self->treemap, NULL);
  clear_crumbs (self);
  clear_legend (self);
}

static void
hs_treemap_view_dispose (GObject *object)
{
  HsTreemapView *self = HS_TREEMAP_VIEW (object);

  g_ptr_array_set_size (self->crumbs, 0);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_TREEMAP_VIEW);
  G_OBJECT_CLASS (hs_treemap_view_parent_class)->dispose (object);
}

static void
hs_treemap_view_finalize (GObject *object)
{
  HsTreemapView *self = HS_TREEMAP_VIEW (object);

  g_ptr_array_unref (self->crumbs);
  G_OBJECT_CLASS (hs_treemap_view_parent_class)->finalize (object);
}

static void
hs_treemap_view_class_init (HsTreemapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  HsViewClass *view_class = HS_VIEW_CLASS (klass);

  object_class->dispose = hs_treemap_view_dispose;
  object_class->finalize = hs_treemap_view_finalize;
  view_class->fill = hs_treemap_view_fill;
  hs_view_class_set_uses_heap (view_class);
  view_class->clear = hs_treemap_view_clear;
  /* tools/ui-timing.sh reports this mark. */
  hs_view_class_set_page (view_class, "treemap", _ ("Treemap"), NULL, TRUE, "treemap given the dump");

  g_type_ensure (HS_TYPE_TREEMAP_WIDGET);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/heapscope/Heapscope/ui/hs-treemap-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsTreemapView, breadcrumbs);
  gtk_widget_class_bind_template_child (widget_class, HsTreemapView, treemap);
  gtk_widget_class_bind_template_callback (widget_class, on_treemap_zoom);
  gtk_widget_class_bind_template_callback (widget_class, on_treemap_inspect);
  gtk_widget_class_bind_template_child (widget_class, HsTreemapView, legend);
  gtk_widget_class_bind_template_callback (widget_class, on_treemap_layout_done);
}

static void
hs_treemap_view_init (HsTreemapView *self)
{
  self->crumbs = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (on_dark_changed),
                           self, 0);
}

GtkWidget *
hs_treemap_view_new (void)
{
  return g_object_new (HS_TYPE_TREEMAP_VIEW, NULL);
}

HsTreemapWidget *
hs_treemap_view_get_treemap (HsTreemapView *self)
{
  g_return_val_if_fail (HS_IS_TREEMAP_VIEW (self), NULL);
  return self->treemap;
}

guint
hs_treemap_view_get_n_crumbs (HsTreemapView *self)
{
  g_return_val_if_fail (HS_IS_TREEMAP_VIEW (self), 0);
  return self->crumbs->len;
}

const char *
hs_treemap_view_get_crumb_label (HsTreemapView *self, guint i)
{
  g_return_val_if_fail (HS_IS_TREEMAP_VIEW (self), NULL);

  if (i >= self->crumbs->len)
    return NULL;
  return gtk_button_get_label (GTK_BUTTON (g_ptr_array_index (self->crumbs, i)));
}

void
hs_treemap_view_activate_crumb (HsTreemapView *self, guint i)
{
  g_return_if_fail (HS_IS_TREEMAP_VIEW (self));
  g_return_if_fail (i < self->crumbs->len);

  /* As a click: the button's "clicked" handler. */
  g_signal_emit_by_name (g_ptr_array_index (self->crumbs, i), "clicked");
}

void
hs_treemap_view_zoom_to_object (HsTreemapView *self, HsObj obj)
{
  g_return_if_fail (HS_IS_TREEMAP_VIEW (self));

  hs_view_ensure_filled (HS_VIEW (self));
  hs_treemap_widget_zoom_to (self->treemap, 0);
  hs_treemap_widget_zoom_into (self->treemap, obj);
}

guint
hs_treemap_view_get_n_legend (HsTreemapView *self)
{
  guint n = 0;

  g_return_val_if_fail (HS_IS_TREEMAP_VIEW (self), 0);
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->legend)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}
