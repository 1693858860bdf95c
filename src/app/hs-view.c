/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-view.c: the base of the window's views (see hs-view.h). It keeps the
 * loader and the "filled for this dump" state, lays out its single
 * template child, times each fill (HEAPSCOPE_DEBUG_TIMES), has the
 * Export button's actions (export.copy-csv, export.save-csv), and keeps
 * the views revealed on demand out of the view switcher until asked. */
#include "config.h"
#include "hs-view.h"
#include "hs-timing.h"
#include "hs-csv-export.h"

#include <adwaita.h>
#include <glib/gi18n.h>

typedef struct
{
  HsLoader *loader;
  gboolean filled;
  GCancellable *cancellable; /* the workers' for this loader; NULL until asked for */
  int heap;                  /* -1: every heap */
  /* Revealed on demand: in the view switcher, asked for since the loader
   * was set; the view's page in the dump tab's stack (not owned). */
  gboolean revealed;
  AdwViewStackPage *page;
} HsViewPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (HsView, hs_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_LOADER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hs_view_dispose (GObject *object)
{
  HsView *self = HS_VIEW (object);
  HsViewPrivate *priv = hs_view_get_instance_private (self);
  GtkWidget *child;

  if (priv->cancellable != NULL)
    g_cancellable_cancel (priv->cancellable);
  g_clear_object (&priv->cancellable);
  g_clear_object (&priv->loader);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (hs_view_parent_class)->dispose (object);
}

static void
hs_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsView *self = HS_VIEW (object);

  switch (prop_id)
    {
      case PROP_LOADER: g_value_set_object (value, hs_view_get_loader (self)); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* --- revealed on demand -------------------------------------------------- */

/* In the switcher only once asked for (nine views fit the header at
 * 1400 px; these are reached from the others). The dump tab shows every
 * page once the analysis is done: put back. */
static void
on_page_visible (AdwViewStackPage *page, GParamSpec *pspec, HsView *self)
{
  HsViewPrivate *priv = hs_view_get_instance_private (self);

  if (!priv->revealed && adw_view_stack_page_get_visible (page))
    adw_view_stack_page_set_visible (page, FALSE);
}

static void
on_parent (HsView *self, GParamSpec *pspec, gpointer data)
{
  HsViewPrivate *priv = hs_view_get_instance_private (self);
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_VIEW_STACK);
  AdwViewStackPage *page = stack ? adw_view_stack_get_page (ADW_VIEW_STACK (stack), GTK_WIDGET (self)) : NULL;

  if (page == NULL || page == priv->page)
    return;
  priv->page = page;
  g_signal_connect_object (page, "notify::visible", G_CALLBACK (on_page_visible), self, 0);
  on_page_visible (page, NULL, self);
}

void
hs_view_class_set_revealed_on_demand (HsViewClass *klass)
{
  g_return_if_fail (HS_IS_VIEW_CLASS (klass));
  klass->revealed_on_demand = TRUE;
}

void
hs_view_reveal (HsView *self)
{
  HsViewPrivate *priv;

  g_return_if_fail (HS_IS_VIEW (self));
  if (!HS_VIEW_GET_CLASS (self)->revealed_on_demand)
    return;
  priv = hs_view_get_instance_private (self);
  priv->revealed = TRUE;
  if (priv->page && gtk_widget_get_visible (GTK_WIDGET (self)))
    adw_view_stack_page_set_visible (priv->page, TRUE);
}

/* Out of the switcher again (another loader). */
static void
unreveal (HsView *self)
{
  HsViewPrivate *priv = hs_view_get_instance_private (self);

  if (!HS_VIEW_GET_CLASS (self)->revealed_on_demand)
    return;
  priv->revealed = FALSE;
  if (priv->page)
    adw_view_stack_page_set_visible (priv->page, FALSE);
}

static void
hs_view_constructed (GObject *object)
{
  G_OBJECT_CLASS (hs_view_parent_class)->constructed (object);
  if (HS_VIEW_GET_CLASS (object)->revealed_on_demand)
    g_signal_connect (object, "notify::parent", G_CALLBACK (on_parent), NULL);
}

/* --- export ------------------------------------------------------------- */

gboolean
hs_view_write_csv (HsView *self, GString *out)
{
  HsViewClass *klass;

  g_return_val_if_fail (HS_IS_VIEW (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  klass = HS_VIEW_GET_CLASS (self);
  return klass->write_csv != NULL && klass->write_csv (self, out);
}

/* The table as CSV, or NULL (and a toast) when there is none yet. */
static GString *
view_csv (HsView *self)
{
  GString *out = g_string_new (NULL);

  if (hs_view_write_csv (self, out))
    return out;
  g_string_free (out, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.toast", "s", _ ("Nothing to export yet"));
  return NULL;
}

static void
action_copy_csv (GtkWidget *widget, const char *name, GVariant *param)
{
  GString *csv = view_csv (HS_VIEW (widget));

  if (csv != NULL)
    {
      hs_csv_export_copy (widget, csv->str);
      g_string_free (csv, TRUE);
    }
}

static void
action_save_csv (GtkWidget *widget, const char *name, GVariant *param)
{
  HsView *self = HS_VIEW (widget);
  HsAnalysis *a = hs_view_get_analysis (self);
  HsLoader *loader = hs_view_get_loader (self);
  GString *csv = view_csv (self);

  if (csv != NULL)
    {
      g_autofree char *file = hs_csv_export_file_name (loader ? hs_loader_get_file_name (loader) : NULL,
                                                       hs_view_get_name (self));
      hs_csv_export_save (widget, file, csv, a != NULL ? hs_heap_path (a->heap) : NULL);
    }
}

void
hs_view_add_export_button (HsView *self, GtkWidget *header)
{
  g_return_if_fail (HS_IS_VIEW (self));
  g_return_if_fail (GTK_IS_BOX (header));

  gtk_box_append (GTK_BOX (header), hs_csv_export_button_new ());
}

static void
hs_view_class_init (HsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = hs_view_constructed;
  object_class->dispose = hs_view_dispose;
  object_class->get_property = hs_view_get_property;

  properties[PROP_LOADER]
      = g_param_spec_object ("loader", NULL, NULL, HS_TYPE_LOADER,
                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  /* Every view's Export button (hs_view_add_export_button) calls these. */
  gtk_widget_class_install_action (widget_class, "export.copy-csv", NULL, action_copy_csv);
  gtk_widget_class_install_action (widget_class, "export.save-csv", NULL, action_save_csv);
  klass->needs_analysis = TRUE;
}

static void
hs_view_init (HsView *self)
{
  HsViewPrivate *priv = hs_view_get_instance_private (self);
  priv->heap = -1;
}

void
hs_view_class_set_uses_heap (HsViewClass *klass)
{
  g_return_if_fail (HS_IS_VIEW_CLASS (klass));
  klass->uses_heap = TRUE;
}

gboolean
hs_view_get_uses_heap (HsView *self)
{
  g_return_val_if_fail (HS_IS_VIEW (self), FALSE);
  return HS_VIEW_GET_CLASS (self)->uses_heap;
}

int
hs_view_get_heap (HsView *self)
{
  HsViewPrivate *priv;
  g_return_val_if_fail (HS_IS_VIEW (self), -1);
  priv = hs_view_get_instance_private (self);
  return priv->heap;
}

void
hs_view_set_heap (HsView *self, int heap)
{
  HsViewPrivate *priv;
  HsViewClass *klass;
  g_return_if_fail (HS_IS_VIEW (self));
  priv = hs_view_get_instance_private (self);
  klass = HS_VIEW_GET_CLASS (self);
  if (priv->heap == heap)
    return;
  priv->heap = heap;
  if (!priv->filled)
    return;
  /* Filled for another heap: again, now if it is shown, else when it is. */
  if (klass->clear != NULL)
    klass->clear (self);
  priv->filled = FALSE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    hs_view_ensure_filled (self);
}

void
hs_view_class_set_page (HsViewClass *klass, const char *name, const char *title, const char *icon_name,
                        gboolean needs_analysis, const char *fill_timing)
{
  g_return_if_fail (HS_IS_VIEW_CLASS (klass));
  g_return_if_fail (name != NULL && title != NULL);

  klass->name = name;
  klass->title = title;
  klass->icon_name = icon_name;
  klass->needs_analysis = needs_analysis;
  klass->fill_timing = fill_timing;
}

const char *
hs_view_class_get_name (HsViewClass *klass)
{
  g_return_val_if_fail (HS_IS_VIEW_CLASS (klass), NULL);
  return klass->name;
}

const char *
hs_view_get_name (HsView *self)
{
  g_return_val_if_fail (HS_IS_VIEW (self), NULL);
  return HS_VIEW_GET_CLASS (self)->name;
}

const char *
hs_view_get_title (HsView *self)
{
  g_return_val_if_fail (HS_IS_VIEW (self), NULL);
  return HS_VIEW_GET_CLASS (self)->title;
}

const char *
hs_view_get_icon_name (HsView *self)
{
  g_return_val_if_fail (HS_IS_VIEW (self), NULL);
  return HS_VIEW_GET_CLASS (self)->icon_name;
}

gboolean
hs_view_get_needs_analysis (HsView *self)
{
  g_return_val_if_fail (HS_IS_VIEW (self), TRUE);
  return HS_VIEW_GET_CLASS (self)->needs_analysis;
}

HsLoader *
hs_view_get_loader (HsView *self)
{
  HsViewPrivate *priv;

  g_return_val_if_fail (HS_IS_VIEW (self), NULL);
  priv = hs_view_get_instance_private (self);
  return priv->loader;
}

HsAnalysis *
hs_view_get_analysis (HsView *self)
{
  HsViewPrivate *priv;

  g_return_val_if_fail (HS_IS_VIEW (self), NULL);
  priv = hs_view_get_instance_private (self);
  if (priv->loader == NULL || hs_loader_get_state (priv->loader) != HS_LOADER_DONE)
    return NULL;
  return hs_loader_get_analysis (priv->loader);
}

void
hs_view_set_loader (HsView *self, HsLoader *loader)
{
  HsViewPrivate *priv;
  HsViewClass *klass;

  g_return_if_fail (HS_IS_VIEW (self));
  g_return_if_fail (loader == NULL || HS_IS_LOADER (loader));

  priv = hs_view_get_instance_private (self);
  klass = HS_VIEW_GET_CLASS (self);
  /* What the workers do for the old loader (or the old names) is dropped:
   * stopped where they look, not started where they are queued. */
  if (priv->cancellable != NULL)
    g_cancellable_cancel (priv->cancellable);
  g_clear_object (&priv->cancellable);
  if (klass->clear != NULL)
    klass->clear (self);
  unreveal (self);
  priv->filled = FALSE;
  /* Another dump: every heap until told (the same one, refilled after a
   * mapping: the heap chosen stays). */
  if (g_set_object (&priv->loader, loader))
    {
      priv->heap = -1;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADER]);
    }
}

GCancellable *
hs_view_get_cancellable (HsView *self)
{
  HsViewPrivate *priv;

  g_return_val_if_fail (HS_IS_VIEW (self), NULL);
  priv = hs_view_get_instance_private (self);
  if (priv->cancellable == NULL)
    priv->cancellable = g_cancellable_new ();
  return priv->cancellable;
}

void
hs_view_show_early (HsView *self, HsLoader *loader)
{
  HsViewClass *klass;

  g_return_if_fail (HS_IS_VIEW (self));
  g_return_if_fail (HS_IS_LOADER (loader));

  klass = HS_VIEW_GET_CLASS (self);
  if (klass->show_early != NULL)
    klass->show_early (self, loader);
}

gboolean
hs_view_ensure_filled (HsView *self)
{
  HsViewPrivate *priv;
  HsViewClass *klass;
  gint64 start;

  g_return_val_if_fail (HS_IS_VIEW (self), FALSE);

  priv = hs_view_get_instance_private (self);
  klass = HS_VIEW_GET_CLASS (self);
  if (priv->filled || hs_view_get_analysis (self) == NULL)
    return FALSE;
  priv->filled = TRUE;
  start = g_get_monotonic_time ();
  if (klass->fill != NULL)
    klass->fill (self, priv->loader);
  if (klass->fill_timing != NULL)
    hs_timing_span (start, "%s", klass->fill_timing);
  else
    hs_timing_span (start, "%s filled", klass->name);
  return TRUE;
}

gboolean
hs_view_is_filled (HsView *self)
{
  HsViewPrivate *priv;

  g_return_val_if_fail (HS_IS_VIEW (self), FALSE);
  priv = hs_view_get_instance_private (self);
  return priv->filled;
}
