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
      ui_iterate (800);
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
          ui_iterate (1500);
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
  gtk_window_destroy (GTK_WINDOW (window));
  ui_iterate (50);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  dump_arg = argc > 1 ? argv[1] : NULL;
  g_test_add_func ("/insights/view", test_insights);
  return g_test_run ();
}
