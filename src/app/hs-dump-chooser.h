/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-chooser.h: a file that holds several heap dumps: asks which one
 * to analyse (AdwMessageDialog with the dumps in a drop-down), once per
 * window and file; the answer opens the window on that dump. */
#pragma once

#include <adwaita.h>
#include "hs-window.h"

G_BEGIN_DECLS

/* Asks if the window's dump is one of several and this file was not
 * asked about in this window yet. */
void hs_dump_chooser_ask (HsWindow *window);
/* The question shown now for the window, or NULL (for the tests). */
AdwMessageDialog *hs_dump_chooser_get_dialog (HsWindow *window);
/* Its drop-down of the dumps. */
GtkDropDown *hs_dump_chooser_get_dropdown (AdwMessageDialog *dialog);

G_END_DECLS
