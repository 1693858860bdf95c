/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-insights-view.c: the "insights" view (see the header). The finders
 * and the bitmaps' thumbnails run on a worker (GTask on the loader, which
 * keeps the analysis alive); the lists and the gallery are built from the
 * result on the UI thread. */
#include "config.h"
#include "hs-insights-view.h"
#include "hs-timing.h"
#include "hs-ui-util-private.h"
#include "hs-bitmap-widget.h"
#include "hs-waste.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <inttypes.h>

#define MAX_ROWS 25
#define MAX_TILES 60
#define TILE_SIDE 96

struct _HsInsightsView
{
  HsView parent_instance;

  /* template */
  GtkSpinner *spinner;
  GtkLabel *summary;
  GtkBox *lists;
  GtkLabel *gallery_title;
  GtkFlowBox *gallery;

  guint serial;
  gboolean busy;
  char *summary_text;
  HsWaste *waste;                        /* the findings shown, NULL before */
  GPtrArray *texts[HS_INSIGHTS_N_KINDS]; /* char* per row */
  GArray *objects[HS_INSIGHTS_N_KINDS];  /* HsObj per row */
  /* The count, bytes and Class button of every row: one column each, in
   * every list, whatever the width of a row's texts or its button. */
  GtkSizeGroup *columns[3];
};

G_DEFINE_FINAL_TYPE (HsInsightsView, hs_insights_view, HS_TYPE_VIEW)

typedef struct
{
  HsLoader *loader;
  guint serial;
  HsWaste *waste;
  cairo_surface_t *surfaces[MAX_TILES];
  char *problems[MAX_TILES];
} Job;

static void
job_free (Job *job)
{
  for (guint i = 0; i < MAX_TILES; i++)
    {
      if (job->surfaces[i])
        cairo_surface_destroy (job->surfaces[i]);
      g_free (job->problems[i]);
    }
  g_clear_pointer (&job->waste, hs_waste_free);
  g_clear_object (&job->loader);
  g_free (job);
}

typedef struct
{
  Job *job;
  GCancellable *cancellable;
} FindWork;

static gpointer
find_work (gpointer data)
{
  FindWork *w = data;
  HsAnalysis *a = hs_loader_get_analysis (w->job->loader);
  if (a != NULL)
    w->job->waste = hs_waste_find (a, w->cancellable, NULL);
  return NULL;
}

static void
find_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  HsAnalysis *a = hs_loader_get_analysis (job->loader);
  FindWork work = { job, cancellable };
  gint64 t0 = g_get_monotonic_time ();
  /* Nobody asked for it yet: the lists a user asks for (nice +10) and the
   * UI thread come first (on big-140m it took both cores for 10 s beside
   * the instances of byte[], which then took 3.2 s instead of 0.5). */
  hs_run_niced_by ("hs-waste", 19, find_work, &work);
  hs_timing_mark ("worker: wasted memory found in %.3f s", (g_get_monotonic_time () - t0) / 1e6);
  if (job->waste != NULL)
    for (guint i = 0; i < job->waste->bitmaps->len && i < MAX_TILES; i++)
      job->surfaces[i] = hs_bitmap_surface_new (
          a->heap, &g_array_index (job->waste->bitmaps, HsWasteBitmap, i), TILE_SIDE, &job->problems[i]);
  g_task_return_boolean (task, TRUE);
}

/* --- rows ------------------------------------------------------------------ */

/* The class table filtered to the class and the class selected (its
 * instances listed); just filtered when no class has exactly that name:
 * the tab's, which holds both views. */
static void
on_class_clicked (GtkButton *button, HsInsightsView *self)
{
  const char *name = g_object_get_data (G_OBJECT (button), "hs-class");

  gtk_widget_activate_action (GTK_WIDGET (self), "tab.show-class", "s", name);
}

static void
on_row_activated (GtkListBox *box, GtkListBoxRow *row, HsInsightsView *self)
{
  HsObj o = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "hs-obj")) - 1;
  if (o != HS_OBJ_NONE)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.inspect", "u", (guint32)o);
}

static GtkWidget *
add_list (HsInsightsView *self, const char *title)
{
  GtkWidget *label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 12);
  gtk_box_append (self->lists, label);
  GtkWidget *box = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (box), GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (box), FALSE);
  gtk_widget_add_css_class (box, "rich-list");
  gtk_widget_add_css_class (box, "frame");
  g_signal_connect_object (box, "row-activated", G_CALLBACK (on_row_activated), self, 0);
  gtk_box_append (self->lists, box);
  return box;
}

static void
add_row (HsInsightsView *self, GtkWidget *box, HsInsightsKind kind, const char *what, const char *count,
         guint64 bytes, const char *class_name, HsObj obj)
{
  g_autofree char *b = hs_format_bytes (bytes);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *h = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *l = gtk_label_new (what);
  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_ellipsize (GTK_LABEL (l), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (l, TRUE);
  gtk_widget_set_tooltip_text (l, what);
  gtk_box_append (GTK_BOX (h), l);
  GtkWidget *c = gtk_label_new (count);
  gtk_widget_add_css_class (c, "dim-label");
  gtk_widget_add_css_class (c, "numeric");
  gtk_label_set_xalign (GTK_LABEL (c), 1);
  gtk_size_group_add_widget (self->columns[0], c);
  gtk_box_append (GTK_BOX (h), c);
  GtkWidget *s = gtk_label_new (b);
  gtk_widget_add_css_class (s, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (s), 10);
  gtk_label_set_xalign (GTK_LABEL (s), 1);
  gtk_size_group_add_widget (self->columns[1], s);
  gtk_box_append (GTK_BOX (h), s);
  /* The button's place, kept empty in a row without one. */
  GtkWidget *slot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_size_group_add_widget (self->columns[2], slot);
  gtk_box_append (GTK_BOX (h), slot);
  if (class_name)
    {
      GtkWidget *btn = gtk_button_new_with_label (_ ("Class"));
      gtk_widget_add_css_class (btn, "flat");
      gtk_widget_set_tooltip_text (btn, class_name);
      g_object_set_data_full (G_OBJECT (btn), "hs-class", g_strdup (class_name), g_free);
      g_signal_connect_object (btn, "clicked", G_CALLBACK (on_class_clicked), self, 0);
      gtk_box_append (GTK_BOX (slot), btn);
    }
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), h);
  g_object_set_data (G_OBJECT (row), "hs-obj", GUINT_TO_POINTER (obj + 1));
  gtk_list_box_append (GTK_LIST_BOX (box), row);
  g_ptr_array_add (self->texts[kind], g_strdup_printf ("%s\t%s\t%s", what, count, b));
  g_array_append_val (self->objects[kind], obj);
}

/* "1,542 copies": grouped as every count. */
static char *
copies_text (guint64 n)
{
  g_autofree char *count = hs_format_count (n);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s copy", "%s copies", (gulong)MIN (n, G_MAXULONG)),
                          count);
}

static HsObj
first_of (GArray *objects)
{
  return objects && objects->len ? g_array_index (objects, HsObj, 0) : HS_OBJ_NONE;
}

static void
fill_lists (HsInsightsView *self, HsHeap *heap, const HsWaste *w)
{
  if (w->strings->len)
    {
      GtkWidget *box = add_list (self, _ ("Duplicate strings"));
      for (guint i = 0; i < w->strings->len && i < MAX_ROWS; i++)
        {
          const HsWasteString *s = &g_array_index (w->strings, HsWasteString, i);
          g_autofree char *what
              = s->length > HS_WASTE_MAX_CHARS
                    ? g_strdup_printf (_ ("\"%s\" (%" PRIu64 " characters)"), s->value, s->length)
                    : g_strdup_printf ("\"%s\"", s->value);
          g_autofree char *count = copies_text (s->count);
          add_row (self, box, HS_INSIGHTS_STRINGS, what, count, s->wasted, "java.lang.String",
                   first_of (s->objects));
        }
    }
  if (w->collections->len)
    {
      GtkWidget *box = add_list (self, _ ("Collections (bytes right-sized ones would save)"));
      for (guint i = 0; i < w->collections->len && i < MAX_ROWS; i++)
        {
          const HsWasteCollection *c = &g_array_index (w->collections, HsWasteCollection, i);
          const char *name = hs_class_name (heap, c->klass);
          double fill = c->capacity_sum ? 100.0 * c->size_sum / c->capacity_sum : 0;
          g_autofree char *n = hs_format_count (c->count);
          g_autofree char *empty = hs_format_count (c->empty);
          g_autofree char *count = g_strdup_printf (_ ("%s (%s empty), %.0f%% full"), n, empty, fill);
          add_row (self, box, HS_INSIGHTS_COLLECTIONS, name, count, c->wasted, name, first_of (c->objects));
        }
    }
  {
    GtkWidget *box = NULL;
    for (guint t = 0; t < G_N_ELEMENTS (w->zero_arrays); t++)
      if (w->zero_arrays[t].count)
        {
          if (!box)
            box = add_list (self, _ ("Arrays"));
          g_autofree char *what = g_strdup_printf (_ ("%s[] all zero"), hs_type_name (t));
          g_autofree char *cls = g_strdup_printf ("%s[]", hs_type_name (t));
          g_autofree char *count = hs_format_count (w->zero_arrays[t].count);
          add_row (self, box, HS_INSIGHTS_ARRAYS, what, count, w->zero_arrays[t].bytes, cls,
                   first_of (w->zero_arrays[t].objects));
        }
    if (w->null_arrays.count)
      {
        if (!box)
          box = add_list (self, _ ("Arrays"));
        g_autofree char *count = hs_format_count (w->null_arrays.count);
        add_row (self, box, HS_INSIGHTS_ARRAYS, _ ("Object arrays all null"), count, w->null_arrays.bytes,
                 NULL, first_of (w->null_arrays.objects));
      }
    for (guint i = 0; i < w->dup_arrays->len && i < MAX_ROWS; i++)
      {
        const HsWasteDupArray *d = &g_array_index (w->dup_arrays, HsWasteDupArray, i);
        if (!box)
          box = add_list (self, _ ("Arrays"));
        /* Locals of different threads: working buffers, not savings. */
        g_autofree char *what
            = d->thread_locals
                  ? g_strdup_printf (_ ("%s[%u] per-thread working buffers (not counted)"),
                                     hs_type_name (d->type), d->length)
                  : g_strdup_printf (_ ("%s[%u] with the same content"), hs_type_name (d->type), d->length);
        g_autofree char *cls = g_strdup_printf ("%s[]", hs_type_name (d->type));
        g_autofree char *count = copies_text (d->count);
        add_row (self, box, HS_INSIGHTS_ARRAYS, what, count, d->wasted, cls, first_of (d->objects));
      }
  }
  if (w->boxed->len)
    {
      GtkWidget *box = add_list (self, _ ("Boxed primitives (bytes beyond the primitives)"));
      for (guint i = 0; i < w->boxed->len && i < MAX_ROWS; i++)
        {
          const HsWasteBoxed *b = &g_array_index (w->boxed, HsWasteBoxed, i);
          const char *name = hs_class_name (heap, b->klass);
          g_autofree char *count = hs_format_count (b->count);
          add_row (self, box, HS_INSIGHTS_BOXED, name, count, b->wasted, name, first_of (b->objects));
        }
    }
}

static void
on_tile_activated (GtkFlowBox *box, GtkFlowBoxChild *child, HsInsightsView *self)
{
  HsObj o = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "hs-obj")) - 1;
  if (o != HS_OBJ_NONE)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.inspect", "u", (guint32)o);
}

static void
fill_gallery (HsInsightsView *self, HsHeap *heap, const HsWaste *w, Job *job)
{
  gtk_widget_set_visible (GTK_WIDGET (self->gallery_title), w->bitmaps->len > 0);
  for (guint i = 0; i < w->bitmaps->len && i < MAX_TILES; i++)
    {
      const HsWasteBitmap *b = &g_array_index (w->bitmaps, HsWasteBitmap, i);
      g_autofree char *bytes = hs_format_bytes (hs_waste_bitmap_bytes (b));
      g_autofree char *caption
          = b->duplicates ? g_strdup_printf (
                g_dngettext (GETTEXT_PACKAGE, "%" PRId64 " × %" PRId64 " · %s\n%s · %" PRIu64 " duplicate",
                             "%" PRId64 " × %" PRId64 " · %s\n%s · %" PRIu64 " duplicates", b->duplicates),
                b->width, b->height, b->config, bytes, b->duplicates)
                          : g_strdup_printf ("%" G_GINT64_FORMAT " × %" G_GINT64_FORMAT " · %s\n%s", b->width,
                                             b->height, b->config, bytes);
      GtkWidget *tile = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      gtk_box_append (GTK_BOX (tile), hs_bitmap_widget_new (job->surfaces[i], job->problems[i], TILE_SIDE));
      job->surfaces[i] = NULL; /* the widget took it */
      GtkWidget *label = gtk_label_new (caption);
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
      gtk_widget_add_css_class (label, "caption");
      gtk_box_append (GTK_BOX (tile), label);
      g_autofree char *tip = hs_heap_object_label (heap, b->obj);
      gtk_widget_set_tooltip_text (tile, tip);
      gtk_flow_box_append (self->gallery, tile);
      GtkWidget *child = gtk_widget_get_parent (tile);
      g_object_set_data (G_OBJECT (child), "hs-obj", GUINT_TO_POINTER (b->obj + 1));
      g_ptr_array_add (self->texts[HS_INSIGHTS_BITMAPS], g_strdup (caption));
      g_array_append_val (self->objects[HS_INSIGHTS_BITMAPS], b->obj);
    }
}

static void
find_done (GObject *source, GAsyncResult *result, gpointer data)
{
  HsInsightsView *self = data;
  Job *job = g_task_get_task_data (G_TASK (result));
  HsAnalysis *a = hs_view_get_analysis (HS_VIEW (self));

  if (job->serial != self->serial || a == NULL)
    {
      g_object_unref (self);
      return;
    }
  self->busy = FALSE;
  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  g_clear_pointer (&self->summary_text, g_free);
  if (job->waste == NULL)
    self->summary_text = g_strdup (_ ("The waste analysis did not finish."));
  else
    {
      /* The engine's line (the CLI's, in the middle of its output) is
       * a heading here: a sentence, a capital first. */
      self->summary_text = hs_waste_summary_line (job->waste);
      self->summary_text[0] = g_ascii_toupper (self->summary_text[0]);
      self->waste = hs_waste_ref (job->waste);
      fill_lists (self, a->heap, job->waste);
      fill_gallery (self, a->heap, job->waste, job);
    }
  gtk_label_set_text (self->summary, self->summary_text);
  g_object_unref (self);
}

/* --- the view --------------------------------------------------------------- */

static void
hs_insights_view_clear (HsView *view)
{
  HsInsightsView *self = HS_INSIGHTS_VIEW (view);
  GtkWidget *child;

  self->serial++;
  self->busy = FALSE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->lists))) != NULL)
    gtk_box_remove (self->lists, child);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->gallery))) != NULL)
    gtk_flow_box_remove (self->gallery, child);
  gtk_widget_set_visible (GTK_WIDGET (self->gallery_title), FALSE);
  for (guint k = 0; k < HS_INSIGHTS_N_KINDS; k++)
    {
      g_ptr_array_set_size (self->texts[k], 0);
      g_array_set_size (self->objects[k], 0);
    }
  g_clear_pointer (&self->summary_text, g_free);
  g_clear_pointer (&self->waste, hs_waste_free);
  gtk_label_set_text (self->summary, "");
  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
}

static void
hs_insights_view_fill (HsView *view, HsLoader *loader)
{
  HsInsightsView *self = HS_INSIGHTS_VIEW (view);
  g_autoptr (GTask) task
      = g_task_new (loader, hs_view_get_cancellable (HS_VIEW (self)), find_done, g_object_ref (self));
  Job *job = g_new0 (Job, 1);

  job->loader = g_object_ref (loader);
  job->serial = ++self->serial;
  self->busy = TRUE;
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
  gtk_spinner_start (self->spinner);
  gtk_label_set_text (self->summary, _ ("Looking for wasted memory…"));
  g_task_set_name (task, "[heapscope] waste");
  g_task_set_task_data (task, job, (GDestroyNotify)job_free);
  g_task_run_in_thread (task, find_thread);
}

static void
hs_insights_view_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), HS_TYPE_INSIGHTS_VIEW);
  G_OBJECT_CLASS (hs_insights_view_parent_class)->dispose (object);
}

static void
hs_insights_view_finalize (GObject *object)
{
  HsInsightsView *self = HS_INSIGHTS_VIEW (object);

  for (guint k = 0; k < HS_INSIGHTS_N_KINDS; k++)
    {
      g_ptr_array_unref (self->texts[k]);
      g_array_unref (self->objects[k]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (self->columns); i++)
    g_object_unref (self->columns[i]);
  g_free (self->summary_text);
  g_clear_pointer (&self->waste, hs_waste_free);
  G_OBJECT_CLASS (hs_insights_view_parent_class)->finalize (object);
}

/* Export: every finding of every table, one CSV with the kind first
 * (hs_waste_to_csv, as waste --csv writes it). */
static gboolean
hs_insights_view_write_csv (HsView *view, GString *out)
{
  HsInsightsView *self = HS_INSIGHTS_VIEW (view);
  HsAnalysis *a = hs_view_get_analysis (view);

  if (self->waste == NULL || a == NULL)
    return FALSE;
  hs_waste_to_csv (self->waste, a->heap, -1, out);
  return TRUE;
}

static void
hs_insights_view_class_init (HsInsightsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  HsViewClass *view_class = HS_VIEW_CLASS (klass);

  object_class->dispose = hs_insights_view_dispose;
  object_class->finalize = hs_insights_view_finalize;
  view_class->fill = hs_insights_view_fill;
  view_class->clear = hs_insights_view_clear;
  view_class->write_csv = hs_insights_view_write_csv;
  hs_view_class_set_page (view_class, "insights", _ ("Insights"), NULL, TRUE, "insights given the dump");

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/heapscope/Heapscope/ui/hs-insights-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsInsightsView, spinner);
  gtk_widget_class_bind_template_child (widget_class, HsInsightsView, summary);
  gtk_widget_class_bind_template_child (widget_class, HsInsightsView, lists);
  gtk_widget_class_bind_template_child (widget_class, HsInsightsView, gallery_title);
  gtk_widget_class_bind_template_child (widget_class, HsInsightsView, gallery);
  gtk_widget_class_bind_template_callback (widget_class, on_tile_activated);
}

static void
hs_insights_view_init (HsInsightsView *self)
{
  for (guint k = 0; k < HS_INSIGHTS_N_KINDS; k++)
    {
      self->texts[k] = g_ptr_array_new_with_free_func (g_free);
      self->objects[k] = g_array_new (FALSE, FALSE, sizeof (HsObj));
    }
  for (guint i = 0; i < G_N_ELEMENTS (self->columns); i++)
    self->columns[i] = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  gtk_widget_init_template (GTK_WIDGET (self));
  hs_view_add_export_button (HS_VIEW (self), gtk_widget_get_parent (GTK_WIDGET (self->summary)));
}

GtkWidget *
hs_insights_view_new (void)
{
  return g_object_new (HS_TYPE_INSIGHTS_VIEW, NULL);
}

gboolean
hs_insights_view_is_busy (HsInsightsView *self)
{
  g_return_val_if_fail (HS_IS_INSIGHTS_VIEW (self), FALSE);
  return self->busy;
}

HsWaste *
hs_insights_view_ref_waste (HsInsightsView *self)
{
  if (self == NULL)
    return NULL; /* a window without the view */
  g_return_val_if_fail (HS_IS_INSIGHTS_VIEW (self), NULL);
  return self->waste != NULL ? hs_waste_ref (self->waste) : NULL;
}

const char *
hs_insights_view_get_summary (HsInsightsView *self)
{
  g_return_val_if_fail (HS_IS_INSIGHTS_VIEW (self), "");
  return self->summary_text ? self->summary_text : "";
}

guint
hs_insights_view_get_n_rows (HsInsightsView *self, HsInsightsKind kind)
{
  g_return_val_if_fail (HS_IS_INSIGHTS_VIEW (self) && kind < HS_INSIGHTS_N_KINDS, 0);
  return self->texts[kind]->len;
}

const char *
hs_insights_view_get_row_text (HsInsightsView *self, HsInsightsKind kind, guint i)
{
  g_return_val_if_fail (HS_IS_INSIGHTS_VIEW (self) && kind < HS_INSIGHTS_N_KINDS, NULL);
  return i < self->texts[kind]->len ? g_ptr_array_index (self->texts[kind], i) : NULL;
}

guint32
hs_insights_view_get_row_object (HsInsightsView *self, HsInsightsKind kind, guint i)
{
  g_return_val_if_fail (HS_IS_INSIGHTS_VIEW (self) && kind < HS_INSIGHTS_N_KINDS, HS_OBJ_NONE);
  return i < self->objects[kind]->len ? g_array_index (self->objects[kind], HsObj, i) : HS_OBJ_NONE;
}
