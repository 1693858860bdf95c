/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-util.c */
#include "config.h"
#include "ui-util.h"

#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "hs-csv-export.h"

HsWindow *
ui_window_new (GtkApplication *app, int width, int height)
{
  HsWindow *window = hs_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_wait_shown (GTK_WIDGET (window), 10000));
  return window;
}

void
ui_iterate (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64)ms * 1000;
  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

gboolean
ui_wait_until (gboolean (*cond) (gpointer), gpointer data, guint timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64)timeout_ms * 1000;
  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        return cond (data);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

static gboolean
page_settled (gpointer data)
{
  return g_strcmp0 (hs_window_get_page (data), "loading") != 0;
}

static gboolean
not_loading (gpointer data)
{
  HsLoader *loader = hs_window_get_loader (data);
  return loader == NULL || hs_loader_get_state (loader) != HS_LOADER_LOADING;
}

HsLoaderState
ui_wait_for_load (HsWindow *window, guint timeout_ms)
{
  ui_wait_until (not_loading, window, timeout_ms);
  /* The window shows the page the load ended on (the content or the
   * error), laid out and drawn. */
  ui_wait_until (page_settled, window, timeout_ms);
  if (gtk_widget_get_visible (GTK_WIDGET (window)))
    ui_wait_drawn (GTK_WIDGET (window), timeout_ms);
  return hs_loader_get_state (hs_window_get_loader (window));
}

static gboolean
instances_found (gpointer data)
{
  return !hs_classes_view_instances_pending (ui_classes_view (data));
}

gboolean
ui_wait_for_instances (HsWindow *window, guint timeout_ms)
{
  return ui_wait_until (instances_found, window, timeout_ms);
}

static void
on_invalidate (GdkPaintable *paintable, gboolean *flag)
{
  *flag = TRUE;
}

static gboolean
flag_set (gpointer data)
{
  return *(gboolean *)data;
}

GdkTexture *
ui_render_widget (GtkWidget *widget)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr (GskRenderNode) node = NULL;
  GskRenderer *renderer;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  if (width <= 0 || height <= 0)
    return NULL;
  /* The paintable shows the widget's last frame: ask for a new one and wait
   * until it is drawn (the paintable says so with invalidate-contents). A
   * loaded machine can take a while; retry a few times. */
  for (int attempt = 0; attempt < 5 && node == NULL; attempt++)
    {
      gboolean invalidated = FALSE;
      gulong id
          = g_signal_connect (paintable, "invalidate-contents", G_CALLBACK (on_invalidate), &invalidated);
      GtkSnapshot *snapshot;

      gtk_widget_queue_draw (widget);
      ui_wait_until (flag_set, &invalidated, 5000);
      g_signal_handler_disconnect (paintable, id);
      /* The frame that invalidated the paintable ends before it is read. */
      ui_wait_drawn (widget, 5000);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  if (node == NULL)
    return NULL;
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

static guint8 *
download (GdkTexture *texture, gsize *stride)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  guint8 *data;

  *stride = (gsize)w * 4;
  data = g_malloc ((gsize)h * *stride);
  gdk_texture_download (texture, data, *stride);
  return data;
}

guint
ui_count_colors (GdkTexture *texture)
{
  g_autoptr (GHashTable) colors = g_hash_table_new (NULL, NULL);
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  gsize stride;
  g_autofree guint8 *data = download (texture, &stride);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 px;
        memcpy (&px, data + y * stride + x * 4, 4);
        g_hash_table_add (colors, GUINT_TO_POINTER (px));
      }
  return g_hash_table_size (colors);
}

guint
ui_count_diff (GdkTexture *a, GdkTexture *b)
{
  int w = gdk_texture_get_width (a), h = gdk_texture_get_height (a);
  gsize sa, sb;
  g_autofree guint8 *da = NULL, *db = NULL;
  guint diff = 0;

  if (w != gdk_texture_get_width (b) || h != gdk_texture_get_height (b))
    return G_MAXUINT;
  da = download (a, &sa);
  db = download (b, &sb);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (memcmp (da + y * sa + x * 4, db + y * sb + x * 4, 4) != 0)
        diff++;
  return diff;
}

HsView *
ui_view (HsWindow *window, const char *name)
{
  HsView *view = hs_window_get_view_by_name (window, name);

  g_assert_nonnull (view);
  hs_view_ensure_filled (view);
  return view;
}

HsLeaksView *
ui_leaks_view (HsWindow *window)
{
  return HS_LEAKS_VIEW (ui_view (window, "leaks"));
}

HsLeakTraceView *
ui_trace_view (HsWindow *window)
{
  return hs_leaks_view_get_trace_view (ui_leaks_view (window));
}

HsClassesView *
ui_classes_view (HsWindow *window)
{
  return HS_CLASSES_VIEW (ui_view (window, "classes"));
}

HsDominatorsView *
ui_dominators_view (HsWindow *window)
{
  return HS_DOMINATORS_VIEW (ui_view (window, "dominators"));
}

HsTreemapView *
ui_treemap_view (HsWindow *window)
{
  return HS_TREEMAP_VIEW (ui_view (window, "treemap"));
}

HsInspector *
ui_inspector (HsWindow *window)
{
  return HS_INSPECTOR (hs_window_get_inspector (window));
}

const char *
ui_toast_text (HsWindow *window)
{
  return hs_window_get_toast_text (window);
}

GtkDropTarget *
ui_drop_target (HsWindow *window)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_DROP_TARGET (c))
        return GTK_DROP_TARGET (c);
    }
  return NULL;
}

GtkWidget *
ui_find_button (GtkWidget *root, const char *label)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_BUTTON (c) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (c)), label) == 0)
        return c;
      if ((found = ui_find_button (c, label)) != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
ui_find_child (GtkWidget *root, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = ui_find_child (c, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
ui_shown_popover (GtkWidget *root)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_POPOVER (c) && gtk_widget_get_visible (c))
        return c;
      if ((found = ui_shown_popover (c)) != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
ui_find_menu_item (GtkWidget *root, const char *label)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (g_str_equal (G_OBJECT_TYPE_NAME (c), "GtkModelButton"))
        {
          g_autofree char *text = NULL;
          g_object_get (c, "text", &text, NULL);
          if (g_strcmp0 (text, label) == 0)
            return c;
          continue;
        }
      if ((found = ui_find_menu_item (c, label)) != NULL)
        return found;
    }
  return NULL;
}

GtkGesture *
ui_secondary_click_gesture (GtkWidget *w)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (w);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_CLICK (c)
          && gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == GDK_BUTTON_SECONDARY)
        return GTK_GESTURE (c);
    }
  return NULL;
}

int
ui_sort_indicator (GtkWidget *root)
{
  if (g_str_equal (gtk_widget_get_css_name (root), "sort-indicator") && gtk_widget_get_mapped (root))
    {
      if (gtk_widget_has_css_class (root, "ascending"))
        return GTK_SORT_ASCENDING;
      if (gtk_widget_has_css_class (root, "descending"))
        return GTK_SORT_DESCENDING;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      int found = ui_sort_indicator (c);
      if (found >= 0)
        return found;
    }
  return -1;
}

guint64
ui_class_value (HsAnalysis *a, HsClass c, HsClassColumn column)
{
  switch (column)
    {
      case HS_CLASS_COLUMN_COUNT: return hs_class_count (a->heap, c);
      case HS_CLASS_COLUMN_REACHABLE: return hs_class_reachable_count (a->heap, c);
      case HS_CLASS_COLUMN_UNREACHABLE:
        return hs_class_count (a->heap, c) - hs_class_reachable_count (a->heap, c);
      case HS_CLASS_COLUMN_SHALLOW: return hs_class_shallow (a->heap, c);
      case HS_CLASS_COLUMN_RETAINED: return a->class_retained[c];
      case HS_CLASS_COLUMN_NATIVE:
        {
          /* Every instance's native size, summed here object by object. */
          guint64 sum = 0;
          for (HsObj o = 0; o < hs_heap_n_objects (a->heap); o++)
            if (hs_heap_object_class (a->heap, o) == c)
              sum += hs_analysis_native_size (a, o);
          return sum;
        }
      case HS_CLASS_COLUMN_NAME:
      case HS_CLASS_N_COLUMNS:
      default: g_assert_not_reached ();
    }
}

static gboolean
loader_not_loading (gpointer data)
{
  return hs_loader_get_state (data) != HS_LOADER_LOADING;
}

HsLoader *
ui_load_dump (const char *path, guint timeout_ms)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HsAnalysisOptions opts = { 0 };
  HsLoader *loader = hs_loader_new (file, &opts);

  hs_loader_start (loader);
  g_assert_true (ui_wait_until (loader_not_loading, loader, timeout_ms));
  if (hs_loader_get_error (loader) != NULL)
    g_printerr ("%s: %s\n", path, hs_loader_get_error (loader)->message);
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_DONE);
  return loader;
}

GtkWidget *
ui_window_with (GtkWidget *child, int width, int height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_wait_shown (window, 10000));
  return window;
}

void
ui_shot (GtkWidget *widget, const char *file_name)
{
  const char *dir = g_getenv ("HS_TEST_SHOTS");
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  g_assert_true (ui_wait_drawn (widget, 10000));
  texture = ui_render_widget (widget);
  g_assert_nonnull (texture);
  path = g_build_filename (dir, file_name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

GPtrArray *
ui_csv_read (const char *text)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);
  GPtrArray *row = NULL;
  g_autoptr (GString) cell = g_string_new (NULL);
  const char *p = text;

  while (*p)
    {
      if (row == NULL)
        row = g_ptr_array_new_with_free_func (g_free);
      g_string_truncate (cell, 0);
      if (*p == '"')
        {
          for (p++; *p && !(*p == '"' && p[1] != '"'); p++)
            {
              if (*p == '"')
                p++; /* a doubled quote */
              g_string_append_c (cell, *p);
            }
          g_assert_true (*p == '"');
          p++;
        }
      else
        while (*p && *p != ',' && *p != '\n')
          g_string_append_c (cell, *p++);
      g_ptr_array_add (row, g_strdup (cell->str));
      g_assert_true (*p == ',' || *p == '\n');
      if (*p++ == '\n')
        {
          g_ptr_array_add (rows, row);
          row = NULL;
        }
    }
  g_assert_null (row);
  return rows;
}

const char *
ui_csv_cell (GPtrArray *rows, guint r, guint c)
{
  g_assert_cmpuint (r, <, rows->len);
  GPtrArray *row = g_ptr_array_index (rows, r);
  g_assert_cmpuint (c, <, row->len);
  return g_ptr_array_index (row, c);
}

guint
ui_csv_width (GPtrArray *rows, guint r)
{
  g_assert_cmpuint (r, <, rows->len);
  return ((GPtrArray *)g_ptr_array_index (rows, r))->len;
}

char *
ui_view_csv_saved (HsView *view)
{
  g_autoptr (GString) csv = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hs-csv-XXXXXX", NULL);
  g_autofree char *file = NULL;
  char *back = NULL;

  g_assert_true (hs_view_write_csv (view, csv));
  g_assert_nonnull (dir);
  file = g_build_filename (dir, "view.csv", NULL);
  g_assert_true (hs_csv_export_write (file, csv->str, csv->len, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (file, &back, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (back, ==, csv->str);
  g_remove (file);
  g_rmdir (dir);
  return back;
}

typedef struct
{
  char *text;
  gboolean done;
} ClipRead;

static void
clip_read (GObject *source, GAsyncResult *res, gpointer data)
{
  ClipRead *c = data;
  c->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), res, NULL);
  c->done = TRUE;
}

static gboolean
clip_done (gpointer data)
{
  return ((ClipRead *)data)->done;
}

char *
ui_clipboard_text (GtkWidget *widget)
{
  ClipRead clip = { 0 };

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, clip_read, &clip);
  g_assert_true (ui_wait_until (clip_done, &clip, 10000));
  return clip.text;
}

/* Waiting for what a window shows. */

static gboolean
shown (gpointer data)
{
  GtkWidget *w = data;
  return gtk_widget_get_mapped (w) && gtk_widget_get_width (w) > 0 && gtk_widget_get_height (w) > 0;
}

gboolean
ui_wait_shown (GtkWidget *widget, guint timeout_ms)
{
  return ui_wait_until (shown, widget, timeout_ms);
}

typedef struct
{
  GtkWidget *widget;
  gboolean painted;
} Drawn;

static void
on_after_paint (GdkFrameClock *clock, Drawn *d)
{
  /* A frame painted while the widget was mapped: its layout is done. */
  if (gtk_widget_get_mapped (d->widget))
    d->painted = TRUE;
}

static gboolean
drawn (gpointer data)
{
  Drawn *d = data;
  return d->painted && shown (d->widget);
}

gboolean
ui_wait_drawn (GtkWidget *widget, guint timeout_ms)
{
  Drawn d = { widget, FALSE };
  GdkFrameClock *clock;
  gulong id;
  gboolean ok;

  if (!ui_wait_shown (widget, timeout_ms))
    return FALSE;
  clock = gtk_widget_get_frame_clock (widget);
  g_assert_nonnull (clock);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &d);
  gtk_widget_queue_resize (widget);
  ok = ui_wait_until (drawn, &d, timeout_ms);
  g_signal_handler_disconnect (clock, id);
  return ok;
}

static gboolean
visible (gpointer data)
{
  return gtk_widget_get_visible (data);
}

gboolean
ui_wait_visible (GtkWidget *widget, guint timeout_ms)
{
  return ui_wait_until (visible, widget, timeout_ms);
}

typedef struct
{
  HsWindow *window;
  const char *name;
} ViewShown;

static gboolean
view_shown (gpointer data)
{
  ViewShown *v = data;
  HsView *view = hs_window_get_view_by_name (v->window, v->name);

  return g_strcmp0 (hs_window_get_view (v->window), v->name) == 0 && view != NULL
         && shown (GTK_WIDGET (view));
}

gboolean
ui_wait_view (HsWindow *window, const char *name, guint timeout_ms)
{
  ViewShown v = { window, name };

  if (!ui_wait_until (view_shown, &v, timeout_ms))
    return FALSE;
  return ui_wait_drawn (GTK_WIDGET (window), timeout_ms);
}

static gboolean
pointer_gone (gpointer data)
{
  return *(gpointer *)data == NULL;
}

void
ui_destroy_window (gpointer window)
{
  gpointer weak = window;

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (ui_wait_until (pointer_gone, &weak, 10000));
}

GtkWidget *
ui_find_action_button (GtkWidget *root, const char *action)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_BUTTON (c) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (c)), action) == 0)
        return c;
      if ((found = ui_find_action_button (c, action)) != NULL)
        return found;
    }
  return NULL;
}

/* Waiting on notify and frames, finding widgets from the outside. */

struct UiNotifyWatch
{
  GObject *object;
  gulong id;
  gboolean fired;
};

static void
on_watched_notify (GObject *object, GParamSpec *pspec, UiNotifyWatch *watch)
{
  watch->fired = TRUE;
}

UiNotifyWatch *
ui_notify_watch (gpointer object, const char *property)
{
  UiNotifyWatch *watch = g_new0 (UiNotifyWatch, 1);
  g_autofree char *signal = g_strconcat ("notify::", property, NULL);

  g_assert_nonnull (g_object_class_find_property (G_OBJECT_GET_CLASS (object), property));
  watch->object = g_object_ref (object);
  watch->id = g_signal_connect (object, signal, G_CALLBACK (on_watched_notify), watch);
  return watch;
}

gboolean
ui_notify_wait (UiNotifyWatch *watch, guint timeout_ms)
{
  gboolean fired = ui_wait_until (flag_set, &watch->fired, timeout_ms);

  g_signal_handler_disconnect (watch->object, watch->id);
  g_object_unref (watch->object);
  g_free (watch);
  return fired;
}

GtkWidget *
ui_find_row_child (GtkWidget *root, const char *title, GType type)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (ADW_IS_PREFERENCES_ROW (c)
          && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (c)), title) == 0)
        return ui_find_child (c, type);
      if ((found = ui_find_row_child (c, title, type)) != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
ui_find_label (GtkWidget *root, const char *text)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_LABEL (c) && gtk_widget_get_mapped (c)
          && g_strcmp0 (gtk_label_get_text (GTK_LABEL (c)), text) == 0)
        return c;
      if ((found = ui_find_label (c, text)) != NULL)
        return found;
    }
  return NULL;
}

static gboolean
popover_shown (gpointer data)
{
  GtkWidget *p = ui_shown_popover (data);
  return p != NULL && shown (p);
}

GtkWidget *
ui_wait_popover (GtkWidget *root, guint timeout_ms)
{
  return ui_wait_until (popover_shown, root, timeout_ms) ? ui_shown_popover (root) : NULL;
}

typedef struct
{
  guint left;
} FrameCount;

static gboolean
on_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  FrameCount *count = data;

  if (count->left > 0)
    count->left--;
  return count->left > 0 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static gboolean
frames_done (gpointer data)
{
  return ((FrameCount *)data)->left == 0;
}

gboolean
ui_wait_frames (GtkWidget *widget, guint n, guint timeout_ms)
{
  FrameCount count = { n };
  guint id = gtk_widget_add_tick_callback (widget, on_tick, &count, NULL);
  gboolean done = ui_wait_until (frames_done, &count, timeout_ms);

  if (!done)
    gtk_widget_remove_tick_callback (widget, id);
  return done;
}

static GtkWidget *
find_nth (GtkWidget *root, GType type, guint *n)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) && (*n)-- == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_nth (c, type, n);
      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
ui_find_nth_child (GtkWidget *root, GType type, guint n)
{
  return find_nth (root, type, &n);
}
