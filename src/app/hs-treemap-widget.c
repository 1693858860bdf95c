/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-treemap-widget.c: draws the layout of hs_treemap_layout() with cairo
 * in snapshot(). The layout and its render node are cached until the size,
 * the data or the zoom changes, so hovering and redraws cost one node
 * append; the layout itself is bounded by max_rects, so it stays a few
 * milliseconds even for trees of millions of nodes. */
#include "config.h"
#include "hs-treemap-widget.h"
#include "hs-format.h"
#include "hs-treemap-layout.h"
#include "hs-palette.h"
#include "hs-ui-util-private.h"

#include <adwaita.h>

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define MAX_DEPTH 6
#define MAX_RECTS 4000
#define MIN_AREA 24.0
#define PADDING 2.0
#define HEADER 17.0
/* Trees with more reachable objects than this are laid out on a worker
 * thread (the layout is bounded by MAX_RECTS, but finding the children big
 * enough to show walks long sorted child lists on big heaps). */
#define ASYNC_THRESHOLD 200000

struct _HsTreemapWidget
{
  GtkWidget parent_instance;

  HsLoader *loader;
  GArray *path; /* guint64: zoom path, first = virtual root */

  GArray *rects; /* HsTreemapRect of the cached layout */
  GskRenderNode *cache;
  int cache_width, cache_height;

  /* Asynchronous layout: the last picture is drawn stretched meanwhile. */
  guint64 async_threshold;
  guint serial; /* bumped whenever the data or the zoom changes */
  gboolean computing;
  GCancellable *cancellable; /* the layout worker's, for this loader */
  GskRenderNode *stale;
  int stale_width, stale_height;

  gboolean dark;       /* the style the cache was drawn in */
  guint layout_notify; /* idle: "layout-done" out of the snapshot */
  int heap;            /* boxes of other heaps are faded; -1: none */
  guint64 hover;
  double hover_x, hover_y, hover_w, hover_h;
};

G_DEFINE_FINAL_TYPE (HsTreemapWidget, hs_treemap_widget, GTK_TYPE_WIDGET)

enum
{
  ZOOM_CHANGED,
  INSPECT,
  LAYOUT_DONE,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static HsAnalysis *
get_analysis (HsTreemapWidget *self)
{
  HsAnalysis *a = self->loader != NULL ? hs_loader_get_analysis (self->loader) : NULL;
  return (a != NULL && a->dom != NULL) ? a : NULL;
}

static void
invalidate (HsTreemapWidget *self)
{
  self->serial++;
  g_clear_pointer (&self->stale, gsk_render_node_unref);
  g_clear_pointer (&self->cache, gsk_render_node_unref);
  g_clear_pointer (&self->rects, g_array_unref);
  self->hover = G_MAXUINT64;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Colour by package: the report's colour's hue (hs_format_package_rgb) at
 * a luminance chosen for the style, greyer with depth so that nesting
 * shows (hs_palette_package); labels in the style's tile text colour. */
static void
node_color (HsTreemapWidget *self, HsAnalysis *a, guint64 node, guint depth, GdkRGBA *rgba)
{
  const char *name;

  if (node >= a->dom->n)
    {
      hs_palette_package (NULL, 0, self->dark, rgba);
      return;
    }
  name = hs_heap_object_class_name (a->heap, (HsObj)node);
  if (name == NULL)
    name = "";
  if (g_str_has_prefix (name, "class "))
    name += 6;
  hs_palette_package (name, depth, self->dark, rgba);
}

static char *
node_label (HsAnalysis *a, guint64 node, gboolean with_size)
{
  g_autofree char *size = hs_format_bytes (hs_dom_tree_retained (a->dom, MIN (node, a->dom->n)));
  const char *name;

  if (node >= a->dom->n)
    name = _ ("All reachable objects");
  else
    {
      const char *dot;
      name = hs_heap_object_class_name (a->heap, (HsObj)node);
      if (name == NULL)
        name = "?";
      /* Simple name for the label; the tooltip has the full one. */
      dot = strrchr (name, '.');
      if (dot != NULL && dot[1] != '\0')
        name = dot + 1;
    }
  return with_size ? g_strdup_printf ("%s  %s", name, size) : g_strdup (name);
}

static void
draw_label (HsTreemapWidget *self, cairo_t *cr, PangoLayout *layout, const char *text_str, double x, double y,
            double w, double h, const GdkRGBA *bg)
{
  int tw, th;
  GdkRGBA text;

  if (w < 28 || h < 13)
    return;
  pango_layout_set_text (layout, text_str, -1);
  pango_layout_set_width (layout, (int)((w - 6) * PANGO_SCALE));
  pango_layout_get_pixel_size (layout, &tw, &th);
  if (th > h)
    return;
  cairo_save (cr);
  cairo_rectangle (cr, x, y, w, h);
  cairo_clip (cr);
  /* Opaque: the contrast test's figures hold on the tile (bg). */
  hs_palette_get (HS_PALETTE_TREEMAP_TEXT, self->dark, &text);
  (void)bg;
  gdk_cairo_set_source_rgba (cr, &text);
  cairo_move_to (cr, x + 3, y + 1);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* A grey box's figures: how many children of its parent it stands for
 * and what they retain together (the parent's children less those drawn). */
static void
rest_figures (HsTreemapWidget *self, HsAnalysis *a, const HsTreemapRect *rest, guint64 *n_more,
              guint64 *bytes)
{
  guint64 parent = rest->parent, kids_bytes, shown_bytes = 0, n_shown = 0;
  gsize n_kids = 0;

  *n_more = *bytes = 0;
  if (parent > a->dom->n)
    return;
  hs_dom_tree_children (a->dom, parent, &n_kids);
  /* A node retains itself and its children's retained sizes. */
  kids_bytes = hs_dom_tree_retained (a->dom, parent)
               - (parent < a->dom->n ? hs_heap_object_shallow (a->heap, (HsObj)parent) : 0);
  for (guint i = 0; i < self->rects->len; i++)
    {
      const HsTreemapRect *r = &g_array_index (self->rects, HsTreemapRect, i);
      if (r->parent == parent && r->node < a->dom->n && r->depth == rest->depth)
        {
          n_shown++;
          shown_bytes += hs_dom_tree_retained (a->dom, r->node);
        }
    }
  *n_more = n_kids > n_shown ? n_kids - n_shown : 0;
  *bytes = kids_bytes > shown_bytes ? kids_bytes - shown_bytes : 0;
}

static char *
rest_label (HsTreemapWidget *self, HsAnalysis *a, const HsTreemapRect *rest)
{
  guint64 n_more, bytes;
  g_autofree char *size = NULL, *count = NULL;

  rest_figures (self, a, rest, &n_more, &bytes);
  size = hs_format_bytes (bytes);
  count = hs_format_count (n_more);
  /* Translators: the grey box of a treemap: "5,319 more, 581.9 kB" */
  return g_strdup_printf (_ ("%s more, %s"), count, size);
}

static void
render (HsTreemapWidget *self, cairo_t *cr, HsAnalysis *a)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans 8.5");

  pango_layout_set_font_description (layout, font);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  cairo_set_line_width (cr, 1.0);

  for (guint i = 0; i < self->rects->len; i++)
    {
      const HsTreemapRect *r = &g_array_index (self->rects, HsTreemapRect, i);
      g_autofree char *label = NULL;
      GdkRGBA c;

      if (r->w < 1 || r->h < 1)
        continue;
      node_color (self, a, r->node, r->depth, &c);
      /* One heap shown: the others' boxes fade (the tree stays whole). */
      if (self->heap >= 0 && r->node < a->dom->n
          && hs_heap_object_heap (a->heap, r->node) != (guint)self->heap)
        c.alpha *= 0.3;
      gdk_cairo_set_source_rgba (cr, &c);
      cairo_rectangle (cr, r->x, r->y, r->w, r->h);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, c.red * 0.6, c.green * 0.6, c.blue * 0.6, 1);
      cairo_rectangle (cr, r->x + 0.5, r->y + 0.5, MAX (r->w - 1, 0), MAX (r->h - 1, 0));
      cairo_new_path (cr);
      cairo_rectangle (cr, r->x + 0.5, r->y + 0.5, MAX (r->w - 1, 0), MAX (r->h - 1, 0));
      cairo_stroke (cr);

      label = r->node == HS_TREEMAP_REST ? rest_label (self, a, r) : node_label (a, r->node, TRUE);
      if (r->has_children_shown)
        draw_label (self, cr, layout, label, r->x, r->y, r->w, HEADER, &c);
      else
        draw_label (self, cr, layout, label, r->x, r->y + 1, r->w, r->h - 1, &c);
    }
}

/* The rectangles of the tree under node, on the UI thread or a worker. */
static GArray *
layout_rects (HsAnalysis *a, guint64 node, int width, int height)
{
  /* With a grey box per parent for its children too small to draw (the
   * report's "N more"), so that no parent is an empty frame. */
  return hs_treemap_layout_full (a->dom, node, 0, 0, width, height, MAX_DEPTH, MIN_AREA, PADDING, HEADER,
                                 MAX_RECTS, TRUE);
}

typedef struct
{
  HsLoader *loader;
  guint64 node;
  int width, height;
  guint serial;
  GArray *rects;
} LayoutJob;

static void
layout_job_free (LayoutJob *job)
{
  g_clear_object (&job->loader);
  g_clear_pointer (&job->rects, g_array_unref);
  g_free (job);
}

static void
layout_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  LayoutJob *job = data;

  if (g_task_return_error_if_cancelled (task))
    return;
  job->rects = layout_rects (hs_loader_get_analysis (job->loader), job->node, job->width, job->height);
  g_task_return_boolean (task, TRUE);
}

static gboolean
emit_layout_done (gpointer data)
{
  HsTreemapWidget *self = data;

  self->layout_notify = 0;
  g_signal_emit (self, signals[LAYOUT_DONE], 0);
  return G_SOURCE_REMOVE;
}

/* A new layout is there (made in a snapshot or by a worker): said from an
 * idle, so that whoever listens may change widgets. */
static void
notify_layout (HsTreemapWidget *self)
{
  if (self->layout_notify == 0)
    self->layout_notify = g_idle_add (emit_layout_done, self);
}

static void
layout_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsTreemapWidget *self = HS_TREEMAP_WIDGET (source);
  LayoutJob *job = g_task_get_task_data (G_TASK (result));

  self->computing = FALSE;
  /* Use it only if nothing changed meanwhile; else the next draw asks again. */
  if (job->serial == self->serial && job->loader == self->loader
      && job->width == gtk_widget_get_width (GTK_WIDGET (self))
      && job->height == gtk_widget_get_height (GTK_WIDGET (self)))
    {
      g_clear_pointer (&self->rects, g_array_unref);
      g_clear_pointer (&self->cache, gsk_render_node_unref);
      self->rects = g_steal_pointer (&job->rects);
      self->cache_width = job->width;
      self->cache_height = job->height;
      notify_layout (self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ensure_layout (HsTreemapWidget *self, int width, int height)
{
  HsAnalysis *a = get_analysis (self);
  guint64 node;

  if (self->rects != NULL && self->cache_width == width && self->cache_height == height)
    return;
  if (self->cache != NULL)
    {
      /* Keep the last picture to stretch while the new layout is made. */
      g_clear_pointer (&self->stale, gsk_render_node_unref);
      self->stale = g_steal_pointer (&self->cache);
      self->stale_width = self->cache_width;
      self->stale_height = self->cache_height;
    }
  g_clear_pointer (&self->rects, g_array_unref);
  if (a == NULL || width <= 0 || height <= 0)
    return;

  node = g_array_index (self->path, guint64, self->path->len - 1);
  if (a->dom->n_reachable <= self->async_threshold)
    {
      self->rects = layout_rects (a, node, width, height);
      self->cache_width = width;
      self->cache_height = height;
      notify_layout (self);
      return;
    }

  if (self->computing)
    {
      /* One job at a time; layout_done redraws, which asks again if the
       * finished job no longer fits. */
      return;
    }
  {
    if (self->cancellable == NULL)
      self->cancellable = g_cancellable_new ();
    g_autoptr (GTask) task = g_task_new (self, self->cancellable, layout_done, NULL);
    LayoutJob *job = g_new0 (LayoutJob, 1);

    job->loader = g_object_ref (self->loader);
    job->node = node;
    job->width = width;
    job->height = height;
    job->serial = self->serial;
    self->computing = TRUE;
    g_task_set_task_data (task, job, (GDestroyNotify)layout_job_free);
    g_task_run_in_thread (task, layout_thread);
  }
}

/* While the first layout of a big dump is made on a worker (up to seconds
 * on 0.5 GB): say so in the middle, not a blank (nothing animates: its
 * frames would take CPU from the worker). */
static void
draw_computing (HsTreemapWidget *self, GtkSnapshot *snapshot, int width, int height)
{
  g_autoptr (PangoLayout) layout
      = gtk_widget_create_pango_layout (GTK_WIDGET (self), _ ("Laying out the treemap…"));
  GdkRGBA color;
  int tw, th;

  pango_layout_get_pixel_size (layout, &tw, &th);
  hs_palette_get (HS_PALETTE_TREEMAP_TEXT, self->dark, &color);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((width - tw) / 2.0f, (height - th) / 2.0f));
  gtk_snapshot_append_layout (snapshot, layout, &color);
  gtk_snapshot_restore (snapshot);
}

static void
hs_treemap_widget_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  HsTreemapWidget *self = HS_TREEMAP_WIDGET (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  HsAnalysis *a = get_analysis (self);

  if (a == NULL || width <= 0 || height <= 0)
    return;

  ensure_layout (self, width, height);
  if (self->rects == NULL)
    {
      if (self->stale != NULL && self->stale_width > 0 && self->stale_height > 0)
        {
          gtk_snapshot_save (snapshot);
          gtk_snapshot_scale (snapshot, (float)width / self->stale_width, (float)height / self->stale_height);
          gtk_snapshot_append_node (snapshot, self->stale);
          gtk_snapshot_restore (snapshot);
        }
      else if (self->computing)
        draw_computing (self, snapshot, width, height);
      return;
    }

  if (self->cache == NULL)
    {
      GtkSnapshot *inner = gtk_snapshot_new ();
      cairo_t *cr = gtk_snapshot_append_cairo (inner, &GRAPHENE_RECT_INIT (0, 0, width, height));
      render (self, cr, a);
      cairo_destroy (cr);
      self->cache = gtk_snapshot_free_to_node (inner);
    }
  if (self->cache != NULL)
    gtk_snapshot_append_node (snapshot, self->cache);

  if (self->hover != G_MAXUINT64 && self->hover_w > 2 && self->hover_h > 2)
    {
      GskRoundedRect outline;
      float widths[4] = { 2, 2, 2, 2 };
      GdkRGBA colors[4];

      for (int i = 0; i < 4; i++)
        hs_palette_get (HS_PALETTE_ACCENT, self->dark, &colors[i]);
      gsk_rounded_rect_init_from_rect (
          &outline, &GRAPHENE_RECT_INIT (self->hover_x, self->hover_y, self->hover_w, self->hover_h), 0);
      gtk_snapshot_append_border (snapshot, &outline, widths, colors);
    }

  /* Keyboard focus (Backspace zooms out): the accent around the map. */
  if (gtk_widget_has_visible_focus (widget))
    {
      GskRoundedRect ring;
      float widths[4] = { 2, 2, 2, 2 };
      GdkRGBA colors[4];

      for (int i = 0; i < 4; i++)
        hs_palette_get (HS_PALETTE_ACCENT, self->dark, &colors[i]);
      gsk_rounded_rect_init_from_rect (&ring, &GRAPHENE_RECT_INIT (0, 0, width, height), 0);
      gtk_snapshot_append_border (snapshot, &ring, widths, colors);
    }
}

static const HsTreemapRect *
rect_at (HsTreemapWidget *self, double x, double y)
{
  if (self->rects == NULL)
    return NULL;
  /* Children come after their parents: the last hit is the deepest. */
  for (guint i = self->rects->len; i > 0; i--)
    {
      const HsTreemapRect *r = &g_array_index (self->rects, HsTreemapRect, i - 1);
      if (x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h)
        return r;
    }
  return NULL;
}

guint64
hs_treemap_widget_node_at (HsTreemapWidget *self, double x, double y)
{
  const HsTreemapRect *r = rect_at (self, x, y);
  return r != NULL ? r->node : G_MAXUINT64;
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, HsTreemapWidget *self)
{
  const HsTreemapRect *r = rect_at (self, x, y);
  guint64 node = r != NULL && r->depth > 0 ? r->node : G_MAXUINT64;

  if (node == self->hover)
    return;
  self->hover = node;
  if (r != NULL)
    {
      self->hover_x = r->x;
      self->hover_y = r->y;
      self->hover_w = r->w;
      self->hover_h = r->h;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *motion, HsTreemapWidget *self)
{
  if (self->hover != G_MAXUINT64)
    {
      self->hover = G_MAXUINT64;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static gboolean
on_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                  HsTreemapWidget *self)
{
  HsAnalysis *a = get_analysis (self);
  const HsTreemapRect *r = rect_at (self, x, y);
  g_autofree char *shallow = NULL, *retained = NULL, *text = NULL, *escaped = NULL, *id = NULL;
  const char *name;
  double pct;

  if (a == NULL || r == NULL)
    return FALSE;
  retained = hs_format_bytes (hs_dom_tree_retained (a->dom, MIN (r->node, a->dom->n)));
  pct = hs_dom_tree_retained (a->dom, a->dom->n) > 0
            ? 100.0 * hs_dom_tree_retained (a->dom, MIN (r->node, a->dom->n))
                  / hs_dom_tree_retained (a->dom, a->dom->n)
            : 0;
  if (r->node == HS_TREEMAP_REST)
    {
      guint64 n_more, bytes;
      g_autofree char *size = NULL, *count = NULL;
      rest_figures (self, a, r, &n_more, &bytes);
      size = hs_format_bytes (bytes);
      count = hs_format_count (n_more);
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "<b>%s smaller object</b>\nRetained together: %s",
                                           "<b>%s smaller objects</b>\nRetained together: %s", n_more),
                              count, size);
      gtk_tooltip_set_markup (tooltip, text);
      return TRUE;
    }
  if (r->node >= a->dom->n)
    {
      text = g_strdup_printf (_ ("<b>All reachable objects</b>\nRetained: %s"), retained);
      gtk_tooltip_set_markup (tooltip, text);
      return TRUE;
    }
  name = hs_heap_object_class_name (a->heap, (HsObj)r->node);
  escaped = g_markup_escape_text (name != NULL ? name : "?", -1);
  shallow = hs_format_bytes (hs_heap_object_shallow (a->heap, (HsObj)r->node));
  id = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", hs_heap_object_id (a->heap, (HsObj)r->node));
  text = g_strdup_printf (_ ("<b>%s</b>\nId: %s\nShallow: %s\nRetained: %s (%.1f%%)"), escaped, id, shallow,
                          retained, pct);
  gtk_tooltip_set_markup (tooltip, text);
  return TRUE;
}

static void
on_click (GtkGestureClick *gesture, int n_press, double x, double y, HsTreemapWidget *self)
{
  HsAnalysis *a = get_analysis (self);
  const HsTreemapRect *r = rect_at (self, x, y);
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (a == NULL || r == NULL)
    return;
  if (button == GDK_BUTTON_SECONDARY)
    {
      if (r->node < a->dom->n)
        g_signal_emit (self, signals[INSPECT], 0, (guint64)r->node);
      return;
    }
  if (r->depth == 0 || r->node == HS_TREEMAP_REST)
    return;
  hs_treemap_widget_zoom_into (self, r->node);
}

static void
zoom_out_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  hs_treemap_widget_zoom_out (HS_TREEMAP_WIDGET (widget));
}

static void
hs_treemap_widget_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  HsTreemapWidget *self = HS_TREEMAP_WIDGET (widget);
  /* The layout is redone in the next snapshot (ensure_layout). */
  if (width != self->cache_width || height != self->cache_height)
    self->hover = G_MAXUINT64;
}

static void
hs_treemap_widget_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                           int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = 100;
  *natural = 400;
}

static void
hs_treemap_widget_dispose (GObject *object)
{
  HsTreemapWidget *self = HS_TREEMAP_WIDGET (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (hs_treemap_widget_parent_class)->dispose (object);
}

static void
hs_treemap_widget_finalize (GObject *object)
{
  HsTreemapWidget *self = HS_TREEMAP_WIDGET (object);

  g_clear_handle_id (&self->layout_notify, g_source_remove);
  g_clear_object (&self->loader);
  g_clear_pointer (&self->path, g_array_unref);
  g_clear_pointer (&self->rects, g_array_unref);
  g_clear_pointer (&self->cache, gsk_render_node_unref);
  g_clear_pointer (&self->stale, gsk_render_node_unref);
  G_OBJECT_CLASS (hs_treemap_widget_parent_class)->finalize (object);
}

static void
hs_treemap_widget_class_init (HsTreemapWidgetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hs_treemap_widget_dispose;
  object_class->finalize = hs_treemap_widget_finalize;
  widget_class->snapshot = hs_treemap_widget_snapshot;
  widget_class->measure = hs_treemap_widget_measure;
  widget_class->size_allocate = hs_treemap_widget_size_allocate;

  signals[ZOOM_CHANGED] = g_signal_new ("zoom-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                        NULL, NULL, G_TYPE_NONE, 0);
  signals[INSPECT] = g_signal_new ("inspect", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                   NULL, G_TYPE_NONE, 1, G_TYPE_UINT64);
  signals[LAYOUT_DONE] = g_signal_new ("layout-done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                       NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "treemap.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, 0, "treemap.zoom-out", NULL);
  gtk_widget_class_set_css_name (widget_class, "treemap");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
on_focus_changed (GtkWidget *widget, GParamSpec *pspec, gpointer data)
{
  gtk_widget_queue_draw (widget);
}

static void
on_dark_changed (AdwStyleManager *manager, GParamSpec *pspec, HsTreemapWidget *self)
{
  self->dark = adw_style_manager_get_dark (manager);
  g_clear_pointer (&self->cache, gsk_render_node_unref);
  g_clear_pointer (&self->stale, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
hs_treemap_widget_init (HsTreemapWidget *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->path = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->hover = G_MAXUINT64;
  self->heap = -1;
  self->async_threshold = ASYNC_THRESHOLD;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Treemap of the retained memory"), -1);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (on_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);

  g_signal_connect (self, "notify::has-focus", G_CALLBACK (on_focus_changed), NULL);

  /* Redrawn in the other style's colours when the style changes. */
  hs_palette_ensure ();
  self->dark = hs_palette_is_dark ();
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (on_dark_changed),
                           self, 0);
}

GtkWidget *
hs_treemap_widget_new (void)
{
  return g_object_new (HS_TYPE_TREEMAP_WIDGET, NULL);
}

static void
zoom_changed (HsTreemapWidget *self)
{
  invalidate (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "treemap.zoom-out", self->path->len > 1);
  g_signal_emit (self, signals[ZOOM_CHANGED], 0);
}

void
hs_treemap_widget_set_loader (HsTreemapWidget *self, HsLoader *loader)
{
  HsAnalysis *a;

  g_return_if_fail (HS_IS_TREEMAP_WIDGET (self));

  /* A layout of the old loader stops where it looks (or never starts). */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_set_object (&self->loader, loader);
  g_array_set_size (self->path, 0);
  a = get_analysis (self);
  if (a != NULL)
    {
      guint64 root = a->dom->n;
      g_array_append_val (self->path, root);
    }
  zoom_changed (self);
}

void
hs_treemap_widget_set_heap (HsTreemapWidget *self, int heap)
{
  g_return_if_fail (HS_IS_TREEMAP_WIDGET (self));
  if (self->heap == heap)
    return;
  self->heap = heap;
  /* The layout stays; only the colours change. */
  g_clear_pointer (&self->cache, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const guint64 *
hs_treemap_widget_get_path (HsTreemapWidget *self, guint *n)
{
  *n = self->path->len;
  return (const guint64 *)self->path->data;
}

void
hs_treemap_widget_zoom_to (HsTreemapWidget *self, guint depth)
{
  if (depth + 1 >= self->path->len)
    return;
  g_array_set_size (self->path, depth + 1);
  zoom_changed (self);
}

gboolean
hs_treemap_widget_zoom_out (HsTreemapWidget *self)
{
  if (self->path->len <= 1)
    return FALSE;
  g_array_set_size (self->path, self->path->len - 1);
  zoom_changed (self);
  return TRUE;
}

/* Zooms into node, a descendant of the shown node: the intermediate
 * ancestors come from the dominator tree so the breadcrumb is complete. */
void
hs_treemap_widget_zoom_into (HsTreemapWidget *self, guint64 node)
{
  HsAnalysis *a = get_analysis (self);
  guint64 current;
  g_autoptr (GArray) chain = NULL;
  guint64 v;
  gsize n_children = 0;

  if (a == NULL || self->path->len == 0 || node >= a->dom->n)
    return;
  current = g_array_index (self->path, guint64, self->path->len - 1);
  if (node == current)
    return;

  /* A leaf of the dominator tree has nothing to show: zoom to its parent. */
  hs_dom_tree_children (a->dom, node, &n_children);
  if (n_children == 0)
    {
      HsObj up = a->dom->idom[node];
      if (up == HS_OBJ_NONE || (guint64)up == current)
        return;
      node = up;
    }

  chain = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (v = node; v != current;)
    {
      HsObj up;
      g_array_append_val (chain, v);
      if (v >= a->dom->n || chain->len > 100000)
        return; /* not below the current node */
      up = a->dom->idom[v];
      if (up == HS_OBJ_NONE)
        return;
      v = up;
    }
  for (guint i = chain->len; i > 0; i--)
    g_array_append_val (self->path, g_array_index (chain, guint64, i - 1));
  zoom_changed (self);
}

guint
hs_treemap_widget_get_n_rects (HsTreemapWidget *self)
{
  return self->rects != NULL ? self->rects->len : 0;
}

void
hs_treemap_widget_set_async_threshold (HsTreemapWidget *self, guint64 n_objects)
{
  self->async_threshold = n_objects;
  invalidate (self);
}

gboolean
hs_treemap_widget_is_computing (HsTreemapWidget *self)
{
  return self->computing;
}

GPtrArray *
hs_treemap_widget_get_legend (HsTreemapWidget *self)
{
  HsAnalysis *a = get_analysis (self);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) packages = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (HS_IS_TREEMAP_WIDGET (self), names);
  if (a == NULL || self->rects == NULL)
    return names;
  /* The outer boxes, largest first (the layout's order). */
  for (guint i = 0; i < self->rects->len && names->len < HS_TREEMAP_LEGEND_MAX; i++)
    {
      const HsTreemapRect *r = &g_array_index (self->rects, HsTreemapRect, i);
      const char *name;
      g_autofree char *pkg = NULL;
      gboolean seen = FALSE;

      if (r->depth != 1 || r->node >= a->dom->n)
        continue;
      name = hs_heap_object_class_name (a->heap, (HsObj)r->node);
      if (name == NULL)
        continue;
      if (g_str_has_prefix (name, "class "))
        name += 6;
      pkg = hs_format_package (name);
      for (guint j = 0; j < packages->len && !seen; j++)
        seen = strcmp (g_ptr_array_index (packages, j), pkg) == 0;
      if (seen)
        continue;
      g_ptr_array_add (packages, g_steal_pointer (&pkg));
      g_ptr_array_add (names, g_strdup (name));
    }
  return names;
}
