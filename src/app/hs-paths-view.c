/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-view.c: the "paths" view (see the header), in the template
 * ui/hs-paths-view.ui: a GtkTreeListModel over HsPathsItem rows, the
 * selected row's objects in an HsObjectColumnView below it. */
#include "config.h"
#include "hs-csv-export.h"
#include "hs-paths-view.h"
#include "hs-context-menu.h"
#include "hs-object-column-view.h"
#include "hs-query.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

typedef enum
{
  REQ_CLASS,
  REQ_OBJECTS,
  REQ_ONE,
  REQ_MEMBERS, /* a class suspect's: top-level objects of the class name what_class */
} ReqKind;

/* One question: whose paths, and with which exclusions. */
typedef struct
{
  ReqKind kind;
  HsClass klass;
  GArray *targets; /* HsObj (REQ_OBJECTS, REQ_ONE) */
  char *what;
  char *what_class;    /* REQ_MEMBERS */
  GPtrArray *excluded; /* "Class.field" */
  guint kinds;         /* HsPathsKind bits excluded */
} Request;

struct _HsPathsView
{
  HsView parent_instance;

  /* template */
  GtkSpinner *spinner;
  GtkLabel *summary_label;
  GtkLabel *exclusions_label;
  GtkCheckButton *weak_check;
  GtkButton *reset_button;
  GtkColumnView *tree_view;
  HsObjectColumnView *objects_view;

  GPtrArray *requests; /* Request */
  guint current;       /* index into requests, or G_MAXUINT */
  GCancellable *cancel;
  GtkTreeListModel *model;
  gboolean busy, syncing;
};

G_DEFINE_FINAL_TYPE (HsPathsView, hs_paths_view, HS_TYPE_VIEW)

static void
request_free (gpointer p)
{
  Request *r = p;
  g_clear_pointer (&r->targets, g_array_unref);
  g_clear_pointer (&r->excluded, g_ptr_array_unref);
  g_free (r->what);
  g_free (r->what_class);
  g_free (r);
}

static Request *
request_copy (const Request *src)
{
  Request *r = g_new0 (Request, 1);
  r->kind = src->kind;
  r->klass = src->klass;
  if (src->targets)
    {
      r->targets = g_array_sized_new (FALSE, FALSE, sizeof (HsObj), src->targets->len);
      g_array_append_vals (r->targets, src->targets->data, src->targets->len);
    }
  r->what = g_strdup (src->what);
  r->what_class = g_strdup (src->what_class);
  r->excluded = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; src->excluded && i < src->excluded->len; i++)
    g_ptr_array_add (r->excluded, g_strdup (g_ptr_array_index (src->excluded, i)));
  r->kinds = src->kinds;
  return r;
}

/* --- the worker ---------------------------------------------------------- */

typedef struct
{
  HsLoader *loader;
  Request *req;
  HsPathsResult *result;
  guint index;
} Job;

static void
job_free (Job *job)
{
  g_clear_object (&job->loader);
  request_free (job->req);
  g_clear_pointer (&job->result, hs_paths_result_unref);
  g_free (job);
}

static void
paths_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  HsAnalysis *a = hs_loader_get_analysis (job->loader);
  Request *req = job->req;
  GError *error = NULL;
  g_autoptr (GPtrArray) refs = g_ptr_array_new ();
  HsPathsOptions opts = { req->kinds, NULL, NULL };

  for (guint i = 0; i < req->excluded->len; i++)
    g_ptr_array_add (refs, g_ptr_array_index (req->excluded, i));
  g_ptr_array_add (refs, NULL);
  opts.exclude_refs = (const char *const *)refs->pdata;
  if (req->kind == REQ_ONE)
    {
      HsPathSet *s = hs_paths_all (a->heap, a->dom, &opts, g_array_index (req->targets, HsObj, 0), 5,
                                   cancellable, &error);
      if (s)
        job->result = hs_paths_result_new_set (a->heap, s);
    }
  else
    {
      g_autoptr (GArray) t = NULL;
      if (req->kind == REQ_CLASS)
        t = hs_query_instances_unsorted (a, &req->klass, 1);
      else if (req->kind == REQ_MEMBERS)
        {
          /* the dominator tree's top-level objects of that class name */
          t = g_array_new (FALSE, FALSE, sizeof (HsObj));
          for (guint64 o = 0; a->dom != NULL && o < a->dom->n; o++)
            if ((guint64)a->dom->idom[o] == a->dom->n
                && g_strcmp0 (hs_heap_object_class_name (a->heap, (HsObj)o), req->what_class) == 0)
              {
                HsObj x = (HsObj)o;
                g_array_append_val (t, x);
              }
        }
      else
        t = g_array_ref (req->targets);
      HsMergedPaths *m
          = hs_paths_merged (a->heap, a->dom, &opts, (const HsObj *)t->data, t->len, cancellable, &error);
      if (m)
        job->result = hs_paths_result_new_merged (a->heap, m);
    }
  if (error)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static GListModel *
create_children (gpointer item, gpointer data)
{
  return hs_paths_item_children (HS_PATHS_ITEM (item));
}

static void
set_busy (HsPathsView *self, gboolean busy)
{
  self->busy = busy;
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  gtk_spinner_set_spinning (self->spinner, busy);
}

static void
show_summary (HsPathsView *self, const Request *req, HsPathsResult *res)
{
  const HsMergedPaths *m = hs_paths_result_get_merged (res);
  const HsPathSet *s = hs_paths_result_get_set (res);
  g_autoptr (GString) text = g_string_new (NULL);
  if (m)
    {
      g_autofree char *n = hs_format_count (m->n_targets);
      g_autofree char *r = hs_format_count (m->n_targets - m->n_unreached);
      g_autofree char *u = hs_format_count (m->n_unreached);
      /* Translators: "1,200 objects (instances of Session): 1,190 with a path to a GC root, 10 without" */
      g_string_printf (text, _ ("%s objects (%s): %s with a path to a GC root, %s without"), n, req->what, r,
                       u);
      if (m->n_freed > 0)
        {
          g_autofree char *f = hs_format_count ((guint64)m->n_freed);
          g_string_append_c (text, '\n');
          g_string_append_printf (text, _ ("No other path: %s objects would be freed"), f);
        }
      else if (m->n_freed == 0)
        {
          g_string_append_c (text, '\n');
          g_string_append (text, _ ("Every object still has another path"));
        }
    }
  else
    {
      g_string_printf (text, _ ("Paths of %s"), req->what);
      if (s->paths->len == 0)
        {
          g_string_append (text, ": ");
          g_string_append (text, s->freed ? _ ("no other path: the object would be freed")
                                          : _ ("no path from a GC root"));
        }
    }
  gtk_label_set_text (self->summary_label, text->str);
}

static void
show_exclusions (HsPathsView *self, const Request *req)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GString) kinds = g_string_new (NULL);
  for (guint bit = 1; bit <= HS_PATHS_FINALIZER; bit <<= 1)
    if (req->kinds & bit)
      g_string_append_printf (kinds, "%s%s", kinds->len ? ", " : "", hs_paths_kind_name (bit));
  /* Translators: the reference kinds left out, e.g. "weak, soft, phantom" */
  g_string_printf (text, _ ("Excluded references: %s"), kinds->len ? kinds->str : _ ("none"));
  for (guint i = 0; i < req->excluded->len; i++)
    g_string_append_printf (text, "%s%s", i == 0 && !kinds->len ? "" : ", ",
                            (const char *)g_ptr_array_index (req->excluded, i));
  gtk_label_set_text (self->exclusions_label, text->str);
  gtk_widget_set_sensitive (GTK_WIDGET (self->reset_button),
                            req->excluded->len > 0 || req->kinds != HS_PATHS_EXCLUDE_DEFAULT);
  self->syncing = TRUE;
  gtk_check_button_set_active (self->weak_check, (req->kinds & HS_PATHS_WEAK) == 0);
  self->syncing = FALSE;
}

/* The main branch open: the first row, its first child, ... */
static void
expand_first (GtkTreeListModel *model)
{
  guint pos = 0;
  for (guint depth = 0; depth < 12; depth++)
    {
      g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (model, pos);
      if (row == NULL || !gtk_tree_list_row_is_expandable (row))
        return;
      gtk_tree_list_row_set_expanded (row, TRUE);
      pos++;
    }
}

static void
paths_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsPathsView *self = HS_PATHS_VIEW (source);
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  GtkSingleSelection *sel;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && self->requests != NULL)
        {
          set_busy (self, FALSE);
          gtk_label_set_text (self->summary_label, error->message);
        }
      return;
    }
  if (self->requests == NULL || job->index != self->current)
    return; /* disposed, or asked something else since */
  set_busy (self, FALSE);
  show_summary (self, job->req, job->result);
  g_clear_object (&self->model);
  self->model = gtk_tree_list_model_new (hs_paths_result_top_model (job->result), FALSE, FALSE,
                                         create_children, NULL, NULL);
  expand_first (self->model);
  sel = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->model)));
  gtk_single_selection_set_autoselect (sel, FALSE);
  gtk_single_selection_set_selected (sel, GTK_INVALID_LIST_POSITION);
  gtk_column_view_set_model (self->tree_view, GTK_SELECTION_MODEL (sel));
  g_object_unref (sel);
  hs_object_column_view_set_model (self->objects_view, NULL);
}

static void
run_current (HsPathsView *self)
{
  HsLoader *loader = hs_view_get_loader (HS_VIEW (self));
  g_autoptr (GTask) task = NULL;
  Job *job;
  const Request *req;

  if (self->current >= self->requests->len || loader == NULL || hs_loader_get_analysis (loader) == NULL)
    return;
  req = g_ptr_array_index (self->requests, self->current);
  if (self->cancel)
    g_cancellable_cancel (self->cancel);
  g_clear_object (&self->cancel);
  self->cancel = g_cancellable_new ();
  job = g_new0 (Job, 1);
  job->loader = g_object_ref (loader);
  job->req = request_copy (req);
  job->index = self->current;
  show_exclusions (self, req);
  gtk_label_set_text (self->summary_label, _ ("Finding the paths…"));
  set_busy (self, TRUE);
  task = g_task_new (self, self->cancel, paths_done, NULL);
  g_task_set_name (task, "[heapscope] paths");
  g_task_set_task_data (task, job, (GDestroyNotify)job_free);
  g_task_run_in_thread (task, paths_thread);
}

/* A new question after the current one: shown, and a place in history. */
static void
push_request (HsPathsView *self, Request *req)
{
  g_ptr_array_add (self->requests, req);
  self->current = self->requests->len - 1;
  if (hs_view_is_filled (HS_VIEW (self)))
    run_current (self);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.visited", "(st)", "paths", (guint64)self->current);
}

static Request *
request_new (ReqKind kind, char *what)
{
  Request *r = g_new0 (Request, 1);
  r->kind = kind;
  r->what = what;
  r->excluded = g_ptr_array_new_with_free_func (g_free);
  r->kinds = HS_PATHS_EXCLUDE_DEFAULT;
  return r;
}

void
hs_paths_view_show_class (HsPathsView *self, HsClass klass)
{
  HsAnalysis *a;
  Request *r;
  g_return_if_fail (HS_IS_PATHS_VIEW (self));
  a = hs_view_get_analysis (HS_VIEW (self));
  if (a == NULL || klass >= hs_heap_n_classes (a->heap))
    return;
  /* Translators: what a set of objects is, e.g. "instances of java.lang.String" */
  r = request_new (REQ_CLASS, g_strdup_printf (_ ("instances of %s"), hs_class_name (a->heap, klass)));
  r->klass = klass;
  push_request (self, r);
}

void
hs_paths_view_show_objects (HsPathsView *self, const HsObj *objs, gsize n, const char *what)
{
  Request *r;
  g_return_if_fail (HS_IS_PATHS_VIEW (self));
  r = request_new (REQ_OBJECTS, g_strdup (what));
  r->targets = g_array_sized_new (FALSE, FALSE, sizeof (HsObj), n);
  g_array_append_vals (r->targets, objs, n);
  push_request (self, r);
}

void
hs_paths_view_show_members (HsPathsView *self, const char *class_name)
{
  Request *r;
  g_return_if_fail (HS_IS_PATHS_VIEW (self));
  /* Translators: a class suspect's objects, e.g. "the suspect java.lang.String" */
  r = request_new (REQ_MEMBERS, g_strdup_printf (_ ("the suspect %s"), class_name));
  r->what_class = g_strdup (class_name);
  push_request (self, r);
}

void
hs_paths_view_show_other_paths_without (HsPathsView *self, HsObj obj, const char *reference)
{
  HsAnalysis *a;
  Request *r;
  g_return_if_fail (HS_IS_PATHS_VIEW (self));
  a = hs_view_get_analysis (HS_VIEW (self));
  if (a == NULL || obj >= hs_heap_n_objects (a->heap))
    return;
  r = request_new (REQ_ONE, hs_heap_object_label (a->heap, obj));
  r->targets = g_array_new (FALSE, FALSE, sizeof (HsObj));
  g_array_append_val (r->targets, obj);
  if (reference != NULL && hs_paths_check_ref (reference, NULL))
    g_ptr_array_add (r->excluded, g_strdup (reference));
  push_request (self, r);
}

void
hs_paths_view_show_other_paths (HsPathsView *self, HsObj obj)
{
  hs_paths_view_show_other_paths_without (self, obj, NULL);
}

void
hs_paths_view_exclude (HsPathsView *self, const char *reference)
{
  Request *r;
  g_return_if_fail (HS_IS_PATHS_VIEW (self));
  if (self->current >= self->requests->len || !hs_paths_check_ref (reference, NULL))
    return;
  r = request_copy (g_ptr_array_index (self->requests, self->current));
  g_ptr_array_add (r->excluded, g_strdup (reference));
  push_request (self, r);
}

static void
change_kinds (HsPathsView *self, guint kinds, gboolean clear_refs)
{
  Request *r;
  if (self->current >= self->requests->len)
    return;
  r = request_copy (g_ptr_array_index (self->requests, self->current));
  r->kinds = kinds;
  if (clear_refs)
    g_ptr_array_set_size (r->excluded, 0);
  push_request (self, r);
}

void
hs_paths_view_reset_exclusions (HsPathsView *self)
{
  g_return_if_fail (HS_IS_PATHS_VIEW (self));
  change_kinds (self, HS_PATHS_EXCLUDE_DEFAULT, TRUE);
}

gboolean
hs_paths_view_go_to (HsPathsView *self, guint64 index)
{
  g_return_val_if_fail (HS_IS_PATHS_VIEW (self), FALSE);
  if (index >= self->requests->len)
    return FALSE;
  if (index != self->current || self->model == NULL)
    {
      self->current = (guint)index;
      run_current (self);
    }
  return TRUE;
}

static void
on_weak_toggled (GtkCheckButton *check, HsPathsView *self)
{
  const Request *cur;
  guint weakish = HS_PATHS_WEAK | HS_PATHS_SOFT | HS_PATHS_PHANTOM;
  if (self->syncing || self->current >= self->requests->len)
    return;
  cur = g_ptr_array_index (self->requests, self->current);
  change_kinds (self, gtk_check_button_get_active (check) ? cur->kinds & ~weakish : cur->kinds | weakish,
                FALSE);
}

/* --- the tree's cells ---------------------------------------------------- */

/* A secondary click on a row's path cell (its list item template in
 * ui/hs-paths-view.ui): "Exclude This Reference" when the row is a
 * reference. */
static void
on_cell_pressed (GtkGestureClick *gesture, int n_press, double x, double y, GtkListItem *li)
{
  GtkWidget *cell = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  GtkTreeListRow *row = gtk_list_item_get_item (li);
  g_autoptr (HsPathsItem) item = row != NULL ? gtk_tree_list_row_get_item (row) : NULL;
  g_autofree char *excl = item != NULL ? hs_paths_item_get_exclusion (item) : NULL;
  g_autoptr (GMenu) menu = NULL;
  g_autoptr (GMenuItem) mi = NULL;

  if (excl == NULL)
    return;
  menu = g_menu_new ();
  mi = g_menu_item_new (_ ("Exclude This Reference"), NULL);
  g_menu_item_set_action_and_target_value (mi, "paths.exclude", g_variant_new_string (excl));
  g_menu_append_item (menu, mi);
  hs_context_menu_popup (cell, G_MENU_MODEL (menu), x, y);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* The selected row's objects, listed below the tree. */
static void
on_selection_changed (GtkSelectionModel *model, guint position, guint n, HsPathsView *self)
{
  GtkTreeListRow *row = gtk_single_selection_get_selected_item (GTK_SINGLE_SELECTION (model));
  HsLoader *loader = hs_view_get_loader (HS_VIEW (self));
  g_autoptr (HsPathsItem) item = row ? gtk_tree_list_row_get_item (row) : NULL;
  g_autoptr (HsObjectList) list = NULL;
  GArray *objs;
  const HsObj *o;
  gsize count = 0;

  if (item == NULL || loader == NULL || (o = hs_paths_item_get_objects (item, &count)) == NULL)
    {
      hs_object_column_view_set_model (self->objects_view, NULL);
      return;
    }
  objs = g_array_sized_new (FALSE, FALSE, sizeof (HsObj), count);
  g_array_append_vals (objs, o, count);
  list = hs_object_list_new_take (loader, objs);
  hs_object_column_view_set_model (self->objects_view, G_LIST_MODEL (list));
}

static void
on_model_notify (GtkColumnView *view, GParamSpec *pspec, HsPathsView *self)
{
  GtkSelectionModel *model = gtk_column_view_get_model (view);
  if (model)
    g_signal_connect_object (model, "selection-changed", G_CALLBACK (on_selection_changed), self, 0);
}

/* A row activated: its objects below; one object: inspected. */
static void
on_activate (GtkColumnView *view, guint position, HsPathsView *self)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr (GtkTreeListRow) row = g_list_model_get_item (model, position);
  g_autoptr (HsPathsItem) item = row ? gtk_tree_list_row_get_item (row) : NULL;
  gsize n = 0;
  const HsObj *o = item ? hs_paths_item_get_objects (item, &n) : NULL;
  if (o && n == 1)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.inspect", "u", (guint32)o[0]);
  else if (row && gtk_tree_list_row_is_expandable (row))
    gtk_tree_list_row_set_expanded (row, !gtk_tree_list_row_get_expanded (row));
}

/* --- the view ------------------------------------------------------------ */

static void
exclude_action (GtkWidget *widget, const char *name, GVariant *param)
{
  hs_paths_view_exclude (HS_PATHS_VIEW (widget), g_variant_get_string (param, NULL));
}

static void
reset_action (GtkWidget *widget, const char *name, GVariant *param)
{
  hs_paths_view_reset_exclusions (HS_PATHS_VIEW (widget));
}

static void
hs_paths_view_fill (HsView *view, HsLoader *loader)
{
  HsPathsView *self = HS_PATHS_VIEW (view);
  if (self->current < self->requests->len)
    run_current (self);
}

static void
hs_paths_view_clear (HsView *view)
{
  HsPathsView *self = HS_PATHS_VIEW (view);
  if (self->cancel)
    g_cancellable_cancel (self->cancel);
  g_clear_object (&self->cancel);
  if (self->requests)
    g_ptr_array_set_size (self->requests, 0);
  self->current = G_MAXUINT;
  gtk_column_view_set_model (self->tree_view, NULL);
  g_clear_object (&self->model);
  hs_object_column_view_set_model (self->objects_view, NULL);
  set_busy (self, FALSE);
}

static void
hs_paths_view_dispose (GObject *object)
{
  HsPathsView *self = HS_PATHS_VIEW (object);
  if (self->cancel)
    g_cancellable_cancel (self->cancel);
  g_clear_object (&self->cancel);
  g_clear_pointer (&self->requests, g_ptr_array_unref);
  if (self->tree_view)
    gtk_column_view_set_model (self->tree_view, NULL);
  g_clear_object (&self->model);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_PATHS_VIEW);
  G_OBJECT_CLASS (hs_paths_view_parent_class)->dispose (object);
}

/* Export: the rows of the tree as shown, the expanded ones with their
 * depth (0: a GC root's row); the path as the first column shows it. */
static gboolean
hs_paths_view_write_csv (HsView *view, GString *out)
{
  static const char *const columns[] = { "depth", "path", "objects", "reached", "shallow", "retained" };
  HsPathsView *self = HS_PATHS_VIEW (view);
  GListModel *rows = G_LIST_MODEL (self->model);
  HsCsv csv;

  if (self->model == NULL)
    return FALSE;
  hs_csv_init (&csv, out);
  hs_csv_header (&csv, columns, G_N_ELEMENTS (columns));
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (rows, i);
      g_autoptr (GObject) item = gtk_tree_list_row_get_item (row);
      guint64 v[4];
      if (!HS_IS_PATHS_ITEM (item))
        continue;
      g_autofree char *label = hs_paths_item_get_label (HS_PATHS_ITEM (item));
      hs_csv_uint (&csv, gtk_tree_list_row_get_depth (row));
      hs_csv_text (&csv, label);
      if (hs_paths_item_get_counts (HS_PATHS_ITEM (item), &v[0], &v[1], &v[2], &v[3]))
        for (guint k = 0; k < 4; k++)
          hs_csv_uint (&csv, v[k]);
      else
        for (guint k = 0; k < 4; k++)
          hs_csv_empty (&csv);
      hs_csv_end_row (&csv);
    }
  return TRUE;
}

static void
hs_paths_view_class_init (HsPathsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  HsViewClass *view_class = HS_VIEW_CLASS (klass);

  object_class->dispose = hs_paths_view_dispose;
  view_class->fill = hs_paths_view_fill;
  view_class->clear = hs_paths_view_clear;
  view_class->write_csv = hs_paths_view_write_csv;
  hs_view_class_set_page (view_class, "paths", _ ("Paths"), NULL, TRUE, "paths filled");
  hs_view_class_set_revealed_on_demand (view_class);

  g_type_ensure (HS_TYPE_OBJECT_COLUMN_VIEW);
  g_type_ensure (HS_TYPE_PATHS_ITEM);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-paths-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsPathsView, spinner);
  gtk_widget_class_bind_template_child (widget_class, HsPathsView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, HsPathsView, exclusions_label);
  gtk_widget_class_bind_template_child (widget_class, HsPathsView, weak_check);
  gtk_widget_class_bind_template_child (widget_class, HsPathsView, reset_button);
  gtk_widget_class_bind_template_child (widget_class, HsPathsView, tree_view);
  gtk_widget_class_bind_template_callback (widget_class, on_cell_pressed);
  gtk_widget_class_bind_template_callback (widget_class, hs_cell_name_text);
  gtk_widget_class_bind_template_callback (widget_class, hs_cell_name_tip);
  gtk_widget_class_bind_template_child (widget_class, HsPathsView, objects_view);
  gtk_widget_class_install_action (widget_class, "paths.exclude", "s", exclude_action);
  gtk_widget_class_install_action (widget_class, "paths.reset-exclusions", NULL, reset_action);
}

static void
hs_paths_view_init (HsPathsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->requests = g_ptr_array_new_with_free_func (request_free);
  self->current = G_MAXUINT;
  g_signal_connect (self->tree_view, "notify::model", G_CALLBACK (on_model_notify), self);
  g_signal_connect (self->tree_view, "activate", G_CALLBACK (on_activate), self);
  g_signal_connect (self->weak_check, "toggled", G_CALLBACK (on_weak_toggled), self);
  hs_view_add_export_button (HS_VIEW (self), gtk_widget_get_parent (GTK_WIDGET (self->weak_check)));
}

gboolean
hs_paths_view_is_busy (HsPathsView *self)
{
  g_return_val_if_fail (HS_IS_PATHS_VIEW (self), FALSE);
  return self->busy;
}

GtkTreeListModel *
hs_paths_view_get_model (HsPathsView *self)
{
  g_return_val_if_fail (HS_IS_PATHS_VIEW (self), NULL);
  return self->model;
}

const char *
hs_paths_view_get_summary (HsPathsView *self)
{
  g_return_val_if_fail (HS_IS_PATHS_VIEW (self), NULL);
  return gtk_label_get_text (self->summary_label);
}

const char *
hs_paths_view_get_exclusions (HsPathsView *self)
{
  g_return_val_if_fail (HS_IS_PATHS_VIEW (self), NULL);
  return gtk_label_get_text (self->exclusions_label);
}
