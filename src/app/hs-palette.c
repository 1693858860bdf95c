/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-palette.c: the app's colours for the light and dark styles and their
 * CSS definitions (see hs-palette.h). */
#include "config.h"
#include "hs-palette.h"
#include "hs-format.h"

#include <adwaita.h>
#include <math.h>

typedef struct
{
  const char *name;
  const char *light;
  const char *dark;
} Entry;

/* Light: dark text on light pills, deep marks; dark: light marks, and pills
 * bright enough for black text. Each value is checked by test-style.c. */
static const Entry entries[HS_PALETTE_N_COLOURS] = {
  [HS_PALETTE_LEAK_YES_BG] = { "hs_leak_yes_bg", "#c01c28", "#ff7b63" },
  [HS_PALETTE_LEAK_YES_FG] = { "hs_leak_yes_fg", "#ffffff", "#000000" },
  [HS_PALETTE_LEAK_NO_BG] = { "hs_leak_no_bg", "#1b8553", "#2ec27e" },
  [HS_PALETTE_LEAK_NO_FG] = { "hs_leak_no_fg", "#ffffff", "#000000" },
  [HS_PALETTE_LEAK_UNKNOWN_BG] = { "hs_leak_unknown_bg", "#6f6e73", "#9a9996" },
  [HS_PALETTE_LEAK_UNKNOWN_FG] = { "hs_leak_unknown_fg", "#ffffff", "#000000" },
  [HS_PALETTE_ERROR] = { "hs_error", "#c01c28", "#ff7b63" },
  [HS_PALETTE_WARNING] = { "hs_warning", "#8a5d00", "#f8e45c" },
  [HS_PALETTE_ACCENT] = { "hs_accent", "#1c71d8", "#78aeed" },
  [HS_PALETTE_TREEMAP_TEXT] = { "hs_treemap_text", "#000000", "#ffffff" },
};

static const HsPalettePair pairs[] = {
  { HS_PALETTE_LEAK_YES_FG, HS_PALETTE_LEAK_YES_BG, 4.5 },
  { HS_PALETTE_LEAK_NO_FG, HS_PALETTE_LEAK_NO_BG, 4.5 },
  { HS_PALETTE_LEAK_UNKNOWN_FG, HS_PALETTE_LEAK_UNKNOWN_BG, 4.5 },
  { HS_PALETTE_LEAK_YES_BG, -1, 3.0 },
  { HS_PALETTE_LEAK_NO_BG, -1, 3.0 },
  { HS_PALETTE_LEAK_UNKNOWN_BG, -1, 3.0 },
  { HS_PALETTE_ERROR, -1, 4.5 },
  { HS_PALETTE_WARNING, -1, 4.5 },
  { HS_PALETTE_ACCENT, -1, 3.0 },
};

/* The treemap tiles' luminance: black text on light tiles reaches 5.7:1
 * and the tile 3.5:1 against #fafafa; white text on dark tiles 4.9:1 and
 * the tile 3.1:1 against #242424. */
#define TILE_LUMINANCE_LIGHT 0.235
#define TILE_LUMINANCE_DARK 0.165
#define CHROMA_BOOST 1.7

const char *
hs_palette_colour_name (HsPaletteColour colour)
{
  g_return_val_if_fail (colour < HS_PALETTE_N_COLOURS, NULL);
  return entries[colour].name;
}

void
hs_palette_get (HsPaletteColour colour, gboolean dark, GdkRGBA *rgba)
{
  g_return_if_fail (colour < HS_PALETTE_N_COLOURS && rgba != NULL);
  gdk_rgba_parse (rgba, dark ? entries[colour].dark : entries[colour].light);
}

void
hs_palette_backgrounds (gboolean dark, GdkRGBA *window_bg, GdkRGBA *view_bg)
{
  g_return_if_fail (window_bg != NULL && view_bg != NULL);
  gdk_rgba_parse (window_bg, dark ? "#242424" : "#fafafa");
  gdk_rgba_parse (view_bg, dark ? "#1e1e1e" : "#ffffff");
}

const HsPalettePair *
hs_palette_pairs (guint *n_pairs)
{
  g_return_val_if_fail (n_pairs != NULL, NULL);
  *n_pairs = G_N_ELEMENTS (pairs);
  return pairs;
}

static double
to_linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
to_srgb (double c)
{
  c = CLAMP (c, 0.0, 1.0);
  return c <= 0.0031308 ? c * 12.92 : 1.055 * pow (c, 1 / 2.4) - 0.055;
}

static double
linear_luminance (double r, double g, double b)
{
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

double
hs_palette_luminance (const GdkRGBA *c)
{
  g_return_val_if_fail (c != NULL, 0);
  return linear_luminance (to_linear (c->red), to_linear (c->green), to_linear (c->blue));
}

double
hs_palette_contrast (const GdkRGBA *a, const GdkRGBA *b)
{
  double la, lb;

  g_return_val_if_fail (a != NULL && b != NULL, 1);
  la = hs_palette_luminance (a);
  lb = hs_palette_luminance (b);
  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

void
hs_palette_package (const char *class_name, guint depth, gboolean dark, GdkRGBA *rgba)
{
  double target = dark ? TILE_LUMINANCE_DARK : TILE_LUMINANCE_LIGHT;
  double r = target, g = target, b = target, l, grey;

  g_return_if_fail (rgba != NULL);
  if (class_name != NULL)
    {
      double sr, sg, sb;

      hs_format_package_rgb (class_name, &sr, &sg, &sb);
      r = to_linear (sr);
      g = to_linear (sg);
      b = to_linear (sb);
      /* The report's colours are pastels: more saturated here, where
       * they are darker (away from their grey, then clamped). */
      l = linear_luminance (r, g, b);
      r = CLAMP (l + (r - l) * CHROMA_BOOST, 0.0, 1.0);
      g = CLAMP (l + (g - l) * CHROMA_BOOST, 0.0, 1.0);
      b = CLAMP (l + (b - l) * CHROMA_BOOST, 0.0, 1.0);
      l = linear_luminance (r, g, b);
      /* Luminance is linear in linear RGB: scaling keeps the hue exactly;
       * a colour darker than the target is mixed with white instead. */
      if (l >= target && l > 0)
        {
          r *= target / l;
          g *= target / l;
          b *= target / l;
        }
      else
        {
          double t = (target - l) / (1 - l);
          r += (1 - r) * t;
          g += (1 - g) * t;
          b += (1 - b) * t;
        }
    }
  /* Nesting: greyer with depth, at the same luminance (grey = target). */
  grey = MIN (depth * 0.1, 0.5);
  r += (target - r) * grey;
  g += (target - g) * grey;
  b += (target - b) * grey;
  *rgba = (GdkRGBA){ to_srgb (r), to_srgb (g), to_srgb (b), 1 };
}

gboolean
hs_palette_is_dark (void)
{
  adw_init ();
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

static void
load_definitions (GtkCssProvider *provider)
{
  gboolean dark = hs_palette_is_dark ();
  g_autoptr (GString) css = g_string_new ("/* hs-palette.c */\n");

  for (guint i = 0; i < HS_PALETTE_N_COLOURS; i++)
    g_string_append_printf (css, "@define-color %s %s;\n", entries[i].name,
                            dark ? entries[i].dark : entries[i].light);
  gtk_css_provider_load_from_data (provider, css->str, (gssize)css->len);
}

static void
on_dark_changed (AdwStyleManager *manager, GParamSpec *pspec, GtkCssProvider *provider)
{
  load_definitions (provider);
}

void
hs_palette_ensure (void)
{
  GdkDisplay *display = gdk_display_get_default ();
  GtkCssProvider *provider;

  g_return_if_fail (display != NULL);
  if (g_object_get_data (G_OBJECT (display), "hs-palette") != NULL)
    return;
  adw_init ();
  provider = gtk_css_provider_new ();
  load_definitions (provider);
  /* Above the app's style.css, which uses the names. */
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
  g_object_set_data_full (G_OBJECT (display), "hs-palette", provider, g_object_unref);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (on_dark_changed),
                           provider, 0);
}
