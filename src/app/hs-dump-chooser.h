/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-chooser.h: a file that holds several heap dumps: asks which one
 * to analyse (AdwMessageDialog with the dumps in a drop-down), once per
 * window and file; the answer opens that dump in the tab. */
#pragma once

#include <adwaita.h>
#include "hs-dump-tab.h"

G_BEGIN_DECLS

/* Asks, over window, if the tab's dump is one of several and this file
 * was not asked about in this window yet. */
void hs_dump_chooser_ask (GtkWindow *window, HsDumpTab *tab);
/* The question shown now for the window, or NULL (for the tests). */
AdwMessageDialog *hs_dump_chooser_get_dialog (GtkWindow *window);
/* Its drop-down of the dumps. */
GtkDropDown *hs_dump_chooser_get_dropdown (AdwMessageDialog *dialog);

G_END_DECLS
