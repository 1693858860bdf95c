/* hs-dominators-view.c: the "dominators" view (see the header): a
 * GtkTreeListModel whose child lists are borrowed from the dominator tree,
 * in the template ui/hs-dominators-view.ui. */
#include "config.h"
#include "hs-dominators-view.h"
#include "hs-object-column-view.h"
#include "hs-timing.h"

#include <glib/gi18n.h>

struct _HsDominatorsView
{
  HsView parent_instance;

  /* template */
  GtkWidget *dom_label;
  GtkWidget *dom_view;

  GtkTreeListModel *dom_model;
};

G_DEFINE_FINAL_TYPE (HsDominatorsView, hs_dominators_view, HS_TYPE_VIEW)

static char *
format_count (guint64 n)
{
  /* Digit grouping by the user's locale. */
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, n);
}

static GListModel *
dom_create_child_model (gpointer item, gpointer user_data)
{
  HsObjectRow *row = item;
  HsLoader *loader = hs_object_row_get_loader (row);
  HsAnalysis *a = hs_loader_get_analysis (loader);
  const HsObj *children;
  gsize n = 0;

  if (a == NULL || a->dom == NULL)
    return NULL;
  children = hs_dom_tree_children (a->dom, hs_object_row_get_obj (row), &n);
  if (n == 0)
    return NULL;
  /* Children lists live in the dominator tree: borrowed, never copied. */
  return G_LIST_MODEL (hs_object_list_new_borrowed (loader, children, n));
}

static void
hs_dominators_view_fill (HsView *view, HsLoader *loader)
{
  HsDominatorsView *self = HS_DOMINATORS_VIEW (view);
  HsAnalysis *a = hs_loader_get_analysis (loader);
  g_autoptr(HsObjectList) roots = NULL;
  g_autofree char *bytes = NULL;
  g_autofree char *count = NULL;
  g_autofree char *tops = NULL;
  g_autofree char *text = NULL;
  const HsObj *children;
  gsize n = 0;

  g_clear_object (&self->dom_model);
  if (a == NULL || a->dom == NULL)
    {
      hs_object_column_view_set_model (HS_OBJECT_COLUMN_VIEW (self->dom_view), NULL);
      gtk_label_set_text (GTK_LABEL (self->dom_label), _("The dominator tree was not computed"));
      return;
    }
  children = hs_dom_tree_children (a->dom, a->dom->n, &n);
  roots = hs_object_list_new_borrowed (loader, children, n);
  self->dom_model = gtk_tree_list_model_new (G_LIST_MODEL (g_steal_pointer (&roots)), FALSE, FALSE,
                                             dom_create_child_model, NULL, NULL);
  hs_object_column_view_set_model (HS_OBJECT_COLUMN_VIEW (self->dom_view), G_LIST_MODEL (self->dom_model));
  bytes = hs_format_bytes (hs_dom_tree_retained (a->dom, a->dom->n));
  count = format_count (a->dom->n_reachable);
  tops = format_count (n);
  text = g_strdup_printf (_("All reachable objects: %s in %s objects, "
                            "%s top-level dominators. "
                            "Children are sorted by retained size."),
                          bytes, count, tops);
  gtk_label_set_text (GTK_LABEL (self->dom_label), text);
}

static void
hs_dominators_view_clear (HsView *view)
{
  HsDominatorsView *self = HS_DOMINATORS_VIEW (view);

  hs_object_column_view_set_model (HS_OBJECT_COLUMN_VIEW (self->dom_view), NULL);
  g_clear_object (&self->dom_model);
  gtk_label_set_text (GTK_LABEL (self->dom_label), "");
}

/* Sorts the top level of the dominator tree (the longest list) on a worker
 * while the user reads the leaks, so that the view opens without the wait.
 * The task holds the loader, which holds the analysis. */
static void
warm_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  HsAnalysis *a = hs_loader_get_analysis (HS_LOADER (source));
  gint64 start = g_get_monotonic_time ();
  gsize n = 0;
  const HsObj *tops = hs_dom_tree_children (a->dom, a->dom->n, &n);

  hs_timing_mark ("worker: top-level dominators sorted in %.3f s", (g_get_monotonic_time () - start) / 1e6);
  /* And the children of each top-level object: showing a row asks whether
   * it can be expanded, which builds (and so sorts) its child list on the
   * UI thread; at 140 M objects one class object dominates 8 M sessions
   * and strings, a 22 s sort (issue 18). Together at most n objects. */
  start = g_get_monotonic_time ();
  for (gsize i = 0; i < n; i++)
    hs_dom_tree_children (a->dom, tops[i], NULL);
  hs_timing_mark ("worker: children of the top-level dominators sorted in %.3f s",
                  (g_get_monotonic_time () - start) / 1e6);
  g_task_return_boolean (task, TRUE);
}

static void
on_loader_changed (HsDominatorsView *self, GParamSpec *pspec, gpointer data)
{
  HsAnalysis *a = hs_view_get_analysis (HS_VIEW (self));
  g_autoptr(GTask) task = NULL;

  if (a == NULL || a->dom == NULL)
    return;
  task = g_task_new (hs_view_get_loader (HS_VIEW (self)), NULL, NULL, NULL);
  g_task_set_name (task, "[heapscope] sort top-level dominators");
  g_task_set_priority (task, G_PRIORITY_LOW);
  g_task_run_in_thread (task, warm_thread);
}

static void
hs_dominators_view_dispose (GObject *object)
{
  HsDominatorsView *self = HS_DOMINATORS_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_DOMINATORS_VIEW);
  g_clear_object (&self->dom_model);
  G_OBJECT_CLASS (hs_dominators_view_parent_class)->dispose (object);
}

static void
hs_dominators_view_class_init (HsDominatorsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  HsViewClass *view_class = HS_VIEW_CLASS (klass);

  object_class->dispose = hs_dominators_view_dispose;
  view_class->fill = hs_dominators_view_fill;
  view_class->clear = hs_dominators_view_clear;
  hs_view_class_set_page (view_class, "dominators", _("Dominator Tree"), NULL, TRUE, "dominator tree filled");

  g_type_ensure (HS_TYPE_OBJECT_COLUMN_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-dominators-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsDominatorsView, dom_label);
  gtk_widget_class_bind_template_child (widget_class, HsDominatorsView, dom_view);
}

static void
hs_dominators_view_init (HsDominatorsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* A new dump: warm its tree up before the first visit. */
  g_signal_connect (self, "notify::loader", G_CALLBACK (on_loader_changed), NULL);
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
  return self->dom_model;
}

const char *
hs_dominators_view_get_summary (HsDominatorsView *self)
{
  g_return_val_if_fail (HS_IS_DOMINATORS_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->dom_label));
}
