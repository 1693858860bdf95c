/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-views.c: the classes, dominator tree and treemap views and the
 * object table, each on its own in a GtkWindow under Xvfb, given a
 * finished loader on data/sample/sample.hprof and reached through their
 * own API. Expected values come from the generator's planted structure
 * (tests/generator/README.md, tests/generator/expected-sample.json), or
 * are recomputed here from the engine's arrays, never from the views'
 * models. */
#include "config.h"
#include "ui-util.h"
#include "hs-treemap-widget.h"
#include "hs-ui-util-private.h"
#include "hs-classes-view.h"
#include "hs-instances-pane.h"
#include "hs-dominators-view.h"
#include "hs-object-column-view.h"
#include "hs-treemap-view.h"

#include <string.h>

#define LOAD_TIMEOUT_MS 120000

static HsLoader *sample;

/* The sample dump, analysed once for all tests. */
static HsLoader *
sample_loader (void)
{
  if (sample == NULL)
    {
      const char *path = g_getenv ("HS_SAMPLE_DUMP");

      g_assert_nonnull (path);
      sample = ui_load_dump (path, LOAD_TIMEOUT_MS);
    }
  return sample;
}

/* What the views activate on their window ("win.inspect",
 * "win.select-object"), recorded by a "win" action group on the test
 * window. */
typedef struct
{
  guint n_inspect, n_select;
  guint32 inspected, selected;
} Activations;

static void
on_inspect (GSimpleAction *action, GVariant *param, gpointer data)
{
  Activations *act = data;
  act->n_inspect++;
  act->inspected = g_variant_get_uint32 (param);
}

static void
on_select (GSimpleAction *action, GVariant *param, gpointer data)
{
  Activations *act = data;
  act->n_select++;
  act->selected = g_variant_get_uint32 (param);
}

static GtkWidget *
window_with (GtkWidget *child, Activations *act)
{
  GtkWidget *window = gtk_window_new ();
  const GActionEntry entries[] = {
    { "inspect", on_inspect, "u", NULL, NULL, { 0 } },
    { "select-object", on_select, "u", NULL, NULL, { 0 } },
  };
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();

  g_action_map_add_action_entries (G_ACTION_MAP (group), entries, G_N_ELEMENTS (entries), act);
  gtk_widget_insert_action_group (window, "win", G_ACTION_GROUP (group));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_wait_shown (child, 10000));
  return window;
}

static void
window_close (GtkWidget *window)
{
  ui_destroy_window (GTK_WINDOW (window));
}

/* The tree has its model and its summary counts the top level. */
static gboolean
dom_filled (gpointer data)
{
  const char *summary = hs_dominators_view_get_summary (data);
  return hs_dominators_view_get_model (data) != NULL && summary != NULL
         && strstr (summary, "top-level dominators") != NULL;
}

static gboolean
classes_not_sorting (gpointer data)
{
  return !hs_classes_view_is_sorting (data);
}

typedef struct
{
  GListModel *model;
  guint n;
} ItemsWait;

static gboolean
has_items (gpointer data)
{
  ItemsWait *w = data;
  return g_list_model_get_n_items (w->model) == w->n;
}

static void
on_pane_finalized (gpointer data, GObject *where)
{
  *(gboolean *)data = TRUE;
}

static gboolean
flag_set (gpointer data)
{
  return *(gboolean *)data;
}

/* --- classes ------------------------------------------------------------ */

static HsClassRow *
row_at (GListModel *model, guint i)
{
  return g_list_model_get_item (model, i);
}

static const char *
name_at (GListModel *model, guint i)
{
  g_autoptr (HsClassRow) row = row_at (model, i);
  /* Names live in the heap, not the row. */
  return hs_class_row_get_name (row);
}

/* The position of a class in the model as shown, or G_MAXUINT. */
static guint
find_class_row (GListModel *model, const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_str_equal (name_at (model, i), name))
      return i;
  return G_MAXUINT;
}

/* expected-sample.json "classes": name, count, reachable, shallow. */
static const struct
{
  const char *name;
  guint64 count, reachable, shallow;
} expected_classes[] = {
  { "leakcanary.KeyedWeakReference", 6, 6, 336 }, { "com.example.ThreadLeak", 1, 1, 24 },
  { "com.example.RecentActivity", 1, 1, 24 },     { "com.example.SoftOnlyActivity", 1, 0, 24 },
  { "com.example.CollectedActivity", 0, 0, 0 },   { "com.example.User", 3000, 3000, 96000 },
  { "com.example.Node", 2002, 2002, 48048 },      { "com.example.LeakedActivity", 2, 2, 64 },
};

static void
check_expected_classes (GListModel *model)
{
  for (guint k = 0; k < G_N_ELEMENTS (expected_classes); k++)
    {
      guint i = find_class_row (model, expected_classes[k].name);
      g_autoptr (HsClassRow) row = NULL;

      if (i == G_MAXUINT)
        g_error ("class %s not in the table", expected_classes[k].name);
      row = row_at (model, i);
      g_assert_cmpuint (hs_class_row_get_value (row, HS_CLASS_COLUMN_COUNT), ==, expected_classes[k].count);
      g_assert_cmpuint (hs_class_row_get_value (row, HS_CLASS_COLUMN_REACHABLE), ==,
                        expected_classes[k].reachable);
      g_assert_cmpuint (hs_class_row_get_value (row, HS_CLASS_COLUMN_UNREACHABLE), ==,
                        expected_classes[k].count - expected_classes[k].reachable);
      g_assert_cmpuint (hs_class_row_get_value (row, HS_CLASS_COLUMN_SHALLOW), ==,
                        expected_classes[k].shallow);
    }
  /* README: the 2000-node chain (its head retains 24 x 2000) and the
   * two-node cycle (48) hold every Node; the two LeakedActivity retain
   * 1104 each, the ThreadLeak 2096, the RecentActivity 80; the
   * SoftOnlyActivity is unreachable: retained by nothing. */
  {
    static const struct
    {
      const char *name;
      guint64 retained;
    } retained[] = {
      { "com.example.Node", 48000 + 48 },    { "com.example.LeakedActivity", 2 * 1104 },
      { "com.example.ThreadLeak", 2096 },    { "com.example.RecentActivity", 80 },
      { "com.example.SoftOnlyActivity", 0 },
    };
    for (guint k = 0; k < G_N_ELEMENTS (retained); k++)
      {
        g_autoptr (HsClassRow) row = row_at (model, find_class_row (model, retained[k].name));
        g_assert_cmpuint (hs_class_row_get_value (row, HS_CLASS_COLUMN_RETAINED), ==, retained[k].retained);
      }
  }
}

/* Every column in both orders: the sort reported, the rows in order, and
 * the first row's value the extreme one of the engine's arrays. */
static void
check_sorting (HsClassesView *view, HsAnalysis *a)
{
  GListModel *model = hs_classes_view_get_class_model (view);
  guint n = g_list_model_get_n_items (model);

  for (HsClassColumn column = 0; column < HS_CLASS_N_COLUMNS; column++)
    for (int o = 0; o < 2; o++)
      {
        GtkSortType order = o == 0 ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING;
        HsClassColumn got_column;
        GtkSortType got_order;

        hs_classes_view_sort_by_column (view, column, order);
        g_assert_true (ui_wait_until (classes_not_sorting, view, 30000));
        hs_classes_view_get_sort (view, &got_column, &got_order);
        g_assert_cmpint (got_column, ==, column);
        g_assert_cmpint (got_order, ==, order);
        g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);
        for (guint i = 1; i < n; i++)
          {
            g_autoptr (HsClassRow) p = row_at (model, i - 1);
            g_autoptr (HsClassRow) q = row_at (model, i);
            int c = 0;
            if (column != HS_CLASS_COLUMN_NAME)
              {
                guint64 vp = hs_class_row_get_value (p, column), vq = hs_class_row_get_value (q, column);
                c = vp < vq ? -1 : vp > vq;
              }
            if (c == 0)
              c = strcmp (hs_class_row_get_name (p), hs_class_row_get_name (q));
            if (order == GTK_SORT_ASCENDING ? c > 0 : c < 0)
              g_error ("column %d order %d: rows %u (%s) and %u (%s) out of order", column, order, i - 1,
                       hs_class_row_get_name (p), i, hs_class_row_get_name (q));
          }
        if (column != HS_CLASS_COLUMN_NAME)
          {
            g_autoptr (HsClassRow) first = row_at (model, 0);
            guint64 best = ui_class_value (a, 0, column);
            for (HsClass c = 1; c < hs_heap_n_classes (a->heap); c++)
              {
                guint64 v = ui_class_value (a, c, column);
                best = order == GTK_SORT_ASCENDING ? MIN (best, v) : MAX (best, v);
              }
            g_assert_cmpuint (hs_class_row_get_value (first, column), ==, best);
          }
      }
}

/* The generator's classes under the filter "com.example.": first rows of
 * some sorts follow from the planted counts and sizes. */
static void
check_planted_order (HsClassesView *view)
{
  GListModel *model = hs_classes_view_get_class_model (view);

  hs_classes_view_set_filter (view, "com.example.");
  /* 3000 Users, then 2002 Nodes: no other planted class has more. */
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_COUNT, GTK_SORT_DESCENDING);
  g_assert_cmpstr (name_at (model, 0), ==, "com.example.User");
  g_assert_cmpstr (name_at (model, 1), ==, "com.example.Node");
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_SHALLOW, GTK_SORT_DESCENDING);
  g_assert_cmpstr (name_at (model, 0), ==, "com.example.User");
  g_assert_cmpstr (name_at (model, 1), ==, "com.example.Node");
  /* Scenarios.java's classes by name: App first, User last. */
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_NAME, GTK_SORT_ASCENDING);
  g_assert_cmpstr (name_at (model, 0), ==, "com.example.App");
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_NAME, GTK_SORT_DESCENDING);
  g_assert_cmpstr (name_at (model, 0), ==, "com.example.User");
  /* Reachable ascending: the one unreachable-only class, the
   * SoftOnlyActivity, has 0 reachable, as have classes without instances;
   * unreachable descending: it comes first (the only one with 1). */
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_UNREACHABLE, GTK_SORT_DESCENDING);
  g_assert_cmpstr (name_at (model, 0), ==, "com.example.SoftOnlyActivity");
  hs_classes_view_set_filter (view, NULL);
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_RETAINED, GTK_SORT_DESCENDING);
}

/* The sort state follows the column view's sorter, not only the view's own
 * sort_by_column: sort through the GtkColumnView itself, as its header
 * does. */
static void
check_sort_state_from_header (HsClassesView *view)
{
  GtkColumnView *cv = GTK_COLUMN_VIEW (ui_find_child (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW));
  GListModel *columns = gtk_column_view_get_columns (cv);
  HsClassColumn got_column;
  GtkSortType got_order;

  g_assert_cmpuint (g_list_model_get_n_items (columns), ==, HS_CLASS_N_COLUMNS);
  for (HsClassColumn c = 0; c < HS_CLASS_N_COLUMNS; c++)
    for (int o = 0; o < 2; o++)
      {
        g_autoptr (GtkColumnViewColumn) column = g_list_model_get_item (columns, c);
        GtkSortType order = o == 0 ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING;

        gtk_column_view_sort_by_column (cv, column, order);
        hs_classes_view_get_sort (view, &got_column, &got_order);
        g_assert_cmpint (got_column, ==, c);
        g_assert_cmpint (got_order, ==, order);
      }
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_RETAINED, GTK_SORT_DESCENDING);
}

static gboolean
model_has_one (gpointer model)
{
  return g_list_model_get_n_items (model) == 1;
}

static gboolean
model_not_one (gpointer model)
{
  return g_list_model_get_n_items (model) != 1;
}

static void
check_filter (HsClassesView *view, HsAnalysis *a)
{
  GListModel *model = hs_classes_view_get_class_model (view);
  guint total = hs_heap_n_classes (a->heap), expected = 0;
  g_autofree char *status = NULL;

  /* Case-insensitive: the planted class alone. */
  hs_classes_view_set_filter (view, "leakedACTIVITY");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1);
  g_assert_cmpstr (name_at (model, 0), ==, "com.example.LeakedActivity");
  status = g_strdup_printf ("1 of %u classes", total);
  g_assert_true (g_str_has_prefix (hs_classes_view_get_status (view), status));

  /* "com.example.": as many rows as class names with it, counted over
   * the engine's class names. */
  for (HsClass c = 0; c < total; c++)
    if (strstr (hs_class_name (a->heap, c), "com.example.") != NULL)
      expected++;
  hs_classes_view_set_filter (view, "com.example.");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, expected);
  g_assert_cmpuint (expected, <, total);
  g_assert_cmpuint (find_class_row (model, "leakcanary.KeyedWeakReference"), ==, G_MAXUINT);
  g_assert_cmpuint (find_class_row (model, "com.example.User"), !=, G_MAXUINT);

  hs_classes_view_set_filter (view, "no class has this name");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  hs_classes_view_set_filter (view, "");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, total);
  g_free (status);
  status = g_strdup_printf ("%u classes", total);
  g_assert_true (g_str_has_prefix (hs_classes_view_get_status (view), status));

  /* Find: the focus goes to the filter entry, typing there filters. */
  {
    GtkWidget *entry = ui_find_child (GTK_WIDGET (view), GTK_TYPE_SEARCH_ENTRY);
    GtkWidget *focus;

    hs_classes_view_focus_filter (view);
    focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (view)));
    g_assert_nonnull (focus);
    g_assert_true (focus == entry || gtk_widget_is_ancestor (focus, entry));
    gtk_editable_set_text (GTK_EDITABLE (entry), "com.example.LeakedActivity");
    /* The entry reports its text after a short delay. */
    g_assert_true (ui_wait_until (model_has_one, model, 10000));
    g_assert_cmpstr (name_at (model, 0), ==, "com.example.LeakedActivity");
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
    g_assert_true (ui_wait_until (model_not_one, model, 10000));
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, total);
  }
}

static gboolean
instances_found (gpointer data)
{
  return !hs_classes_view_instances_pending (data);
}

/* Selects the class by name (as a click) and waits for its instances. */
static GListModel *
select_and_wait (HsClassesView *view, const char *name)
{
  GListModel *model = hs_classes_view_get_class_model (view);
  guint i = find_class_row (model, name);
  GListModel *inst;

  g_assert_cmpuint (i, !=, G_MAXUINT);
  hs_classes_view_select_class (view, i);
  /* Found on a worker: nothing listed until then. */
  g_assert_true (hs_classes_view_instances_pending (view));
  g_assert_null (hs_classes_view_get_instances (view));
  g_assert_true (ui_wait_until (instances_found, view, 30000));
  inst = hs_classes_view_get_instances (view);
  g_assert_nonnull (inst);
  return inst;
}

static void
check_instances (HsClassesView *view, HsAnalysis *a)
{
  GListModel *model = hs_classes_view_get_class_model (view);
  GListModel *inst;
  guint n;

  g_assert_null (hs_classes_view_get_instances (view));
  g_assert_cmpuint (hs_classes_view_get_instances_class (view), ==, HS_CLASS_NONE);

  /* README: 3000 Users of 32 bytes each, largest retained first. */
  inst = select_and_wait (view, "com.example.User");
  g_assert_cmpuint (hs_classes_view_get_instances_class (view), ==,
                    hs_heap_find_class (a->heap, "com.example.User"));
  n = g_list_model_get_n_items (inst);
  g_assert_cmpuint (n, ==, 3000);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (HsObjectRow) q = g_list_model_get_item (inst, i);
      HsObj o = hs_object_row_get_obj (q);
      g_assert_cmpstr (hs_heap_object_class_name (a->heap, o), ==, "com.example.User");
      g_assert_cmpuint (hs_object_row_get_shallow (q), ==, 32);
      g_assert_cmpuint (hs_object_row_get_retained (q), ==, hs_dom_tree_retained (a->dom, o));
      if (i > 0)
        {
          g_autoptr (HsObjectRow) p = g_list_model_get_item (inst, i - 1);
          g_assert_cmpuint (hs_object_row_get_retained (p), >=, hs_object_row_get_retained (q));
        }
    }

  /* A sort moves the selected row: the list stays, not searched again;
   * activating the class listed keeps it too. */
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_NAME, GTK_SORT_ASCENDING);
  g_assert_true (ui_wait_until (classes_not_sorting, view, 30000));
  g_assert_false (hs_classes_view_instances_pending (view));
  g_assert_true (hs_classes_view_get_instances (view) == inst);
  hs_classes_view_show_instances (view, find_class_row (model, "com.example.User"));
  g_assert_false (hs_classes_view_instances_pending (view));
  g_assert_true (hs_classes_view_get_instances (view) == inst);
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_RETAINED, GTK_SORT_DESCENDING);

  /* README: two LeakedActivity, each retaining 1104 bytes. */
  inst = select_and_wait (view, "com.example.LeakedActivity");
  g_assert_cmpuint (g_list_model_get_n_items (inst), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (HsObjectRow) q = g_list_model_get_item (inst, i);
      g_assert_cmpuint (hs_object_row_get_retained (q), ==, 1104);
      g_assert_cmpuint (hs_object_row_get_shallow (q), ==, 32);
    }
  /* No instance of CollectedActivity is in the dump. */
  inst = select_and_wait (view, "com.example.CollectedActivity");
  g_assert_cmpuint (g_list_model_get_n_items (inst), ==, 0);
}

/* Activating an instance row activates win.inspect with its object;
 * selecting one, win.select-object. */
static void
check_instance_actions (HsClassesView *view, Activations *act)
{
  HsObjectColumnView *table
      = HS_OBJECT_COLUMN_VIEW (ui_find_child (GTK_WIDGET (view), HS_TYPE_OBJECT_COLUMN_VIEW));
  GListModel *inst = select_and_wait (view, "com.example.LeakedActivity");
  g_autoptr (HsObjectRow) second = g_list_model_get_item (inst, 1);
  GtkWidget *cv = ui_find_child (GTK_WIDGET (table), GTK_TYPE_COLUMN_VIEW);
  guint n_select = act->n_select;
  gboolean tree = TRUE;

  g_assert_true (hs_object_column_view_get_model (table) == inst);
  g_object_get (table, "tree", &tree, NULL);
  g_assert_false (tree);
  g_assert_cmpuint (hs_object_column_view_get_selected (table), ==, HS_OBJ_NONE);
  hs_object_column_view_select (table, 1);
  g_assert_cmpuint (hs_object_column_view_get_selected (table), ==, hs_object_row_get_obj (second));
  g_assert_cmpuint (act->n_select, ==, n_select + 1);
  g_assert_cmpuint (act->selected, ==, hs_object_row_get_obj (second));
  g_signal_emit_by_name (cv, "activate", 1);
  g_assert_cmpuint (act->n_inspect, ==, 1);
  g_assert_cmpuint (act->inspected, ==, hs_object_row_get_obj (second));
  /* Activating a row that is not the selected one (Enter on the focused
   * row, as after "show more" in a paged list) inspects that row. */
  {
    g_autoptr (HsObjectRow) first = g_list_model_get_item (inst, 0);
    g_signal_emit_by_name (cv, "activate", 0);
    g_assert_cmpuint (act->n_inspect, ==, 2);
    g_assert_cmpuint (act->inspected, ==, hs_object_row_get_obj (first));
  }
}

static void
test_classes (void)
{
  HsLoader *loader = sample_loader ();
  HsAnalysis *a = hs_loader_get_analysis (loader);
  HsClassesView *view = HS_CLASSES_VIEW (hs_classes_view_new ());
  Activations act = { 0 };
  GtkWidget *window = window_with (GTK_WIDGET (view), &act);
  GListModel *model = hs_classes_view_get_class_model (view);
  HsClassColumn column;
  GtkSortType order;

  g_assert_cmpstr (hs_view_get_name (HS_VIEW (view)), ==, "classes");
  g_assert_true (hs_view_get_needs_analysis (HS_VIEW (view)));
  /* No dump: an empty table; the default sort, largest retained first. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  hs_classes_view_get_sort (view, &column, &order);
  g_assert_cmpint (column, ==, HS_CLASS_COLUMN_RETAINED);
  g_assert_cmpint (order, ==, GTK_SORT_DESCENDING);

  hs_view_set_loader (HS_VIEW (view), loader);
  g_assert_false (hs_view_is_filled (HS_VIEW (view)));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  g_assert_true (hs_view_ensure_filled (HS_VIEW (view)));
  g_assert_false (hs_view_ensure_filled (HS_VIEW (view)));
  g_assert_true (ui_wait_until (has_items, &(ItemsWait){ model, hs_heap_n_classes (a->heap) }, 30000));

  /* One row per class of the dump. */
  g_assert_true (hs_classes_view_get_class_model (view) == model);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, hs_heap_n_classes (a->heap));
  check_expected_classes (model);
  check_sorting (view, a);
  check_sort_state_from_header (view);
  check_planted_order (view);
  check_filter (view, a);
  check_instances (view, a);
  check_instance_actions (view, &act);

  /* Forgetting the dump empties the view and its instance list. */
  hs_view_set_loader (HS_VIEW (view), NULL);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  g_assert_null (hs_classes_view_get_instances (view));
  g_assert_false (hs_classes_view_instances_pending (view));
  g_assert_cmpstr (hs_classes_view_get_status (view), ==, "");
  g_assert_false (hs_view_ensure_filled (HS_VIEW (view)));
  window_close (window);
}

/* A class's instances still being found when the view goes away, or gets
 * another dump: the result is dropped. */
static void
test_classes_instances_dropped (void)
{
  HsLoader *loader = sample_loader ();
  HsClassesView *view = HS_CLASSES_VIEW (hs_classes_view_new ());
  Activations act = { 0 };
  GtkWidget *window = window_with (GTK_WIDGET (view), &act);
  GListModel *model;

  hs_view_set_loader (HS_VIEW (view), loader);
  model = hs_classes_view_get_class_model (view);
  hs_classes_view_select_class (view, find_class_row (model, "com.example.User"));
  g_assert_true (hs_classes_view_instances_pending (view));
  /* The same dump again: cleared, to be filled on the next visit. */
  hs_view_set_loader (HS_VIEW (view), loader);
  g_assert_false (hs_classes_view_instances_pending (view));
  ui_iterate (500);
  g_assert_null (hs_classes_view_get_instances (view));
  g_assert_cmpuint (hs_classes_view_get_instances_class (view), ==, HS_CLASS_NONE);
  /* Not filled again until asked. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  g_assert_true (hs_classes_view_get_class_model (view) == model);
  g_assert_cmpuint (g_list_model_get_n_items (model), >, 0);

  /* Gone while its instances are being found. */
  hs_classes_view_select_class (view, find_class_row (model, "com.example.User"));
  g_assert_true (hs_classes_view_instances_pending (view));
  {
    /* The worker holds the instances pane until it ends: the pane
     * finalized, its result was dropped without the view. */
    gboolean pane_gone = FALSE;
    g_object_weak_ref (G_OBJECT (ui_find_child (GTK_WIDGET (view), HS_TYPE_INSTANCES_PANE)),
                       on_pane_finalized, &pane_gone);
    window_close (window);
    g_assert_true (ui_wait_until (flag_set, &pane_gone, 60000));
  }
}

/* --- dominator tree ----------------------------------------------------- */

static HsObjectRow *
tree_row (GListModel *model, guint i, guint *depth, GtkTreeListRow **out_row)
{
  g_autoptr (GtkTreeListRow) row = g_list_model_get_item (model, i);
  if (depth != NULL)
    *depth = gtk_tree_list_row_get_depth (row);
  if (out_row != NULL)
    *out_row = g_object_ref (row);
  return gtk_tree_list_row_get_item (row);
}

/* The position of obj among the rows of depth depth, or G_MAXUINT. */
static guint
find_tree_row (GListModel *model, HsObj obj)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (HsObjectRow) r = tree_row (model, i, NULL, NULL);
      if (hs_object_row_get_obj (r) == obj)
        return i;
    }
  return G_MAXUINT;
}

static HsObj
class_object (HsAnalysis *a, const char *name)
{
  HsClass c = hs_heap_find_class (a->heap, name);
  g_assert_cmpuint (c, !=, HS_CLASS_NONE);
  return hs_class_object (a->heap, c);
}

/* Expands the row of obj and returns its children's objects and retained
 * sizes, checking they are one level down, largest first. */
static GArray *
expand (GListModel *model, HsObj obj, guint64 *out_parent_retained)
{
  guint i = find_tree_row (model, obj), depth, n_before = g_list_model_get_n_items (model);
  g_autoptr (GtkTreeListRow) row = NULL;
  g_autoptr (HsObjectRow) parent = NULL;
  GArray *children = g_array_new (FALSE, FALSE, sizeof (HsObj));
  guint64 prev = G_MAXUINT64;

  g_assert_cmpuint (i, !=, G_MAXUINT);
  parent = tree_row (model, i, &depth, &row);
  *out_parent_retained = hs_object_row_get_retained (parent);
  g_assert_true (gtk_tree_list_row_is_expandable (row));
  gtk_tree_list_row_set_expanded (row, TRUE);
  for (guint j = i + 1; j < g_list_model_get_n_items (model); j++)
    {
      guint d;
      g_autoptr (HsObjectRow) r = tree_row (model, j, &d, NULL);
      HsObj o = hs_object_row_get_obj (r);
      if (d <= depth)
        break;
      if (d > depth + 1)
        continue;
      g_assert_cmpuint (hs_object_row_get_retained (r), <=, prev);
      prev = hs_object_row_get_retained (r);
      g_array_append_val (children, o);
    }
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n_before + children->len);
  return children;
}

static void
test_dominators (void)
{
  HsLoader *loader = sample_loader ();
  HsAnalysis *a = hs_loader_get_analysis (loader);
  HsDominatorsView *view = HS_DOMINATORS_VIEW (hs_dominators_view_new ());
  Activations act = { 0 };
  GtkWidget *window = window_with (GTK_WIDGET (view), &act);
  GListModel *model;
  gsize n_roots = 0;
  guint64 top = 0, r;
  HsObj app, holder;
  g_autoptr (GArray) holder_children = NULL;
  g_autoptr (GArray) app_children = NULL;
  gboolean chain = FALSE, cycle = FALSE;

  g_assert_cmpstr (hs_view_get_name (HS_VIEW (view)), ==, "dominators");
  g_assert_null (hs_dominators_view_get_model (view));
  /* Every row at once (pages: test-dom-paging.c): the checks below walk
   * whole lists of the sample's 2,834 top-level entries. */
  hs_dominators_view_set_page_size (view, 0);
  hs_view_set_loader (HS_VIEW (view), loader);
  g_assert_false (hs_view_is_filled (HS_VIEW (view)));
  g_assert_true (hs_view_ensure_filled (HS_VIEW (view)));
  g_assert_true (ui_wait_until (dom_filled, view, 30000));
  model = G_LIST_MODEL (hs_dominators_view_get_model (view));
  g_assert_nonnull (model);
  g_assert_true (strstr (hs_dominators_view_get_summary (view), "top-level dominators") != NULL);

  /* The top level: every object the virtual root dominates, the largest
   * retained size first (the maximum over those, from the engine). */
  hs_dom_tree_children (a->dom, a->dom->n, &n_roots);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n_roots);
  for (guint i = 0; i < n_roots; i++)
    {
      g_autoptr (HsObjectRow) row = tree_row (model, i, NULL, NULL);
      guint64 v = hs_object_row_get_retained (row);
      if (i > 0)
        g_assert_cmpuint (v, <=, top);
      top = MAX (top, v);
    }
  {
    const HsObj *roots = hs_dom_tree_children (a->dom, a->dom->n, NULL);
    guint64 best = 0;
    g_autoptr (HsObjectRow) first = tree_row (model, 0, NULL, NULL);
    for (gsize i = 0; i < n_roots; i++)
      best = MAX (best, hs_dom_tree_retained (a->dom, roots[i]));
    g_assert_cmpuint (hs_object_row_get_retained (first), ==, best);
  }

  /* expected-sample.json: the class object com.example.LeakHolder (a
   * sticky-class root, so at the top level) retains 2272 bytes, through
   * its static ArrayList retaining 2264. */
  holder = class_object (a, "com.example.LeakHolder");
  holder_children = expand (model, holder, &r);
  g_assert_cmpuint (r, ==, 2272);
  g_assert_cmpuint (holder_children->len, ==, 1);
  g_assert_cmpuint (hs_dom_tree_retained (a->dom, g_array_index (holder_children, HsObj, 0)), ==, 2264);
  g_assert_cmpstr (hs_heap_object_class_name (a->heap, g_array_index (holder_children, HsObj, 0)), ==,
                   "java.util.ArrayList");

  /* The class object com.example.App holds every User and Node (README:
   * 96000 + 48048 bytes at least) and directly dominates the chain's head
   * (retains 48000) and a Node of the cycle (48). */
  app = class_object (a, "com.example.App");
  app_children = expand (model, app, &r);
  g_assert_cmpuint (r, >=, 96000 + 48048);
  for (guint i = 0; i < app_children->len; i++)
    {
      HsObj o = g_array_index (app_children, HsObj, i);
      if (g_strcmp0 (hs_heap_object_class_name (a->heap, o), "com.example.Node") != 0)
        continue;
      chain |= hs_dom_tree_retained (a->dom, o) == 48000 && hs_dom_tree_retained_count (a->dom, o) == 2000;
      cycle |= hs_dom_tree_retained (a->dom, o) == 48 && hs_dom_tree_retained_count (a->dom, o) == 2;
    }
  g_assert_true (chain);
  g_assert_true (cycle);

  /* Activating a row inspects its object. */
  {
    HsObjectColumnView *table
        = HS_OBJECT_COLUMN_VIEW (ui_find_child (GTK_WIDGET (view), HS_TYPE_OBJECT_COLUMN_VIEW));
    GtkWidget *cv = ui_find_child (GTK_WIDGET (table), GTK_TYPE_COLUMN_VIEW);
    guint i = find_tree_row (model, holder);
    gboolean tree = FALSE;

    g_object_get (table, "tree", &tree, NULL);
    g_assert_true (tree);
    hs_object_column_view_select (table, i);
    g_assert_cmpuint (act.selected, ==, holder);
    g_signal_emit_by_name (cv, "activate", i);
    g_assert_cmpuint (act.n_inspect, ==, 1);
    g_assert_cmpuint (act.inspected, ==, holder);
  }

  hs_view_set_loader (HS_VIEW (view), NULL);
  g_assert_null (hs_dominators_view_get_model (view));
  window_close (window);
}

/* --- treemap ------------------------------------------------------------ */

static gboolean
treemap_laid_out (gpointer data)
{
  HsTreemapWidget *treemap = data;
  return !hs_treemap_widget_is_computing (treemap) && hs_treemap_widget_get_n_rects (treemap) > 10;
}

static void
test_treemap (void)
{
  HsLoader *loader = sample_loader ();
  HsAnalysis *a = hs_loader_get_analysis (loader);
  HsTreemapView *view = HS_TREEMAP_VIEW (hs_treemap_view_new ());
  Activations act = { 0 };
  GtkWidget *window = window_with (GTK_WIDGET (view), &act);
  HsTreemapWidget *treemap = HS_TREEMAP_WIDGET (ui_find_child (GTK_WIDGET (view), HS_TYPE_TREEMAP_WIDGET));
  HsObj app = class_object (a, "com.example.App");
  HsObj node = HS_OBJ_NONE;
  const guint64 *path;
  guint n;

  g_assert_cmpstr (hs_view_get_name (HS_VIEW (view)), ==, "treemap");
  g_assert_cmpuint (hs_treemap_view_get_n_crumbs (view), ==, 0);
  hs_view_set_loader (HS_VIEW (view), loader);
  g_assert_true (hs_view_ensure_filled (HS_VIEW (view)));
  g_assert_true (ui_wait_until (treemap_laid_out, treemap, 30000));

  /* The whole heap: one crumb. */
  g_assert_cmpuint (hs_treemap_view_get_n_crumbs (view), ==, 1);
  g_assert_cmpstr (hs_treemap_view_get_crumb_label (view, 0), ==, "All Objects");
  g_assert_null (hs_treemap_view_get_crumb_label (view, 1));

  /* Into the 10th Node of App.chain (README: the head is held by the
   * static, each Node by the one before): the path is the root, App, then
   * ten Nodes; past 8 steps the crumbs are the first two and the last
   * four. */
  {
    const HsObj *children;
    gsize nc = 0;
    children = hs_dom_tree_children (a->dom, app, &nc);
    for (gsize i = 0; i < nc && node == HS_OBJ_NONE; i++)
      if (hs_dom_tree_retained (a->dom, children[i]) == 48000
          && g_strcmp0 (hs_heap_object_class_name (a->heap, children[i]), "com.example.Node") == 0)
        node = children[i];
    g_assert_cmpuint (node, !=, HS_OBJ_NONE);
    for (guint k = 1; k < 10; k++)
      {
        children = hs_dom_tree_children (a->dom, node, &nc);
        g_assert_cmpuint (nc, ==, 1);
        node = children[0];
      }
  }
  hs_treemap_widget_zoom_into (treemap, node);
  path = hs_treemap_widget_get_path (treemap, &n);
  g_assert_cmpuint (n, ==, 12);
  g_assert_cmpuint (path[1], ==, app);
  g_assert_cmpuint (path[11], ==, node);
  g_assert_cmpuint (hs_treemap_view_get_n_crumbs (view), ==, 6);
  g_assert_cmpstr (hs_treemap_view_get_crumb_label (view, 0), ==, "All Objects");
  g_assert_cmpstr (hs_treemap_view_get_crumb_label (view, 1), ==, "App");
  for (guint i = 2; i < 6; i++)
    g_assert_cmpstr (hs_treemap_view_get_crumb_label (view, i), ==, "Node");
  g_assert_null (hs_treemap_view_get_crumb_label (view, 6));

  /* Crumb 1 zooms back to App, crumb 0 to the whole heap. */
  hs_treemap_view_activate_crumb (view, 1);
  hs_treemap_widget_get_path (treemap, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (hs_treemap_view_get_n_crumbs (view), ==, 2);
  g_assert_cmpstr (hs_treemap_view_get_crumb_label (view, 1), ==, "App");
  hs_treemap_view_activate_crumb (view, 0);
  hs_treemap_widget_get_path (treemap, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (hs_treemap_view_get_n_crumbs (view), ==, 1);

  /* The treemap's inspect (a right click) becomes win.inspect. */
  g_signal_emit_by_name (treemap, "inspect", (guint64)app);
  g_assert_cmpuint (act.n_inspect, ==, 1);
  g_assert_cmpuint (act.inspected, ==, app);

  hs_view_set_loader (HS_VIEW (view), NULL);
  g_assert_cmpuint (hs_treemap_view_get_n_crumbs (view), ==, 0);
  window_close (window);
}

/* An array's length as the window says it: grouped by thousands (the C
 * locale the tests run in has no separator: a comma) and with the noun's
 * number. The sample holds byte[8192] (its ImageCache's buffers). */
static void
test_describe_counts (void)
{
  HsAnalysis *a = hs_loader_get_analysis (sample_loader ());
  HsHeap *heap = a->heap;
  HsObj big = HS_OBJ_NONE, one = HS_OBJ_NONE;

  for (HsObj o = 0; o < hs_heap_n_objects (heap); o++)
    {
      HsKind k = hs_heap_object_kind (heap, o);
      if (k != HS_KIND_OBJ_ARRAY && k != HS_KIND_PRIM_ARRAY)
        continue;
      if (hs_heap_array_length (heap, o) >= 1000 && k == HS_KIND_PRIM_ARRAY
          && hs_heap_array_elem_type (heap, o) != HS_TYPE_CHAR && big == HS_OBJ_NONE)
        big = o;
      if (hs_heap_array_length (heap, o) == 1 && k == HS_KIND_OBJ_ARRAY && one == HS_OBJ_NONE)
        one = o;
    }
  g_assert_cmpuint (big, !=, HS_OBJ_NONE);
  {
    guint32 n = hs_heap_array_length (heap, big);
    g_autofree char *want = g_strdup_printf ("%u,%03u items", n / 1000, n % 1000);
    g_autofree char *got = hs_describe_object (heap, big);
    g_assert_cmpuint (n, <, 1000000);
    g_assert_cmpstr (got, ==, want);
  }
  if (one != HS_OBJ_NONE)
    {
      g_autofree char *got = hs_describe_object (heap, one);
      g_assert_cmpstr (got, ==, "1 item");
    }
  {
    g_autofree char *grouped = hs_format_count (262144);
    g_assert_cmpstr (grouped, ==, "262,144");
  }
}

int
main (int argc, char *argv[])
{
  int ret;

  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/views/classes", test_classes);
  g_test_add_func ("/views/classes-instances-dropped", test_classes_instances_dropped);
  g_test_add_func ("/views/dominators", test_dominators);
  g_test_add_func ("/views/treemap", test_treemap);
  g_test_add_func ("/views/describe-counts", test_describe_counts);
  ret = g_test_run ();
  g_clear_object (&sample);
  return ret;
}
