/* SPDX-License-Identifier: GPL-3.0-or-later */
/* UI test of the Query view on tests/cli/test_oql.py's heap (written by
 * make-query-dump.py; its rows are worked out there): a query run as
 * Ctrl+Enter runs it, its rows and their sorting, an object row opened in
 * the inspector, a syntax error shown at its position, the history, the
 * library, CSV. */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "ui-util.h"
#include "hs-query-view.h"
#include "hs-ui-util-private.h"

#define NODE_A 0x2000

static gboolean
query_done (gpointer data)
{
  return !hs_query_view_is_running (data);
}

static void
run_query (HsQueryView *view, const char *text)
{
  hs_query_view_set_text (view, text);
  /* What Ctrl+Enter does: the view's query.run action. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "query.run", NULL));
  g_assert_true (ui_wait_until (query_done, view, 30000));
}

typedef struct
{
  HsQueryView *view;
  const char *text;
} CellWait;

/* The first row's first cell shows text (a sort applied). */
static gboolean
first_cell_is (gpointer data)
{
  CellWait *w = data;
  return hs_query_view_get_n_rows (w->view) > 0
         && g_strcmp0 (hs_query_view_get_cell (w->view, 0, 0), w->text) == 0;
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
  return hs_inspector_get_obj (ui_inspector (w->window)) == w->obj;
}

/* The text of the editor that carries an underline (the error's mark). */
static char *
underlined (HsQueryView *view)
{
  GtkTextView *editor = GTK_TEXT_VIEW (ui_find_child (GTK_WIDGET (view), GTK_TYPE_TEXT_VIEW));
  GtkTextBuffer *buf = gtk_text_view_get_buffer (editor);
  GString *out = g_string_new (NULL);
  GtkTextIter it;

  for (gtk_text_buffer_get_start_iter (buf, &it); !gtk_text_iter_is_end (&it);
       gtk_text_iter_forward_char (&it))
    {
      g_autoptr (GSList) tags = gtk_text_iter_get_tags (&it);
      for (GSList *l = tags; l != NULL; l = l->next)
        {
          PangoUnderline u = PANGO_UNDERLINE_NONE;
          gboolean set = FALSE;
          g_object_get (l->data, "underline", &u, "underline-set", &set, NULL);
          if (set && u == PANGO_UNDERLINE_ERROR)
            {
              g_string_append_unichar (out, gtk_text_iter_get_char (&it));
              break;
            }
        }
    }
  return g_string_free (out, FALSE);
}

static void
test_query_view (gconstpointer data)
{
  const char *path = data;
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 120000), ==, HS_LOADER_DONE);
  hs_window_set_view (window, "query");
  HsQueryView *view = HS_QUERY_VIEW (ui_view (window, "query"));
  g_assert_true (ui_wait_shown (GTK_WIDGET (view), 10000));

  /* The reachable Nodes A, B, C have v = 7, 8, 9. */
  run_query (view, "SELECT n.v AS value, toString(n.name) AS name FROM com.example.Node n");
  g_assert_null (hs_query_view_get_error (view));
  g_assert_cmpuint (hs_query_view_get_n_columns (view), ==, 2);
  g_assert_cmpstr (hs_query_view_get_column_title (view, 0), ==, "value");
  g_assert_cmpuint (hs_query_view_get_n_rows (view), ==, 3);
  g_assert_cmpuint (hs_query_view_get_total (view), ==, 3);
  g_assert_cmpstr (hs_query_view_get_cell (view, 0, 0), ==, "7");
  g_assert_cmpstr (hs_query_view_get_cell (view, 0, 1), ==, "hello");
  g_assert_cmpstr (hs_query_view_get_cell (view, 1, 1), ==, "null");
  /* Sorted by value, largest first: 9, 8, 7; as numbers, not text. */
  hs_query_view_sort_by (view, 0, GTK_SORT_DESCENDING);
  g_assert_true (ui_wait_until (first_cell_is, &(CellWait){ view, "9" }, 10000));
  g_assert_cmpstr (hs_query_view_get_cell (view, 0, 0), ==, "9");
  g_assert_cmpstr (hs_query_view_get_cell (view, 2, 0), ==, "7");
  ui_shot (GTK_WIDGET (window), "query-view.png");
  g_autofree char *csv = hs_query_view_get_csv (view);
  g_assert_cmpstr (csv, ==, "value,name\n9,world!\n8,null\n7,hello\n");

  /* An object list: A opened in the inspector from its row. */
  run_query (view, "SELECT * FROM com.example.Node n WHERE n.v = 7");
  g_assert_cmpuint (hs_query_view_get_n_columns (view), ==, 4);
  g_assert_cmpuint (hs_query_view_get_n_rows (view), ==, 1);
  g_assert_cmpstr (hs_query_view_get_cell (view, 0, 0), ==, "0x2000");
  g_assert_cmpstr (hs_query_view_get_cell (view, 0, 1), ==, "com.example.Node");
  g_assert_cmpstr (hs_query_view_get_cell (view, 0, 2), ==, "24");
  g_assert_true (hs_query_view_activate_row (view, 0));
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));
  g_assert_true (ui_wait_until (inspected, &(InspectWait){ window, hs_heap_find (a->heap, NODE_A) }, 30000));
  HsInspector *inspector = ui_inspector (window);
  g_assert_cmpuint (hs_inspector_get_obj (inspector), ==, hs_heap_find (a->heap, NODE_A));

  /* --unreachable's toggle: U (v = 99) joins. */
  hs_query_view_set_unreachable (view, TRUE);
  run_query (view, "SELECT n.v FROM com.example.Node n WHERE n.v > 50");
  g_assert_cmpuint (hs_query_view_get_n_rows (view), ==, 1);
  g_assert_cmpstr (hs_query_view_get_cell (view, 0, 0), ==, "99");
  hs_query_view_set_unreachable (view, FALSE);

  /* A syntax error: under the editor, the cursor at line 2, column 7. */
  run_query (view, "SELECT *\nFROM x WHERE");
  g_assert_nonnull (hs_query_view_get_error (view));
  g_assert_nonnull (strstr (hs_query_view_get_error (view), "line 2, column 13"));
  guint line = 0, column = 0;
  hs_query_view_get_cursor (view, &line, &column);
  g_assert_cmpuint (line, ==, 2);
  g_assert_cmpuint (column, ==, 13);

  /* The history, newest first; a library query loads into the editor. */
  g_assert_cmpuint (hs_query_view_get_n_history (view), ==, 4);
  g_assert_cmpstr (hs_query_view_get_history (view, 0), ==, "SELECT *\nFROM x WHERE");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "query.history", "u", 1));
  g_autofree char *text = hs_query_view_get_text (view);
  g_assert_cmpstr (text, ==, "SELECT n.v FROM com.example.Node n WHERE n.v > 50");
  /* Saved queries: kept in the settings, back in a new view. */
  g_assert_cmpuint (hs_query_view_get_n_saved (view), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "query.save", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "query.save", NULL));
  g_assert_cmpuint (hs_query_view_get_n_saved (view), ==, 1);
  g_assert_cmpstr (hs_query_view_get_saved (view, 0), ==, text);
  {
    HsQueryView *other = g_object_ref_sink (g_object_new (HS_TYPE_QUERY_VIEW, NULL));
    g_assert_cmpuint (hs_query_view_get_n_saved (other), ==, 1);
    g_assert_cmpstr (hs_query_view_get_saved (other, 0), ==, text);
    g_assert_cmpuint (hs_query_view_get_n_history (other), ==, 4);
    g_object_unref (other);
  }
  hs_query_view_set_text (view, "SELECT * FROM objects 0");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "query.saved", "u", 0));
  g_autofree char *back = hs_query_view_get_text (view);
  g_assert_cmpstr (back, ==, text);
  g_assert_cmpuint (hs_query_view_get_n_library (), >=, 5);
  for (guint i = 0; i < hs_query_view_get_n_library (); i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "query.library", "u", i));
      g_autofree char *q = hs_query_view_get_text (view);
      g_assert_cmpstr (q, ==, hs_query_view_get_library_query (i));
      /* Every ready query parses and runs. */
      run_query (view, q);
      g_assert_null (hs_query_view_get_error (view));
    }
  /* "Query from here" (the object menu's win.query-object): a class
   * object gives its instances, another object itself. */
  hs_window_set_view (window, "classes");
  HsObj node_class = hs_class_object (a->heap, hs_heap_find_class (a->heap, "com.example.Node"));
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (window), "win.query-object", "u", (guint32)node_class));
  g_assert_cmpstr (hs_window_get_view (window), ==, "query");
  g_autofree char *from_class = hs_query_view_get_text (view);
  g_assert_cmpstr (from_class, ==, "SELECT * FROM com.example.Node c");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.query-object", "u",
                                             (guint32)hs_heap_find (a->heap, NODE_A)));
  g_autofree char *from_object = hs_query_view_get_text (view);
  g_assert_cmpstr (from_object, ==, "SELECT * FROM OBJECTS 0x2000 s");
  run_query (view, from_object);
  g_assert_cmpuint (hs_query_view_get_n_rows (view), ==, 1);
  /* The class row's menu (win.query-class): the class's instances. */
  hs_window_set_view (window, "classes");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.query-class", "u",
                                             (guint32)hs_heap_find_class (a->heap, "com.example.Node")));
  g_assert_cmpstr (hs_window_get_view (window), ==, "query");
  g_autofree char *from_row = hs_query_view_get_text (view);
  g_assert_cmpstr (from_row, ==, "SELECT * FROM com.example.Node c");
  /* A misplaced operator: the error names the second ">" (column 48 of
   * the text, counted by hand), and that is what the editor underlines;
   * the rows of the query before are gone (they are not this one's). */
  run_query (view, "SELECT n.v FROM com.example.Node n");
  g_assert_cmpuint (hs_query_view_get_n_rows (view), >, 0);
  run_query (view, "SELECT n.v FROM com.example.Node n WHERE n.v > > 3");
  g_assert_nonnull (hs_query_view_get_error (view));
  g_assert_nonnull (strstr (hs_query_view_get_error (view), "line 1, column 48"));
  {
    g_autofree char *marked = underlined (view);
    g_assert_cmpstr (marked, ==, ">");
  }
  g_assert_cmpuint (hs_query_view_get_n_rows (view), ==, 0);
  /* A word is underlined whole. */
  run_query (view, "SELECT n.v FROM com.example.Node n WHERE n.v > 50 oops");
  g_assert_nonnull (hs_query_view_get_error (view));
  {
    g_autofree char *marked = underlined (view);
    g_assert_cmpstr (marked, ==, "oops");
  }

  ui_destroy_window (GTK_WINDOW (window));
}

/* A long value cell is cut between characters: 5,000 two-byte characters
 * cut to 4,096 are 4,095 of them and an ellipsis, valid UTF-8 (a cut at a
 * byte offset would split one); 4,096 characters stay whole. */
static void
test_cell_cut (void)
{
  GString *s = g_string_new (NULL);
  g_autofree char *cut = NULL, *whole = NULL, *fixed = NULL;

  for (guint i = 0; i < 5000; i++)
    g_string_append (s, "é");
  cut = hs_text_cut_chars (g_strdup (s->str), 4096);
  g_assert_true (g_utf8_validate (cut, -1, NULL));
  g_assert_cmpint (g_utf8_strlen (cut, -1), ==, 4096);
  g_assert_cmpuint (strlen (cut), ==, 4095 * 2 + strlen ("…"));
  g_assert_true (g_str_has_suffix (cut, "é…"));
  g_string_truncate (s, 4096 * 2);
  whole = hs_text_cut_chars (g_strdup (s->str), 4096);
  g_assert_cmpstr (whole, ==, s->str);
  /* not UTF-8 (a lone continuation byte): made valid, then kept */
  fixed = hs_text_cut_chars (g_strdup ("a\x80"
                                       "b"),
                             4096);
  g_assert_true (g_utf8_validate (fixed, -1, NULL));
  g_assert_cmpstr (fixed, ==,
                   "a\xef\xbf\xbd"
                   "b");
  g_string_free (s, TRUE);
}

static HsQueryView *
open_query_view (const char *path, HsWindow **window)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HsQueryView *view;

  *window = ui_window_new (NULL, 1200, 760);
  hs_window_open (*window, file, 0);
  g_assert_cmpint (ui_wait_for_load (*window, 120000), ==, HS_LOADER_DONE);
  hs_window_set_view (*window, "query");
  view = HS_QUERY_VIEW (ui_view (*window, "query"));
  g_assert_true (ui_wait_shown (GTK_WIDGET (view), 10000));
  return view;
}

/* The query text and the history outlive the window (the settings; the
 * suite's memory backend stands for the user's): a query run, the window
 * destroyed, a new window shows it in its editor and first in its
 * history. A query over 64 KiB is run but not kept. */
static void
test_kept (gconstpointer data)
{
  HsWindow *window;
  HsQueryView *view = open_query_view (data, &window);
  const char *query = "SELECT n.v AS kept FROM com.example.Node n";
  GString *big = g_string_new ("SELECT n.v AS big FROM com.example.Node n");
  g_autofree char *text = NULL;

  run_query (view, query);
  g_assert_null (hs_query_view_get_error (view));
  while (big->len <= 64 * 1024)
    g_string_append_c (big, ' ');
  run_query (view, big->str);
  g_assert_null (hs_query_view_get_error (view));
  g_assert_cmpuint (hs_query_view_get_n_rows (view), ==, 3);
  ui_destroy_window (GTK_WINDOW (window));

  view = open_query_view (data, &window);
  text = hs_query_view_get_text (view);
  g_assert_cmpstr (text, ==, query);
  g_assert_cmpuint (hs_query_view_get_n_history (view), >=, 1);
  g_assert_cmpstr (hs_query_view_get_history (view, 0), ==, query);
  for (guint i = 0; i < hs_query_view_get_n_history (view); i++)
    g_assert_cmpuint (strlen (hs_query_view_get_history (view, i)), <=, 64 * 1024);
  ui_destroy_window (GTK_WINDOW (window));
  g_string_free (big, TRUE);
}

/* The editor's colours follow the style: GtkSourceView's Adwaita-dark
 * scheme while it is dark, Adwaita while light, switched as it changes. */
/* The editor's scheme followed the style (the wait bounds a failure). */
static gboolean
light_scheme (gpointer view)
{
  return g_strcmp0 (hs_query_view_get_scheme_id (view), "Adwaita") == 0;
}

static gboolean
dark_scheme (gpointer view)
{
  return g_strcmp0 (hs_query_view_get_scheme_id (view), "Adwaita-dark") == 0;
}

static void
test_dark_editor (gconstpointer data)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  HsWindow *window;
  HsQueryView *view;

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  view = open_query_view (data, &window);
  g_assert_cmpstr (hs_query_view_get_scheme_id (view), ==, "Adwaita-dark");
  ui_shot (GTK_WIDGET (window), "query-dark.png");
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  ui_wait_until (light_scheme, view, 5000);
  g_assert_cmpstr (hs_query_view_get_scheme_id (view), ==, "Adwaita");
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  ui_wait_until (dark_scheme, view, 5000);
  g_assert_cmpstr (hs_query_view_get_scheme_id (view), ==, "Adwaita-dark");
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  g_test_add_data_func ("/query-view/run", argv[1], test_query_view);
  g_test_add_func ("/query-view/cell-cut", test_cell_cut);
  g_test_add_data_func ("/query-view/kept", argv[1], test_kept);
  g_test_add_data_func ("/query-view/dark-editor", argv[1], test_dark_editor);
  return g_test_run ();
}
