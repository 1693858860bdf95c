/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-palette.h: every colour the app draws, one set for the light and one
 * for the dark style (AdwStyleManager's "dark"), chosen for contrast:
 * text 4.5:1 on its background, graphics 3:1 against the window and view
 * backgrounds (WCAG 2.1 1.4.3 and 1.4.11; tests/ui/test-style.c checks
 * every pair). The CSS names them @hs_* (resources/style.css); a provider
 * of the current style's definitions follows the style manager. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  HS_PALETTE_LEAK_YES_BG, /* "leaking" badge */
  HS_PALETTE_LEAK_YES_FG,
  HS_PALETTE_LEAK_NO_BG, /* "not leaking" badge */
  HS_PALETTE_LEAK_NO_FG,
  HS_PALETTE_LEAK_UNKNOWN_BG, /* "unknown" badge */
  HS_PALETTE_LEAK_UNKNOWN_FG,
  HS_PALETTE_ERROR,        /* text and marks on the window: suspects, errors */
  HS_PALETTE_WARNING,      /* warning text on the window */
  HS_PALETTE_ACCENT,       /* the treemap's hover outline */
  HS_PALETTE_TREEMAP_TEXT, /* labels on treemap tiles */
  HS_PALETTE_N_COLOURS
} HsPaletteColour;

/* A foreground drawn on a background, and what it must reach. */
typedef struct
{
  HsPaletteColour fg;
  int bg;           /* an HsPaletteColour, or -1: the window and view backgrounds */
  double min_ratio; /* 4.5 text, 3 graphics */
} HsPalettePair;

/* The CSS name of a colour ("hs_leak_yes_bg"). */
const char *hs_palette_colour_name (HsPaletteColour colour);
/* The colour in the light or dark style. */
void hs_palette_get (HsPaletteColour colour, gboolean dark, GdkRGBA *rgba);
/* The style's window and view backgrounds (libadwaita 1.2's). */
void hs_palette_backgrounds (gboolean dark, GdkRGBA *window_bg, GdkRGBA *view_bg);
/* Every pair that must contrast, n_pairs set. */
const HsPalettePair *hs_palette_pairs (guint *n_pairs);

/* The treemap tile of a class (the report's package colour, its hue kept,
 * its luminance set for the style), greyer with depth at the same
 * luminance; a node outside the heap (the root) is grey. */
void hs_palette_package (const char *class_name, guint depth, gboolean dark, GdkRGBA *rgba);

/* WCAG 2.1 relative luminance and contrast ratio (alpha ignored). */
double hs_palette_luminance (const GdkRGBA *c);
double hs_palette_contrast (const GdkRGBA *a, const GdkRGBA *b);

/* Whether the app draws in the dark style now. */
gboolean hs_palette_is_dark (void);
/* Installs the @hs_* definitions on the default display and keeps them in
 * step with the style manager (idempotent; needs a display). */
void hs_palette_ensure (void);

G_END_DECLS
