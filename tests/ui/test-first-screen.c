/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-first-screen.c: what a new user sees first, readable:
 * the inspector fits its pane at every window width (nothing in it needs
 * sideways scrolling, a shortened value has the whole of it in a
 * tooltip), and every view fits the window at 1400 and 600 px, on the
 * sample dump under Xvfb. */
#include "config.h"
#include "ui-util.h"
#include "hs-dump-tab.h"
#include "hs-compare-view.h"
#include "hs-query.h"
#include "hs-threads-view.h"
#include "hs-application.h"
#include "hs-history.h"
#include "hs-dump-tab-mapping.h"

#include <glib/gstdio.h>
#include <unistd.h>

#include <adwaita.h>
#include <locale.h>
#include <string.h>

#define LOAD_TIMEOUT_MS 120000

static const char *sample;
static const char *workers_dump;
static const char *instances_dump;

static void
open_and_wait (HsWindow *window, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);

  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
}

typedef struct
{
  HsWindow *window;
  HsObj obj;
} Inspecting;

/* The inspector's flap open whole (its slide done), or no flap. */
static gboolean
inspector_at_rest (gpointer inspector)
{
  GtkWidget *flap = gtk_widget_get_ancestor (inspector, ADW_TYPE_FLAP);
  return flap == NULL || !adw_flap_get_reveal_flap (ADW_FLAP (flap))
         || adw_flap_get_reveal_progress (ADW_FLAP (flap)) >= 1.0;
}

static gboolean
inspecting (gpointer data)
{
  Inspecting *i = data;
  GtkWidget *inspector = hs_window_get_inspector (i->window);
  return gtk_widget_get_visible (inspector) && hs_inspector_get_obj (HS_INSPECTOR (inspector)) == i->obj
         && inspector_at_rest (inspector);
}

/* Iterates until the inspector shows obj (10 s; the assertions that
 * follow say what went wrong). */
static void
wait_inspecting (HsWindow *window, HsObj obj)
{
  ui_wait_until (inspecting, &(Inspecting){ window, obj }, 10000);
}

/* The window shows the location its history is at: the view, and the
 * object inspected or none. */
static gboolean
at_current (gpointer data)
{
  HsWindow *window = data;
  const HsLocation *l = hs_history_get_current (hs_window_get_history (window));
  GtkWidget *inspector = hs_window_get_inspector (window);
  HsObj shown
      = gtk_widget_get_visible (inspector) ? hs_inspector_get_obj (HS_INSPECTOR (inspector)) : HS_OBJ_NONE;

  return l != NULL && g_strcmp0 (hs_window_get_view (window), l->view) == 0 && shown == l->obj;
}

/* The leaks view beside its trace again, laid out at the window's width. */
static gboolean
side_by_side (gpointer data)
{
  HsWindow *window = data;
  return !hs_leaks_view_is_stacked (ui_leaks_view (window))
         && gtk_widget_get_width (GTK_WIDGET (window)) == 1400;
}

typedef struct
{
  HsClassesView *view;
  guint n;
} AllClasses;

/* The class table unfiltered: every class listed. */
static gboolean
all_classes (gpointer data)
{
  AllClasses *c = data;
  return g_list_model_get_n_items (hs_classes_view_get_class_model (c->view)) == c->n;
}

/* Sorted by count as asked, the sort's worker done. */
static gboolean
sorted_by_count (gpointer data)
{
  HsClassColumn column;
  GtkSortType order;

  hs_classes_view_get_sort (data, &column, &order);
  return column == HS_CLASS_COLUMN_COUNT && !hs_classes_view_is_sorting (data);
}

static gboolean
inspector_idle (gpointer data)
{
  return !hs_inspector_is_busy (HS_INSPECTOR (data));
}

/* The objects whose rows are the widest the sample has: the biggest
 * object, the class object of the longest class name (its statics), and
 * the GC root of the longest class name among those of the longest root
 * type name ("Java Frame", "Thread object"...). */
static GArray *
wide_objects (HsAnalysis *a)
{
  HsHeap *heap = a->heap;
  GArray *objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  g_autoptr (GArray) top = hs_query_top_objects (a, 1);
  HsClass longest = 0;
  HsObj root_obj = HS_OBJ_NONE;
  gsize root_type_len = 0, root_name_len = 0;

  g_array_append_val (objs, g_array_index (top, HsObj, 0));
  for (guint c = 0; c < hs_heap_n_classes (heap); c++)
    if (hs_class_object (heap, c) != HS_OBJ_NONE
        && strlen (hs_class_name (heap, c)) > strlen (hs_class_name (heap, longest)))
      longest = c;
  {
    HsObj o = hs_class_object (heap, longest);
    g_array_append_val (objs, o);
  }
  for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
    {
      const HsRoot *r = hs_heap_root (heap, i);
      HsObj o = hs_heap_find (heap, r->id);
      const char *name;
      gsize type_len = strlen (hs_root_type_name (r->type));
      if (o == HS_OBJ_NONE || (name = hs_heap_object_class_name (heap, o)) == NULL)
        continue;
      if (type_len > root_type_len || (type_len == root_type_len && strlen (name) > root_name_len))
        {
          root_type_len = type_len;
          root_name_len = strlen (name);
          root_obj = o;
        }
    }
  g_assert_cmpuint (root_obj, !=, HS_OBJ_NONE);
  g_array_append_val (objs, root_obj);
  return objs;
}

typedef struct
{
  GtkWidget *pane;
  int pane_width;
  guint n_labels;
  guint n_ellipsized;
  GString *outside;
} FitCheck;

/* The tooltip of label or of one of its ancestors below the pane. */
static const char *
tooltip_above (GtkWidget *label, GtkWidget *pane)
{
  for (GtkWidget *w = label; w != NULL && w != pane; w = gtk_widget_get_parent (w))
    if (gtk_widget_get_tooltip_text (w) != NULL)
      return gtk_widget_get_tooltip_text (w);
  return NULL;
}

/* Every word of text (without its zero-width spaces and the ellipsis
 * that replaced its end) is in tip. */
static gboolean
tooltip_has_words (const char *tip, const char *text)
{
  g_autoptr (GString) plain = g_string_new (text);
  g_auto (GStrv) words = NULL;
  guint n;

  if (tip == NULL)
    return FALSE;
  g_string_replace (plain, "\u200b", "", 0);
  words = g_strsplit_set (plain->str, " \n", -1);
  n = g_strv_length (words);
  for (guint i = 0; i < n; i++)
    {
      /* The layout's text is whole: ellipsizing is in the drawing. */
      if (*words[i] != '\0' && strstr (tip, words[i]) == NULL)
        return FALSE;
    }
  return TRUE;
}

static void
check_fit (GtkWidget *widget, FitCheck *fit)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      graphene_rect_t b;
      if (!gtk_widget_get_mapped (c))
        continue;
      if ((GTK_IS_LABEL (c) && *gtk_label_get_text (GTK_LABEL (c)) != '\0') || GTK_IS_BUTTON (c))
        {
          g_assert_true (gtk_widget_compute_bounds (c, fit->pane, &b));
          if (b.origin.x < -0.5 || b.origin.x + b.size.width > fit->pane_width + 0.5)
            g_string_append_printf (fit->outside, "  %s \"%s\" at %.0f..%.0f of %d\n", G_OBJECT_TYPE_NAME (c),
                                    GTK_IS_LABEL (c) ? gtk_label_get_text (GTK_LABEL (c)) : "", b.origin.x,
                                    b.origin.x + b.size.width, fit->pane_width);
        }
      if (GTK_IS_LABEL (c) && *gtk_label_get_text (GTK_LABEL (c)) != '\0')
        {
          PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (c));
          fit->n_labels++;
          /* Shortened: the whole text is in its tooltip (the label's own or
           * its button's). */
          if (pango_layout_is_ellipsized (layout))
            {
              const char *tip = tooltip_above (c, fit->pane);
              fit->n_ellipsized++;
              if (!tooltip_has_words (tip, gtk_label_get_text (GTK_LABEL (c))))
                g_string_append_printf (fit->outside, "  \"%s\" shortened, tooltip %s\n",
                                        gtk_label_get_text (GTK_LABEL (c)), tip ? tip : "(none)");
            }
        }
      check_fit (c, fit);
    }
}

/* At 1400, 1024, 800 and 600 px: every label and button of the
 * inspector lies inside the pane (no sideways scrolling), the pane inside
 * the window, for each of the widest objects. */
static void
test_inspector_fits (void)
{
  static const int widths[] = { 1400, 1024, 800, 600 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      HsWindow *window = ui_window_new (NULL, widths[w], 800);
      HsAnalysis *a;
      g_autoptr (GArray) objs = NULL;
      GtkWidget *inspector, *pane;

      open_and_wait (window, sample);
      a = hs_loader_get_analysis (hs_window_get_loader (window));
      objs = wide_objects (a);
      inspector = hs_window_get_inspector (window);
      for (guint i = 0; i < objs->len; i++)
        {
          FitCheck fit = { 0 };
          graphene_rect_t pb;
          HsObj obj = g_array_index (objs, HsObj, i);

          hs_window_inspect (window, obj);
          g_assert_true (ui_wait_until (inspector_idle, inspector, 60000));
          g_assert_true (ui_wait_until (inspector_at_rest, inspector, 10000));
          g_assert_true (ui_wait_drawn (inspector, 10000));
          pane = gtk_widget_get_ancestor (inspector, GTK_TYPE_SCROLLED_WINDOW);
          g_assert_nonnull (pane);
          g_assert_true (gtk_widget_compute_bounds (pane, GTK_WIDGET (window), &pb));
          g_test_message ("width %d, %s: pane %.0f..%.0f", widths[w],
                          hs_heap_object_class_name (a->heap, obj), pb.origin.x, pb.origin.x + pb.size.width);
          g_assert_cmpfloat (pb.origin.x, >=, 0);
          g_assert_cmpfloat (pb.origin.x + pb.size.width, <=,
                             gtk_widget_get_width (GTK_WIDGET (window)) + 0.5);
          /* Not a sliver: the pane shows the values. */
          g_assert_cmpfloat (pb.size.width, >=, 280);

          fit.pane = pane;
          fit.pane_width = gtk_widget_get_width (pane);
          fit.outside = g_string_new (NULL);
          check_fit (inspector, &fit);
          {
            g_autofree char *name = g_strdup_printf ("inspector-%d-%u.png", widths[w], i);
            ui_shot (GTK_WIDGET (window), name);
          }
          if (fit.outside->len > 0)
            g_error ("width %d, inspecting %s: outside the pane or cut without a tooltip:\n%s", widths[w],
                     hs_heap_object_class_name (a->heap, obj), fit.outside->str);
          g_assert_cmpuint (fit.n_labels, >=, 8);
          g_string_free (fit.outside, TRUE);
        }
      ui_destroy_window (window);
    }
}

static gboolean
threads_ready (gpointer data)
{
  return hs_threads_view_is_ready (HS_THREADS_VIEW (data));
}

/* The mapped label of the threads table showing text, or NULL (the table
 * builds rows only around what is shown). */
static GtkWidget *
find_label (GtkWidget *root, const char *text)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_LABEL (c) && gtk_widget_get_mapped (c)
          && g_strcmp0 (gtk_label_get_text (GTK_LABEL (c)), text) == 0)
        return c;
      if ((found = find_label (c, text)) != NULL)
        return found;
    }
  return NULL;
}

/* The label of thread name's row in the threads table, with its bounds
 * in the table's scroller (*height: the scroller's), or NULL while the
 * row is not built. */
static GtkWidget *
row_label (GtkWidget *view, const char *name, graphene_rect_t *b, int *height)
{
  GtkWidget *table = ui_find_child (view, GTK_TYPE_COLUMN_VIEW);
  GtkWidget *scroller = gtk_widget_get_ancestor (table, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *label = find_label (table, name);

  *height = gtk_widget_get_height (scroller);
  return label != NULL && gtk_widget_compute_bounds (label, scroller, b) ? label : NULL;
}

typedef struct
{
  GtkWidget *view;
  const char *name;
} RowWanted;

/* The row is built: the table scrolled to it (on a busy machine a few
 * frames after the view was filled). */
static gboolean
row_built (gpointer data)
{
  RowWanted *w = data;
  graphene_rect_t b;
  int height;
  return row_label (w->view, w->name, &b, &height) != NULL;
}

/* The row of thread name lies inside the visible part of the table. */
static void
assert_row_shown (GtkWidget *view, const char *name)
{
  RowWanted wanted = { view, name };
  graphene_rect_t b;
  int height;

  g_assert_true (ui_wait_until (row_built, &wanted, 10000));
  g_assert_true (ui_wait_drawn (view, 10000));
  GtkWidget *label = row_label (view, name, &b, &height);
  g_assert_nonnull (label);
  g_test_message ("%s at y %.0f..%.0f of %d", name, b.origin.y, b.origin.y + b.size.height, height);
  g_assert_cmpfloat (b.origin.y, >=, 0);
  g_assert_cmpfloat (b.origin.y + b.size.height, <=, height);
}

/* The Threads view opens on the thread whose stack holds the most
 * (worker-39: its byte[] is the biggest), selected and in sight. */
static void
test_threads_open_on_selected (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 800);
  HsView *view;

  open_and_wait (window, workers_dump);
  hs_window_set_view (window, "threads");
  view = hs_window_get_view_by_name (window, "threads");
  g_assert_true (ui_wait_until (threads_ready, view, 30000));
  g_assert_true (ui_wait_drawn (GTK_WIDGET (view), 10000));
  g_assert_cmpuint (hs_threads_view_get_n_rows (HS_THREADS_VIEW (view)), ==, 41);
  g_assert_cmpstr (hs_threads_view_get_row_name (HS_THREADS_VIEW (view), 0), ==, "worker-39");
  ui_shot (GTK_WIDGET (window), "threads-open.png");
  assert_row_shown (GTK_WIDGET (view), "worker-39");
  ui_destroy_window (window);
}

/* The first button below root whose action is action, or NULL. */
static GtkWidget *
find_action_button (GtkWidget *root, const char *action)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_BUTTON (c) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (c)), action) == 0)
        return c;
      if ((found = find_action_button (c, action)) != NULL)
        return found;
    }
  return NULL;
}

/* A local of a thread's frame in the inspector names its thread and
 * frame, and links to the Threads view: worker-0 (whose stack holds the
 * least: the last row) selected there and scrolled into sight. */
static void
test_local_links_to_thread (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 800);
  HsAnalysis *a;
  HsView *view;
  HsObj buffer = HS_OBJ_NONE;
  GtkWidget *button;
  g_autoptr (GString) text = NULL;
  g_autofree char *stack = NULL, *id = NULL;

  open_and_wait (window, workers_dump);
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  for (gsize i = 0; i < hs_heap_n_roots (a->heap); i++)
    {
      const HsRoot *r = hs_heap_root (a->heap, i);
      g_autofree char *name = hs_heap_thread_name (a->heap, r->thread_serial);
      if (r->type == HS_ROOT_JAVA_FRAME && g_strcmp0 (name, "worker-0") == 0)
        buffer = r->obj;
    }
  g_assert_cmpuint (buffer, !=, HS_OBJ_NONE);
  hs_window_inspect (window, buffer);
  g_assert_true (ui_wait_until (inspector_idle, hs_window_get_inspector (window), 60000));
  g_assert_true (ui_wait_until (inspector_at_rest, hs_window_get_inspector (window), 10000));
  g_assert_true (ui_wait_drawn (hs_window_get_inspector (window), 10000));
  button = find_action_button (hs_window_get_inspector (window), "win.show-thread");
  g_assert_nonnull (button);
  text = g_string_new (gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button)))));
  g_string_replace (text, "\u200b", "", 0);
  g_assert_cmpstr (text->str, ==, "worker-0 at store.Worker.hold(Worker.java:12)");
  /* Its 1,000 zero bytes are no text: hex. */
  g_assert_nonnull (
      find_label (hs_window_get_inspector (window),
                  "00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  00 00 00 00 "
                  "00 00 00 00  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  "
                  "00 00 00 00 00 00 00 00 …"));
  g_assert_null (find_label (hs_window_get_inspector (window), "As text"));
  ui_shot (GTK_WIDGET (window), "local-of-thread.png");

  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (hs_window_get_view (window), ==, "threads");
  view = hs_window_get_view_by_name (window, "threads");
  g_assert_true (ui_wait_until (threads_ready, view, 30000));
  g_assert_true (ui_wait_drawn (GTK_WIDGET (view), 10000));
  /* The stack shown is worker-0's: its local is the buffer. */
  stack = hs_threads_view_get_stack_text (HS_THREADS_VIEW (view));
  id = g_strdup_printf ("byte[]@0x%" G_GINT64_MODIFIER "x", hs_heap_object_id (a->heap, buffer));
  g_assert_nonnull (strstr (stack, id));
  ui_shot (GTK_WIDGET (window), "threads-worker-0.png");
  assert_row_shown (GTK_WIDGET (view), "worker-0");
  ui_destroy_window (window);
}

/* The first mapped widget of type below root (depth first), or NULL. */
static GtkWidget *
find_mapped (GtkWidget *root, GType type)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type) && gtk_widget_get_mapped (c))
        return c;
      if ((found = find_mapped (c, type)) != NULL)
        return found;
    }
  return NULL;
}

/* Whether the views' switcher is in the header bar, not in the bar at the
 * bottom. The squeezer decides on an allocation, which a loaded machine
 * may not have run yet: tests wait for it rather than for a fixed time. */
static gboolean
switcher_on_top (gpointer window)
{
  GtkWidget *bar = ui_find_child (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR);
  return bar != NULL && !adw_view_switcher_bar_get_reveal (ADW_VIEW_SWITCHER_BAR (bar));
}

/* At 1400 px the views' switcher is in the header bar, not the bar at the
 * bottom: also after the leaks were shown early (the sample has two), when
 * the switcher had fewer views. */
static void
test_switcher_on_top (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 800);
  GtkWidget *bar;

  open_and_wait (window, sample);
  bar = ui_find_child (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR);
  g_assert_nonnull (bar);
  g_assert_true (ui_wait_until (switcher_on_top, window, LOAD_TIMEOUT_MS));
  ui_shot (GTK_WIDGET (window), "switcher-1400.png");
  g_assert_nonnull (find_mapped (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER));
  ui_destroy_window (window);
}

/* One application for the process (registered once), as the app has: the
 * preferences are its actions. */
static HsApplication *the_app;

static HsApplication *
app_get (void)
{
  g_autoptr (GError) error = NULL;

  if (the_app == NULL)
    {
      the_app = hs_application_new ();
      g_application_set_flags (G_APPLICATION (the_app),
                               g_application_get_flags (G_APPLICATION (the_app)) | G_APPLICATION_NON_UNIQUE);
      g_assert_true (g_application_register (G_APPLICATION (the_app), NULL, &error));
      g_assert_no_error (error);
    }
  return the_app;
}

typedef struct
{
  HsWindow *window;
  double percent;
} PercentWait;

static gboolean
suspects_at (gpointer data)
{
  PercentWait *w = data;
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (w->window));
  return a != NULL && a->suspects != NULL && a->suspects->percent == w->percent;
}

static void
on_percent_changed (GSettings *settings, const char *key, guint *n)
{
  (*n)++;
}

static int
selected_leak_row (HsWindow *window)
{
  GtkWidget *list = ui_find_child (GTK_WIDGET (ui_leaks_view (window)), GTK_TYPE_LIST_BOX);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (GTK_LIST_BOX (list));
  return row != NULL ? gtk_list_box_row_get_index (row) : -1;
}

/* "Suspects above N %" finds the suspects again on the dump's dominator
 * tree (the same loader, no new analysis): the view, its selection, the
 * object inspected and back/forward stay. Three quick clicks are one
 * change (debounced). The sample has 2 leak groups and one suspect, the
 * class com.example.App (68% of the reachable bytes). */
static void
test_threshold_keeps_place (void)
{
  HsApplication *app = app_get ();
  g_autoptr (GSettings) settings = hs_settings_new_if_installed ();
  HsWindow *window = ui_window_new (GTK_APPLICATION (app), 1400, 800);
  HsLoader *loader;
  HsAnalysis *a;
  HsLeaksView *leaks;
  GtkSpinButton *spin;
  g_autoptr (GArray) top = NULL;
  HsObj inspected;
  HsHistory *history;
  guint n_changes = 0;
  PercentWait w = { window, 13 };

  g_assert_nonnull (settings);
  g_settings_set_int (settings, "suspects-percent", 10);
  open_and_wait (window, sample);
  loader = hs_window_get_loader (window);
  a = hs_loader_get_analysis (loader);
  g_assert_cmpuint (a->suspects->objects->len + a->suspects->classes->len, ==, 1);

  /* Somewhere: the classes, then the suspect in the leaks view, an object
   * in the inspector. */
  hs_window_set_view (window, "classes");
  g_assert_true (ui_wait_view (window, "classes", 10000));
  hs_window_set_view (window, "leaks");
  leaks = ui_leaks_view (window);
  g_assert_cmpuint (hs_leaks_view_get_n_rows (leaks), ==, 2);
  hs_leaks_view_select_suspect (leaks, 0);
  top = hs_query_top_objects (a, 2);
  inspected = g_array_index (top, HsObj, 1);
  hs_window_inspect (window, inspected);
  wait_inspecting (window, inspected);
  g_assert_cmpint (selected_leak_row (window), ==, 2);
  history = hs_dump_tab_get_history (hs_window_get_tab (window));
  g_assert_true (hs_history_can_go_back (history));

  /* Three clicks on +: one change to 13%. */
  g_signal_connect (settings, "changed::suspects-percent", G_CALLBACK (on_percent_changed), &n_changes);
  spin = GTK_SPIN_BUTTON (ui_find_child (GTK_WIDGET (leaks), GTK_TYPE_SPIN_BUTTON));
  for (int i = 0; i < 3; i++)
    {
      gtk_spin_button_spin (spin, GTK_SPIN_STEP_FORWARD, 1);
      ui_iterate (50);
    }
  g_assert_true (ui_wait_until (suspects_at, &w, 30000));
  g_assert_true (ui_wait_drawn (GTK_WIDGET (window), 10000));
  g_assert_cmpuint (n_changes, ==, 1);
  g_assert_cmpint (g_settings_get_int (settings, "suspects-percent"), ==, 13);
  /* The same analysis, where the user was. */
  g_assert_true (hs_window_get_loader (window) == loader);
  g_assert_true (hs_loader_get_analysis (loader) == a);
  g_assert_cmpstr (hs_window_get_view (window), ==, "leaks");
  g_assert_cmpuint (hs_leaks_view_get_n_suspects (leaks), ==, 1);
  g_assert_cmpint (selected_leak_row (window), ==, 2);
  g_assert_true (gtk_widget_get_visible (hs_window_get_inspector (window)));
  g_assert_cmpuint (hs_inspector_get_obj (HS_INSPECTOR (hs_window_get_inspector (window))), ==, inspected);
  g_assert_true (hs_history_can_go_back (history));
  g_assert_nonnull (strstr (hs_leaks_view_get_suspect_subtitle (leaks, 0), "(68%)"));
  ui_shot (GTK_WIDGET (window), "threshold-13.png");

  /* Above the suspect's share: none; the leaks stay. */
  w.percent = 70;
  gtk_spin_button_set_value (spin, 70);
  g_assert_true (ui_wait_until (suspects_at, &w, 30000));
  g_assert_true (ui_wait_drawn (GTK_WIDGET (window), 10000));
  g_assert_cmpuint (hs_leaks_view_get_n_suspects (leaks), ==, 0);
  g_assert_cmpuint (hs_leaks_view_get_n_rows (leaks), ==, 2);
  g_assert_cmpstr (hs_window_get_view (window), ==, "leaks");
  g_assert_true (hs_history_can_go_back (history));
  {
    HsOverviewView *overview = HS_OVERVIEW_VIEW (hs_window_get_view_by_name (window, "overview"));
    hs_window_set_view (window, "overview");
    g_assert_true (ui_wait_view (window, "overview", 10000));
    g_assert_cmpstr (hs_overview_view_get_suspects_text (overview), ==, "No suspects above 70%");
  }

  g_signal_handlers_disconnect_by_func (settings, on_percent_changed, &n_changes);
  g_settings_set_int (settings, "suspects-percent", 10);
  ui_destroy_window (window);
}

typedef struct
{
  HsWindow *window;
  HsLoader *old;
} NewLoader;

static gboolean
new_loader_done (gpointer data)
{
  NewLoader *r = data;
  HsLoader *l = hs_window_get_loader (r->window);
  return l != r->old && hs_loader_get_state (l) == HS_LOADER_DONE;
}

/* A preference that changes every number (following weak references)
 * analyses the dump again, and the user stays where they were: the view,
 * the object inspected, back/forward. */
static void
test_reload_keeps_place (void)
{
  HsApplication *app = app_get ();
  HsWindow *window = ui_window_new (GTK_APPLICATION (app), 1400, 800);
  g_autoptr (GVariant) weak = NULL;
  g_autoptr (GArray) top = NULL;
  NewLoader r = { window, NULL };
  HsAnalysis *a;
  HsObj inspected;

  open_and_wait (window, sample);
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  top = hs_query_top_objects (a, 3);
  inspected = g_array_index (top, HsObj, 2);
  hs_window_set_view (window, "dominators");
  g_assert_true (ui_wait_view (window, "dominators", 10000));
  hs_window_set_view (window, "classes");
  hs_window_inspect (window, inspected);
  wait_inspecting (window, inspected);
  g_assert_true (hs_history_can_go_back (hs_dump_tab_get_history (hs_window_get_tab (window))));

  r.old = g_object_ref (hs_window_get_loader (window));
  weak = g_action_group_get_action_state (G_ACTION_GROUP (app), "follow-weak");
  g_action_group_change_action_state (G_ACTION_GROUP (app), "follow-weak",
                                      g_variant_new_boolean (!g_variant_get_boolean (weak)));
  g_assert_true (ui_wait_until (new_loader_done, &r, LOAD_TIMEOUT_MS));
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  g_assert_cmpstr (hs_window_get_view (window), ==, "classes");
  /* The switcher is back in the header at 1400 px (the leaks were shown
   * early again meanwhile). */
  g_assert_true (ui_wait_until (switcher_on_top, window, LOAD_TIMEOUT_MS));
  g_assert_true (gtk_widget_get_visible (hs_window_get_inspector (window)));
  g_assert_cmpuint (hs_inspector_get_obj (HS_INSPECTOR (hs_window_get_inspector (window))), ==, inspected);
  g_assert_true (hs_history_can_go_back (hs_dump_tab_get_history (hs_window_get_tab (window))));
  /* Back goes to where the user was before. */
  hs_dump_tab_back (hs_window_get_tab (window));
  g_assert_true (ui_wait_until (at_current, window, 10000));
  g_assert_cmpstr (hs_window_get_view (window), ==, "classes");
  g_assert_false (gtk_widget_get_visible (hs_window_get_inspector (window)));

  g_object_unref (r.old);
  r.old = g_object_ref (hs_window_get_loader (window));
  g_action_group_change_action_state (G_ACTION_GROUP (app), "follow-weak", g_steal_pointer (&weak));
  g_assert_true (ui_wait_until (new_loader_done, &r, LOAD_TIMEOUT_MS));
  g_object_unref (r.old);
  ui_destroy_window (window);
}

/* "3" + the locale's thousands separator (a comma where it has none, as
 * in C where the tests run) + "000". */
static char *
three_thousand (void)
{
  const struct lconv *lc = localeconv ();
  return g_strdup_printf ("3%s000",
                          lc->thousands_sep != NULL && *lc->thousands_sep != '\0' ? lc->thousands_sep : ",");
}

/* A mapped inscription below root showing text, or NULL. */
static GtkWidget *
find_inscription (GtkWidget *root, const char *text)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_INSCRIPTION (c) && gtk_widget_get_mapped (c)
          && g_strcmp0 (gtk_inscription_get_text (GTK_INSCRIPTION (c)), text) == 0)
        return c;
      if ((found = find_inscription (c, text)) != NULL)
        return found;
    }
  return NULL;
}

/* MAT's and Android Studio's habits in the classes table and the
 * Overview, on the sample (3,000 com.example.User objects). */
typedef struct
{
  GtkWidget *root;
  const char *text;
} Inscription;

static gboolean
inscription_shown (gpointer data)
{
  Inscription *i = data;
  return find_inscription (i->root, i->text) != NULL;
}

static void
test_mat_habits (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 800);
  g_autofree char *count = three_thousand ();
  HsClassesView *classes;
  GtkColumnView *table;
  GListModel *columns;
  HsAnalysis *a;
  HsClassColumn column;
  GtkSortType order;
  GtkWidget *header, *button;
  g_autoptr (GtkColumnViewColumn) count_column = NULL;
  g_autoptr (HsClassRow) first = NULL;
  g_autoptr (GArray) top = NULL;
  HsClass most = 0;

  open_and_wait (window, sample);
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  hs_window_set_view (window, "classes");
  classes = ui_classes_view (window);
  g_assert_true (ui_wait_view (window, "classes", 10000));
  table = GTK_COLUMN_VIEW (ui_find_child (GTK_WIDGET (classes), GTK_TYPE_COLUMN_VIEW));

  /* Counts grouped: com.example.User's 3,000 objects. */
  hs_classes_view_set_filter (classes, "com.example.User");
  ui_wait_until (inscription_shown, &(Inscription){ GTK_WIDGET (table), count }, 10000);
  g_assert_nonnull (find_inscription (GTK_WIDGET (table), count));
  hs_classes_view_set_filter (classes, "");
  g_assert_true (ui_wait_until (all_classes, &(AllClasses){ classes, hs_heap_n_classes (a->heap) }, 10000));

  /* The Retained Size header explains itself. */
  header = find_label (GTK_WIDGET (table), "Retained Size");
  g_assert_nonnull (header);
  g_assert_nonnull (strstr (tooltip_above (header, GTK_WIDGET (table)), "dominator"));

  /* A first click on a numeric header (GTK sorts the new column
   * ascending): biggest first. */
  columns = gtk_column_view_get_columns (table);
  count_column = g_list_model_get_item (columns, HS_CLASS_COLUMN_COUNT);
  gtk_column_view_sort_by_column (table, count_column, GTK_SORT_ASCENDING);
  g_assert_true (ui_wait_until (sorted_by_count, classes, 10000));
  hs_classes_view_get_sort (classes, &column, &order);
  g_assert_cmpint (column, ==, HS_CLASS_COLUMN_COUNT);
  g_assert_cmpint (order, ==, GTK_SORT_DESCENDING);
  for (guint c = 0; c < hs_heap_n_classes (a->heap); c++)
    if (hs_class_count (a->heap, c) > hs_class_count (a->heap, most))
      most = c;
  first = g_list_model_get_item (hs_classes_view_get_class_model (classes), 0);
  g_assert_cmpuint (hs_class_count (a->heap, hs_class_row_get_class (first)), ==,
                    hs_class_count (a->heap, most));

  /* Activating a class row opens its class object (its statics). */
  g_signal_emit_by_name (table, "activate", 0);
  ui_wait_visible (hs_window_get_inspector (window), 10000);
  g_assert_true (ui_wait_until (inspector_at_rest, hs_window_get_inspector (window), 10000));
  g_assert_true (gtk_widget_get_visible (hs_window_get_inspector (window)));
  g_assert_cmpuint (hs_inspector_get_obj (HS_INSPECTOR (hs_window_get_inspector (window))), ==,
                    hs_class_object (a->heap, hs_class_row_get_class (first)));
  ui_shot (GTK_WIDGET (window), "classes-activated.png");

  /* A row of the Overview's biggest objects opens its object. */
  hs_window_set_view (window, "overview");
  g_assert_true (ui_wait_view (window, "overview", 10000));
  top = hs_query_top_level_objects (a, 1);
  button = find_action_button (GTK_WIDGET (hs_window_get_view_by_name (window, "overview")), "win.inspect");
  g_assert_nonnull (button);
  g_assert_true (GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (button))));
  g_signal_emit_by_name (button, "clicked");
  wait_inspecting (window, g_array_index (top, HsObj, 0));
  g_assert_cmpuint (hs_inspector_get_obj (HS_INSPECTOR (hs_window_get_inspector (window))), ==,
                    g_array_index (top, HsObj, 0));
  ui_shot (GTK_WIDGET (window), "overview-1400.png");
  ui_destroy_window (window);
}

static gboolean
treemap_laid_out (gpointer data)
{
  return hs_treemap_widget_get_n_rects (data) > 0;
}

static void
on_layout_done (HsTreemapWidget *treemap, gboolean *done)
{
  *done = TRUE;
}

static gboolean
flag_set (gpointer data)
{
  return *(gboolean *)data;
}

/* The treemap has a legend (the packages of its outer boxes) and grey
 * "N more, SIZE" boxes for what is too small to draw. */
static void
test_treemap_legend (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 800);
  HsTreemapView *view;
  HsTreemapWidget *treemap;

  open_and_wait (window, sample);
  view = ui_treemap_view (window);
  treemap = hs_treemap_view_get_treemap (view);
  /* The legend follows the treemap's layout ("layout-done"). */
  {
    gboolean done = FALSE;
    gulong id = g_signal_connect (treemap, "layout-done", G_CALLBACK (on_layout_done), &done);

    hs_window_set_view (window, "treemap");
    g_assert_true (ui_wait_until (flag_set, &done, 30000));
    g_signal_handler_disconnect (treemap, id);
  }
  g_assert_true (ui_wait_until (treemap_laid_out, treemap, 30000));
  g_assert_true (ui_wait_drawn (GTK_WIDGET (view), 10000));
  g_assert_cmpuint (hs_treemap_view_get_n_legend (view), >=, 2);
  g_assert_cmpuint (hs_treemap_view_get_n_legend (view), <=, HS_TREEMAP_LEGEND_MAX);
  g_assert_nonnull (find_label (GTK_WIDGET (view), "com.example"));
  ui_shot (GTK_WIDGET (window), "treemap-1400.png");
  ui_destroy_window (window);
}

static gboolean
mapping_idle (gpointer data)
{
  return !hs_dump_tab_is_mapping_busy (data) && hs_dump_tab_get_mapping_path (data) != NULL;
}

static gboolean
mapping_not_busy (gpointer tab)
{
  return !hs_dump_tab_is_mapping_busy (tab);
}

/* A dump in a folder of its own (a link to the sample) with one more
 * file: which mapping is offered. */
static char *
offered_beside (const char *other_file, const char *contents, HsWindow **window_out)
{
  g_autofree char *dir = g_dir_make_tmp ("hs-first-screen-XXXXXX", NULL);
  g_autofree char *dump = g_build_filename (dir, "app.hprof", NULL);
  g_autofree char *other = g_build_filename (dir, other_file, NULL);
  HsWindow *window = ui_window_new (NULL, 1400, 800);
  const char *offered;
  char *base;

  g_assert_cmpint (symlink (sample, dump), ==, 0);
  g_assert_true (g_file_set_contents (other, contents, -1, NULL));
  open_and_wait (window, dump);
  /* The file beside the dump read (on a worker) and offered or not. */
  g_assert_true (ui_wait_until (mapping_not_busy, hs_window_get_tab (window), 60000));
  offered = hs_dump_tab_get_offered_mapping (hs_window_get_tab (window));
  base = offered != NULL ? g_path_get_basename (offered) : NULL;
  *window_out = window;
  return base;
}

/* Small things: a mapping beside the dump named like it (app-*.txt for
 * app.hprof) but not mapping.txt is offered, and once applied the header says so; a dump
 * the file chooser put in Recent that was not analysed here is not on
 * the welcome page. */
static void
test_small_things (void)
{
  HsWindow *window = NULL;
  g_autofree char *offered = NULL;
  GtkWidget *tag;

  offered = offered_beside ("app-release-mapping.txt", "x.RealUser -> com.example.User:\n", &window);
  g_assert_cmpstr (offered, ==, "app-release-mapping.txt");
  {
    HsDumpTab *tab = hs_window_get_tab (window);
    g_autoptr (GFile) file = g_file_new_for_path (hs_dump_tab_get_offered_mapping (tab));
    hs_dump_tab_load_mapping (tab, file);
    g_assert_true (ui_wait_until (mapping_idle, tab, 60000));
    g_assert_true (ui_wait_drawn (GTK_WIDGET (window), 10000));
  }
  tag = find_label (GTK_WIDGET (window), "Mapping: app-release-mapping.txt");
  g_assert_nonnull (tag);
  ui_shot (GTK_WIDGET (window), "mapping-tag.png");
  ui_destroy_window (window);
  g_clear_pointer (&offered, g_free);

  offered = offered_beside ("app-1.2.txt", "x.RealUser -> com.example.User:\n", &window);
  g_assert_cmpstr (offered, ==, "app-1.2.txt");
  ui_destroy_window (window);

  {
    g_autofree char *dir = g_dir_make_tmp ("hs-first-screen-XXXXXX", NULL);
    g_autofree char *broken = g_build_filename (dir, "broken-dump.hprof", NULL);
    g_autofree char *uri = g_filename_to_uri (broken, NULL, NULL);
    g_assert_true (g_file_set_contents (broken, "not a heap dump", -1, NULL));
    /* As GTK's file chooser does with the file chosen. */
    g_assert_true (gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri));
    window = ui_window_new (NULL, 1400, 800);
    g_assert_true (ui_wait_drawn (GTK_WIDGET (window), 10000));
    g_assert_null (find_label (GTK_WIDGET (window), "broken-dump.hprof"));
    ui_destroy_window (window);
  }
}

typedef struct
{
  GtkWidget *window;
  guint n_cards;
  GString *outside;
} CardCheck;

static void
check_cards (GtkWidget *widget, CardCheck *c)
{
  for (GtkWidget *w = gtk_widget_get_first_child (widget); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      graphene_rect_t b;
      if (!gtk_widget_get_mapped (w))
        continue;
      if (gtk_widget_has_css_class (w, "card"))
        {
          c->n_cards++;
          g_assert_true (gtk_widget_compute_bounds (w, c->window, &b));
          if (b.origin.x < 0 || b.origin.x + b.size.width > gtk_widget_get_width (c->window))
            g_string_append_printf (c->outside, " card at %.0f..%.0f", b.origin.x, b.origin.x + b.size.width);
        }
      check_cards (w, c);
    }
}

/* The first label below root with the CSS class, or NULL (a suspect's
 * headline is a title-4). */
static GtkWidget *
find_label_with_class (GtkWidget *root, const char *css_class)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_LABEL (c) && gtk_widget_has_css_class (c, css_class))
        return c;
      if ((found = find_label_with_class (c, css_class)) != NULL)
        return found;
    }
  return NULL;
}

/* At 600 px: the Overview's cards are all inside the window (wrapped),
 * and the suspect's headline has the width of its column, not a word's. */
static void
test_narrow_600 (void)
{
  HsWindow *window = ui_window_new (NULL, 600, 800);
  CardCheck c = { GTK_WIDGET (window), 0, g_string_new (NULL) };
  GtkWidget *headline;

  open_and_wait (window, sample);
  hs_window_set_view (window, "overview");
  g_assert_true (ui_wait_view (window, "overview", 10000));
  check_cards (GTK_WIDGET (hs_window_get_view_by_name (window, "overview")), &c);
  g_assert_cmpuint (c.n_cards, >=, 4);
  if (c.outside->len > 0)
    g_error ("Overview at 600 px, outside the window:%s", c.outside->str);
  g_string_free (c.outside, TRUE);

  hs_window_set_view (window, "leaks");
  hs_leaks_view_select_suspect (ui_leaks_view (window), 0);
  g_assert_true (ui_wait_view (window, "leaks", 10000));
  headline
      = find_label_with_class (GTK_WIDGET (hs_leaks_view_get_trace_view (ui_leaks_view (window))), "title-4");
  g_assert_nonnull (headline);
  g_test_message ("headline %d px wide, mapped %d: %s", gtk_widget_get_width (headline),
                  gtk_widget_get_mapped (headline), gtk_label_get_text (GTK_LABEL (headline)));
  g_assert_true (gtk_widget_get_mapped (headline));
  g_assert_cmpint (gtk_widget_get_width (headline), >=, 250);

  /* The trace's cards: under the list, not beside it, so none is cut on
   * the right (side by side the pane left them 330 px of 560). */
  g_assert_true (hs_leaks_view_is_stacked (ui_leaks_view (window)));
  {
    GtkWidget *trace = GTK_WIDGET (hs_leaks_view_get_trace_view (ui_leaks_view (window)));
    graphene_rect_t b;

    g_assert_true (gtk_widget_compute_bounds (trace, GTK_WIDGET (window), &b));
    g_assert_cmpfloat (b.origin.x + b.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
    g_assert_cmpint (gtk_widget_get_width (trace), >=, 500);
  }
  /* Wide again, side by side again. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 800);
  ui_wait_until (side_by_side, window, 10000);
  g_assert_false (hs_leaks_view_is_stacked (ui_leaks_view (window)));
  ui_destroy_window (window);
}

static gboolean
no_sideways_scroll (gpointer data)
{
  return gtk_adjustment_get_upper (data) <= gtk_adjustment_get_page_size (data) + 0.5;
}

static gboolean
compare_done (gpointer data)
{
  return g_strcmp0 (hs_compare_view_get_page (data), "loading") != 0;
}

/* At 1400 and 600 px every view of the switcher is as wide as the window
 * at most: a wider one is cut at the window's right edge (its toolbar's
 * last buttons, its table's last columns), with no way to scroll to them.
 * The class table's sizes are in sight without a sideways scroll (at
 * 600 px Reachable, Unreachable and Native Size give way).
 * HS_TEST_SHOTS=DIR saves each view at each width. */
static void
test_views_fit (void)
{
  static const char *const views[] = { "overview", "leaks",   "classes", "dominators", "treemap",
                                       "insights", "threads", "compare", "query" };
  static const int widths[] = { 1400, 600 };
  g_autoptr (GString) wide = g_string_new (NULL);

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      HsWindow *window = ui_window_new (NULL, widths[w], 800);
      open_and_wait (window, sample);
      for (guint i = 0; i < G_N_ELEMENTS (views); i++)
        {
          hs_window_set_view (window, views[i]);
          g_assert_true (ui_wait_view (window, views[i], 10000));
          GtkWidget *view = GTK_WIDGET (hs_window_get_view_by_name (window, views[i]));
          graphene_rect_t b;
          g_assert_true (gtk_widget_compute_bounds (view, GTK_WIDGET (window), &b));
          if (b.origin.x < 0 || b.origin.x + b.size.width > gtk_widget_get_width (GTK_WIDGET (window)) + 0.5)
            g_string_append_printf (wide, " %s at %d px (%.0f..%.0f of %d)", views[i], widths[w], b.origin.x,
                                    b.origin.x + b.size.width, gtk_widget_get_width (GTK_WIDGET (window)));
          /* The class table's sizes in sight without a sideways scroll:
           * in a narrow window its secondary columns give way. */
          if (g_str_equal (views[i], "classes"))
            {
              GtkWidget *table = ui_find_child (view, GTK_TYPE_COLUMN_VIEW);
              GtkAdjustment *h = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (table));
              /* (the columns change in an idle after the width did) */
              if (!ui_wait_until (no_sideways_scroll, h, 3000))
                g_string_append_printf (wide, " the class table at %d px (%.0f of %.0f)", widths[w],
                                        gtk_adjustment_get_upper (h), gtk_adjustment_get_page_size (h));
              GListModel *columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (table));
              for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
                {
                  g_autoptr (GtkColumnViewColumn) col = g_list_model_get_item (columns, c);
                  const char *title = gtk_column_view_column_get_title (col);
                  gboolean secondary = g_str_equal (title, "Reachable") || g_str_equal (title, "Unreachable")
                                       || g_str_equal (title, "Native Size");
                  /* At 1400 px every column; at 600 px all but those. */
                  g_assert_true (gtk_column_view_column_get_visible (col)
                                 == (widths[w] > 1000 || !secondary));
                }
            }
          g_autofree char *shot = g_strdup_printf ("view-%s-%d.png", views[i], widths[w]);
          ui_shot (GTK_WIDGET (window), shot);
        }
      /* The comparison itself (its toolbar, its table): the sample with
       * itself. */
      g_autoptr (GFile) baseline = g_file_new_for_path (sample);
      HsCompareView *compare = HS_COMPARE_VIEW (hs_window_get_view_by_name (window, "compare"));
      hs_window_compare_with (window, baseline, 0);
      g_assert_true (ui_wait_until (compare_done, compare, 60000));
      g_assert_cmpstr (hs_compare_view_get_page (compare), ==, "table");
      g_assert_true (ui_wait_drawn (GTK_WIDGET (compare), 10000));
      graphene_rect_t b;
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (compare), GTK_WIDGET (window), &b));
      if (b.origin.x + b.size.width > gtk_widget_get_width (GTK_WIDGET (window)) + 0.5)
        g_string_append_printf (wide, " the comparison at %d px (..%.0f)", widths[w],
                                b.origin.x + b.size.width);
      g_autofree char *shot = g_strdup_printf ("view-comparison-%d.png", widths[w]);
      ui_shot (GTK_WIDGET (window), shot);
      ui_destroy_window (window);
    }
  if (wide->len > 0)
    g_error ("wider than the window:%s", wide->str);
}

/* A text node somewhere in node. */
static gboolean
has_text_node (GskRenderNode *node)
{
  if (node == NULL)
    return FALSE;
  switch (gsk_render_node_get_node_type (node))
    {
      case GSK_TEXT_NODE: return TRUE;
      case GSK_TRANSFORM_NODE: return has_text_node (gsk_transform_node_get_child (node));
      case GSK_CONTAINER_NODE:
        for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
          if (has_text_node (gsk_container_node_get_child (node, i)))
            return TRUE;
        return FALSE;
      default: return FALSE;
    }
}

static gboolean
treemap_idle (gpointer data)
{
  return !hs_treemap_widget_is_computing (data) && hs_treemap_widget_get_n_rects (data) > 0;
}

/* While the first layout is made on the worker, the map says so (a
 * text) instead of a blank: its first picture, drawn as the worker
 * starts (the worker's result arrives through the main loop, after). */
static void
test_treemap_computing (void)
{
  g_autoptr (HsLoader) loader = ui_load_dump (sample, LOAD_TIMEOUT_MS);
  HsTreemapWidget *treemap = HS_TREEMAP_WIDGET (hs_treemap_widget_new ());
  GtkWidget *window = ui_window_with (GTK_WIDGET (treemap), 800, 600);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;

  hs_treemap_widget_set_async_threshold (treemap, 0);
  hs_treemap_widget_set_loader (treemap, loader);
  GTK_WIDGET_GET_CLASS (treemap)->snapshot (GTK_WIDGET (treemap), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_true (hs_treemap_widget_is_computing (treemap));
  g_assert_true (has_text_node (node));
  g_assert_true (ui_wait_until (treemap_idle, treemap, 30000));
  ui_destroy_window (window);
}

/* A leak of several instances opens on its first: on make-instances-dump.py's
 * dump, the leak Holder.act of three instances shows the one retaining
 * the most (BIG, 0x1200), "Instance 1 of 3", once the retained sizes are
 * known, as the report orders them. */
static void
test_first_instance (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 800);
  HsLeaksView *leaks;
  HsLeakTraceView *trace_view;
  HsLeakGroup *group;
  HsAnalysis *a;
  GtkDropDown *dropdown;
  HsLeakTrace *shown;

  open_and_wait (window, instances_dump);
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  g_assert_nonnull (a);
  hs_window_set_view (window, "leaks");
  g_assert_true (ui_wait_view (window, "leaks", 10000));
  leaks = ui_leaks_view (window);
  g_assert_cmpuint (hs_leaks_view_get_n_rows (leaks), ==, 1);
  group = hs_leaks_view_get_group (leaks, 0);
  g_assert_cmpuint (group->traces->len, ==, 3);
  trace_view = hs_leaks_view_get_trace_view (leaks);
  shown = hs_leak_trace_view_get_trace (trace_view);
  g_assert_nonnull (shown);
  g_assert_cmphex (hs_heap_object_id (a->heap, shown->leaking_obj), ==, 0x1200);
  g_assert_true (shown == g_ptr_array_index (group->traces, 0));
  dropdown = GTK_DROP_DOWN (ui_find_child (GTK_WIDGET (trace_view), GTK_TYPE_DROP_DOWN));
  g_assert_nonnull (dropdown);
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 0);
  ui_destroy_window (window);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  sample = g_getenv ("HS_SAMPLE_DUMP");
  g_assert_nonnull (sample);
  g_assert_cmpint (argc, >=, 3);
  workers_dump = argv[1];
  instances_dump = argv[2];

  g_test_add_func ("/first-screen/inspector-fits", test_inspector_fits);
  g_test_add_func ("/first-screen/switcher-on-top", test_switcher_on_top);
  g_test_add_func ("/first-screen/threshold-keeps-place", test_threshold_keeps_place);
  g_test_add_func ("/first-screen/reload-keeps-place", test_reload_keeps_place);
  g_test_add_func ("/first-screen/mat-habits", test_mat_habits);
  g_test_add_func ("/first-screen/treemap-legend", test_treemap_legend);
  g_test_add_func ("/first-screen/treemap-computing", test_treemap_computing);
  g_test_add_func ("/first-screen/small-things", test_small_things);
  g_test_add_func ("/first-screen/narrow-600", test_narrow_600);
  g_test_add_func ("/first-screen/views-fit", test_views_fit);
  g_test_add_func ("/first-screen/threads-open-on-selected", test_threads_open_on_selected);
  g_test_add_func ("/first-screen/local-links-to-thread", test_local_links_to_thread);
  g_test_add_func ("/first-screen/first-instance", test_first_instance);
  return g_test_run ();
}
