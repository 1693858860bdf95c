/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-navigation.c: back and forward, Go to, search and Copy on the
 * sample dump (data/sample/sample.hprof; what it holds is in
 * tests/generator/README.md), in the real window under Xvfb. Expected
 * places are the ones the test itself went to; expected objects come from
 * the generator's planted structure. */
#include "config.h"
#include "ui-util.h"
#include "hs-object-menu.h"
#include "hs-query.h"

#include <string.h>

#define LOAD_TIMEOUT_MS 120000

static HsWindow *
open_sample (void)
{
  const char *path = g_getenv ("HS_SAMPLE_DUMP");
  g_autoptr (GFile) file = NULL;
  HsWindow *window;

  g_assert_nonnull (path);
  window = ui_window_new (NULL, 1200, 760);
  file = g_file_new_for_path (path);
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  return window;
}

static HsAnalysis *
analysis (HsWindow *window)
{
  return hs_loader_get_analysis (hs_window_get_loader (window));
}

/* The one instance of a class the generator planted once. */
static HsObj
only_instance (HsWindow *window, const char *class_name)
{
  HsHeap *heap = analysis (window)->heap;
  HsClass c = hs_heap_find_class (heap, class_name);
  HsObj found = HS_OBJ_NONE;

  g_assert_cmpuint (c, !=, HS_CLASS_NONE);
  for (guint64 i = 0; i < hs_heap_n_objects (heap); i++)
    if (hs_heap_object_class (heap, (HsObj)i) == c
        && hs_heap_object_kind (heap, (HsObj)i) == HS_KIND_INSTANCE)
      {
        g_assert_cmpuint (found, ==, HS_OBJ_NONE);
        found = (HsObj)i;
      }
  g_assert_cmpuint (found, !=, HS_OBJ_NONE);
  return found;
}

static HsObj
inspected (HsWindow *window)
{
  GtkWidget *inspector = hs_window_get_inspector (window);
  return gtk_widget_get_visible (inspector) ? hs_inspector_get_obj (HS_INSPECTOR (inspector)) : HS_OBJ_NONE;
}

static guint64
treemap_node (HsWindow *window)
{
  guint n = 0;
  const guint64 *path
      = hs_treemap_widget_get_path (hs_treemap_view_get_treemap (ui_treemap_view (window)), &n);
  g_assert_cmpuint (n, >, 0);
  return path[n - 1];
}

/* The window shows the location its history is at: the view and the
 * object inspected. */
static gboolean
at_current (gpointer data)
{
  HsWindow *window = data;
  const HsLocation *l = hs_history_get_current (hs_window_get_history (window));

  return l != NULL && g_strcmp0 (hs_window_get_view (window), l->view) == 0 && inspected (window) == l->obj;
}

static void
back (HsWindow *window)
{
  g_assert_true (hs_history_can_go_back (hs_window_get_history (window)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
  g_assert_true (ui_wait_until (at_current, window, 10000));
}

static void
forward (HsWindow *window)
{
  g_assert_true (hs_history_can_go_forward (hs_window_get_history (window)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.forward", NULL);
  g_assert_true (ui_wait_until (at_current, window, 10000));
}

/* The history's last location is the leaks view on its row 1. */
static gboolean
leak_row_recorded (gpointer data)
{
  const HsLocation *l = hs_history_get_current (hs_window_get_history (data));

  return l != NULL && g_strcmp0 (l->view, "leaks") == 0 && l->extra == 1;
}

static void
assert_at (HsWindow *window, const char *view, HsObj obj)
{
  g_assert_cmpstr (hs_window_get_view (window), ==, view);
  g_assert_cmpuint (inspected (window), ==, obj);
}

static void
test_back_forward (void)
{
  HsWindow *window = open_sample ();
  HsAnalysis *a = analysis (window);
  HsHistory *history = hs_window_get_history (window);
  HsObj leak = only_instance (window, "com.example.ThreadLeak");
  HsObj name = hs_heap_read_ref (a->heap, leak, "name");
  g_autoptr (GArray) top = hs_query_top_objects (a, 1);
  HsObj big = g_array_index (top, HsObj, 0);
  guint64 zoomed;

  /* The sample has leaks: the window opens on them, nothing to go back to. */
  assert_at (window, "leaks", HS_OBJ_NONE);
  g_assert_false (hs_history_can_go_back (history));
  g_assert_cmpuint (name, !=, HS_OBJ_NONE);

  hs_window_set_view (window, "classes");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.inspect", "u", (guint32)leak);
  /* What following the field `name` in the inspector does. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.inspect", "u", (guint32)name);
  hs_window_set_view (window, "treemap");
  g_assert_true (ui_wait_view (window, "treemap", 10000));
  g_assert_cmpuint (treemap_node (window), ==, a->dom->n);
  hs_treemap_widget_zoom_into (hs_treemap_view_get_treemap (ui_treemap_view (window)), big);
  zoomed = treemap_node (window);
  g_assert_cmpuint (zoomed, !=, a->dom->n);
  assert_at (window, "treemap", name);

  back (window);
  assert_at (window, "treemap", name);
  g_assert_cmpuint (treemap_node (window), ==, a->dom->n);
  back (window);
  assert_at (window, "classes", name);
  back (window);
  assert_at (window, "classes", leak);
  back (window);
  assert_at (window, "classes", HS_OBJ_NONE);
  back (window);
  assert_at (window, "leaks", HS_OBJ_NONE);
  g_assert_false (hs_history_can_go_back (history));

  for (guint i = 0; i < 4; i++)
    forward (window);
  assert_at (window, "treemap", name);
  g_assert_cmpuint (treemap_node (window), ==, a->dom->n);
  forward (window);
  assert_at (window, "treemap", name);
  g_assert_cmpuint (treemap_node (window), ==, zoomed);
  g_assert_false (hs_history_can_go_forward (history));

  /* A jump after going back drops what was ahead. */
  back (window);
  back (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.inspect", "u", (guint32)leak);
  assert_at (window, "classes", leak);
  g_assert_false (hs_history_can_go_forward (history));
  back (window);
  assert_at (window, "classes", name);

  /* Leaks: the row selected comes back with the view. */
  hs_window_set_view (window, "leaks");
  hs_leaks_view_select (ui_leaks_view (window), 1);
  g_assert_true (ui_wait_until (leak_row_recorded, window, 10000));
  hs_window_set_view (window, "overview");
  hs_leaks_view_select (ui_leaks_view (window), 0);
  back (window);
  g_assert_cmpstr (hs_window_get_view (window), ==, "leaks");
  g_assert_true (hs_leak_trace_view_get_group (ui_trace_view (window))
                 == hs_leaks_view_get_group (ui_leaks_view (window), 1));

  /* History is per dump: opening one (the same file again) starts over. */
  {
    g_autoptr (GFile) file = g_file_new_for_path (g_getenv ("HS_SAMPLE_DUMP"));
    hs_window_open (window, file, 0);
    g_assert_false (hs_history_can_go_back (history));
    g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
    g_assert_cmpuint (hs_history_get_length (history), ==, 1);
    g_assert_false (hs_history_can_go_back (history));
  }
  ui_destroy_window (window);
}

/* A popover below widget shown and mapped (Go to's, a row menu). */
static gboolean
popover_shown (gpointer data)
{
  GtkWidget *p = ui_shown_popover (data);
  return p != NULL && gtk_widget_get_mapped (p);
}

static void
test_go_to (void)
{
  HsWindow *window = open_sample ();
  HsHeap *heap = analysis (window)->heap;
  HsObj leak = only_instance (window, "com.example.ThreadLeak");
  g_autofree char *with_0x = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", hs_heap_object_id (heap, leak));
  g_autofree char *bare = g_strdup_printf ("%" G_GINT64_MODIFIER "x", hs_heap_object_id (heap, leak));
  g_autofree char *message = NULL;
  guint64 missing = 1;
  HsClassesView *classes;

  g_assert_true (hs_window_go_to (window, with_0x, &message));
  g_assert_null (message);
  assert_at (window, "leaks", leak);
  gtk_widget_set_visible (hs_window_get_inspector (window), FALSE);
  g_assert_true (hs_window_go_to (window, bare, NULL));
  g_assert_cmpuint (inspected (window), ==, leak);

  /* An id no object has (odd: every object of the sample is 8-aligned). */
  while (hs_heap_find (heap, missing) != HS_OBJ_NONE)
    missing += 2;
  {
    g_autofree char *id = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", missing);
    g_autofree char *want = g_strdup_printf ("No object with id %s in this dump", id);
    g_assert_false (hs_window_go_to (window, id, &message));
    g_assert_cmpstr (message, ==, want);
    g_clear_pointer (&message, g_free);
  }
  g_assert_false (hs_window_go_to (window, "com.example.NoSuchClass", &message));
  g_assert_cmpstr (message, ==, "No class named “com.example.NoSuchClass” in this dump");
  g_clear_pointer (&message, g_free);
  g_assert_false (hs_window_go_to (window, "  ", NULL));

  /* A class name: the classes view, on that class, its instances listed. */
  g_assert_true (hs_window_go_to (window, " com.example.LeakedActivity ", NULL));
  g_assert_cmpstr (hs_window_get_view (window), ==, "classes");
  classes = ui_classes_view (window);
  g_assert_true (ui_wait_for_instances (window, 30000));
  g_assert_cmpstr (hs_class_name (heap, hs_classes_view_get_instances_class (classes)), ==,
                   "com.example.LeakedActivity");
  /* README: two LeakedActivity instances. */
  g_assert_cmpuint (g_list_model_get_n_items (hs_classes_view_get_instances (classes)), ==, 2);

  /* Ctrl+L's action opens the popover without trouble. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.goto", NULL);
  g_assert_true (ui_wait_until (popover_shown, window, 10000));
  ui_destroy_window (window);
}

static gboolean
search_done (gpointer data)
{
  return !hs_classes_view_instances_pending (data);
}

static void
test_search (void)
{
  HsWindow *window = open_sample ();
  HsHeap *heap = analysis (window)->heap;
  HsClassesView *classes = ui_classes_view (window);
  /* README: the ThreadLeak's name is "thread-leak-0001", a String built
   * at run time (its own, not the literal). */
  HsObj name = hs_heap_read_ref (heap, only_instance (window, "com.example.ThreadLeak"), "name");
  GListModel *found;
  gboolean has_name = FALSE;

  hs_window_set_view (window, "classes");
  hs_classes_view_search (classes, "THREAD-leak-0001");
  /* A new search cancels the running one: the first answer is dropped. */
  hs_classes_view_search (classes, "thread-LEAK-0001");
  g_assert_true (ui_wait_until (search_done, classes, 60000));
  found = hs_classes_view_get_instances (classes);
  g_assert_nonnull (found);
  g_assert_cmpuint (g_list_model_get_n_items (found), >=, 1);
  for (guint i = 0; i < g_list_model_get_n_items (found); i++)
    {
      g_autoptr (HsObjectRow) row = g_list_model_get_item (found, i);
      g_autofree char *text = hs_heap_read_string (heap, hs_object_row_get_obj (row), 0);
      g_assert_nonnull (text);
      g_assert_nonnull (strstr (text, "thread-leak-0001"));
      has_name |= hs_object_row_get_obj (row) == name;
    }
  g_assert_true (has_name);

  /* Class names are searched too: the class object of LeakedActivity. */
  hs_classes_view_search (classes, "leakedactivity");
  g_assert_true (ui_wait_until (search_done, classes, 60000));
  found = hs_classes_view_get_instances (classes);
  {
    HsObj cls = hs_class_object (heap, hs_heap_find_class (heap, "com.example.LeakedActivity"));
    gboolean has_class = FALSE;
    for (guint i = 0; i < g_list_model_get_n_items (found); i++)
      {
        g_autoptr (HsObjectRow) row = g_list_model_get_item (found, i);
        has_class |= hs_object_row_get_obj (row) == cls;
      }
    g_assert_true (has_class);
  }
  ui_destroy_window (window);
}

static void
on_clipboard_text (GObject *clipboard, GAsyncResult *result, gpointer data)
{
  *(char **)data = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (clipboard), result, NULL);
}

static gboolean
string_set (gpointer data)
{
  return *(char **)data != NULL;
}

static char *
clipboard_text (HsWindow *window)
{
  char *text = NULL;
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL, on_clipboard_text,
                                 &text);
  g_assert_true (ui_wait_until (string_set, &text, 5000));
  return text;
}

static gboolean
toast_is (gpointer data)
{
  HsWindow *window = data;
  return g_strcmp0 (ui_toast_text (window), "Path to the GC root copied to the clipboard") == 0;
}

static void
test_copy (void)
{
  HsWindow *window = open_sample ();
  HsHeap *heap = analysis (window)->heap;
  HsObj leak = only_instance (window, "com.example.ThreadLeak");
  HsClass leaked = hs_heap_find_class (heap, "com.example.LeakedActivity");
  HsObj activity = HS_OBJ_NONE;
  g_autofree char *id = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", hs_heap_object_id (heap, leak));
  g_autofree char *text = NULL;
  g_autoptr (GMenuModel) menu = hs_object_menu_model (leak);
  g_auto (GStrv) lines = NULL;
  g_autoptr (GVariant) target = NULL;
  g_autofree char *action = NULL;

  /* The row menu: Copy Id, Copy Path to GC Root, Other Paths to GC Roots,
   * Query from Here, List Outgoing References, List Incoming References
   * and, where the table offers it (hidden elsewhere), Calculate Precise
   * Retained Size, carrying the object. */
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 7);
  {
    g_autofree char *other = NULL;
    g_autofree char *query = NULL;
    g_autofree char *retained = NULL;
    g_autofree char *hidden = NULL;
    g_assert_true (g_menu_model_get_item_attribute (menu, 6, G_MENU_ATTRIBUTE_ACTION, "s", &retained));
    g_assert_cmpstr (retained, ==, "rows.retained-size");
    g_assert_true (g_menu_model_get_item_attribute (menu, 6, "hidden-when", "s", &hidden));
    g_assert_cmpstr (hidden, ==, "action-missing");
    g_assert_true (g_menu_model_get_item_attribute (menu, 2, G_MENU_ATTRIBUTE_ACTION, "s", &other));
    g_assert_cmpstr (other, ==, "win.other-paths");
    g_assert_true (g_menu_model_get_item_attribute (menu, 3, G_MENU_ATTRIBUTE_ACTION, "s", &query));
    g_assert_cmpstr (query, ==, "win.query-object");
  }
  g_assert_true (g_menu_model_get_item_attribute (menu, 0, G_MENU_ATTRIBUTE_ACTION, "s", &action));
  g_assert_cmpstr (action, ==, "win.copy-id");
  target = g_menu_model_get_item_attribute_value (menu, 0, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_UINT32);
  g_assert_cmpuint (g_variant_get_uint32 (target), ==, leak);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-id", "u", (guint32)leak);
  g_assert_cmpstr (ui_toast_text (window), ==, "Id copied to the clipboard");
  text = clipboard_text (window);
  g_assert_cmpstr (text, ==, id);
  g_clear_pointer (&text, g_free);

  /* README, leak group 1: LeakHolder (class, sticky root) .leaked ->
   * ArrayList .elementData -> Object[] [i] -> LeakedActivity. */
  for (guint64 i = 0; i < hs_heap_n_objects (heap) && activity == HS_OBJ_NONE; i++)
    if (hs_heap_object_class (heap, (HsObj)i) == leaked)
      activity = (HsObj)i;
  g_assert_cmpuint (activity, !=, HS_OBJ_NONE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-path", "u", (guint32)activity);
  g_assert_true (ui_wait_until (toast_is, window, 30000));
  text = clipboard_text (window);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5); /* four lines, each ending in \n */
  g_assert_true (g_str_has_prefix (lines[0], "class com.example.LeakHolder@0x"));
  g_assert_true (g_str_has_suffix (lines[0], " .leaked"));
  g_assert_true (g_str_has_prefix (lines[1], "java.util.ArrayList@0x"));
  g_assert_true (g_str_has_suffix (lines[1], " .elementData"));
  g_assert_true (g_str_has_prefix (lines[2], "java.lang.Object[]@0x"));
  g_assert_true (g_str_has_suffix (lines[2], " [0]") || g_str_has_suffix (lines[2], " [1]"));
  {
    g_autofree char *label = hs_heap_object_label (heap, activity);
    g_assert_cmpstr (lines[3], ==, label);
  }
  g_assert_cmpstr (lines[4], ==, "");
  ui_destroy_window (window);
}

/* HS_NAV_SCREENSHOT_DIR=DIR: PNGs of the header with Back, Forward and Go
 * to, the Go to popover with its message, and search results, to look at. */
static void
save_png (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("HS_NAV_SCREENSHOT_DIR");
  g_autofree char *file = g_strdup_printf ("%s.png", name);
  g_autofree char *path = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, file, NULL);
  g_assert_true (ui_wait_drawn (widget, 10000));
  texture = ui_render_widget (widget);
  g_assert_nonnull (texture);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static GtkWidget *
find_popover (GtkWidget *widget)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_POPOVER (c) && gtk_widget_get_visible (c))
        return c;
      if ((found = find_popover (c)) != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_inscription (GtkWidget *widget)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_INSCRIPTION (c) && gtk_widget_get_mapped (c)
          && gtk_inscription_get_text (GTK_INSCRIPTION (c)) != NULL
          && g_str_has_prefix (gtk_inscription_get_text (GTK_INSCRIPTION (c)), "java.lang.String@"))
        return c;
      if ((found = find_inscription (c)) != NULL)
        return found;
    }
  return NULL;
}

static gboolean
popover_gone (gpointer data)
{
  return find_popover (data) == NULL;
}

static void
test_screenshots (void)
{
  HsWindow *window;
  GtkWidget *popover, *entry;

  if (g_getenv ("HS_NAV_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("HS_NAV_SCREENSHOT_DIR not set");
      return;
    }
  window = open_sample ();
  hs_window_set_view (window, "classes");
  hs_classes_view_search (ui_classes_view (window), "leak");
  g_assert_true (ui_wait_until (search_done, ui_classes_view (window), 60000));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.inspect", "u",
                              (guint32)only_instance (window, "com.example.ThreadLeak"));
  save_png (GTK_WIDGET (window), "nav-search");
  {
    /* The row menu on a cell of the results (a GtkInscription). */
    GtkWidget *cell = find_inscription (GTK_WIDGET (ui_classes_view (window)));
    GtkWidget *menu;
    g_assert_nonnull (cell);
    hs_object_menu_popup (cell, only_instance (window, "com.example.ThreadLeak"), 20, 8);
    g_assert_true (ui_wait_until (popover_shown, cell, 10000));
    menu = find_popover (cell);
    g_assert_nonnull (menu);
    g_assert_true (gtk_widget_get_mapped (menu));
    save_png (menu, "nav-row-menu");
    gtk_popover_popdown (GTK_POPOVER (menu));
    g_assert_true (ui_wait_until (popover_gone, cell, 10000));
  }
  hs_window_set_view (window, "leaks");
  save_png (GTK_WIDGET (window), "nav-leaks");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.goto", NULL);
  g_assert_true (ui_wait_until (popover_shown, window, 10000));
  popover = find_popover (GTK_WIDGET (window));
  g_assert_nonnull (popover);
  entry = gtk_widget_get_first_child (gtk_popover_get_child (GTK_POPOVER (popover)));
  entry = gtk_widget_get_next_sibling (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), "0x1234");
  g_signal_emit_by_name (entry, "activate");
  save_png (popover, "nav-goto-popover");
  ui_destroy_window (window);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/navigation/back-forward", test_back_forward);
  g_test_add_func ("/navigation/go-to", test_go_to);
  g_test_add_func ("/navigation/search", test_search);
  g_test_add_func ("/navigation/copy", test_copy);
  g_test_add_func ("/navigation/screenshots", test_screenshots);
  return g_test_run ();
}
