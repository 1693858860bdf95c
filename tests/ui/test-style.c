/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-style.c: the app's colours in the light and dark styles:
 * the palette's contrast ratios (WCAG 2.1) against both styles'
 * backgrounds, the treemap drawn in both styles, the CSS using the
 * palette, and every icon-only button of every view with a tooltip and an
 * accessible label. */
#include "config.h"
#include "ui-util.h"
#include "hs-palette.h"
#include "hs-preferences-window.h"
#include "hs-treemap-widget.h"

#include <adwaita.h>
#include <math.h>

#define LOAD_TIMEOUT_MS 120000

static GdkRGBA
rgba (const char *spec)
{
  GdkRGBA c;
  g_assert_true (gdk_rgba_parse (&c, spec));
  return c;
}

/* What cairo draws: each channel in 8 bits. */
static GdkRGBA
as_drawn (const GdkRGBA *c)
{
  return (GdkRGBA){ round (c->red * 255) / 255, round (c->green * 255) / 255, round (c->blue * 255) / 255,
                    1 };
}

/* WCAG 2.1's own figures: black on white 21:1, #777777 on white 4.48:1
 * (the grey that just fails AA), equal colours 1:1. */
static void
test_ratio (void)
{
  GdkRGBA black = rgba ("#000000"), white = rgba ("#ffffff"), grey = rgba ("#777777");

  g_assert_cmpfloat_with_epsilon (hs_palette_contrast (&black, &white), 21.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (hs_palette_contrast (&white, &black), 21.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (hs_palette_contrast (&grey, &white), 4.48, 0.005);
  g_assert_cmpfloat_with_epsilon (hs_palette_contrast (&grey, &grey), 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (hs_palette_luminance (&white), 1.0, 1e-9);
}

static void
check (const char *what, const GdkRGBA *fg, const GdkRGBA *bg, double min)
{
  GdkRGBA a = as_drawn (fg), b = as_drawn (bg);
  double ratio = hs_palette_contrast (&a, &b);

  if (ratio < min)
    g_error ("%s: %s on %s is %.2f:1, needs %.1f:1", what, gdk_rgba_to_string (fg), gdk_rgba_to_string (bg),
             ratio, min);
}

/* Every pair of both styles; the treemap's tiles of many packages (all
 * twelve palette entries) at every depth drawn, and its root. */
static void
test_contrast (void)
{
  for (int dark = 0; dark <= 1; dark++)
    {
      GdkRGBA win, view, text;
      const HsPalettePair *pairs;
      guint n;

      hs_palette_backgrounds (dark, &win, &view);
      pairs = hs_palette_pairs (&n);
      g_assert_cmpuint (n, >=, 9);
      for (guint i = 0; i < n; i++)
        {
          GdkRGBA fg, bg;
          g_autofree char *what
              = g_strdup_printf ("%s (%s)", hs_palette_colour_name (pairs[i].fg), dark ? "dark" : "light");

          hs_palette_get (pairs[i].fg, dark, &fg);
          if (pairs[i].bg >= 0)
            {
              hs_palette_get (pairs[i].bg, dark, &bg);
              check (what, &fg, &bg, pairs[i].min_ratio);
            }
          else
            {
              check (what, &fg, &win, pairs[i].min_ratio);
              check (what, &fg, &view, pairs[i].min_ratio);
            }
        }

      hs_palette_get (HS_PALETTE_TREEMAP_TEXT, dark, &text);
      for (guint p = 0; p <= 200; p++)
        for (guint depth = 0; depth <= 7; depth++)
          {
            g_autofree char *name = p < 200 ? g_strdup_printf ("org.pkg%u.Thing", p) : NULL;
            GdkRGBA tile;

            hs_palette_package (name, depth, dark, &tile);
            check ("treemap tile on the window", &tile, &win, 3.0);
            check ("treemap tile on the view", &tile, &view, 3.0);
            check ("treemap label", &text, &tile, 4.5);
          }
    }
}

/* The styles differ, and the hue of the report's colour is kept. */
static void
test_package_colours (void)
{
  GdkRGBA light, dark, light_deep;
  double r, g, b;

  hs_palette_package ("java.util.HashMap", 0, FALSE, &light);
  hs_palette_package ("java.util.HashMap", 0, TRUE, &dark);
  hs_palette_package ("java.util.HashMap", 4, FALSE, &light_deep);
  g_assert_false (gdk_rgba_equal (&light, &dark));
  g_assert_false (gdk_rgba_equal (&light, &light_deep));
  /* Same order of channels as the report's colour (hue kept). */
  hs_format_package_rgb ("java.util.HashMap", &r, &g, &b);
  g_assert_true ((r >= g) == (light.red >= light.green));
  g_assert_true ((g >= b) == (light.green >= light.blue));
  g_assert_true ((r >= g) == (dark.red >= dark.green));
  /* Deeper: greyer (channels closer together), same luminance. */
  g_assert_cmpfloat (
      MAX (MAX (light_deep.red, light_deep.green), light_deep.blue)
          - MIN (MIN (light_deep.red, light_deep.green), light_deep.blue),
      <, MAX (MAX (light.red, light.green), light.blue) - MIN (MIN (light.red, light.green), light.blue));
  g_assert_cmpfloat_with_epsilon (hs_palette_luminance (&light_deep), hs_palette_luminance (&light), 1e-6);
}

/* The window's surface has the size asked for and the window is laid out
 * in it. */
static gboolean
window_at_size (gpointer data)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (data));
  return gtk_widget_get_mapped (data) && surface != NULL && gdk_surface_get_width (surface) == 1200
         && gdk_surface_get_height (surface) == 760 && gtk_widget_get_width (data) > 0;
}

static HsWindow *
open_sample (void)
{
  HsWindow *window = hs_window_new (NULL);
  g_autoptr (GFile) file = g_file_new_for_path (g_getenv ("HS_SAMPLE_DUMP"));

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 760);
  gtk_window_present (GTK_WINDOW (window));
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  /* The window at the size it asked for. */
  if (!ui_wait_until (window_at_size, window, 10000))
    g_error ("the window is %dx%d, not 1200x760",
             gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (window))),
             gdk_surface_get_height (gtk_native_get_surface (GTK_NATIVE (window))));
  return window;
}

static void
save (GdkTexture *texture, const char *name)
{
  if (g_getenv ("HS_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("HS_SCREENSHOT_DIR"), name, NULL);
      g_assert_true (gdk_texture_save_to_png (texture, png));
    }
}

/* Waits until WIDGET is shown and keeps one size over five frames: the
 * window may still be laying out, and two pictures of one widget are only
 * comparable at one size. */
static void
wait_for_stable_size (GtkWidget *widget)
{
  int width = -1, height = -1, same = 0;

  g_assert_true (ui_wait_shown (widget, 30000));
  for (int i = 0; i < 200 && same < 5; i++)
    {
      int w, h;

      g_assert_true (ui_wait_frames (widget, 1, 10000));
      w = gtk_widget_get_width (widget);
      h = gtk_widget_get_height (widget);
      same = (w == width && h == height && w > 0 && h > 0) ? same + 1 : 0;
      width = w;
      height = h;
    }
  g_assert_cmpint (same, >=, 5);
}

typedef struct
{
  GtkWidget *widget;
  int width, height;
} SizeWait;

static gboolean
has_size_of (gpointer data)
{
  SizeWait *w = data;
  return gtk_widget_get_width (w->widget) == w->width && gtk_widget_get_height (w->widget) == w->height;
}

/* Waits until widget has the size it had in picture (the window may lay
 * out again after a style change, through sizes in between) and keeps it
 * over five frames. */
static void
wait_for_size_of (GtkWidget *widget, GdkTexture *picture)
{
  SizeWait w = { widget, gdk_texture_get_width (picture), gdk_texture_get_height (picture) };

  for (int attempt = 0; attempt < 10; attempt++)
    {
      if (!ui_wait_until (has_size_of, &w, 30000))
        break;
      wait_for_stable_size (widget);
      if (has_size_of (&w))
        return;
    }
  g_error ("%s is %dx%d, not %dx%d as before", G_OBJECT_TYPE_NAME (widget), gtk_widget_get_width (widget),
           gtk_widget_get_height (widget), w.width, w.height);
}

/* The style manager and the app's palette are dark, or both light. */
static gboolean
style_is (gpointer data)
{
  gboolean dark = GPOINTER_TO_INT (data);
  return adw_style_manager_get_dark (adw_style_manager_get_default ()) == dark
         && hs_palette_is_dark () == dark;
}

static gboolean
has_visible_focus (gpointer data)
{
  return gtk_widget_has_visible_focus (data);
}

/* The treemap drawn light, then dark (forced as a user would), then light
 * again: the pictures differ, neither is empty or uniform, the tiles use
 * the style's colours (the hovered-free picture's colours are checked in
 * test_contrast). */
static void
test_treemap_styles (void)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  HsWindow *window = open_sample ();
  HsTreemapView *view;
  GtkWidget *treemap;
  g_autoptr (GdkTexture) light = NULL;
  g_autoptr (GdkTexture) dark = NULL;
  g_autoptr (GdkTexture) again = NULL;
  g_autoptr (GdkTexture) whole_dark = NULL;
  guint n;

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  hs_window_set_view (window, "treemap");
  view = ui_treemap_view (window);
  treemap = ui_find_child (GTK_WIDGET (view), HS_TYPE_TREEMAP_WIDGET);
  g_assert_true (ui_wait_until (style_is, GINT_TO_POINTER (FALSE), 10000));
  wait_for_stable_size (treemap);
  g_assert_false (adw_style_manager_get_dark (manager));
  g_assert_false (hs_palette_is_dark ());
  light = ui_render_widget (treemap);
  g_assert_nonnull (light);

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (ui_wait_until (style_is, GINT_TO_POINTER (TRUE), 10000));
  wait_for_size_of (treemap, light);
  g_assert_true (adw_style_manager_get_dark (manager));
  dark = ui_render_widget (treemap);
  g_assert_nonnull (dark);
  whole_dark = ui_render_widget (GTK_WIDGET (window));
  save (whole_dark, "treemap-dark.png");

  n = gdk_texture_get_width (light) * gdk_texture_get_height (light);
  g_assert_cmpuint (ui_count_colors (light), >, 10);
  g_assert_cmpuint (ui_count_colors (dark), >, 10);
  /* Most pixels change: tiles, labels and background all have their own
   * colour per style. */
  g_assert_cmpuint (ui_count_diff (light, dark), >, n / 2);

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_assert_true (ui_wait_until (style_is, GINT_TO_POINTER (FALSE), 10000));
  wait_for_size_of (treemap, light);
  again = ui_render_widget (treemap);
  /* Back to the first picture (bar a hover outline where the pointer
   * happens to be: at most a 1% of the pixels). */
  g_assert_cmpuint (ui_count_diff (light, again), <=, n / 100);
  save (light, "treemap-light-widget.png");

  /* Visible keyboard focus: a ring in the accent colour. */
  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
  g_assert_true (gtk_widget_grab_focus (treemap));
  g_assert_true (ui_wait_until (has_visible_focus, treemap, 10000));
  {
    g_autoptr (GdkTexture) focused = ui_render_widget (treemap);
    guint ring = 2 * 2 * (gdk_texture_get_width (light) + gdk_texture_get_height (light));
    g_assert_true (gtk_widget_has_visible_focus (treemap));
    g_assert_cmpuint (ui_count_diff (light, focused), >=, ring / 2);
    g_assert_cmpuint (ui_count_diff (light, focused), <=, ring + n / 100); /* and a hover outline */
  }

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  ui_destroy_window (GTK_WINDOW (window));
}

typedef struct
{
  GtkWidget *badge;
  GdkRGBA want;
} ColorWait;

/* The badge's text is drawn in the wanted colour. */
static gboolean
badge_color (gpointer data)
{
  ColorWait *w = data;
  GdkRGBA got;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (w->badge), &got);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return gdk_rgba_equal (&w->want, &got);
}

/* The CSS uses the palette: a "leaking" badge's text is the style's
 * colour. */
static void
test_css_palette (void)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *badge = gtk_label_new ("Leaking");

  hs_palette_ensure ();
  gtk_widget_add_css_class (badge, "hs-badge");
  gtk_widget_add_css_class (badge, "hs-badge-yes");
  gtk_window_set_child (GTK_WINDOW (window), badge);
  {
    /* The app's style sheet, as the window loads it. */
    g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();
    gtk_css_provider_load_from_resource (css, "/org/heapscope/Heapscope/css/heapscope.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }
  gtk_window_present (GTK_WINDOW (window));
  for (int dark = 0; dark <= 1; dark++)
    {
      ColorWait w = { badge };

      adw_style_manager_set_color_scheme (manager,
                                          dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      hs_palette_get (HS_PALETTE_LEAK_YES_FG, dark, &w.want);
      /* The style is applied on the next frame: the wait bounds a failure. */
      if (!ui_wait_until (badge_color, &w, 10000))
        g_error ("the badge's colour is not the palette's %s one", dark ? "dark" : "light");
    }
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  ui_destroy_window (GTK_WINDOW (window));
}

static gboolean
is_icon_only (GtkWidget *w)
{
  if (GTK_IS_MENU_BUTTON (w))
    return gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (w)) != NULL;
  if (GTK_IS_BUTTON (w))
    return gtk_button_get_icon_name (GTK_BUTTON (w)) != NULL
           || GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (w)));
  return FALSE;
}

/* Depth first below root, shown widgets only; the parts of composite widgets (a spin button's
 * +/-, a menu button's inner toggle, a drop-down's) are theirs. */
static void
walk (GtkWidget *root, const char *where, guint *n_checked, GString *missing)
{
  /* Hidden: not reachable now (libadwaita's search button of a
   * preferences window without search, a view's page not shown). */
  if (!gtk_widget_get_visible (root))
    return;
  if (is_icon_only (root))
    {
      (*n_checked)++;
      if (gtk_widget_get_tooltip_text (root) == NULL || *gtk_widget_get_tooltip_text (root) == '\0')
        g_string_append_printf (missing, "%s: %s (%s) has no tooltip\n", where, G_OBJECT_TYPE_NAME (root),
                                gtk_widget_get_name (root));
      if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL))
        g_string_append_printf (missing, "%s: %s (tooltip \"%s\") has no accessible label\n", where,
                                G_OBJECT_TYPE_NAME (root), gtk_widget_get_tooltip_text (root));
    }
  if (GTK_IS_MENU_BUTTON (root) || GTK_IS_SPIN_BUTTON (root) || GTK_IS_DROP_DOWN (root)
      || GTK_IS_WINDOW_CONTROLS (root))
    return;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    walk (c, where, n_checked, missing);
}

/* The inspector shows object 1, done (mapped, not busy). */
static gboolean
inspector_shows (gpointer data)
{
  HsInspector *inspector = ui_inspector (data);
  return hs_inspector_get_obj (inspector) == 1 && !hs_inspector_is_busy (inspector)
         && gtk_widget_get_mapped (GTK_WIDGET (inspector));
}

/* Every view shown in turn (its rows built), the inspector on an object,
 * and the preferences window. */
static void
test_icon_buttons (void)
{
  HsWindow *window = open_sample ();
  g_autoptr (GString) missing = g_string_new (NULL);
  static const char *const views[] = {
    "overview", "leaks", "classes", "dominators", "treemap", "insights", "threads", "compare", "query",
  };
  guint n_checked = 0;

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      HsView *view = ui_view (window, views[i]);

      g_assert_nonnull (view);
      hs_window_set_view (window, views[i]);
      g_assert_true (ui_wait_shown (GTK_WIDGET (view), 30000));
      walk (GTK_WIDGET (view), views[i], &n_checked, missing);
    }
  gtk_widget_set_visible (hs_window_get_inspector (window), TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.inspect", "u", 1));
  g_assert_true (ui_wait_until (inspector_shows, window, 60000));
  walk (hs_window_get_inspector (window), "inspector", &n_checked, missing);
  {
    g_autoptr (GtkApplication) app = NULL;
    GtkWidget *prefs;

    app = gtk_application_new ("org.heapscope.Heapscope.TestStyle", G_APPLICATION_NON_UNIQUE);
    g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
    prefs = GTK_WIDGET (hs_preferences_window_new (app, NULL));
    gtk_window_present (GTK_WINDOW (prefs));
    g_assert_true (ui_wait_shown (prefs, 10000));
    walk (prefs, "preferences", &n_checked, missing);
    ui_destroy_window (GTK_WINDOW (prefs));
  }
  g_test_message ("%u icon-only buttons checked", n_checked);
  g_assert_cmpuint (n_checked, >=, 5);
  if (missing->len > 0)
    g_error ("icon-only buttons without a tooltip or an accessible label:\n%s", missing->str);
  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  /* GTK's test AT context keeps the accessible properties to read back
   * (gtk_test_accessible_has_property); GTK_A11Y=none keeps none. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/style/ratio", test_ratio);
  g_test_add_func ("/style/contrast", test_contrast);
  g_test_add_func ("/style/package-colours", test_package_colours);
  g_test_add_func ("/style/css-palette", test_css_palette);
  g_test_add_func ("/style/treemap", test_treemap_styles);
  g_test_add_func ("/style/icon-buttons", test_icon_buttons);
  return g_test_run ();
}
