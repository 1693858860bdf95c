/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-class-group-model.c: HsClassGroupModel on its own, on
 * tests/cli/groupsdump.py's dump (its docstring gives every sum):
 * - a grouping asked while another runs: the first is cancelled, and only
 *   the last one's rows are shown, with one items-changed; busy is TRUE
 *   meanwhile and notified when done;
 * - a filter regroups the classes that match, again with one
 *   items-changed;
 * - a sort orders the top level and changes every row;
 * - disposed while busy: the grouping is cancelled and its rows never
 *   come. */
#include "config.h"
#include "ui-util.h"
#include "hs-class-group-model.h"

static const char *dump_path;

typedef struct
{
  guint items_changed;
  guint removed, added;
} Changes;

static void
on_items_changed (GListModel *model, guint position, guint removed, guint added, Changes *changes)
{
  changes->items_changed++;
  changes->removed = removed;
  changes->added = added;
}

static gboolean
not_busy (gpointer data)
{
  return !hs_class_group_model_get_busy (data);
}

/* Only the task's own reference is left: it has called back. */
static gboolean
task_gone (gpointer data)
{
  return G_OBJECT (data)->ref_count == 1;
}

static void
assert_top (HsClassGroupModel *model, guint i, const char *name, guint64 count, guint64 retained)
{
  g_autoptr (HsClassGroupRow) row = g_list_model_get_item (G_LIST_MODEL (model), i);

  g_assert_nonnull (row);
  g_assert_cmpstr (hs_class_group_row_get_name (row), ==, name);
  g_assert_cmpuint (hs_class_group_row_get_value (row, HS_CLASS_COLUMN_COUNT), ==, count);
  g_assert_cmpuint (hs_class_group_row_get_value (row, HS_CLASS_COLUMN_RETAINED), ==, retained);
}

static void
test_last_request_wins (void)
{
  g_autoptr (HsLoader) loader = ui_load_dump (dump_path, 30000);
  g_autoptr (HsClassTable) table = hs_class_table_new (hs_loader_get_analysis (loader), -1, NULL);
  g_autoptr (HsClassGroupModel) model = hs_class_group_model_new ();
  Changes changes = { 0 };
  UiNotifyWatch *busy;

  hs_class_group_model_set_table (model, loader, table);
  /* No grouping: no rows, nothing running. */
  g_assert_false (hs_class_group_model_get_busy (model));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), &changes);

  /* By package, then at once by loader: the package grouping (four rows:
   * com, java, char[], org) must never show. */
  hs_class_group_model_set_grouping (model, HS_CLASS_GROUP_MODEL_BY (HS_CLASS_GROUP_PACKAGE));
  hs_class_group_model_set_grouping (model, HS_CLASS_GROUP_MODEL_BY (HS_CLASS_GROUP_LOADER));
  g_assert_true (hs_class_group_model_get_busy (model));
  g_assert_cmpuint (changes.items_changed, ==, 0);
  busy = ui_notify_watch (model, "busy"); /* busy FALSE when done */
  g_assert_true (ui_notify_wait (busy, 30000));
  g_assert_true (ui_wait_until (not_busy, model, 30000));
  /* Both tasks have called back once the model's only reference is ours. */
  g_assert_true (ui_wait_until (task_gone, model, 30000));
  g_assert_cmpuint (changes.items_changed, ==, 1);
  g_assert_cmpuint (changes.removed, ==, 0);
  g_assert_cmpuint (changes.added, ==, 3);
  /* By retained size: the system loader 17 objects 160 bytes; L1 8 128;
   * L2 3 40 (groupsdump.py). */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);
  assert_top (model, 0, "<system class loader>", 17, 160);
  {
    g_autoptr (HsClassGroupRow) l1 = g_list_model_get_item (G_LIST_MODEL (model), 1);
    g_autoptr (HsClassGroupRow) l2 = g_list_model_get_item (G_LIST_MODEL (model), 2);
    g_assert_cmpuint (hs_class_group_row_get_value (l1, HS_CLASS_COLUMN_COUNT), ==, 8);
    g_assert_cmpuint (hs_class_group_row_get_value (l1, HS_CLASS_COLUMN_RETAINED), ==, 128);
    g_assert_cmpuint (hs_class_group_row_get_value (l2, HS_CLASS_COLUMN_COUNT), ==, 3);
    g_assert_cmpuint (hs_class_group_row_get_value (l2, HS_CLASS_COLUMN_RETAINED), ==, 40);
  }

  /* A filter: only the classes of com.example.app.model (Base, Item,
   * SpecialItem, all of L1: 7 objects, 112 bytes retained); then the
   * filter dropped and a package grouping asked at once: only the
   * packages show. */
  changes.items_changed = 0;
  hs_class_group_model_set_filter (model, "MODEL.");
  g_assert_cmpstr (hs_class_group_model_get_filter (model), ==, "model.");
  g_assert_true (hs_class_group_model_get_busy (model));
  g_assert_true (ui_wait_until (not_busy, model, 30000));
  g_assert_true (ui_wait_until (task_gone, model, 30000));
  g_assert_cmpuint (changes.items_changed, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);
  {
    g_autoptr (HsClassGroupRow) l1 = g_list_model_get_item (G_LIST_MODEL (model), 0);
    g_assert_cmpuint (hs_class_group_row_get_value (l1, HS_CLASS_COLUMN_COUNT), ==, 7);
    g_assert_cmpuint (hs_class_group_row_get_value (l1, HS_CLASS_COLUMN_RETAINED), ==, 112);
  }
  changes.items_changed = 0;
  hs_class_group_model_set_filter (model, NULL);
  hs_class_group_model_set_grouping (model, HS_CLASS_GROUP_MODEL_BY (HS_CLASS_GROUP_PACKAGE));
  g_assert_true (ui_wait_until (not_busy, model, 30000));
  g_assert_true (ui_wait_until (task_gone, model, 30000));
  g_assert_cmpuint (changes.items_changed, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 4);
  assert_top (model, 0, "com", 12, 240);
  assert_top (model, 3, "org", 1, 8);

  /* Sorted by retained size ascending: org 8 first, com 240 last; every
   * row changes, at once. */
  changes.items_changed = 0;
  hs_class_group_model_set_sort (model, HS_CLASS_COLUMN_RETAINED, GTK_SORT_ASCENDING);
  g_assert_false (hs_class_group_model_get_busy (model));
  g_assert_cmpuint (changes.items_changed, ==, 1);
  g_assert_cmpuint (changes.removed, ==, 4);
  g_assert_cmpuint (changes.added, ==, 4);
  assert_top (model, 0, "org", 1, 8);
  assert_top (model, 3, "com", 12, 240);

  /* No grouping: no rows. */
  hs_class_group_model_set_grouping (model, HS_CLASS_GROUP_MODEL_NONE);
  g_assert_false (hs_class_group_model_get_busy (model));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  g_signal_handlers_disconnect_by_data (model, &changes);
  hs_class_group_model_set_table (model, NULL, NULL);
}

static void
test_dispose_while_busy (void)
{
  g_autoptr (HsLoader) loader = ui_load_dump (dump_path, 30000);
  g_autoptr (HsClassTable) table = hs_class_table_new (hs_loader_get_analysis (loader), -1, NULL);
  g_autoptr (HsClassGroupModel) model = hs_class_group_model_new ();

  hs_class_group_model_set_table (model, loader, table);
  hs_class_group_model_set_grouping (model, HS_CLASS_GROUP_MODEL_BY (HS_CLASS_GROUP_PACKAGE));
  g_assert_true (hs_class_group_model_get_busy (model));
  /* As the classes view does when it goes: the task still holds the
   * model, which must drop what it brings. */
  g_object_run_dispose (G_OBJECT (model));
  g_assert_false (hs_class_group_model_get_busy (model));
  g_assert_true (ui_wait_until (task_gone, model, 30000));
  g_assert_null (hs_class_group_model_get_tree (model));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 2);
  dump_path = argv[1];
  g_test_add_func ("/class-group-model/last-request-wins", test_last_request_wins);
  g_test_add_func ("/class-group-model/dispose-while-busy", test_dispose_while_busy);
  return g_test_run ();
}
