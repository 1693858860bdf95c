/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-banner.h: a strip over a dump's views that says something about the
 * dump (libadwaita 1.2 has no AdwBanner): a title, optionally a control
 * (a dropdown), a button and a close button. Its kind says how it looks
 * and what it offers: information, a warning, or an offer the user can
 * take (the button, suggested) or dismiss. A banner not revealed takes no
 * room. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

typedef enum
{
  HS_BANNER_INFO,
  HS_BANNER_WARNING,
  HS_BANNER_OFFER,
} HsBannerKind;

#define HS_TYPE_BANNER_KIND (hs_banner_kind_get_type ())
GType hs_banner_kind_get_type (void);

#define HS_TYPE_BANNER (hs_banner_get_type ())
G_DECLARE_FINAL_TYPE (HsBanner, hs_banner, HS, BANNER, AdwBin)

const char *hs_banner_get_title (HsBanner *self);
void hs_banner_set_title (HsBanner *self, const char *title);
/* With a mnemonic; NULL or "": no button. The button emits
 * "button-clicked", or activates the banner's "action-name". */
const char *hs_banner_get_button_label (HsBanner *self);
void hs_banner_set_button_label (HsBanner *self, const char *label);
gboolean hs_banner_get_revealed (HsBanner *self);
void hs_banner_set_revealed (HsBanner *self, gboolean revealed);
HsBannerKind hs_banner_get_kind (HsBanner *self);
void hs_banner_set_kind (HsBanner *self, HsBannerKind kind);

G_END_DECLS
