/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The walk: the whole window tried as a user would, on the sample, a
 * generated Android dump (make-heaps-dumps.py), a gzip dump
 * (tests/generator/dumps/threads.hprof.gz) and the server-shaped OOM dump
 * (make-suspect-dumps.py). At 1400 px, light: every view of the switcher,
 * every header button and item of the window menu, the context menu of the
 * first row of every list and tree with each item chosen, Go to, Back and
 * Forward, Compare, the Query view run and failed, a preference changed.
 * Each action must show an effect (a view, a window or dialog, a popover,
 * a toast, the clipboard, the inspected object, a setting); an item that
 * does nothing fails. After each step, and for every view at 1400, 1024
 * and 600 px, light and dark, the layout: no widget wider than the window
 * or out of it, no label cut (shown whole, wrapped, or ellipsized with
 * its whole text in a tooltip; the view switcher bar's always whole). Runs with G_DEBUG=fatal-criticals and
 * every warning fatal (no Gtk-WARNING is printed and passes). */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "ui-util.h"
#include "hs-application.h"
#include "hs-preferences-window.h"
#include "hs-query-view.h"
#include "hs-settings.h"
#include "hs-selection-bar.h"
#include "hs-query.h"
#include "hs-query-heaps.h"
#include "hs-class-row.h"

#define LOAD_TIMEOUT_MS 120000
#define EFFECT_TIMEOUT_MS 8000

static const char *dumps_dir;
static const char *source_root;
static HsApplication *the_app;
/* What the walk found wrong so far (it goes on, to say all of it). */
static GPtrArray *failures;

static void G_GNUC_PRINTF (1, 2) fail (const char *format, ...)
{
  va_list args;
  char *text;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_test_message ("FAILED: %s", text);
  g_ptr_array_add (failures, text);
}

/* Fails the test case with every failure found in it. */
static void
report (void)
{
  for (guint i = 0; i < failures->len; i++)
    g_printerr ("walk: %s\n", (char *)g_ptr_array_index (failures, i));
  if (failures->len > 0)
    g_test_fail_printf ("%u failures, the first: %s", failures->len, (char *)g_ptr_array_index (failures, 0));
  g_ptr_array_set_size (failures, 0);
}

/* What a user sees change after an action. */
typedef struct
{
  char *view;
  char *page;
  char *toast;
  char *clipboard;
  guint windows;  /* toplevels shown */
  guint popovers; /* popovers shown over the window */
  HsObj inspected;
  gboolean inspector_shown;
  guint tabs;
  gboolean follow_weak, inspectors_as_leaks;
  int percent;
  char *query_error;
  guint query_rows;
  char *bars; /* the selection bars' texts (a retained size computed) */
  char *query_text;
} State;

static void
state_clear (State *s)
{
  g_free (s->view);
  g_free (s->page);
  g_free (s->toast);
  g_free (s->clipboard);
  g_free (s->query_error);
  g_free (s->bars);
  g_free (s->query_text);
  memset (s, 0, sizeof *s);
}

static guint
count_popovers (GtkWidget *root)
{
  guint n = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (GTK_IS_POPOVER (c) && gtk_widget_get_visible (c))
        n++;
      n += count_popovers (c);
    }
  return n;
}

static guint
count_windows (void)
{
  GListModel *tops = gtk_window_get_toplevels ();
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr (GtkWidget) w = g_list_model_get_item (tops, i);
      if (gtk_widget_get_visible (w))
        n++;
    }
  return n;
}

static void
collect_bars (GtkWidget *root, GString *out)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (!gtk_widget_get_mapped (c))
        continue;
      if (HS_IS_SELECTION_BAR (c))
        {
          const char *text = hs_selection_bar_get_text (HS_SELECTION_BAR (c));
          g_string_append_printf (out, "%s%s|", text ? text : "",
                                  hs_selection_bar_get_busy (HS_SELECTION_BAR (c)) ? "…" : "");
        }
      collect_bars (c, out);
    }
}

static void
state_take (State *s, HsWindow *window)
{
  g_autoptr (GSettings) settings = hs_settings_new_if_installed ();
  HsQueryView *query = HS_QUERY_VIEW (hs_window_get_view_by_name (window, "query"));

  s->view = g_strdup (hs_window_get_view (window));
  s->page = g_strdup (hs_window_get_page (window));
  s->toast = g_strdup (hs_window_get_toast_text (window));
  s->clipboard = ui_clipboard_text (GTK_WIDGET (window));
  s->windows = count_windows ();
  s->popovers = count_popovers (GTK_WIDGET (window));
  s->inspected = ui_inspector (window) != NULL ? hs_inspector_get_obj (ui_inspector (window)) : HS_OBJ_NONE;
  s->inspector_shown = gtk_widget_get_visible (hs_window_get_inspector (window));
  s->tabs = hs_window_get_n_tabs (window);
  s->follow_weak = g_settings_get_boolean (settings, "follow-weak");
  s->inspectors_as_leaks = g_settings_get_boolean (settings, "android-inspectors-as-leaks");
  s->percent = g_settings_get_int (settings, "suspects-percent");
  {
    GString *bars = g_string_new (NULL);
    collect_bars (GTK_WIDGET (window), bars);
    s->bars = g_string_free (bars, FALSE);
  }
  if (query != NULL)
    {
      s->query_error = g_strdup (hs_query_view_get_error (query));
      s->query_rows = hs_query_view_get_n_rows (query);
      s->query_text = hs_query_view_get_text (query);
    }
}

static gboolean
state_differs (const State *a, const State *b)
{
  return g_strcmp0 (a->view, b->view) != 0 || g_strcmp0 (a->page, b->page) != 0
         || (b->toast != NULL && g_strcmp0 (a->toast, b->toast) != 0)
         || (b->clipboard != NULL && *b->clipboard != '\0' && g_strcmp0 (a->clipboard, b->clipboard) != 0)
         || a->windows != b->windows || a->popovers != b->popovers || a->inspected != b->inspected
         || a->inspector_shown != b->inspector_shown || a->tabs != b->tabs || a->follow_weak != b->follow_weak
         || a->inspectors_as_leaks != b->inspectors_as_leaks || a->percent != b->percent
         || g_strcmp0 (a->query_error, b->query_error) != 0 || a->query_rows != b->query_rows
         || g_strcmp0 (a->bars, b->bars) != 0 || g_strcmp0 (a->query_text, b->query_text) != 0;
}

typedef struct
{
  HsWindow *window;
  const State *before;
} Watch;

static gboolean
changed (gpointer data)
{
  Watch *w = data;
  State now = { 0 };
  gboolean d;

  state_take (&now, w->window);
  d = state_differs (w->before, &now);
  state_clear (&now);
  return d;
}

/* Waits for an effect of what was done since before was taken. */
static void
expect_effect (HsWindow *window, const State *before, const char *what)
{
  Watch w = { window, before };

  if (!ui_wait_until (changed, &w, EFFECT_TIMEOUT_MS))
    fail ("%s did nothing (view %s)", what, before->view);
}

/* Dialogs and windows other than the main one closed, popovers down, the
 * clipboard emptied, the toast gone: a clean slate for the next action. */
static gboolean
popover_hidden (gpointer popover)
{
  return !gtk_widget_get_mapped (popover);
}

/* A popover below w shown and mapped (a menu opened). */
static gboolean
menu_mapped (gpointer w)
{
  GtkWidget *popover = ui_shown_popover (w);
  return popover != NULL && gtk_widget_get_mapped (popover);
}

static void wait_still (HsWindow *window);

static void
settle (HsWindow *window)
{
  GListModel *tops = gtk_window_get_toplevels ();
  GPtrArray *others = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      GtkWidget *w = g_list_model_get_item (tops, i);
      if (w != GTK_WIDGET (window) && gtk_widget_get_visible (w))
        g_ptr_array_add (others, w);
      else
        g_object_unref (w);
    }
  for (guint i = 0; i < others->len; i++)
    gtk_window_destroy (g_ptr_array_index (others, i));
  g_ptr_array_unref (others);
  {
    GtkWidget *p;
    while ((p = NULL, count_popovers (GTK_WIDGET (window)) > 0))
      {
        GtkWidget *stack[64];
        guint depth = 0;
        stack[depth++] = GTK_WIDGET (window);
        while (depth > 0 && p == NULL)
          {
            GtkWidget *w = stack[--depth];
            for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL && p == NULL;
                 c = gtk_widget_get_next_sibling (c))
              {
                if (GTK_IS_POPOVER (c) && gtk_widget_get_visible (c))
                  p = c;
                else if (depth < G_N_ELEMENTS (stack))
                  stack[depth++] = c;
              }
          }
        if (p == NULL)
          break;
        gtk_popover_popdown (GTK_POPOVER (p));
        g_assert_true (ui_wait_until (popover_hidden, p, 5000));
      }
  }
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), "");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-toast", NULL);
  wait_still (window);
}

/* A toast's widget (CSS name "toast") below root. */
static gboolean
has_toast_widget (GtkWidget *root)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (g_str_equal (gtk_widget_get_css_name (c), "toast") || has_toast_widget (c))
      return TRUE;
  return FALSE;
}

/* Nothing below root midway through a move: every flap (the inspector)
 * shown whole or hidden, every revealer's child revealed as asked. */
static gboolean
nothing_moving (GtkWidget *root)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (ADW_IS_FLAP (c))
        {
          double progress = adw_flap_get_reveal_progress (ADW_FLAP (c));
          if (progress > 0.0 && progress < 1.0)
            return FALSE;
        }
      if (GTK_IS_STACK (c) && gtk_stack_get_transition_running (GTK_STACK (c)))
        return FALSE;
      if (ADW_IS_SQUEEZER (c) && adw_squeezer_get_transition_running (ADW_SQUEEZER (c)))
        return FALSE;
      if (GTK_IS_REVEALER (c) && gtk_widget_get_mapped (c)
          && gtk_revealer_get_child_revealed (GTK_REVEALER (c))
                 != gtk_revealer_get_reveal_child (GTK_REVEALER (c)))
        return FALSE;
      if (!nothing_moving (c))
        return FALSE;
    }
  return TRUE;
}

/* The dump shown loaded and analysed (the views that need the analysis
 * shown again). */
static gboolean
analysed (gpointer data)
{
  HsLoader *loader = hs_window_get_loader (data);
  return (loader == NULL || hs_loader_get_state (loader) != HS_LOADER_LOADING)
         && !hs_window_is_analysing (data);
}

typedef struct
{
  HsWindow *window;
  HsLoader *was;
} LoaderWas;

/* The window loads its dump again: a new loader. */
static gboolean
loader_replaced (gpointer data)
{
  LoaderWas *l = data;
  return hs_window_get_loader (l->window) != l->was;
}

static gboolean
still (gpointer data)
{
  HsWindow *window = data;
  /* A toast dismissed is gone from the window too (its hide animation). */
  if (ui_toast_text (window) == NULL && has_toast_widget (GTK_WIDGET (window)))
    return FALSE;
  return nothing_moving (GTK_WIDGET (window));
}

/* Iterates until nothing in the window moves (a toast going, the
 * inspector sliding, a revealer) and a frame is drawn after: the layout
 * the user sees once it rests. */
static void
wait_still (HsWindow *window)
{
  if (!ui_wait_until (still, window, 10000))
    fail ("the window still moves after 10 s");
  g_assert_true (ui_wait_drawn (GTK_WIDGET (window), 10000));
}

typedef struct
{
  HsWindow *window;
  double percent;
} SuspectsAt;

/* The dump shown has its suspects found at the percentage set. */
static gboolean
suspects_as_set (gpointer data)
{
  SuspectsAt *s = data;
  HsLoader *loader = hs_window_get_loader (s->window);
  HsAnalysis *a = loader != NULL && hs_loader_get_state (loader) == HS_LOADER_DONE
                      ? hs_loader_get_analysis (loader)
                      : NULL;
  return a != NULL && a->suspects != NULL && a->suspects->percent == s->percent;
}

/* ---- layout ---- */

/* Inside a table or a text (whose columns or lines may scroll sideways
 * on purpose), or a popover (a surface of its own). */
static gboolean
inside_table (GtkWidget *w, GtkWidget *window)
{
  for (GtkWidget *a = gtk_widget_get_parent (w); a != NULL && a != window; a = gtk_widget_get_parent (a))
    if (GTK_IS_COLUMN_VIEW (a) || GTK_IS_LIST_VIEW (a) || GTK_IS_TEXT_VIEW (a) || GTK_IS_POPOVER (a)
        || GTK_IS_GRID_VIEW (a))
      return TRUE;
  /* The view switcher bar scrolls sideways what a narrow window cannot
   * hold (its labels are checked whole below). */
  return gtk_widget_get_ancestor (w, ADW_TYPE_VIEW_SWITCHER_BAR) != NULL;
}

static const char *
tooltip_near (GtkWidget *w)
{
  for (guint i = 0; w != NULL && i < 4; i++, w = gtk_widget_get_parent (w))
    if (gtk_widget_get_tooltip_text (w) != NULL)
      return gtk_widget_get_tooltip_text (w);
  return NULL;
}

/* The nearest ancestor that clips what its children draw past it. */
static GtkWidget *
clipping_ancestor (GtkWidget *w, GtkWidget *window)
{
  for (GtkWidget *a = gtk_widget_get_parent (w); a != NULL && a != window; a = gtk_widget_get_parent (a))
    if (gtk_widget_get_overflow (a) == GTK_OVERFLOW_HIDDEN)
      return a;
  return window;
}

/* The text's width as w lays it out in one line. */
static int
text_width (GtkWidget *w, const char *text)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (w, text);
  int width = 0;

  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

static void
check_text (GtkWidget *w, GtkWidget *window, const char *where)
{
  const char *text = NULL;
  gboolean ellipsized = FALSE, clipped = FALSE;
  graphene_rect_t r, c;
  GtkWidget *clip;

  if (GTK_IS_LABEL (w))
    {
      text = gtk_label_get_text (GTK_LABEL (w));
      if (text != NULL && *text != '\0')
        ellipsized = pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (w)));
    }
  else if (GTK_IS_INSCRIPTION (w))
    {
      text = gtk_inscription_get_text (GTK_INSCRIPTION (w));
      if (text != NULL && *text != '\0' && strchr (text, '\n') == NULL
          && text_width (w, text) > gtk_widget_get_width (w) + 1)
        {
          if (gtk_inscription_get_text_overflow (GTK_INSCRIPTION (w)) == GTK_INSCRIPTION_OVERFLOW_CLIP)
            clipped = TRUE;
          else
            ellipsized = TRUE;
        }
    }
  if (text == NULL || *text == '\0' || gtk_widget_get_width (w) <= 0 || gtk_widget_get_height (w) <= 0)
    return;
  /* A label given less than its text needs is cut whatever it says
   * (a column's header "% (" in a narrow table). */
  if (GTK_IS_LABEL (w) && !ellipsized)
    {
      int lw = 0;
      pango_layout_get_pixel_size (gtk_label_get_layout (GTK_LABEL (w)), &lw, NULL);
      if (lw > gtk_widget_get_width (w) + 1)
        clipped = TRUE;
    }
  /* The header's view switcher shows whole titles, or the bar at the
   * bottom takes its place. */
  if (ellipsized && gtk_widget_get_ancestor (w, ADW_TYPE_VIEW_SWITCHER_TITLE) != NULL)
    fail ("%s: the header's view switcher ellipsizes \"%s\"", where, text);
  if ((ellipsized || clipped) && gtk_widget_get_ancestor (w, ADW_TYPE_VIEW_SWITCHER_BAR) != NULL)
    fail ("%s: the view switcher bar cuts \"%s\"", where, text);
  if (clipped)
    fail ("%s: %s \"%s\" is cut (clipped at %d px)", where, G_OBJECT_TYPE_NAME (w), text,
          gtk_widget_get_width (w));
  if (ellipsized)
    {
      const char *tip = tooltip_near (w);
      if (tip == NULL || strstr (tip, text) == NULL)
        fail ("%s: %s \"%s\" is ellipsized with no tooltip holding it", where, G_OBJECT_TYPE_NAME (w), text);
    }
  /* Drawn past the ancestor that clips it. */
  clip = clipping_ancestor (w, window);
  if (gtk_widget_compute_bounds (w, window, &r) && gtk_widget_compute_bounds (clip, window, &c)
      && !GTK_IS_VIEWPORT (clip) && !GTK_IS_SCROLLED_WINDOW (clip) && !GTK_IS_SCROLLABLE (clip)
      && (r.origin.x + r.size.width > c.origin.x + c.size.width + 1 || r.origin.x < c.origin.x - 1))
    fail ("%s: %s \"%s\" at x %.0f..%.0f is cut by its %s at x %.0f..%.0f", where, G_OBJECT_TYPE_NAME (w),
          text, r.origin.x, r.origin.x + r.size.width, G_OBJECT_TYPE_NAME (clip), c.origin.x,
          c.origin.x + c.size.width);
}

static void
check_widget (GtkWidget *w, GtkWidget *window, int width, int height, const char *where)
{
  graphene_rect_t r;

  /* (A scrollbar's slider may stand out by its margin: it is drawn over
   * the content, not laid out.) */
  if (!gtk_widget_get_mapped (w) || (GTK_IS_NATIVE (w) && w != window) || GTK_IS_SCROLLBAR (w))
    return;
  /* (The window's own bounds hold its shadow; its content is 0..width.) */
  if (w != window && gtk_widget_compute_bounds (w, window, &r) && !inside_table (w, window)
      && r.size.width > 0 && (r.origin.x < -8 || r.origin.x + r.size.width > width + 1))
    {
      fail ("%s: %s %p spans x %.0f..%.0f in a window %d px wide", where, G_OBJECT_TYPE_NAME (w), w,
            r.origin.x, r.origin.x + r.size.width, width);
      return; /* its children are too */
    }
  check_text (w, window, where);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    check_widget (c, window, width, height, where);
}

static void
check_layout (HsWindow *window, const char *where)
{
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  int height = gtk_widget_get_height (GTK_WIDGET (window));
  guint before = failures->len;

  check_widget (GTK_WIDGET (window), GTK_WIDGET (window), width, height, where);
  if (failures->len > before)
    {
      /* Something may still move (a toast, the inspector sliding in, a
       * view's transition): what is still wrong a moment later is. */
      g_ptr_array_set_size (failures, before);
      wait_still (window);
      check_widget (GTK_WIDGET (window), GTK_WIDGET (window), width, height, where);
    }
}

/* ---- the window ---- */

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

static void
open_and_wait (HsWindow *window, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  g_assert_cmpstr (hs_window_get_page (window), ==, "content");
}

/* The names of the views the switcher offers now. */
static GPtrArray *
view_names (HsWindow *window)
{
  AdwViewStack *stack
      = ADW_VIEW_STACK (ui_find_child (GTK_WIDGET (hs_window_get_tab (window)), ADW_TYPE_VIEW_STACK));
  g_autoptr (GtkSelectionModel) pages = adw_view_stack_get_pages (stack);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (pages)); i++)
    {
      g_autoptr (AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), i);
      if (adw_view_stack_page_get_visible (page))
        g_ptr_array_add (names, g_strdup (adw_view_stack_page_get_name (page)));
    }
  return names;
}

static gboolean
view_settled (gpointer data)
{
  HsWindow *window = data;
  HsView *view = hs_window_get_view_by_name (window, hs_window_get_view (window));
  return view == NULL || hs_view_is_filled (view) || !hs_view_get_needs_analysis (view);
}

static void
show_view (HsWindow *window, const char *name)
{
  if (g_strcmp0 (hs_window_get_view (window), name) != 0)
    {
      State before = { 0 };
      state_take (&before, window);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.view", "s", name));
      expect_effect (window, &before, name);
      state_clear (&before);
    }
  g_assert_cmpstr (hs_window_get_view (window), ==, name);
  ui_wait_until (view_settled, window, LOAD_TIMEOUT_MS);
  wait_still (window);
}

/* ---- menus ---- */

static void
collect_items (GtkWidget *root, GPtrArray *labels)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (g_str_equal (G_OBJECT_TYPE_NAME (c), "GtkModelButton"))
        {
          g_autofree char *text = NULL;
          g_object_get (c, "text", &text, NULL);
          if (text != NULL && gtk_widget_get_visible (c) && gtk_widget_is_sensitive (c))
            g_ptr_array_add (labels, g_steal_pointer (&text));
          continue;
        }
      collect_items (c, labels);
    }
}

/* The first mapped widget below root (depth first: the first row's first
 * cell) that offers a context menu. */
static GtkWidget *
first_menu_cell (GtkWidget *root)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (!gtk_widget_get_mapped (c) || GTK_IS_NATIVE (c))
        continue;
      if (ui_secondary_click_gesture (c) != NULL)
        return c;
      if ((found = first_menu_cell (c)) != NULL)
        return found;
    }
  return NULL;
}

/* The lists and trees shown below root (a column view's inner list view
 * is its own). */
static void
collect_lists (GtkWidget *root, GPtrArray *lists)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (!gtk_widget_get_mapped (c) || GTK_IS_NATIVE (c))
        continue;
      if (GTK_IS_COLUMN_VIEW (c) || GTK_IS_LIST_VIEW (c) || GTK_IS_LIST_BOX (c))
        {
          g_ptr_array_add (lists, c);
          continue;
        }
      collect_lists (c, lists);
    }
}

/* Opens cell's menu as a right click does; its popover, or NULL. */
static GtkWidget *
open_menu (GtkWidget *cell)
{
  GtkGesture *g = ui_secondary_click_gesture (cell);

  g_assert_nonnull (g);
  g_signal_emit_by_name (g, "pressed", 1, 8.0, 6.0);
  /* (A row without a menu, a "show more" row, shows none: the bound.) */
  ui_wait_until (menu_mapped, cell, 2000);
  return ui_shown_popover (cell);
}

static gboolean
query_done (gpointer data)
{
  return !hs_query_view_is_running (data);
}

/* ---- steps ---- */

static HsAnalysis *
analysis (HsWindow *window)
{
  return hs_loader_get_analysis (hs_window_get_loader (window));
}

/* The biggest object (by retained size) and its class's name. */
static HsObj
top_object (HsWindow *window)
{
  g_autoptr (GArray) top = hs_query_top_objects (analysis (window), 1);

  g_assert_cmpuint (top->len, ==, 1);
  return g_array_index (top, HsObj, 0);
}

static const char *
top_class (HsWindow *window)
{
  HsHeap *heap = analysis (window)->heap;
  return hs_class_name (heap, hs_heap_object_class (heap, top_object (window)));
}

/* The views whose lists are empty until asked something, asked. */
static void
prime (HsWindow *window, const char *view)
{
  if (g_str_equal (view, "classes"))
    {
      hs_classes_view_show_instances (ui_classes_view (window), 0);
      g_assert_true (ui_wait_for_instances (window, LOAD_TIMEOUT_MS));
    }
  else if (g_str_equal (view, "refs"))
    gtk_widget_activate_action (GTK_WIDGET (window), "win.list-incoming", "u", top_object (window));
  else if (g_str_equal (view, "paths"))
    gtk_widget_activate_action (GTK_WIDGET (window), "win.other-paths", "u", top_object (window));
  else if (g_str_equal (view, "query"))
    {
      HsQueryView *query = HS_QUERY_VIEW (hs_window_get_view_by_name (window, "query"));
      g_autofree char *text = g_strdup_printf ("SELECT * FROM %s s", top_class (window));
      hs_query_view_set_text (query, text);
      hs_query_view_run (query);
      g_assert_true (ui_wait_until (query_done, query, LOAD_TIMEOUT_MS));
    }
  else
    return;
  g_assert_cmpstr (hs_window_get_view (window), ==, view);
  ui_wait_until (view_settled, window, LOAD_TIMEOUT_MS);
  wait_still (window);
}

static char *
where_text (const char *dump, int width, gboolean dark, const char *what)
{
  g_autofree char *base = g_path_get_basename (dump);
  return g_strdup_printf ("%s %d px %s, %s", base, width, dark ? "dark" : "light", what);
}

/* Each item of the menu of the first row of each list of the view. */
static void
walk_row_menus (HsWindow *window, const char *dump, const char *view)
{
  HsView *v = hs_window_get_view_by_name (window, view);
  g_autoptr (GPtrArray) lists = g_ptr_array_new ();

  prime (window, view);
  collect_lists (GTK_WIDGET (v), lists);
  for (guint l = 0; l < lists->len; l++)
    {
      GtkWidget *cell = first_menu_cell (g_ptr_array_index (lists, l));
      GtkWidget *popover;
      g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

      if (cell == NULL)
        continue;
      popover = open_menu (cell);
      if (popover == NULL)
        continue; /* a row without a menu (a "show more" row) */
      collect_items (popover, labels);
      g_assert_cmpuint (labels->len, >, 0);
      gtk_popover_popdown (GTK_POPOVER (popover));
      g_assert_true (ui_wait_until (popover_hidden, popover, 5000));
      for (guint i = 0; i < labels->len; i++)
        {
          const char *label = g_ptr_array_index (labels, i);
          g_autofree char *what = g_strdup_printf ("%s's row menu item \"%s\" (list %u)", view, label, l);
          g_autofree char *where = where_text (dump, 1400, FALSE, what);
          g_autoptr (GPtrArray) again = g_ptr_array_new ();
          State before = { 0 };
          GtkWidget *item;

          settle (window);
          show_view (window, view);
          collect_lists (GTK_WIDGET (v), again);
          g_assert_cmpuint (again->len, >, l);
          cell = first_menu_cell (g_ptr_array_index (again, l));
          g_assert_nonnull (cell);
          popover = open_menu (cell);
          g_assert_nonnull (popover);
          item = ui_find_menu_item (popover, label);
          g_assert_nonnull (item);
          g_test_message ("%s", where);
          state_take (&before, window);
          before.popovers--; /* the menu goes as the item acts */
          g_signal_emit_by_name (item, "clicked");
          expect_effect (window, &before, where);
          state_clear (&before);
          ui_wait_until (view_settled, window, LOAD_TIMEOUT_MS);
          wait_still (window);
          check_layout (window, where);
        }
    }
  settle (window);
}

/* Every button of the header (the view switcher's apart: the views are
 * walked on their own; the window controls apart). */
static void
collect_header_buttons (GtkWidget *root, GPtrArray *buttons)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (!gtk_widget_get_mapped (c) || GTK_IS_NATIVE (c) || GTK_IS_WINDOW_CONTROLS (c)
          || ADW_IS_VIEW_SWITCHER (c) || ADW_IS_VIEW_SWITCHER_TITLE (c))
        continue;
      if (GTK_IS_BUTTON (c) || GTK_IS_MENU_BUTTON (c))
        {
          g_ptr_array_add (buttons, c);
          continue;
        }
      collect_header_buttons (c, buttons);
    }
}

static void
press (GtkWidget *button)
{
  if (GTK_IS_MENU_BUTTON (button))
    gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  else
    gtk_widget_activate (button);
}

static void
walk_header (HsWindow *window, const char *dump)
{
  GtkWidget *header = ui_find_child (GTK_WIDGET (window), ADW_TYPE_HEADER_BAR);
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();

  g_assert_nonnull (header);
  collect_header_buttons (header, buttons);
  g_assert_cmpuint (buttons->len, >=, 5);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *b = g_ptr_array_index (buttons, i);
      const char *name = gtk_widget_get_tooltip_text (b);
      g_autofree char *what
          = g_strdup_printf ("header button %u (%s)", i, name ? name : G_OBJECT_TYPE_NAME (b));
      g_autofree char *where = where_text (dump, 1400, FALSE, what);
      State before = { 0 };

      if (!gtk_widget_is_sensitive (b))
        continue;
      settle (window);
      g_test_message ("%s", where);
      state_take (&before, window);
      press (b);
      expect_effect (window, &before, where);
      state_clear (&before);
      wait_still (window); /* the inspector's slide */
      check_layout (window, where);
      if (GTK_IS_MENU_BUTTON (b) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (b)) != NULL)
        {
          /* The window menu: each item. */
          g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
          collect_items (ui_shown_popover (b), labels);
          for (guint k = 0; k < labels->len; k++)
            {
              const char *label = g_ptr_array_index (labels, k);
              g_autofree char *w2 = where_text (dump, 1400, FALSE, label);
              State b2 = { 0 };
              GtkWidget *item;

              settle (window);
              gtk_menu_button_popup (GTK_MENU_BUTTON (b));
              g_assert_true (ui_wait_until (menu_mapped, b, 5000));
              item = ui_find_menu_item (ui_shown_popover (b), label);
              if (item == NULL || !gtk_widget_is_sensitive (item))
                continue;
              g_test_message ("%s", w2);
              state_take (&b2, window);
              b2.popovers--;
              g_signal_emit_by_name (item, "clicked");
              expect_effect (window, &b2, w2);
              state_clear (&b2);
              /* An item that reloads (a switch): the new analysis shown. */
              g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
              g_assert_true (ui_wait_until (analysed, window, LOAD_TIMEOUT_MS));
              ui_wait_until (view_settled, window, LOAD_TIMEOUT_MS);
              wait_still (window);
              check_layout (window, w2);
            }
          {
            /* The switches back as they were. */
            g_autoptr (GSettings) settings = hs_settings_new_if_installed ();
            HsLoader *was = hs_window_get_loader (window);
            gboolean reload = FALSE;

            /* A switch set away from its default reloads the dump when it
             * goes back. */
            for (guint k = 0; k < 2; k++)
              {
                const char *key = k == 0 ? "follow-weak" : "android-inspectors-as-leaks";
                g_autoptr (GVariant) value = g_settings_get_value (settings, key);
                g_autoptr (GVariant) dflt = g_settings_get_default_value (settings, key);
                reload |= !g_variant_equal (value, dflt);
              }
            g_settings_reset (settings, "follow-weak");
            g_settings_reset (settings, "android-inspectors-as-leaks");
            if (reload)
              g_assert_true (ui_wait_until (loader_replaced, &(LoaderWas){ window, was }, LOAD_TIMEOUT_MS));
            g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
            g_assert_true (ui_wait_until (analysed, window, LOAD_TIMEOUT_MS));
          }
        }
    }
  settle (window);
}

static gboolean
has_classes (gpointer data)
{
  HsClassesView *classes = ui_classes_view (data);
  return !hs_classes_view_is_counting (classes)
         && g_list_model_get_n_items (hs_classes_view_get_class_model (classes)) > 0;
}

static void
walk_navigation (HsWindow *window, const char *dump, const char *other_dump)
{
  g_autofree char *where = NULL;
  HsQueryView *query;
  State before = { 0 };
  g_autofree char *message = NULL;

  /* Go to a class by name. */
  settle (window);
  show_view (window, "overview");
  state_take (&before, window);
  {
    /* The class of the class table's first row (of the heap it shows: an
     * Android dump's app heap). */
    g_autoptr (HsClassRow) row = NULL;
    const char *name;

    /* (After a re-analysis the table is counted again first.) */
    hs_classes_view_set_filter (ui_classes_view (window), NULL);
    g_assert_true (ui_wait_until (has_classes, window, LOAD_TIMEOUT_MS));
    row = g_list_model_get_item (hs_classes_view_get_class_model (ui_classes_view (window)), 0);
    g_assert_nonnull (row);
    name = hs_class_row_get_name (row);
    where = where_text (dump, 1400, FALSE, "Go to the first class of the table");
    if (!hs_window_go_to (window, name, &message))
      fail ("%s: Go to %s: %s", where, name, message);
    else
      expect_effect (window, &before, where);
  }
  state_clear (&before);
  wait_still (window);
  check_layout (window, where);

  /* Back and Forward. */
  g_clear_pointer (&where, g_free);
  where = where_text (dump, 1400, FALSE, "Back");
  state_take (&before, window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  expect_effect (window, &before, where);
  state_clear (&before);
  wait_still (window);
  check_layout (window, where);
  g_clear_pointer (&where, g_free);
  where = where_text (dump, 1400, FALSE, "Forward");
  state_take (&before, window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.forward", NULL));
  expect_effect (window, &before, where);
  state_clear (&before);
  wait_still (window);

  /* The Overview's answer (the first leak's or suspect's sentence), when
   * the dump has one: the Leaks view on it. */
  show_view (window, "overview");
  {
    GtkWidget *answer = ui_find_action_button (GTK_WIDGET (ui_view (window, "overview")), "tab.show-answer");
    g_assert_nonnull (answer);
    if (gtk_widget_get_mapped (answer))
      {
        g_clear_pointer (&where, g_free);
        where = where_text (dump, 1400, FALSE, "the Overview's answer");
        state_take (&before, window);
        g_signal_emit_by_name (answer, "clicked");
        expect_effect (window, &before, where);
        state_clear (&before);
        wait_still (window);
        check_layout (window, where);
      }
  }

  /* The Query view: run, then a query that fails (its rows gone, the
   * error said). */
  show_view (window, "query");
  query = HS_QUERY_VIEW (hs_window_get_view_by_name (window, "query"));
  {
    g_autofree char *text = g_strdup_printf ("SELECT * FROM %s s", top_class (window));
    hs_query_view_set_text (query, text);
  }
  hs_query_view_run (query);
  g_assert_true (ui_wait_until (query_done, query, LOAD_TIMEOUT_MS));
  g_assert_null (hs_query_view_get_error (query));
  g_assert_cmpuint (hs_query_view_get_n_rows (query), >, 0);
  wait_still (window);
  g_clear_pointer (&where, g_free);
  where = where_text (dump, 1400, FALSE, "a query run");
  check_layout (window, where);
  {
    g_autofree char *text = g_strdup_printf ("SELECT * FROM %s s WHERE s > > 3", top_class (window));
    hs_query_view_set_text (query, text);
  }
  hs_query_view_run (query);
  g_assert_true (ui_wait_until (query_done, query, LOAD_TIMEOUT_MS));
  g_assert_nonnull (hs_query_view_get_error (query));
  /* The last answer's rows are not this query's. */
  if (hs_query_view_get_n_rows (query) != 0)
    fail ("%s: a failed query still shows %u rows of the one before", dump, hs_query_view_get_n_rows (query));
  wait_still (window);
  g_clear_pointer (&where, g_free);
  where = where_text (dump, 1400, FALSE, "a query failed");
  check_layout (window, where);

  /* Compare with another dump. */
  if (other_dump != NULL)
    {
      g_autoptr (GFile) file = g_file_new_for_path (other_dump);
      settle (window);
      state_take (&before, window);
      hs_window_compare_with (window, file, 0);
      g_clear_pointer (&where, g_free);
      where = where_text (dump, 1400, FALSE, "Compare with");
      expect_effect (window, &before, where);
      state_clear (&before);
      ui_wait_until (view_settled, window, LOAD_TIMEOUT_MS);
      wait_still (window);
      check_layout (window, where);
    }

  /* A preference changed in the Preferences window. */
  {
    HsPreferencesWindow *prefs
        = hs_preferences_window_new (GTK_APPLICATION (app_get ()), GTK_WINDOW (window));
    GtkSpinButton *spin;

    gtk_window_present (GTK_WINDOW (prefs));
    /* Shown; what follows sets its spin button, which needs no frame. */
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (prefs)));
    spin = GTK_SPIN_BUTTON (ui_find_child (GTK_WIDGET (prefs), GTK_TYPE_SPIN_BUTTON));
    g_assert_nonnull (spin);
    state_take (&before, window);
    gtk_spin_button_set_value (spin, gtk_spin_button_get_value (spin) + 5);
    g_clear_pointer (&where, g_free);
    where = where_text (dump, 1400, FALSE, "a preference changed");
    expect_effect (window, &before, where);
    state_clear (&before);
    gtk_spin_button_set_value (spin, gtk_spin_button_get_value (spin) - 5);
    ui_wait_until (suspects_as_set, &(SuspectsAt){ window, gtk_spin_button_get_value (spin) },
                   LOAD_TIMEOUT_MS);
    ui_destroy_window (prefs);
    if (g_strcmp0 (hs_window_get_page (window), "content") != 0)
      g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  }
  settle (window);
}

/* Every view at width, light or dark: the layout. */
static void
walk_layouts (const char *dump, int width, gboolean dark)
{
  HsWindow *window;
  g_autoptr (GPtrArray) names = NULL;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
  window = ui_window_new (GTK_APPLICATION (app_get ()), width, 800);
  open_and_wait (window, dump);
  names = view_names (window);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *where = where_text (dump, width, dark, g_ptr_array_index (names, i));
      g_test_message ("%s", where);
      show_view (window, g_ptr_array_index (names, i));
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, width);
      check_layout (window, where);
      {
        /* HS_TEST_SHOTS=DIR: the view as shown, to look at. */
        g_autofree char *base = g_path_get_basename (dump);
        g_autofree char *png = g_strdup_printf ("%s-%d-%s-%s.png", base, width, dark ? "dark" : "light",
                                                (char *)g_ptr_array_index (names, i));
        ui_shot (GTK_WIDGET (window), png);
      }
    }
  ui_destroy_window (window);
}

static void
walk_actions (const char *dump, const char *other_dump)
{
  HsWindow *window;
  g_autoptr (GPtrArray) names = NULL;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  window = ui_window_new (GTK_APPLICATION (app_get ()), 1400, 900);
  open_and_wait (window, dump);
  names = view_names (window);
  g_assert_cmpuint (names->len, >=, 8);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *where = where_text (dump, 1400, FALSE, g_ptr_array_index (names, i));
      show_view (window, g_ptr_array_index (names, i));
      check_layout (window, where);
      walk_row_menus (window, dump, g_ptr_array_index (names, i));
    }
  walk_header (window, dump);
  walk_navigation (window, dump, other_dump);
  settle (window);
  ui_destroy_window (window);
}

static char *
dump_file (guint i)
{
  switch (i)
    {
      case 0: return g_strdup (g_getenv ("HS_SAMPLE_DUMP"));
      case 1: return g_build_filename (dumps_dir, "heaps.hprof", NULL);
      case 2: return g_build_filename (source_root, "tests", "generator", "dumps", "threads.hprof.gz", NULL);
      default: return g_build_filename (dumps_dir, "server-oom.hprof", NULL);
    }
}

static void
test_actions (gconstpointer data)
{
  guint i = GPOINTER_TO_UINT (data);
  g_autofree char *dump = dump_file (i);
  g_autofree char *other = dump_file ((i + 3) % 4);

  walk_actions (dump, other);
  report ();
}

static void
test_layouts (gconstpointer data)
{
  guint i = GPOINTER_TO_UINT (data);
  g_autofree char *dump = dump_file (i);
  static const int widths[] = { 1400, 1024, 600 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    for (guint dark = 0; dark < 2; dark++)
      walk_layouts (dump, widths[w], dark);
  report ();
}

int
main (int argc, char **argv)
{
  static const char *names[] = { "sample", "android", "gzip", "server-oom" };

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_assert_cmpint (argc, ==, 3);
  failures = g_ptr_array_new_with_free_func (g_free);
  dumps_dir = argv[1];
  source_root = argv[2];
  g_assert_nonnull (g_getenv ("HS_SAMPLE_DUMP"));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *a = g_strdup_printf ("/walk/actions/%s", names[i]);
      g_autofree char *l = g_strdup_printf ("/walk/layouts/%s", names[i]);
      g_test_add_data_func (a, GUINT_TO_POINTER (i), test_actions);
      g_test_add_data_func (l, GUINT_TO_POINTER (i), test_layouts);
    }
  return g_test_run ();
}
