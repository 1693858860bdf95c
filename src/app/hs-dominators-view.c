/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dominators-view.c: the "dominators" view (see the header): a
 * GtkTreeListModel whose child lists are borrowed from the dominator tree,
 * in the template ui/hs-dominators-view.ui. Grouped by class (the
 * header's toggle), each list is a list of HsDomGroupRow (its objects'
 * classes, hs-dominator-groups.h), a group expanding to its objects. */
#include "config.h"
#include "hs-query-heaps.h"
#include "hs-dominators-view.h"
#include "hs-csv-export.h"
#include "hs-dom-group-row.h"
#include "hs-object-column-view.h"
#include "hs-paged-list.h"
#include "hs-timing.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

struct _HsDominatorsView
{
  HsView parent_instance;

  /* template */
  GtkLabel *dom_label;
  HsObjectColumnView *dom_view;
  GtkSpinner *sort_spinner;
  GtkToggleButton *group_toggle;

  GtkTreeListModel *dom_model;
  gboolean sorting_top;     /* the top level is being sorted: no rows yet */
  GHashTable *pending;      /* node -> its HsObjectList, empty until sorted */
  gsize page;               /* rows per page of every list (0: all) */
  GtkSliceListModel *slice; /* what the table is given: grows turn by turn */
  guint grow_id;
  gboolean grouped;      /* by class */
  guint group_jobs;      /* groupings running on workers */
  gboolean grouping_top; /* the top level is being grouped: no rows yet */
};

G_DEFINE_FINAL_TYPE (HsDominatorsView, hs_dominators_view, HS_TYPE_VIEW)

/* The UI thread sorts a child list itself only when it is this short and
 * no worker is sorting (a few milliseconds); anything else is sorted on a
 * worker while the view shows what it has (the lock could be
 * held for seconds by the warm-up's sort of an 8 M-entry list). */
#define UI_SORT_MAX 20000

/* GTK 4.8's list views make the widgets of up to 200 rows as soon as they
 * are given a model: for this table (four cells a row, each with its own
 * context-menu controllers) 80 to 90 ms in one step on big-140m.
 * The table is given ROWS_PER_TURN rows, then that many more on each turn
 * of the main loop after the frame, until GROWN (past GTK's 200), then
 * every row. */
#define ROWS_PER_TURN 40
#define GROWN 240

static void
update_spinner (HsDominatorsView *self)
{
  gboolean busy = hs_dominators_view_is_sorting (self);

  if (self->sort_spinner == NULL) /* disposed */
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->sort_spinner), busy);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->sort_spinner), self->group_jobs > 0
                                                                    ? _ ("Grouping by class")
                                                                    : _ ("Sorting by retained size"));
  gtk_spinner_set_spinning (self->sort_spinner, busy);
}

/* --- sorting on a worker ------------------------------------------------ */

typedef struct
{
  HsLoader *loader;
  guint64 v;          /* the node whose children are sorted */
  HsObjectList *list; /* filled when done; NULL for the top level */
  gint64 asked;
} SortJob;

static void
sort_job_free (SortJob *job)
{
  g_clear_object (&job->loader);
  g_clear_object (&job->list);
  g_free (job);
}

static gpointer
sort_work (gpointer data)
{
  SortJob *job = data;
  HsAnalysis *a = hs_loader_get_analysis (job->loader);

  hs_dom_tree_children (a->dom, job->v, NULL); /* waits its turn for the lock */
  return NULL;
}

static void
sort_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  if (g_task_return_error_if_cancelled (task))
    return; /* the tab closed or the dump changed while it was queued */
  hs_run_niced ("hs-dom-sort", sort_work, data);
  g_task_return_boolean (task, TRUE);
}

static void fill_model (HsDominatorsView *self, HsLoader *loader, const HsObj *children, gsize n);

static void
sort_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsDominatorsView *self = HS_DOMINATORS_VIEW (source);
  SortJob *job = g_task_get_task_data (G_TASK (result));
  HsAnalysis *a = hs_loader_get_analysis (job->loader);
  const HsObj *children;
  gsize n = 0;
  gint64 start = g_get_monotonic_time ();
  g_autoptr (GError) error = NULL;

  /* The view's cancellable is cancelled when the dump changes or the tab
   * closes: a sort asked for before comes back cancelled. */
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      hs_task_failed (GTK_WIDGET (self), error, _ ("Could not sort the dominator tree"));
      return;
    }
  children = hs_dom_tree_children (a->dom, job->v, &n); /* sorted now: no wait */
  if (job->list != NULL)
    {
      /* The rows appear under their parent, expanded or not. */
      hs_object_list_set_borrowed (job->list, children, n);
      g_hash_table_remove (self->pending, GUINT_TO_POINTER ((guint)job->v));
      hs_timing_span (start,
                      "dominator tree: %" G_GSIZE_FORMAT " children sorted on a worker shown %.3f s after "
                      "they were asked for",
                      n, (start - job->asked) / 1e6);
    }
  else if (self->sorting_top)
    {
      fill_model (self, job->loader, children, n);
      hs_timing_span (start,
                      "dominator tree: top level sorted on a worker shown %.3f s after it was asked for",
                      (start - job->asked) / 1e6);
    }
  update_spinner (self);
}

/* The sorts wait for the tree's sort lock (the warm-up below holds it a
 * node at a time, for a minute on a big dump): they run one at a time on a
 * thread of their own, not in GTask's pool, where tens of them waiting
 * held back every other worker of the window (the instance list of a
 * class started 5.7 s late on big-140m, the moment they were let go). */
static void
sort_queue_run (gpointer data, gpointer user_data)
{
  GTask *task = data;

  sort_thread (task, g_task_get_source_object (task), g_task_get_task_data (task),
               g_task_get_cancellable (task));
  g_object_unref (task);
}

static void
sort_queue_push (GTask *task)
{
  static GThreadPool *queue;

  if (g_once_init_enter (&queue))
    g_once_init_leave (&queue, g_thread_pool_new (sort_queue_run, NULL, 1, FALSE, NULL));
  g_thread_pool_push (queue, g_object_ref (task), NULL);
}

static void
sort_later (HsDominatorsView *self, HsLoader *loader, guint64 v, HsObjectList *list)
{
  g_autoptr (GTask) task = g_task_new (self, hs_view_get_cancellable (HS_VIEW (self)), sort_done, NULL);
  SortJob *job = g_new0 (SortJob, 1);

  job->loader = g_object_ref (loader);
  job->v = v;
  job->list = list != NULL ? g_object_ref (list) : NULL;
  job->asked = g_get_monotonic_time ();
  g_task_set_name (task, "[heapscope] sort dominator-tree children");
  g_task_set_task_data (task, job, (GDestroyNotify)sort_job_free);
  sort_queue_push (task);
}

/* --- the tree ------------------------------------------------------------ */

/* Every list is shown a page at a time (the largest first), so that the
 * rows GTK makes are bounded by what is shown. Takes list. */
static GListModel *
paged (HsDominatorsView *self, HsObjectList *list)
{
  HsPagedList *pages = hs_paged_list_new (G_LIST_MODEL (list), self->page);

  g_object_unref (list);
  return G_LIST_MODEL (pages);
}

/* --- grouped by class ----------------------------------------------------- */

typedef struct
{
  HsLoader *loader;
  guint64 v;         /* the node whose children are grouped (dom->n: top) */
  int heap;          /* the top level of one heap (v = dom->n), or -1 */
  GListStore *store; /* filled when done; NULL for the top level */
} GroupJob;

static void
group_job_free (GroupJob *job)
{
  g_clear_object (&job->loader);
  g_clear_object (&job->store);
  g_free (job);
}

static void
group_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GroupJob *job = data;
  HsAnalysis *a = hs_loader_get_analysis (job->loader);
  GError *error = NULL;
  HsDomGroups *groups;

  hs_analysis_hold (a);
  if (job->heap >= 0)
    {
      g_autoptr (GArray) tops
          = hs_query_top_level_objects_in_heap (a, (guint)MIN (a->dom->n, (guint64)G_MAXUINT), job->heap);
      groups = hs_dom_groups_new_for (a, (const HsObj *)tops->data, tops->len, cancellable, &error);
    }
  else
    groups = hs_dom_groups_new (a, job->v, cancellable, &error);
  hs_analysis_release (a);
  if (groups == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, hs_dom_group_set_new (groups), (GDestroyNotify)hs_dom_group_set_unref);
}

static void fill_grouped (HsDominatorsView *self, HsLoader *loader, HsDomGroupSet *set);

static void
group_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsDominatorsView *self = HS_DOMINATORS_VIEW (source);
  GroupJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  /* Cancelled when the dump changes or the tab closes (see sort_done). */
  g_autoptr (HsDomGroupSet) set = g_task_propagate_pointer (G_TASK (result), &error);

  self->group_jobs--;
  if (!hs_task_failed (GTK_WIDGET (self), error, _ ("Could not group the dominator tree by class")))
    {
      if (job->store != NULL)
        {
          /* The rows appear under their object, expanded or not. */
          g_autoptr (GListStore) rows = hs_dom_group_set_rows (set, job->loader);
          g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
          for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (rows)); i++)
            g_ptr_array_add (items, g_list_model_get_item (G_LIST_MODEL (rows), i));
          g_list_store_splice (job->store, 0, 0, items->pdata, items->len);
        }
      else if (self->grouping_top)
        fill_grouped (self, job->loader, set);
    }
  update_spinner (self);
}

static void
group_later (HsDominatorsView *self, HsLoader *loader, guint64 v, int heap, GListStore *store)
{
  g_autoptr (GTask) task = g_task_new (self, hs_view_get_cancellable (HS_VIEW (self)), group_done, NULL);
  GroupJob *job = g_new0 (GroupJob, 1);

  job->loader = g_object_ref (loader);
  job->v = v;
  job->heap = heap;
  job->store = store != NULL ? g_object_ref (store) : NULL;
  self->group_jobs++;
  g_task_set_name (task, "[heapscope] group dominator-tree children by class");
  g_task_set_task_data (task, job, (GDestroyNotify)group_job_free);
  g_task_run_in_thread (task, group_thread);
  update_spinner (self);
}

/* The child list of a row of the grouped tree: a group's objects, or an
 * object's children grouped by class (here when its list is sorted and
 * short, else on a worker, the rows coming when they are). */
static GListModel *
grouped_child_model (HsDominatorsView *self, gpointer item)
{
  const HsObj *children;
  gsize n = 0;

  if (HS_IS_DOM_GROUP_ROW (item))
    {
      HsDomGroupRow *group = item;
      const HsObj *objs = hs_dom_group_row_get_objects (group, &n);
      HsObjectList *list = hs_object_list_new_borrowed (hs_dom_group_row_get_loader (group), objs, n);
      /* The objects are borrowed from the groups: the list keeps them. */
      g_object_set_data_full (G_OBJECT (list), "hs-dom-groups",
                              hs_dom_group_set_ref (hs_dom_group_row_get_set (group)),
                              (GDestroyNotify)hs_dom_group_set_unref);
      return paged (self, list);
    }
  if (HS_IS_OBJECT_ROW (item))
    {
      HsLoader *loader = hs_object_row_get_loader (item);
      HsAnalysis *a = hs_loader_get_analysis (loader);
      HsObj v = hs_object_row_get_obj (item);
      GListStore *store;

      if (a == NULL || a->dom == NULL)
        return NULL;
      if (hs_dom_tree_children_try (a->dom, v, UI_SORT_MAX, &children, &n))
        {
          g_autoptr (HsDomGroups) groups = NULL;
          g_autoptr (HsDomGroupSet) set = NULL;
          if (n == 0)
            return NULL;
          groups = hs_dom_groups_new_for (a, children, n, NULL, NULL);
          set = hs_dom_group_set_new (g_steal_pointer (&groups));
          return G_LIST_MODEL (hs_dom_group_set_rows (set, loader));
        }
      if (n == 0)
        return NULL;
      store = g_list_store_new (HS_TYPE_DOM_GROUP_ROW);
      group_later (self, loader, v, -1, store);
      return G_LIST_MODEL (store);
    }
  return NULL; /* "show more" */
}

static GListModel *
dom_create_child_model (gpointer item, gpointer user_data)
{
  HsDominatorsView *self = user_data;
  HsObjectRow *row;
  HsLoader *loader;
  HsAnalysis *a;
  const HsObj *children;
  gsize n = 0;
  HsObj v;
  HsObjectList *list;

  if (self->grouped)
    return grouped_child_model (self, item);
  if (!HS_IS_OBJECT_ROW (item)) /* "show more" */
    return NULL;
  row = item;
  loader = hs_object_row_get_loader (row);
  a = hs_loader_get_analysis (loader);
  v = hs_object_row_get_obj (row);
  if (a == NULL || a->dom == NULL)
    return NULL;
  /* Children lists live in the dominator tree: borrowed, never copied. */
  if (hs_dom_tree_children_try (a->dom, v, UI_SORT_MAX, &children, &n))
    return n > 0 ? paged (self, hs_object_list_new_borrowed (loader, children, n)) : NULL;
  /* Long, or a worker is sorting: an expandable row with no children yet,
   * filled when its list is sorted (one list and one sort per node, however
   * often GTK asks while it runs). */
  list = g_hash_table_lookup (self->pending, GUINT_TO_POINTER ((guint)v));
  if (list != NULL)
    return paged (self, g_object_ref (list));
  list = hs_object_list_new_borrowed (loader, NULL, 0);
  g_hash_table_insert (self->pending, GUINT_TO_POINTER ((guint)v), g_object_ref (list));
  sort_later (self, loader, v, list);
  update_spinner (self);
  return paged (self, list);
}

static gboolean
grow_rows (gpointer data)
{
  HsDominatorsView *self = data;
  guint size = gtk_slice_list_model_get_size (self->slice);

  if (size >= GROWN)
    {
      gtk_slice_list_model_set_size (self->slice, G_MAXUINT);
      self->grow_id = 0;
      return G_SOURCE_REMOVE;
    }
  gtk_slice_list_model_set_size (self->slice, size + ROWS_PER_TURN);
  return G_SOURCE_CONTINUE;
}

/* The table shows model (NULL: nothing), given to it a few rows at a time. */
static void
set_table_model (HsDominatorsView *self, GListModel *model)
{
  g_clear_handle_id (&self->grow_id, g_source_remove);
  g_clear_object (&self->slice);
  if (model == NULL)
    {
      hs_object_column_view_set_model (self->dom_view, NULL);
      return;
    }
  self->slice = gtk_slice_list_model_new (g_object_ref (model), 0, ROWS_PER_TURN);
  hs_object_column_view_set_model (self->dom_view, G_LIST_MODEL (self->slice));
  self->grow_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, grow_rows, self, NULL);
}

/* list: the top level (taken), n objects. */
static void
fill_model_list (HsDominatorsView *self, HsLoader *loader, HsObjectList *list, gsize n)
{
  HsAnalysis *a = hs_loader_get_analysis (loader);
  GListModel *roots = paged (self, list);
  g_autofree char *bytes = hs_format_bytes (hs_dom_tree_retained (a->dom, a->dom->n));
  g_autofree char *count = hs_format_count (a->dom->n_reachable);
  g_autofree char *tops = hs_format_count (n);
  g_autofree char *text = NULL;

  self->sorting_top = FALSE;
  g_clear_object (&self->dom_model);
  self->dom_model = gtk_tree_list_model_new (roots, FALSE, FALSE, dom_create_child_model, self, NULL);
  set_table_model (self, G_LIST_MODEL (self->dom_model));
  text = g_strdup_printf (_ ("All reachable objects: %s in %s objects, "
                             "%s top-level dominators. "
                             "Children are sorted by retained size."),
                          bytes, count, tops);
  if (hs_view_get_heap (HS_VIEW (self)) >= 0)
    {
      g_free (text);
      /* Translators: the heap's name, then the number of its objects that
       * no object of the heap retains. */
      text = g_strdup_printf (_ ("Heap %s: %s top-level objects (retained by no object of this heap). "
                                 "Children are sorted by retained size."),
                              hs_heap_heap_name (a->heap, (guint)hs_view_get_heap (HS_VIEW (self))), tops);
    }
  gtk_label_set_text (self->dom_label, text);
  update_spinner (self);
}

/* The top level grouped by class. */
static void
fill_grouped (HsDominatorsView *self, HsLoader *loader, HsDomGroupSet *set)
{
  HsAnalysis *a = hs_loader_get_analysis (loader);
  const HsDomGroups *g = hs_dom_group_set_get_groups (set);
  g_autoptr (GListStore) rows = hs_dom_group_set_rows (set, loader);
  GListModel *roots = G_LIST_MODEL (hs_paged_list_new (G_LIST_MODEL (rows), self->page));
  g_autofree char *bytes = hs_format_bytes (g->retained);
  g_autofree char *tops = hs_format_count (g->objects);
  g_autofree char *classes = hs_format_count (g->n_groups);
  g_autofree char *text = NULL;

  self->grouping_top = FALSE;
  g_clear_object (&self->dom_model);
  self->dom_model = gtk_tree_list_model_new (roots, FALSE, FALSE, dom_create_child_model, self, NULL);
  set_table_model (self, G_LIST_MODEL (self->dom_model));
  /* Translators: bytes, then the number of top-level objects, then of
   * their classes. */
  text = g_strdup_printf (_ ("%s retained by %s top-level objects of %s classes, grouped by class. "
                             "Groups are sorted by retained size."),
                          bytes, tops, classes);
  if (hs_view_get_heap (HS_VIEW (self)) >= 0)
    {
      g_free (text);
      /* Translators: the heap's name, then bytes, objects, classes. */
      text = g_strdup_printf (
          _ ("Heap %s: %s retained by %s top-level objects of %s classes, grouped by class."),
          hs_heap_heap_name (a->heap, (guint)hs_view_get_heap (HS_VIEW (self))), bytes, tops, classes);
    }
  gtk_label_set_text (self->dom_label, text);
  update_spinner (self);
}

static void
fill_model (HsDominatorsView *self, HsLoader *loader, const HsObj *children, gsize n)
{
  fill_model_list (self, loader, hs_object_list_new_borrowed (loader, children, n), n);
}

static void
hs_dominators_view_fill (HsView *view, HsLoader *loader)
{
  HsDominatorsView *self = HS_DOMINATORS_VIEW (view);
  HsAnalysis *a = hs_loader_get_analysis (loader);
  g_autofree char *tops = NULL;
  g_autofree char *text = NULL;
  const HsObj *children;
  gsize n = 0;

  g_clear_object (&self->dom_model);
  if (a == NULL || a->dom == NULL)
    {
      set_table_model (self, NULL);
      gtk_label_set_text (self->dom_label, _ ("The dominator tree was not computed"));
      return;
    }
  if (self->grouped)
    {
      /* Grouped on a worker (it may sort the top level first). */
      self->grouping_top = TRUE;
      set_table_model (self, NULL);
      gtk_label_set_text (self->dom_label, _ ("Grouping the top-level dominators by class…"));
      group_later (self, loader, a->dom->n, hs_view_get_heap (view), NULL);
      return;
    }
  if (hs_view_get_heap (view) >= 0)
    {
      /* One heap (Android): its objects that no object of the heap
       * retains, biggest first; below them the whole tree. */
      GArray *top = hs_query_top_level_objects_in_heap (a, (guint)MIN (a->dom->n, (guint64)G_MAXUINT),
                                                        hs_view_get_heap (view));
      gsize len = top->len;
      fill_model_list (self, loader, hs_object_list_new_take (loader, top), len);
      return;
    }
  if (hs_dom_tree_children_try (a->dom, a->dom->n, UI_SORT_MAX, &children, &n))
    {
      fill_model (self, loader, children, n);
      return;
    }
  /* Never wait for the sort here: say so, and fill when it is done. */
  self->sorting_top = TRUE;
  set_table_model (self, NULL);
  tops = hs_format_count (n);
  text = g_strdup_printf (_ ("Sorting the %s top-level dominators by retained size…"), tops);
  gtk_label_set_text (self->dom_label, text);
  update_spinner (self);
  sort_later (self, loader, a->dom->n, NULL);
}

static void
hs_dominators_view_clear (HsView *view)
{
  HsDominatorsView *self = HS_DOMINATORS_VIEW (view);

  set_table_model (self, NULL);
  g_clear_object (&self->dom_model);
  gtk_label_set_text (self->dom_label, "");
  self->sorting_top = FALSE;
  self->grouping_top = FALSE;
  if (self->pending != NULL)
    g_hash_table_remove_all (self->pending);
  update_spinner (self);
}

/* Sorts the top level of the dominator tree (the longest list) on a worker
 * while the user reads the leaks, so that the view opens without the wait.
 * The task holds the loader, which holds the analysis. */
static gpointer
warm_work (gpointer data)
{
  HsAnalysis *a = hs_loader_get_analysis (HS_LOADER (data));
  gint64 start = g_get_monotonic_time ();
  gsize n = 0;
  const HsObj *tops = hs_dom_tree_children (a->dom, a->dom->n, &n);

  hs_timing_mark ("worker: top-level dominators sorted in %.3f s", (g_get_monotonic_time () - start) / 1e6);
  /* And the children of each top-level object: showing a row asks whether
   * it can be expanded, which builds (and so sorts) its child list on the
   * UI thread; at 140 M objects one class object dominates 8 M sessions
   * and strings, a 22 s sort. Together at most n objects. */
  start = g_get_monotonic_time ();
  for (gsize i = 0; i < n; i++)
    hs_dom_tree_children (a->dom, tops[i], NULL);
  hs_timing_mark ("worker: children of the top-level dominators sorted in %.3f s",
                  (g_get_monotonic_time () - start) / 1e6);
  return NULL;
}

/* At a lower priority (hs_run_niced): the UI thread keeps its core. */
static void
warm_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  if (g_task_return_error_if_cancelled (task))
    return;
  hs_run_niced ("hs-dom-warm", warm_work, source);
  g_task_return_boolean (task, TRUE);
}

static void
on_loader_changed (HsDominatorsView *self, GParamSpec *pspec, gpointer data)
{
  HsAnalysis *a = hs_view_get_analysis (HS_VIEW (self));
  g_autoptr (GTask) task = NULL;

  if (a == NULL || a->dom == NULL)
    return;
  task = g_task_new (hs_view_get_loader (HS_VIEW (self)), hs_view_get_cancellable (HS_VIEW (self)), NULL,
                     NULL);
  g_task_set_name (task, "[heapscope] sort top-level dominators");
  g_task_set_priority (task, G_PRIORITY_LOW);
  g_task_run_in_thread (task, warm_thread);
}

static void
hs_dominators_view_dispose (GObject *object)
{
  HsDominatorsView *self = HS_DOMINATORS_VIEW (object);

  g_clear_handle_id (&self->grow_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_DOMINATORS_VIEW);
  g_clear_object (&self->slice);
  g_clear_object (&self->dom_model);
  g_clear_pointer (&self->pending, g_hash_table_unref);
  G_OBJECT_CLASS (hs_dominators_view_parent_class)->dispose (object);
}

/* Export: the rows of the tree as shown, the expanded ones with their
 * depth (docs/semantics.md, "CSV"); grouped by class, the groups with
 * their sums and the objects of those expanded. */
static gboolean
hs_dominators_view_write_csv (HsView *view, GString *out)
{
  HsDominatorsView *self = HS_DOMINATORS_VIEW (view);

  if (self->dom_model == NULL)
    return FALSE;
  if (self->grouped)
    hs_csv_export_dom_groups (out, G_LIST_MODEL (self->dom_model));
  else
    hs_csv_export_objects (out, G_LIST_MODEL (self->dom_model), TRUE);
  return TRUE;
}

void
hs_dominators_view_set_grouped (HsDominatorsView *self, gboolean grouped)
{
  HsLoader *loader;

  g_return_if_fail (HS_IS_DOMINATORS_VIEW (self));
  grouped = !!grouped;
  if (gtk_toggle_button_get_active (self->group_toggle) != grouped)
    gtk_toggle_button_set_active (self->group_toggle, grouped); /* calls back here */
  if (self->grouped == grouped)
    return;
  self->grouped = grouped;
  /* Shown already: shown again, the other way (the lists of the other
   * way, sorted or being sorted, are dropped with their rows). */
  loader = hs_view_get_loader (HS_VIEW (self));
  if (self->dom_model == NULL && !self->sorting_top && !self->grouping_top)
    return; /* not filled yet */
  hs_dominators_view_clear (HS_VIEW (self));
  if (loader != NULL && hs_loader_get_analysis (loader) != NULL)
    hs_dominators_view_fill (HS_VIEW (self), loader);
}

static void
on_group_toggled (GtkToggleButton *button, HsDominatorsView *self)
{
  hs_dominators_view_set_grouped (self, gtk_toggle_button_get_active (button));
}

static void
hs_dominators_view_class_init (HsDominatorsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  HsViewClass *view_class = HS_VIEW_CLASS (klass);

  object_class->dispose = hs_dominators_view_dispose;
  view_class->fill = hs_dominators_view_fill;
  hs_view_class_set_uses_heap (view_class);
  view_class->clear = hs_dominators_view_clear;
  view_class->write_csv = hs_dominators_view_write_csv;
  hs_view_class_set_page (view_class, "dominators", _ ("Dominator Tree"), NULL, TRUE,
                          "dominator tree filled");

  g_type_ensure (HS_TYPE_OBJECT_COLUMN_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/heapscope/Heapscope/ui/hs-dominators-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsDominatorsView, dom_label);
  gtk_widget_class_bind_template_child (widget_class, HsDominatorsView, dom_view);
  gtk_widget_class_bind_template_child (widget_class, HsDominatorsView, sort_spinner);
  gtk_widget_class_bind_template_child (widget_class, HsDominatorsView, group_toggle);
  gtk_widget_class_bind_template_callback (widget_class, on_group_toggled);
}

static void
hs_dominators_view_init (HsDominatorsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->pending = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->page = HS_PAGED_LIST_PAGE;
  /* A new dump: warm its tree up before the first visit. */
  g_signal_connect (self, "notify::loader", G_CALLBACK (on_loader_changed), NULL);
  hs_view_add_export_button (HS_VIEW (self), gtk_widget_get_parent (GTK_WIDGET (self->dom_label)));
}

GtkWidget *
hs_dominators_view_new (void)
{
  return g_object_new (HS_TYPE_DOMINATORS_VIEW, NULL);
}

GtkTreeListModel *
hs_dominators_view_get_model (HsDominatorsView *self)
{
  g_return_val_if_fail (HS_IS_DOMINATORS_VIEW (self), NULL);

  hs_view_ensure_filled (HS_VIEW (self));
  if (self->grouping_top)
    return NULL; /* hs_dominators_view_is_sorting until the groups come */
  if (self->sorting_top)
    {
      /* Asked for now (tests, screenshots): wait for the sort here. */
      HsLoader *loader = hs_view_get_loader (HS_VIEW (self));
      HsAnalysis *a = hs_loader_get_analysis (loader);
      gsize n = 0;
      const HsObj *children = hs_dom_tree_children (a->dom, a->dom->n, &n);
      fill_model (self, loader, children, n);
    }
  /* And every row in the table at once (positions there are the tree's). */
  if (self->slice != NULL)
    {
      g_clear_handle_id (&self->grow_id, g_source_remove);
      gtk_slice_list_model_set_size (self->slice, G_MAXUINT);
    }
  return self->dom_model;
}

gboolean
hs_dominators_view_is_sorting (HsDominatorsView *self)
{
  g_return_val_if_fail (HS_IS_DOMINATORS_VIEW (self), FALSE);
  return self->sorting_top || self->group_jobs > 0
         || (self->pending != NULL && g_hash_table_size (self->pending) > 0);
}

const char *
hs_dominators_view_get_summary (HsDominatorsView *self)
{
  g_return_val_if_fail (HS_IS_DOMINATORS_VIEW (self), NULL);
  return gtk_label_get_text (self->dom_label);
}

void
hs_dominators_view_set_page_size (HsDominatorsView *self, gsize rows)
{
  HsLoader *loader;
  HsAnalysis *a;
  const HsObj *children;
  gsize n = 0;

  g_return_if_fail (HS_IS_DOMINATORS_VIEW (self));
  if (self->page == rows)
    return;
  self->page = rows;
  /* Shown already: again, with the new pages (collapsed). */
  loader = hs_view_get_loader (HS_VIEW (self));
  a = loader != NULL ? hs_loader_get_analysis (loader) : NULL;
  if (self->grouped && self->dom_model != NULL && a != NULL)
    {
      /* Grouped again (on a worker), with the new pages. */
      hs_dominators_view_clear (HS_VIEW (self));
      hs_dominators_view_fill (HS_VIEW (self), loader);
      return;
    }
  if (self->dom_model != NULL && a != NULL && a->dom != NULL
      && hs_dom_tree_children_try (a->dom, a->dom->n, 0, &children, &n))
    fill_model (self, loader, children, n);
}
