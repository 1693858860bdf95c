/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-insights.c: the Insights view on its own in a GtkWindow under Xvfb,
 * given a finished loader on the dump tests/waste/make-insights-dump.py
 * writes (the first argument, or HS_INSIGHTS_DUMP); the expected rows and bytes are worked out in
 * that script's docstring. HS_INSIGHTS_SHOT=FILE.png also saves a picture
 * of the view (and HS_INSIGHTS_DUMP may then name any dump). */
#include "config.h"
#include "ui-util.h"
#include "hs-insights-view.h"

#include <string.h>

static void
on_inspect (GSimpleAction *action, GVariant *param, gpointer data)
{
  *(guint32 *)data = g_variant_get_uint32 (param);
}

typedef struct
{
  GtkWidget *window;
  int width;
} WidthWait;

static gboolean
surface_width_is (gpointer data)
{
  WidthWait *w = data;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (w->window));
  return surface != NULL && gdk_surface_get_width (surface) == w->width;
}

static gboolean
inspector_done (gpointer data)
{
  return !hs_inspector_is_busy (HS_INSPECTOR (data))
         && hs_inspector_get_obj (HS_INSPECTOR (data)) != HS_OBJ_NONE;
}

static gboolean
view_not_busy (gpointer data)
{
  return !hs_insights_view_is_busy (data);
}

static const char *dump_arg;

static void
test_insights (void)
{
  const char *path = g_getenv ("HS_INSIGHTS_DUMP") ? g_getenv ("HS_INSIGHTS_DUMP") : dump_arg;
  const char *shot = g_getenv ("HS_INSIGHTS_SHOT");
  g_assert_nonnull (path);
  g_autoptr (HsLoader) loader = ui_load_dump (path, 60000);

  HsInsightsView *view = HS_INSIGHTS_VIEW (hs_insights_view_new ());
  guint32 inspected = HS_OBJ_NONE;
  GtkWidget *window = gtk_window_new ();
  const GActionEntry entries[] = { { "inspect", on_inspect, "u", NULL, NULL, { 0 } } };
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (group), entries, 1, &inspected);
  gtk_widget_insert_action_group (window, "win", G_ACTION_GROUP (group));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  gtk_window_present (GTK_WINDOW (window));

  g_assert_cmpstr (hs_view_get_name (HS_VIEW (view)), ==, "insights");
  hs_view_set_loader (HS_VIEW (view), loader);
  g_assert_true (hs_view_ensure_filled (HS_VIEW (view)));
  g_assert_true (ui_wait_until (view_not_busy, view, 60000));

  if (shot != NULL)
    {
      g_assert_true (ui_wait_shown (window, 10000));
      g_assert_true (ui_wait_frames (window, 3, 10000));
      g_autoptr (GdkTexture) texture = ui_render_widget (window);
      g_assert_nonnull (texture);
      g_assert_true (gdk_texture_save_to_png (texture, shot));
      /* And the inspector of the first bitmap, which draws it. */
      HsObj bitmap = hs_insights_view_get_row_object (view, HS_INSIGHTS_BITMAPS, 0);
      if (bitmap != HS_OBJ_NONE)
        {
          GtkWidget *iwin = gtk_window_new ();
          GtkWidget *inspector = hs_inspector_new ();
          gtk_window_set_default_size (GTK_WINDOW (iwin), 420, 700);
          gtk_window_set_child (GTK_WINDOW (iwin), inspector);
          gtk_window_present (GTK_WINDOW (iwin));
          hs_inspector_set_loader (HS_INSPECTOR (inspector), loader);
          hs_inspector_show (HS_INSPECTOR (inspector), bitmap);
          g_assert_true (ui_wait_until (inspector_done, inspector, 60000));
          g_assert_true (ui_wait_shown (inspector, 10000));
          g_autoptr (GdkTexture) itex = ui_render_widget (iwin);
          g_autofree char *ipath = g_strconcat (shot, ".inspector.png", NULL);
          g_assert_true (itex != NULL && gdk_texture_save_to_png (itex, ipath));
          gtk_window_destroy (GTK_WINDOW (iwin));
        }
    }
  else
    {
      HsAnalysis *a = hs_loader_get_analysis (loader);
      /* 96 bytes of strings, 40 of the duplicate bitmap: 136 in all; the
       * heading a sentence (a capital first). */
      g_autofree char *total = hs_format_bytes (136);
      g_autofree char *strings = hs_format_bytes (96);
      g_autofree char *bitmaps = hs_format_bytes (40);
      g_autofree char *expect = g_strdup_printf (
          "About %s could be saved: duplicate strings %s, duplicate bitmaps %s", total, strings, bitmaps);
      g_assert_cmpstr (hs_insights_view_get_summary (view), ==, expect);

      g_assert_cmpuint (hs_insights_view_get_n_rows (view, HS_INSIGHTS_STRINGS), ==, 1);
      g_autofree char *row = g_strdup_printf ("\"droid\"\t3 copies\t%s", strings);
      g_assert_cmpstr (hs_insights_view_get_row_text (view, HS_INSIGHTS_STRINGS, 0), ==, row);
      g_assert_cmpuint (hs_insights_view_get_n_rows (view, HS_INSIGHTS_COLLECTIONS), ==, 0);
      /* Four bitmaps: the two 40-byte ARGB ones first (bytes descending), with
       * one duplicate each. */
      g_assert_cmpuint (hs_insights_view_get_n_rows (view, HS_INSIGHTS_BITMAPS), ==, 4);
      g_assert_nonnull (
          strstr (hs_insights_view_get_row_text (view, HS_INSIGHTS_BITMAPS, 0), "3 × 2 · ARGB_8888"));
      g_assert_nonnull (strstr (hs_insights_view_get_row_text (view, HS_INSIGHTS_BITMAPS, 0), "1 duplicate"));

      /* The string row opens its first String in the inspector. */
      HsObj first = hs_insights_view_get_row_object (view, HS_INSIGHTS_STRINGS, 0);
      g_assert_cmpstr (hs_heap_object_class_name (a->heap, first), ==, "java.lang.String");
      GtkWidget *w = GTK_WIDGET (view);
      GtkListBoxRow *lrow = NULL;
      /* The first list box of the view holds the strings. */
      for (GtkWidget *c = w; c != NULL && lrow == NULL;)
        {
          if (GTK_IS_LIST_BOX (c))
            lrow = gtk_list_box_get_row_at_index (GTK_LIST_BOX (c), 0);
          GtkWidget *next = gtk_widget_get_first_child (c);
          while (next == NULL && c != w)
            {
              next = gtk_widget_get_next_sibling (c);
              if (next == NULL)
                c = gtk_widget_get_parent (c);
            }
          c = next;
        }
      g_assert_nonnull (lrow);
      g_signal_emit_by_name (gtk_widget_get_parent (GTK_WIDGET (lrow)), "row-activated", lrow);
      g_assert_cmpuint (inspected, ==, first);
    }

  hs_view_set_loader (HS_VIEW (view), NULL);
  g_assert_cmpuint (hs_insights_view_get_n_rows (view, HS_INSIGHTS_BITMAPS), ==, 0);
  ui_destroy_window (GTK_WINDOW (window));
}

/* The numeric labels of a view's rows, in order: each row's count then
 * its bytes. */
static void
collect_numeric (GtkWidget *w, GPtrArray *counts, GPtrArray *bytes)
{
  if (GTK_IS_LIST_BOX_ROW (w))
    {
      guint n = 0;
      for (GtkWidget *c = gtk_widget_get_first_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (w)));
           c != NULL; c = gtk_widget_get_next_sibling (c))
        if (GTK_IS_LABEL (c) && gtk_widget_has_css_class (c, "numeric"))
          g_ptr_array_add (n++ == 0 ? counts : bytes, c);
      g_assert_cmpuint (n, ==, 2);
      return;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_numeric (c, counts, bytes);
}

/* Left and right edges of each label in the view's coordinates: one
 * column, the same for every row. */
static void
assert_column (GtkWidget *view, GPtrArray *labels, const char *what, int width)
{
  graphene_point_t first_l, first_r;

  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *l = g_ptr_array_index (labels, i);
      graphene_point_t left, right;
      g_assert_true (gtk_widget_compute_point (l, view, &GRAPHENE_POINT_INIT (0, 0), &left));
      g_assert_true (
          gtk_widget_compute_point (l, view, &GRAPHENE_POINT_INIT (gtk_widget_get_width (l), 0), &right));
      if (i == 0)
        {
          first_l = left;
          first_r = right;
          continue;
        }
      if (left.x != first_l.x || right.x != first_r.x)
        g_error ("%d px: %s \"%s\" spans %.0f..%.0f, the first row's %.0f..%.0f", width, what,
                 gtk_label_get_text (GTK_LABEL (l)), left.x, right.x, first_l.x, first_r.x);
    }
}

/* On the sample (strings, collections, arrays and boxed rows, counts of
 * different widths, rows with and without a Class button): the counts
 * are one column and the bytes another, at 1400 and at 600 px. */
static void
test_columns (void)
{
  const char *sample = g_getenv ("HS_SAMPLE_DUMP");
  g_assert_nonnull (sample);
  g_autoptr (HsLoader) loader = ui_load_dump (sample, 60000);
  HsInsightsView *view = HS_INSIGHTS_VIEW (hs_insights_view_new ());
  GtkWidget *window = gtk_window_new ();
  const int widths[] = { 1400, 600 };

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 800);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  gtk_window_present (GTK_WINDOW (window));
  hs_view_set_loader (HS_VIEW (view), loader);
  g_assert_true (hs_view_ensure_filled (HS_VIEW (view)));
  g_assert_true (ui_wait_until (view_not_busy, view, 60000));
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      g_autoptr (GPtrArray) counts = g_ptr_array_new ();
      g_autoptr (GPtrArray) bytes = g_ptr_array_new ();

      gtk_window_set_default_size (GTK_WINDOW (window), widths[w], 800);
      /* Laid out at that width: the surface resized, then two frames. */
      g_assert_true (ui_wait_until (surface_width_is, &(WidthWait){ window, widths[w] }, 10000));
      g_assert_true (ui_wait_frames (window, 2, 10000));
      collect_numeric (GTK_WIDGET (view), counts, bytes);
      /* Rows of at least three lists. */
      g_assert_cmpuint (counts->len, >=, 3);
      g_assert_cmpuint (bytes->len, ==, counts->len);
      assert_column (GTK_WIDGET (view), counts, "count", widths[w]);
      /* Counts of thousands grouped, as every number shown: never four
       * digits in a row (the sample has strings of over 1,000 copies). */
      guint thousands = 0;
      for (guint i = 0; i < counts->len; i++)
        {
          const char *text = gtk_label_get_text (g_ptr_array_index (counts, i));
          guint run = 0, digits = 0;
          for (const char *c = text; *c != '\0' && run < 4; c++)
            {
              run = g_ascii_isdigit (*c) ? run + 1 : 0;
              digits += g_ascii_isdigit (*c) ? 1 : 0;
            }
          if (run >= 4)
            g_error ("count \"%s\" is not grouped", text);
          thousands += digits >= 4;
        }
      g_assert_cmpuint (thousands, >, 0);
      assert_column (GTK_WIDGET (view), bytes, "bytes", widths[w]);
    }
  hs_view_set_loader (HS_VIEW (view), NULL);
  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  dump_arg = argc > 1 ? argv[1] : NULL;
  g_test_add_func ("/insights/view", test_insights);
  g_test_add_func ("/insights/columns", test_columns);
  return g_test_run ();
}
