/* SPDX-License-Identifier: GPL-3.0-or-later */
/* UI test of the Class Loaders view and the Overview's JVM card on
 * tests/cli/loadersdump.py's heap (make-loaders-dump.py; every figure
 * below is worked out in loadersdump.py's docstring): the loaders' rows
 * and their order, the duplicate classes and the loaders of the selected
 * one, a loader row opening the inspector, a duplicate opening the class
 * table; both tables exported as CSV (the Export button: saved and read
 * back, copied); the Overview's java.version, command and arguments, and
 * the System Properties list with its search. Screenshots at 1400 px wide
 * ($HS_TEST_SHOTS). */
#include "config.h"

#include <string.h>

#include "ui-util.h"
#include "hs-loaders-view.h"

/* loadersdump.py: L1 and L2 are the first two addresses handed out. */
#define L1 0x10000
#define L2 0x10018

static gboolean
loaders_ready (gpointer data)
{
  return hs_loaders_view_is_ready (data);
}

static gboolean
props_ready (gpointer data)
{
  return hs_overview_view_props_ready (data);
}

/* A cell of the table (its list item template's GtkInscription) shows
 * that text. */
static gboolean
table_shows (GtkWidget *root, const char *text)
{
  if (GTK_IS_INSCRIPTION (root) && g_strcmp0 (gtk_inscription_get_text (GTK_INSCRIPTION (root)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (table_shows (c, text))
      return TRUE;
  return FALSE;
}

/* The view's tables, found in it: the loaders first, then the duplicate
 * classes; the list of the selected duplicate's loaders. */
static GtkWidget *
loaders_table (HsLoadersView *view)
{
  return ui_find_nth_child (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW, 0);
}

static GtkWidget *
duplicates_table (HsLoadersView *view)
{
  return ui_find_nth_child (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW, 1);
}

static GtkListBox *
definitions (HsLoadersView *view)
{
  return GTK_LIST_BOX (ui_find_child (GTK_WIDGET (view), GTK_TYPE_LIST_BOX));
}

static guint n_rows (GtkListBox *box);

/* The view is filled and both tables drew their first rows; the first
 * duplicate's loaders are listed. */
static gboolean
loaders_drawn (gpointer data)
{
  HsLoadersView *view = data;
  return hs_loaders_view_is_ready (view) && table_shows (loaders_table (view), "<system class loader>")
         && table_shows (duplicates_table (view), "com.example.Shared") && n_rows (definitions (view)) > 0;
}

typedef struct
{
  HsOverviewView *overview;
  guint n;
} PropsWait;

static gboolean
props_rows (gpointer data)
{
  PropsWait *w = data;
  return hs_overview_view_get_n_props_rows (w->overview) == w->n;
}

static gboolean
search_shown (gpointer data)
{
  GtkWidget *search = ui_find_child (data, GTK_TYPE_SEARCH_ENTRY);
  return search != NULL && gtk_widget_get_mapped (search) && gtk_widget_get_width (search) > 0;
}

static gboolean
page_visible (gpointer data)
{
  return adw_view_stack_page_get_visible (data);
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

static gboolean
classes_shown (gpointer data)
{
  return g_strcmp0 (hs_window_get_view (data), "classes") == 0;
}

static void
assert_loader_row (HsLoadersView *view, guint row, const char *label, const char *classes,
                   const char *instances, const char *retained)
{
  const char *want[] = { label, classes, instances, retained };

  for (guint c = 0; c < G_N_ELEMENTS (want); c++)
    {
      g_autofree char *got = hs_loaders_view_get_loader_cell (view, row, c);
      g_assert_cmpstr (got, ==, want[c]);
    }
  /* Drawn: the name and the retained size are each in one cell only. */
  g_assert_true (table_shows (loaders_table (view), label));
  g_assert_true (table_shows (loaders_table (view), retained));
}

static guint
n_rows (GtkListBox *box)
{
  guint n = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (box)); c; c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}

static void
test_loaders_view (gconstpointer data)
{
  const char *path = data;
  HsWindow *window = ui_window_new (NULL, 1400, 860);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 120000), ==, HS_LOADER_DONE);
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));

  /* The Overview: what the dump says of its JVM. */
  hs_window_set_view (window, "overview");
  HsOverviewView *overview = HS_OVERVIEW_VIEW (ui_view (window, "overview"));
  g_assert_true (ui_wait_until (props_ready, overview, 30000));
  g_assert_cmpstr (hs_overview_view_get_jvm_value (overview, "java.version"), ==, "17.0.2");
  g_assert_cmpstr (hs_overview_view_get_jvm_value (overview, "java.vm.name"), ==, "OpenJDK 64-Bit Server VM");
  g_assert_cmpstr (hs_overview_view_get_jvm_value (overview, "os.name"), ==, "Linux");
  g_assert_cmpstr (hs_overview_view_get_jvm_value (overview, "user.dir"), ==, "/srv/\xce\xa9mega");
  g_assert_cmpstr (hs_overview_view_get_jvm_value (overview, "sun.java.command"), ==,
                   "com.example.Main --port 8080");
  g_assert_cmpstr (hs_overview_view_get_jvm_value (overview, "jvm-arguments"), ==,
                   "-Xmx512m -Dapp.mode=test");
  /* Every property (8) in the list; a search keeps the matching ones:
   * "os." is in os.name and os.arch only. */
  g_assert_cmpuint (hs_overview_view_get_n_props_rows (overview), ==, 8);
  gtk_expander_set_expanded (GTK_EXPANDER (ui_find_child (GTK_WIDGET (overview), GTK_TYPE_EXPANDER)), TRUE);
  /* Expanded: the list and its search entry are shown. */
  g_assert_true (ui_wait_until (search_shown, overview, 10000));
  GtkWidget *search = ui_find_child (GTK_WIDGET (overview), GTK_TYPE_SEARCH_ENTRY);
  ui_shot (GTK_WIDGET (window), "overview-jvm.png");
  gtk_editable_set_text (GTK_EDITABLE (search), "OS.");
  g_signal_emit_by_name (search, "search-changed");
  g_assert_true (ui_wait_until (props_rows, &(PropsWait){ overview, 2 }, 10000));
  g_assert_cmpuint (hs_overview_view_get_n_props_rows (overview), ==, 2);
  gtk_editable_set_text (GTK_EDITABLE (search), "");
  g_signal_emit_by_name (search, "search-changed");

  /* The Class Loaders view: out of the switcher until asked for (the
   * window menu's Class Loaders), then in it and shown. */
  HsLoadersView *view = HS_LOADERS_VIEW (ui_view (window, "loaders"));
  AdwViewStack *stack = ADW_VIEW_STACK (gtk_widget_get_ancestor (GTK_WIDGET (view), ADW_TYPE_VIEW_STACK));
  g_assert_false (adw_view_stack_page_get_visible (adw_view_stack_get_page (stack, GTK_WIDGET (view))));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.class-loaders", NULL));
  g_assert_true (ui_wait_until (page_visible, adw_view_stack_get_page (stack, GTK_WIDGET (view)), 10000));
  g_assert_cmpstr (hs_window_get_view (window), ==, "loaders");
  g_assert_true (ui_wait_until (loaders_drawn, view, 30000));
  g_assert_cmpuint (hs_loaders_view_get_n_loaders (view), ==, 3);
  /* Bootstrap first (no object, no retained size), then L1 232 bytes,
   * then L2 48 bytes; the bootstrap row's counts are the dump's other
   * classes and objects (checked against the CLI in test_loaders.py). */
  g_autofree char *boot = hs_loaders_view_get_loader_cell (view, 0, 0);
  g_assert_cmpstr (boot, ==, "<system class loader>");
  /* The bootstrap row's counts (the dump's 22 other classes and 88
   * other objects: loadersdump.py counts them as it writes them). */
  const char *boot_classes = "22", *boot_instances = "88";
  g_autofree char *boot_c = hs_loaders_view_get_loader_cell (view, 0, 1);
  g_autofree char *boot_i = hs_loaders_view_get_loader_cell (view, 0, 2);
  g_assert_cmpstr (boot_c, ==, boot_classes);
  g_assert_cmpstr (boot_i, ==, boot_instances);
  g_autofree char *boot_retained = hs_loaders_view_get_loader_cell (view, 0, 3);
  g_assert_cmpstr (boot_retained, ==, "—");
  g_autofree char *l1 = g_strdup_printf ("com.example.PluginLoader @ 0x%x (plugin-a)", L1);
  g_autofree char *l2 = g_strdup_printf ("com.example.PluginLoader @ 0x%x", L2);
  g_autofree char *b232 = hs_format_bytes (232);
  g_autofree char *b48 = hs_format_bytes (48);
  assert_loader_row (view, 1, l1, "3", "5", b232);
  assert_loader_row (view, 2, l2, "2", "5", b48);

  /* Duplicates: Shared (3 loaders, 1 instance), then Plugin (2, 8). */
  g_assert_cmpuint (hs_loaders_view_get_n_duplicates (view), ==, 2);
  const char *dups[2][3] = { { "com.example.Shared", "3", "1" }, { "com.example.Plugin", "2", "8" } };
  for (guint r = 0; r < 2; r++)
    for (guint c = 0; c < 3; c++)
      {
        g_autofree char *got = hs_loaders_view_get_duplicate_cell (view, r, c);
        g_assert_cmpstr (got, ==, dups[r][c]);
        g_assert_true (table_shows (duplicates_table (view), dups[r][c]));
      }
  /* The first is selected: its three loaders listed beside. */
  g_assert_cmpuint (n_rows (definitions (view)), ==, 3);
  ui_shot (GTK_WIDGET (window), "loaders-view.png");

  /* The Export button (Copy as CSV, Save as CSV…) in the header, no
   * button of the view's own: both tables as `loaders --csv` writes them,
   * numbers unformatted, through the view's write_csv. */
  g_assert_nonnull (ui_find_child (GTK_WIDGET (view), GTK_TYPE_MENU_BUTTON));
  g_assert_null (ui_find_button (GTK_WIDGET (view), "Copy as C_SV"));
  g_autofree char *csv = ui_view_csv_saved (HS_VIEW (view));
  g_autofree char *want
      = g_strdup_printf ("loader,id,classes,instances,retained\n"
                         "<system class loader>,0x0,%s,%s,\n"
                         "com.example.PluginLoader @ 0x%x (plugin-a),0x%x,3,5,232\n"
                         "com.example.PluginLoader @ 0x%x,0x%x,2,5,48\n"
                         "\n"
                         "duplicate class,loaders,loader,instances\n"
                         "com.example.Shared,3,<system class loader>,1\n"
                         "com.example.Shared,3,com.example.PluginLoader @ 0x%x (plugin-a),0\n"
                         "com.example.Shared,3,com.example.PluginLoader @ 0x%x,0\n"
                         "com.example.Plugin,2,com.example.PluginLoader @ 0x%x,5\n"
                         "com.example.Plugin,2,com.example.PluginLoader @ 0x%x (plugin-a),3\n",
                         boot_classes, boot_instances, L1, L1, L2, L2, L1, L2, L2, L1);
  g_assert_cmpstr (csv, ==, want);
  /* Read back cell by cell: the loaders' table, a blank line, the
   * duplicates' (one row per loader of each: 3 + 2). */
  {
    g_autoptr (GPtrArray) rows = ui_csv_read (csv);
    g_assert_cmpuint (rows->len, ==, 1 + 3 + 1 + 1 + 5);
    for (guint r = 0; r < 4; r++)
      g_assert_cmpuint (ui_csv_width (rows, r), ==, 5);
    g_assert_cmpstr (ui_csv_cell (rows, 2, 0), ==, l1);
    g_assert_cmpstr (ui_csv_cell (rows, 3, 0), ==, l2);
    g_assert_cmpstr (ui_csv_cell (rows, 3, 4), ==, "48");
    g_assert_cmpuint (ui_csv_width (rows, 4), ==, 1);
    g_assert_cmpstr (ui_csv_cell (rows, 4, 0), ==, "");
    g_assert_cmpstr (ui_csv_cell (rows, 5, 0), ==, "duplicate class");
    g_assert_cmpstr (ui_csv_cell (rows, 10, 0), ==, "com.example.Plugin");
    g_assert_cmpstr (ui_csv_cell (rows, 10, 2), ==, l1);
  }
  /* Copy as CSV puts the same text on the clipboard. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "export.copy-csv", NULL));
  {
    g_autofree char *copied = ui_clipboard_text (GTK_WIDGET (view));
    g_assert_cmpstr (copied, ==, want);
  }

  /* A loader's row opens it in the inspector. */
  g_signal_emit_by_name (loaders_table (view), "activate", 1u);
  g_assert_true (ui_wait_until (inspected, &(InspectWait){ window, hs_heap_find (a->heap, L1) }, 30000));
  HsInspector *inspector = ui_inspector (window);
  g_assert_cmpuint (hs_inspector_get_obj (inspector), ==, hs_heap_find (a->heap, L1));
  /* A duplicate's row opens the class table on its name. */
  g_signal_emit_by_name (duplicates_table (view), "activate", 1u);
  g_assert_true (ui_wait_until (classes_shown, window, 10000));
  g_assert_cmpstr (hs_window_get_view (window), ==, "classes");

  ui_destroy_window (GTK_WINDOW (window));
}

/* The sample dump (data/sample/README.md: written on OpenJDK 17 by the
 * generator with its classes on the boot class path, tests/generator/
 * README.md, so every class is the bootstrap loader's): the Overview shows a
 * Java 17 version, the view one loader and no duplicate class. */
static void
test_no_props (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 860);
  g_autoptr (GFile) file = g_file_new_for_path (g_getenv ("HS_SAMPLE_DUMP"));
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 120000), ==, HS_LOADER_DONE);
  HsOverviewView *overview = HS_OVERVIEW_VIEW (ui_view (window, "overview"));
  g_assert_true (ui_wait_until (props_ready, overview, 30000));
  g_assert_true (g_str_has_prefix (hs_overview_view_get_jvm_value (overview, "java.version"), "17."));
  hs_window_set_view (window, "overview");
  g_assert_true (ui_wait_shown (GTK_WIDGET (overview), 10000));
  ui_shot (GTK_WIDGET (window), "overview-sample.png");
  HsLoadersView *view = HS_LOADERS_VIEW (ui_view (window, "loaders"));
  g_assert_true (ui_wait_until (loaders_ready, view, 30000));
  g_assert_cmpuint (hs_loaders_view_get_n_loaders (view), ==, 1);
  g_assert_cmpuint (hs_loaders_view_get_n_duplicates (view), ==, 0);
  g_autofree char *first = hs_loaders_view_get_loader_cell (view, 0, 0);
  g_assert_cmpstr (first, ==, "<system class loader>");
  /* Its CSV: the one loader, no duplicate below the duplicates' header. */
  g_autofree char *csv = ui_view_csv_saved (HS_VIEW (view));
  g_autoptr (GPtrArray) rows = ui_csv_read (csv);
  g_assert_cmpuint (rows->len, ==, 4);
  g_assert_cmpstr (ui_csv_cell (rows, 1, 0), ==, "<system class loader>");
  g_assert_cmpstr (ui_csv_cell (rows, 1, 1), ==, "0x0");
  g_assert_cmpstr (ui_csv_cell (rows, 1, 4), ==, "");
  g_assert_cmpstr (ui_csv_cell (rows, 3, 0), ==, "duplicate class");
  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  g_test_add_data_func ("/loaders-view/loaders-and-props", argv[1], test_loaders_view);
  g_test_add_func ("/loaders-view/sample", test_no_props);
  return g_test_run ();
}
