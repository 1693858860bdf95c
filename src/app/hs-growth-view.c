/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-view.c: the "growth" view (see the header). The layout is the
 * template ui/hs-growth-view.ui, its rows a GtkBuilderListItemFactory
 * template there too. Each older dump goes through an HsLoader (the
 * persistent index included); its tree is added on a worker, which owns
 * the series while it runs (the view holds none meanwhile), so a view
 * disposed or given another dump only cancels. */
#include "config.h"

#include "hs-growth-view.h"
#include "hs-growth-chart.h"
#include "hs-growth-item.h"
#include "hs-growth-trace.h"
#include "hs-leak-trace-view.h"

#include <glib/gi18n.h>

struct _HsGrowthView
{
  HsView parent_instance;

  /* template */
  GtkStack *stack;
  GtkBox *header;
  GtkLabel *loading_title;
  GtkLabel *error_message;
  GtkLabel *summary;
  GtkListView *list_view;
  HsLeakTraceView *trace_view;
  GtkButton *objects_button;

  GListStore *store;
  GtkSingleSelection *selection;
  GPtrArray *older; /* GFile, oldest first */
  guint next;       /* the next older dump to add */
  HsGrowth *growth; /* NULL while a worker has it */
  HsLoader *loader; /* the older dump being analysed */
  GCancellable *cancellable;
  char *error_text;
  gboolean objects_pending; /* a worker lists a node's objects (it has the series) */
};

G_DEFINE_FINAL_TYPE (HsGrowthView, hs_growth_view, HS_TYPE_VIEW)

typedef struct
{
  HsGrowth *growth;
  HsAnalysis *analysis; /* held (hs_analysis_hold) when it is the tab's */
  HsLoader *loader;     /* an older dump's, referenced */
  char *path;
  gboolean last;
} AddJob;

static void
add_job_free (AddJob *job)
{
  if (job->growth != NULL)
    hs_growth_free (job->growth);
  g_clear_object (&job->loader);
  g_free (job->path);
  g_free (job);
}

static void
set_page (HsGrowthView *self, const char *page)
{
  gtk_stack_set_visible_child_name (self->stack, page);
}

static void
show_error (HsGrowthView *self, const char *text)
{
  g_free (self->error_text);
  self->error_text = g_strdup (text);
  gtk_label_set_text (self->error_message, text);
  set_page (self, "error");
}

static void
stop (HsGrowthView *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->loader != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->loader, self);
      hs_loader_cancel (self->loader);
      g_clear_object (&self->loader);
    }
  g_clear_pointer (&self->growth, hs_growth_free);
  g_clear_pointer (&self->older, g_ptr_array_unref);
  self->objects_pending = FALSE;
  g_list_store_remove_all (self->store);
}

/* --- the worker --------------------------------------------------------- */

static void
add_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  AddJob *job = data;
  GError *error = NULL;
  gboolean ok = hs_growth_add_dump (job->growth, job->analysis->heap, job->analysis->dom, job->path,
                                    cancellable, &error);
  if (job->last)
    hs_analysis_release (job->analysis);
  (void)source;
  if (ok && job->last)
    ok = hs_growth_finish (job->growth, &error);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void start_next (HsGrowthView *self);

static void
show_growth (HsGrowthView *self)
{
  const HsGrowth *g = self->growth;
  guint n = hs_growth_n_growing (g);
  g_autofree char *text = NULL;
  GString *warn = g_string_new (NULL);

  g_list_store_remove_all (self->store);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (HsGrowthItem) item = hs_growth_item_new (g, hs_growth_growing (g, i));
      g_list_store_append (self->store, item);
    }
  for (const char *const *w = hs_growth_warnings (g); *w; w++)
    g_string_append_printf (warn, "\n%s.", *w);
  if (n == 0)
    text = g_strdup_printf (_ ("Nothing grew in every interval of these %u dumps.%s"), hs_growth_n_dumps (g),
                            warn->str);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%u path grew in every interval of these %u dumps.%s",
                                         "%u paths grew in every interval of these %u dumps.%s", n),
                            n, hs_growth_n_dumps (g), warn->str);
  g_string_free (warn, TRUE);
  gtk_label_set_text (self->summary, text);
  set_page (self, "content");
}

static void
add_done (GObject *source, GAsyncResult *result, gpointer data)
{
  HsGrowthView *self = HS_GROWTH_VIEW (source);
  AddJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  (void)data;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, error->message);
      return;
    }
  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    return; /* another series since */
  self->growth = g_steal_pointer (&job->growth);
  if (job->last)
    show_growth (self);
  else
    start_next (self);
}

static void
run_add (HsGrowthView *self, HsAnalysis *a, HsLoader *loader, const char *path, gboolean last)
{
  AddJob *job = g_new0 (AddJob, 1);
  g_autoptr (GTask) task = g_task_new (self, self->cancellable, add_done, NULL);

  job->growth = g_steal_pointer (&self->growth);
  job->analysis = a;
  job->loader = loader ? g_object_ref (loader) : NULL;
  job->path = g_strdup (path);
  job->last = last;
  if (last)
    hs_analysis_hold (a);
  g_task_set_task_data (task, job, (GDestroyNotify)add_job_free);
  g_task_run_in_thread (task, add_thread);
}

static void
on_loader_state (HsLoader *loader, GParamSpec *pspec, HsGrowthView *self)
{
  g_autoptr (HsLoader) held = NULL;
  (void)pspec;
  if (loader != self->loader)
    return;
  switch (hs_loader_get_state (loader))
    {
      case HS_LOADER_DONE:
        {
          GFile *file = hs_loader_get_file (loader);
          g_autofree char *path = g_file_get_path (file);
          held = g_steal_pointer (&self->loader);
          g_signal_handlers_disconnect_by_data (held, self);
          self->next++;
          run_add (self, hs_loader_get_analysis (held), held, path ? path : hs_loader_get_file_name (held),
                   FALSE);
          break;
        }
      case HS_LOADER_FAILED:
        {
          const GError *e = hs_loader_get_error (loader);
          g_autofree char *text = g_strdup_printf (_ ("%s could not be read: %s"),
                                                   hs_loader_get_file_name (loader), e ? e->message : "");
          show_error (self, text);
          held = g_steal_pointer (&self->loader);
          g_signal_handlers_disconnect_by_data (held, self);
          break;
        }
      default: break;
    }
}

static void
start_next (HsGrowthView *self)
{
  HsAnalysis *a = hs_view_get_analysis (HS_VIEW (self));
  HsAnalysisOptions opts = { 0 };
  g_autofree char *title = NULL;

  if (a == NULL)
    return;
  if (self->next >= self->older->len)
    {
      GFile *file = hs_loader_get_file (hs_view_get_loader (HS_VIEW (self)));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      gtk_label_set_text (self->loading_title, _ ("Finding what keeps growing"));
      run_add (self, a, NULL, path ? path : "", TRUE);
      return;
    }
  /* The same options as the tab's dump; no leak search. */
  opts.open.follow_weak = hs_heap_follow_weak (a->heap);
  opts.skip_leaks = TRUE;
  self->loader = hs_loader_new (self->older->pdata[self->next], &opts);
  g_signal_connect (self->loader, "notify::state", G_CALLBACK (on_loader_state), self);
  title = g_strdup_printf (_ ("Analysing %s (%u of %u)"), hs_loader_get_file_name (self->loader),
                           self->next + 1, self->older->len + 1);
  gtk_label_set_text (self->loading_title, title);
  hs_loader_start (self->loader);
}

gboolean
hs_growth_view_set_series (HsGrowthView *self, GFile *const *older, guint n)
{
  g_return_val_if_fail (HS_IS_GROWTH_VIEW (self), FALSE);
  g_return_val_if_fail (older != NULL && n >= 1, FALSE);

  hs_view_ensure_filled (HS_VIEW (self));
  if (hs_view_get_analysis (HS_VIEW (self)) == NULL)
    return FALSE;
  stop (self);
  if (n + 1 > HS_GROWTH_MAX_DUMPS)
    {
      g_autofree char *text = g_strdup_printf (_ ("A series has at most %d dumps"), HS_GROWTH_MAX_DUMPS);
      show_error (self, text);
      return TRUE;
    }
  self->older = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->older, g_object_ref (older[i]));
  self->next = 0;
  self->growth = hs_growth_new (n + 1, 1);
  self->cancellable = g_cancellable_new ();
  hs_view_reveal (HS_VIEW (self));
  set_page (self, "loading");
  start_next (self);
  return TRUE;
}

const char *
hs_growth_view_get_page (HsGrowthView *self)
{
  g_return_val_if_fail (HS_IS_GROWTH_VIEW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

GListModel *
hs_growth_view_get_model (HsGrowthView *self)
{
  g_return_val_if_fail (HS_IS_GROWTH_VIEW (self), NULL);
  return g_str_equal (hs_growth_view_get_page (self), "content") ? G_LIST_MODEL (self->store) : NULL;
}

const char *
hs_growth_view_get_summary (HsGrowthView *self)
{
  g_return_val_if_fail (HS_IS_GROWTH_VIEW (self), NULL);
  return gtk_label_get_text (self->summary);
}

const char *
hs_growth_view_get_error_text (HsGrowthView *self)
{
  g_return_val_if_fail (HS_IS_GROWTH_VIEW (self), NULL);
  return self->error_text;
}

/* --- the details of the row selected ------------------------------------- */

static void
on_selected (GtkSingleSelection *selection, GParamSpec *pspec, HsGrowthView *self)
{
  HsGrowthItem *item = gtk_single_selection_get_selected_item (selection);
  (void)pspec;
  gtk_widget_set_sensitive (GTK_WIDGET (self->objects_button),
                            item != NULL && self->growth != NULL && !self->objects_pending);
  if (item != NULL && self->growth != NULL)
    {
      GPtrArray *refs = NULL;
      HsLeakTrace *trace = hs_growth_trace_new (self->growth, hs_growth_item_get_node (item), &refs);
      hs_leak_trace_view_show_growth (self->trace_view, hs_view_get_analysis (HS_VIEW (self)), trace, refs,
                                      hs_growth_item_get_reference (item),
                                      hs_growth_item_get_new_text (item));
    }
  else
    hs_leak_trace_view_show (self->trace_view, NULL, 0, NULL);
}

/* --- Show Objects: the node's objects in this dump ------------------------ */

typedef struct
{
  HsGrowth *growth; /* the series, the view's while the worker runs */
  guint32 node;
  char *what;
  GArray *objs;
} ObjectsJob;

static void
objects_job_free (ObjectsJob *job)
{
  if (job->growth != NULL)
    hs_growth_free (job->growth);
  g_free (job->what);
  if (job->objs != NULL)
    g_array_unref (job->objs);
  g_free (job);
}

static void
objects_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ObjectsJob *job = data;
  GError *error = NULL;
  (void)source;
  job->objs = hs_growth_node_newest_objects (job->growth, job->node, 0, cancellable, &error);
  if (job->objs != NULL)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
objects_done (GObject *source, GAsyncResult *result, gpointer data)
{
  HsGrowthView *self = HS_GROWTH_VIEW (source);
  ObjectsJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);
  (void)data;

  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable || !self->objects_pending)
    return; /* another series since: the job frees the old one */
  self->objects_pending = FALSE;
  self->growth = g_steal_pointer (&job->growth);
  gtk_widget_set_sensitive (GTK_WIDGET (self->objects_button),
                            gtk_single_selection_get_selected_item (self->selection) != NULL);
  if (!ok)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_widget_activate_action (GTK_WIDGET (self), "win.toast", "s", error->message);
      return;
    }
  gtk_widget_activate_action_variant (
      GTK_WIDGET (self), "tab.show-objects",
      g_variant_new ("(s@au)", job->what,
                     g_variant_new_fixed_array (G_VARIANT_TYPE_UINT32, job->objs->data, job->objs->len,
                                                sizeof (HsObj))));
}

gboolean
hs_growth_view_show_objects (HsGrowthView *self)
{
  HsGrowthItem *item;
  g_autoptr (GTask) task = NULL;
  ObjectsJob *job;

  g_return_val_if_fail (HS_IS_GROWTH_VIEW (self), FALSE);
  item = gtk_single_selection_get_selected_item (self->selection);
  if (item == NULL || self->growth == NULL || self->objects_pending)
    return FALSE;
  job = g_new0 (ObjectsJob, 1);
  job->node = hs_growth_item_get_node (item);
  /* Translators: the objects of a growing path, e.g. "java.util.HashMap at static App.cache" */
  job->what = g_strdup_printf (_ ("%s at %s"), hs_growth_item_get_class_name (item),
                               hs_growth_item_get_reference (item));
  job->growth = g_steal_pointer (&self->growth);
  self->objects_pending = TRUE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->objects_button), FALSE);
  task = g_task_new (self, self->cancellable, objects_done, NULL);
  g_task_set_name (task, "[heapscope] growth objects");
  g_task_set_task_data (task, job, (GDestroyNotify)objects_job_free);
  g_task_run_in_thread (task, objects_thread);
  return TRUE;
}

static void
on_objects_clicked (GtkButton *button, HsGrowthView *self)
{
  (void)button;
  hs_growth_view_show_objects (self);
}

gboolean
hs_growth_view_objects_pending (HsGrowthView *self)
{
  g_return_val_if_fail (HS_IS_GROWTH_VIEW (self), FALSE);
  return self->objects_pending;
}

/* --- HsView ------------------------------------------------------------- */

static void
hs_growth_view_fill (HsView *view, HsLoader *loader)
{
  (void)view;
  (void)loader;
}

static void
hs_growth_view_clear (HsView *view)
{
  HsGrowthView *self = HS_GROWTH_VIEW (view);
  stop (self);
  g_clear_pointer (&self->error_text, g_free);
  set_page (self, "empty");
}

static gboolean
hs_growth_view_write_csv (HsView *view, GString *out)
{
  HsGrowthView *self = HS_GROWTH_VIEW (view);
  if (self->growth == NULL || !g_str_equal (hs_growth_view_get_page (self), "content"))
    return FALSE;
  hs_growth_to_csv (self->growth, out);
  return TRUE;
}

static void
hs_growth_view_dispose (GObject *object)
{
  HsGrowthView *self = HS_GROWTH_VIEW (object);
  stop (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_GROWTH_VIEW);
  G_OBJECT_CLASS (hs_growth_view_parent_class)->dispose (object);
}

static void
hs_growth_view_finalize (GObject *object)
{
  HsGrowthView *self = HS_GROWTH_VIEW (object);
  g_clear_object (&self->selection);
  g_free (self->error_text);
  G_OBJECT_CLASS (hs_growth_view_parent_class)->finalize (object);
}

static void
hs_growth_view_class_init (HsGrowthViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  HsViewClass *view_class = HS_VIEW_CLASS (klass);

  object_class->dispose = hs_growth_view_dispose;
  object_class->finalize = hs_growth_view_finalize;
  view_class->fill = hs_growth_view_fill;
  view_class->clear = hs_growth_view_clear;
  view_class->write_csv = hs_growth_view_write_csv;
  hs_view_class_set_page (view_class, "growth", _ ("Growth"), NULL, TRUE, "growth filled");
  hs_view_class_set_revealed_on_demand (view_class);

  g_type_ensure (HS_TYPE_GROWTH_CHART);
  g_type_ensure (HS_TYPE_GROWTH_ITEM);
  g_type_ensure (HS_TYPE_LEAK_TRACE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-growth-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsGrowthView, stack);
  gtk_widget_class_bind_template_child (widget_class, HsGrowthView, header);
  gtk_widget_class_bind_template_child (widget_class, HsGrowthView, loading_title);
  gtk_widget_class_bind_template_child (widget_class, HsGrowthView, error_message);
  gtk_widget_class_bind_template_child (widget_class, HsGrowthView, summary);
  gtk_widget_class_bind_template_child (widget_class, HsGrowthView, list_view);
  gtk_widget_class_bind_template_child (widget_class, HsGrowthView, trace_view);
  gtk_widget_class_bind_template_child (widget_class, HsGrowthView, objects_button);
  gtk_widget_class_bind_template_callback (widget_class, on_objects_clicked);
}

static void
hs_growth_view_init (HsGrowthView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  hs_view_add_export_button (HS_VIEW (self), GTK_WIDGET (self->header));
  self->store = g_list_store_new (HS_TYPE_GROWTH_ITEM);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->store)));
  g_object_unref (self->store); /* the selection holds it */
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect (self->selection, "notify::selected-item", G_CALLBACK (on_selected), self);
}
