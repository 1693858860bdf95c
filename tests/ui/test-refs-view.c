/* SPDX-License-Identifier: GPL-3.0-or-later */
/* UI test of the References view on tests/cli/refsdump.py's heap (its
 * sizes and referrers worked out there): opened from the object menu's
 * action on the Target, its 2,502 referrers a page of 1,000 at a time
 * ("show more" twice), a node expanded to a cycle, the switch to the
 * outgoing references, an array's elements by index with their sizes,
 * a row inspected, and the inspector's links; the tree as shown exported
 * as CSV (the Export button: the columns of `heapscope-cli refs --csv`),
 * saved and read back. */
#include "config.h"

#include <adwaita.h>
#include <locale.h>
#include <string.h>

#include "ui-util.h"
#include "hs-object-menu.h"
#include "hs-refs-view.h"
#include "hs-more-row.h"
#include "hs-refs-list.h"

/* refsdump.py's addresses */
#define ID_T 0x2000
#define ID_ARR 0x3000
#define ID_H0 0x10000
#define ID_H7 0x10070
#define N_REFERRERS 2502 /* the array twice, 2,500 Holders */

static guint
n_rows (HsRefsView *view)
{
  return g_list_model_get_n_items (G_LIST_MODEL (hs_refs_view_get_model (view)));
}

typedef struct
{
  HsRefsView *view;
  guint n;
  guint row;
  const char *text;
} RefsWait;

/* The view is done (not busy) with n rows (0: any), row showing text (if
 * text is set). */
static gboolean
refs_shown (gpointer data)
{
  RefsWait *w = data;
  g_autofree char *got = NULL;

  if (hs_refs_view_is_busy (w->view) || hs_refs_view_get_model (w->view) == NULL)
    return FALSE;
  if (w->n > 0 && n_rows (w->view) != w->n)
    return FALSE;
  if (w->text == NULL)
    return TRUE;
  if (w->row >= n_rows (w->view))
    return FALSE;
  got = hs_refs_view_get_row_text (w->view, w->row);
  return g_strcmp0 (got, w->text) == 0;
}

/* Waits until the view shows its answer: n rows (0: any), row row showing
 * text (NULL: any), none of its lists loading. */
static void
wait_view (HsRefsView *view, guint n, guint row, const char *text)
{
  RefsWait w = { view, n, row, text };

  if (!ui_wait_until (refs_shown, &w, 60000))
    g_error ("the references view shows %u rows, not %u with row %u \"%s\"",
             hs_refs_view_get_model (view) != NULL ? n_rows (view) : 0, n, row, text != NULL ? text : "");
}

typedef struct
{
  HsWindow *window;
  HsObj obj;
} InspectWait;

static gboolean
inspected (gpointer data)
{
  InspectWait *w = data;
  return hs_inspector_get_obj (ui_inspector (w->window)) == w->obj
         && !hs_inspector_is_busy (ui_inspector (w->window));
}

/* Waits until the inspector shows obj. */
static void
wait_inspected (HsWindow *window, HsObj obj)
{
  InspectWait w = { window, obj };
  g_assert_true (ui_wait_until (inspected, &w, 60000));
}

/* A window of refsdump.py's heap, analysed: its References view, the
 * analysis in *a. */
static HsWindow *
open_refs_dump (const char *path, HsAnalysis **a, HsRefsView **view)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HsWindow *window = ui_window_new (NULL, 1400, 900);

  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 60000), ==, HS_LOADER_DONE);
  *a = hs_loader_get_analysis (hs_window_get_loader (window));
  *view = HS_REFS_VIEW (hs_window_get_view_by_name (window, "refs"));
  g_assert_nonnull (*view);
  return window;
}

static void
assert_row (HsRefsView *view, guint i, const char *text)
{
  g_autofree char *got = hs_refs_view_get_row_text (view, i);
  g_assert_cmpstr (got, ==, text);
}

/* "1,000" as the locale groups it. */
static char *
grouped (guint n)
{
  const struct lconv *lc = localeconv ();
  const char *sep = lc->thousands_sep != NULL && *lc->thousands_sep != '\0' ? lc->thousands_sep : ",";
  g_autofree char *digits = g_strdup_printf ("%u", n);
  GString *s = g_string_new (NULL);
  gsize len = strlen (digits);

  for (gsize i = 0; i < len; i++)
    {
      g_string_append_c (s, digits[i]);
      if (i + 1 < len && (len - 1 - i) % 3 == 0)
        g_string_append (s, sep);
    }
  return g_string_free (s, FALSE);
}

static void
assert_more_row (HsRefsView *view, guint i, guint shown, guint total)
{
  g_autofree char *a = grouped (shown), *b = grouped (total);
  g_autofree char *want = g_strdup_printf ("%s of %s shown – show more", a, b);
  assert_row (view, i, want);
}

/* The texts of every inscription below w (the cells drawn). */
static void
collect_cells (GtkWidget *w, GPtrArray *out)
{
  if (GTK_IS_INSCRIPTION (w) && gtk_inscription_get_text (GTK_INSCRIPTION (w)) != NULL)
    g_ptr_array_add (out, g_strdup (gtk_inscription_get_text (GTK_INSCRIPTION (w))));
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    collect_cells (c, out);
}

static gboolean
has_cell (GtkWidget *w, const char *text)
{
  g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
  collect_cells (w, cells);
  for (guint i = 0; i < cells->len; i++)
    if (g_str_equal (g_ptr_array_index (cells, i), text))
      return TRUE;
  return FALSE;
}

static gboolean
menu_has (GMenuModel *menu, const char *action, guint32 target)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr (GVariant) t = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET, NULL);
      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_str_equal (name, action) && t != NULL && g_variant_get_uint32 (t) == target)
        return TRUE;
    }
  return FALSE;
}

/* The view's CSV (write_csv), saved and read back: its header checked,
 * every row as wide. */
static GPtrArray *
view_csv (HsRefsView *view)
{
  static const char *const header[]
      = { "depth", "reference", "kind", "index", "id", "class", "shallow", "retained", "cycle" };
  g_autofree char *csv = ui_view_csv_saved (HS_VIEW (view));
  GPtrArray *rows = ui_csv_read (csv);

  g_assert_cmpuint (rows->len, >, 1);
  for (guint c = 0; c < G_N_ELEMENTS (header); c++)
    g_assert_cmpstr (ui_csv_cell (rows, 0, c), ==, header[c]);
  for (guint r = 0; r < rows->len; r++)
    g_assert_cmpuint (ui_csv_width (rows, r), ==, G_N_ELEMENTS (header));
  return rows;
}

/* Row r of the CSV read back, its cells joined by commas (none of these
 * cells has one). */
static void
assert_csv_row (GPtrArray *rows, guint r, const char *want)
{
  g_autoptr (GString) got = g_string_new (NULL);

  for (guint c = 0; c < ui_csv_width (rows, r); c++)
    g_string_append_printf (got, "%s%s", c > 0 ? "," : "", ui_csv_cell (rows, r, c));
  g_assert_cmpstr (got->str, ==, want);
}

typedef struct
{
  GtkWidget *root;
  const char *text;
} CellWait;

static gboolean
cell_drawn (gpointer data)
{
  CellWait *w = data;
  return has_cell (w->root, w->text);
}

/* The inspector's two links to the References view are shown. */
static gboolean
links_shown (gpointer data)
{
  GtkWidget *all = ui_find_button (data, "All referrers…");
  GtkWidget *out = ui_find_button (data, "Outgoing references…");
  return all != NULL && out != NULL && gtk_widget_get_mapped (all) && gtk_widget_get_mapped (out);
}

static void
activate_row (HsRefsView *view, guint position)
{
  GtkWidget *tree = ui_find_child (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW);
  g_signal_emit_by_name (tree, "activate", position);
}

static void
test_refs_view (gconstpointer data)
{
  HsAnalysis *a;
  HsRefsView *view;
  HsWindow *window = open_refs_dump (data, &a, &view);
  AdwViewStackPage *page;
  HsObj t, arr, h0;

  t = hs_heap_find (a->heap, ID_T);
  arr = hs_heap_find (a->heap, ID_ARR);
  h0 = hs_heap_find (a->heap, ID_H0);
  g_assert_cmpuint (t, !=, HS_OBJ_NONE);
  page = adw_view_stack_get_page (
      ADW_VIEW_STACK (gtk_widget_get_ancestor (GTK_WIDGET (view), ADW_TYPE_VIEW_STACK)), GTK_WIDGET (view));
  /* not in the switcher until asked */
  g_assert_false (adw_view_stack_page_get_visible (page));
  /* the Export button is in the header; nothing to export until asked */
  g_assert_nonnull (ui_find_child (GTK_WIDGET (view), GTK_TYPE_MENU_BUTTON));
  {
    g_autoptr (GString) out = g_string_new (NULL);
    g_assert_false (hs_view_write_csv (HS_VIEW (view), out));
  }

  /* every object menu offers both lists */
  {
    g_autoptr (GMenuModel) menu = hs_object_menu_model (t);
    g_assert_true (menu_has (menu, "win.list-outgoing", t));
    g_assert_true (menu_has (menu, "win.list-incoming", t));
  }

  /* "List Incoming References" on the Target */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.list-incoming", "u", (guint32)t);
  g_assert_cmpstr (hs_window_get_view (window), ==, "refs");
  g_assert_true (adw_view_stack_page_get_visible (page));
  wait_view (view, 1 + 1000 + 1, 3, "target  com.example.Holder@0x10000");
  g_assert_cmpstr (hs_refs_view_get_title (view), ==, "Incoming references of com.example.Target@0x2000");
  g_assert_true (hs_refs_view_get_incoming (view));
  /* the root, the first page of 1,000 referrers (by id: the array twice,
   * then the Holders), the more row */
  assert_row (view, 0, "com.example.Target@0x2000");
  assert_row (view, 1, "[1]  java.lang.Object[]@0x3000  5 items");
  assert_row (view, 2, "[4]  java.lang.Object[]@0x3000  5 items");
  assert_row (view, 3, "target  com.example.Holder@0x10000");
  assert_row (view, 1000, "target  com.example.Holder@0x13e50"); /* Holder 997: 0x10000 + 0x10 * 997 */
  g_assert_cmpuint (n_rows (view), ==, 1 + 1000 + 1);
  assert_more_row (view, 1001, 1000, N_REFERRERS);
  ui_shot (GTK_WIDGET (window), "refs-incoming.png");
  /* exported: the root (depth 0, no reference) and the first page's
   * rows, not the more row; the array's two elements by index, a
   * Holder's field; sizes from refsdump.py (Target 16 retaining itself,
   * the array 32, a Holder 16) */
  {
    g_autoptr (GPtrArray) rows = view_csv (view);
    g_assert_cmpuint (rows->len, ==, 1 + 1 + 1000);
    assert_csv_row (rows, 1, "0,,,,0x2000,com.example.Target,16,16,false");
    assert_csv_row (rows, 2, "1,[1],element,1,0x3000,java.lang.Object[],32,32,false");
    assert_csv_row (rows, 3, "1,[4],element,4,0x3000,java.lang.Object[],32,32,false");
    assert_csv_row (rows, 4, "1,target,field,,0x10000,com.example.Holder,16,16,false");
    assert_csv_row (rows, 1001, "1,target,field,,0x13e50,com.example.Holder,16,16,false");
  }

  /* "show more", twice: every referrer, no more row */
  activate_row (view, 1001);
  wait_view (view, 1 + 2000 + 1, 1001, "target  com.example.Holder@0x13e60");
  g_assert_cmpuint (n_rows (view), ==, 1 + 2000 + 1);
  assert_row (view, 1001, "target  com.example.Holder@0x13e60");
  assert_more_row (view, 2001, 2000, N_REFERRERS);
  activate_row (view, 2001);
  wait_view (view, 1 + N_REFERRERS, N_REFERRERS, "target  com.example.Holder@0x19c30");
  g_assert_cmpuint (n_rows (view), ==, 1 + N_REFERRERS);
  assert_row (view, N_REFERRERS, "target  com.example.Holder@0x19c30"); /* Holder 2,499 */

  /* a node expanded: Holder 0 is a JNI global (its root's row first) and
   * held by Target.peer, the row's own root */
  {
    g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (hs_refs_view_get_model (view), 3);
    g_assert_true (gtk_tree_list_row_is_expandable (row));
    gtk_tree_list_row_set_expanded (row, TRUE);
    wait_view (view, 1 + N_REFERRERS + 2, 5, "peer  com.example.Target@0x2000  (cycle)");
  }
  assert_row (view, 4, "GC root: JNI Global");
  assert_row (view, 5, "peer  com.example.Target@0x2000  (cycle)");
  for (guint i = 4; i <= 5; i++)
    {
      g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (hs_refs_view_get_model (view), i);
      g_assert_false (gtk_tree_list_row_is_expandable (row));
    }
  assert_row (view, 6, "target  com.example.Holder@0x10010");
  /* exported: every referrer, the expanded Holder's own rows below it at
   * depth 2: its root (no object), a cycle */
  {
    g_autoptr (GPtrArray) rows = view_csv (view);
    g_assert_cmpuint (rows->len, ==, 1 + 1 + N_REFERRERS + 2);
    assert_csv_row (rows, 4, "1,target,field,,0x10000,com.example.Holder,16,16,false");
    assert_csv_row (rows, 5, "2,JNI Global,root,,,,,,false");
    assert_csv_row (rows, 6, "2,peer,field,,0x2000,com.example.Target,16,16,true");
    assert_csv_row (rows, 7, "1,target,field,,0x10010,com.example.Holder,16,16,false");
    assert_csv_row (rows, rows->len - 1, "1,target,field,,0x19c30,com.example.Holder,16,16,false");
  }

  /* the switch to the outgoing references */
  {
    GtkWidget *out = ui_find_button (GTK_WIDGET (view), "_Outgoing");
    g_assert_nonnull (out);
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (out), TRUE);
  }
  wait_view (view, 3, 1, "peer  com.example.Holder@0x10000");
  g_assert_false (hs_refs_view_get_incoming (view));
  g_assert_cmpstr (hs_refs_view_get_title (view), ==, "Outgoing references of com.example.Target@0x2000");
  g_assert_cmpuint (n_rows (view), ==, 3);
  assert_row (view, 1, "peer  com.example.Holder@0x10000");
  assert_row (view, 2, "<class>  class com.example.Target@0x1008");

  /* an array's elements by index, with their sizes in the cells */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.list-outgoing", "u", (guint32)arr);
  wait_view (view, 5, 0, "java.lang.Object[]@0x3000  5 items");
  g_assert_cmpuint (n_rows (view), ==, 5);
  assert_row (view, 0, "java.lang.Object[]@0x3000  5 items");
  assert_row (view, 1, "[1]  com.example.Target@0x2000");
  assert_row (view, 2, "[3]  com.example.Holder@0x10070");
  assert_row (view, 3, "[4]  com.example.Target@0x2000");
  assert_row (view, 4, "<class>  class java.lang.Object[]@0x1018");
  /* The cells are drawn once the table lays the new rows out. */
  g_assert_true (
      ui_wait_until (cell_drawn, &(CellWait){ GTK_WIDGET (view), "[3]  com.example.Holder@0x10070" }, 10000));
  g_assert_true (has_cell (GTK_WIDGET (view), "[3]  com.example.Holder@0x10070"));
  g_assert_true (has_cell (GTK_WIDGET (view), "32 B")); /* the array's shallow and retained */
  g_assert_true (has_cell (GTK_WIDGET (view), "16 B")); /* a Holder's */
  /* exported as `heapscope-cli refs --csv refs.hprof 0x3000 --depth 1`
   * writes it (a class object's own class and sizes as the CLI has them) */
  {
    g_autofree char *csv = ui_view_csv_saved (HS_VIEW (view));
    g_assert_cmpstr (csv, ==,
                     "depth,reference,kind,index,id,class,shallow,retained,cycle\n"
                     "0,,,,0x3000,java.lang.Object[],32,32,false\n"
                     "1,[1],element,1,0x2000,com.example.Target,16,16,false\n"
                     "1,[3],element,3,0x10070,com.example.Holder,16,16,false\n"
                     "1,[4],element,4,0x2000,com.example.Target,16,16,false\n"
                     "1,<class>,class,,0x1018,class java.lang.Object[],0,0,false\n");
  }
  ui_shot (GTK_WIDGET (window), "refs-outgoing.png");

  /* a row activated is inspected */
  activate_row (view, 2);
  wait_inspected (window, hs_heap_find (a->heap, ID_H7));
  g_assert_cmpuint (hs_inspector_get_obj (ui_inspector (window)), ==, hs_heap_find (a->heap, ID_H7));

  /* the inspector's links: every referrer of the object it shows */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.inspect", "u", (guint32)h0);
  wait_inspected (window, h0);
  g_assert_true (ui_wait_until (links_shown, ui_inspector (window), 10000));
  {
    GtkWidget *all = ui_find_button (GTK_WIDGET (ui_inspector (window)), "All referrers…");
    GtkWidget *out = ui_find_button (GTK_WIDGET (ui_inspector (window)), "Outgoing references…");
    g_assert_nonnull (all);
    g_assert_nonnull (out);
    g_assert_true (gtk_widget_get_mapped (all));
    ui_shot (GTK_WIDGET (window), "refs-inspector.png");
    g_signal_emit_by_name (all, "clicked");
    wait_view (view, 0, 2, "peer  com.example.Target@0x2000");
    g_assert_cmpstr (hs_refs_view_get_title (view), ==, "Incoming references of com.example.Holder@0x10000");
    assert_row (view, 1, "GC root: JNI Global");
    assert_row (view, 2, "peer  com.example.Target@0x2000");
    g_signal_emit_by_name (out, "clicked");
    wait_view (view, 0, 2, "<class>  class com.example.Holder@0x1010");
    g_assert_cmpstr (hs_refs_view_get_title (view), ==, "Outgoing references of com.example.Holder@0x10000");
    assert_row (view, 1, "target  com.example.Target@0x2000");
    assert_row (view, 2, "<class>  class com.example.Holder@0x1010");
  }

  /* an object index out of range changes nothing */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.list-incoming", "u", (guint32)G_MAXUINT32);
  /* Nothing to wait for: two frames drawn, anything the action queued has
   * run. */
  g_assert_true (ui_wait_frames (GTK_WIDGET (view), 2, 10000));
  g_assert_cmpuint (hs_refs_view_get_obj (view), ==, h0);
  g_assert_cmpstr (hs_refs_view_get_title (view), ==, "Outgoing references of com.example.Holder@0x10000");

  ui_destroy_window (GTK_WINDOW (window));
}

/* The GC roots that hold an object directly are rows of its incoming
 * references, whatever their kind (refsdump.py): the array, a JNI global
 * that nothing references, has that root as its only row; the class
 * com.example.Target, a sticky class, has "System Class" first, then its
 * instance's <class> reference. A root's row has no object: it does not
 * expand and activating it inspects nothing. */
static void
test_refs_gc_roots (gconstpointer data)
{
  HsAnalysis *a;
  HsRefsView *view;
  HsWindow *window = open_refs_dump (data, &a, &view);
  HsObj arr, target_class;

  arr = hs_heap_find (a->heap, ID_ARR);
  target_class = hs_heap_find (a->heap, 0x1008);
  g_assert_cmpuint (target_class, !=, HS_OBJ_NONE);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.list-incoming", "u", (guint32)arr);
  wait_view (view, 2, 1, "GC root: JNI Global");
  g_assert_cmpuint (n_rows (view), ==, 2);
  assert_row (view, 0, "java.lang.Object[]@0x3000  5 items");
  assert_row (view, 1, "GC root: JNI Global");
  {
    g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (hs_refs_view_get_model (view), 1);
    g_assert_false (gtk_tree_list_row_is_expandable (row));
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.inspect", "u", (guint32)arr);
  wait_inspected (window, arr);
  activate_row (view, 1);
  /* The root's row inspects nothing: two frames drawn, anything it queued
   * has run. */
  g_assert_true (ui_wait_frames (GTK_WIDGET (view), 2, 10000));
  g_assert_cmpuint (hs_inspector_get_obj (ui_inspector (window)), ==, arr);
  {
    g_autoptr (GPtrArray) rows = view_csv (view);
    g_assert_cmpuint (rows->len, ==, 3);
    assert_csv_row (rows, 2, "1,JNI Global,root,,,,,,false");
  }

  gtk_widget_activate_action (GTK_WIDGET (window), "win.list-incoming", "u", (guint32)target_class);
  wait_view (view, 3, 2, "<class>  com.example.Target@0x2000");
  g_assert_cmpuint (n_rows (view), ==, 3);
  assert_row (view, 1, "GC root: System Class");
  assert_row (view, 2, "<class>  com.example.Target@0x2000");

  ui_destroy_window (GTK_WINDOW (window));
}

static gboolean
list_idle (gpointer data)
{
  return !hs_refs_list_is_loading (data);
}

/* A page whose request is cancelled (the view showing another tree)
 * shows nothing: no rows, no error, no toast; the same list not
 * cancelled gets the first page of Target's 2,502 referrers. */
static void
test_refs_cancelled (gconstpointer data)
{
  HsAnalysis *a;
  HsRefsView *view;
  HsWindow *window = open_refs_dump (data, &a, &view);
  HsLoader *loader = hs_window_get_loader (window);
  HsObj t;

  t = hs_heap_find (a->heap, ID_T);
  g_assert_cmpuint (t, !=, HS_OBJ_NONE);
  {
    g_autoptr (GCancellable) cancel = g_cancellable_new ();
    g_autoptr (HsRefsItem) root = hs_refs_item_new (NULL, t, NULL);
    g_autoptr (HsRefsList) list = hs_refs_list_new (loader, root, HS_REFS_INCOMING, cancel);

    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0); /* starts the worker */
    g_assert_true (hs_refs_list_is_loading (list));
    g_cancellable_cancel (cancel);
    g_assert_true (ui_wait_until (list_idle, list, 60000));
    /* Two frames drawn: a page or toast queued would be there. */
    g_assert_true (ui_wait_frames (GTK_WIDGET (window), 2, 10000));
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
    g_assert_null (hs_refs_list_get_error (list));
    g_assert_null (ui_toast_text (window));
  }
  {
    g_autoptr (GCancellable) cancel = g_cancellable_new ();
    g_autoptr (HsRefsItem) root = hs_refs_item_new (NULL, t, NULL);
    g_autoptr (HsRefsList) list = hs_refs_list_new (loader, root, HS_REFS_INCOMING, cancel);

    g_list_model_get_n_items (G_LIST_MODEL (list));
    g_assert_true (ui_wait_until (list_idle, list, 60000));
    g_assert_null (hs_refs_list_get_error (list));
    g_assert_cmpuint (hs_refs_list_get_total (list), ==, N_REFERRERS);
    g_assert_cmpuint (hs_refs_list_get_shown (list), ==, HS_REFS_LIST_PAGE);
    /* the page, then the more row */
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, HS_REFS_LIST_PAGE + 1);
  }
  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  if (argc < 2)
    return 77;
  g_test_add_data_func ("/refs-view", argv[1], test_refs_view);
  g_test_add_data_func ("/refs-view/cancelled", argv[1], test_refs_cancelled);
  g_test_add_data_func ("/refs-view/gc-roots", argv[1], test_refs_gc_roots);
  return g_test_run ();
}
