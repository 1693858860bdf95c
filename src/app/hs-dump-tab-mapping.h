/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-mapping.h: a ProGuard / R8 mapping applied to the open dump
 * (menu "Load Mapping…", a .txt dropped on the window, the mapping
 * remembered for the dump, or the mapping.txt found beside it). */
#pragma once

#include "hs-dump-tab.h"

G_BEGIN_DECLS

/* Reads the mapping on a worker and renames the open dump's classes and
 * fields in place (the dump is not read again); the leaks and suspects are
 * then found again under the real names on a worker. An error leaves the
 * dump as it was and shows the error in a toast. Needs a finished analysis
 * (else it says so). */
void hs_dump_tab_load_mapping (HsDumpTab *self, GFile *file);
/* Whether a file dropped on the window is a mapping (a .txt), not a dump. */
gboolean hs_file_is_mapping (GFile *file);
/* TRUE while a mapping is read, or the leaks are found again after it. */
gboolean hs_dump_tab_is_mapping_busy (HsDumpTab *self);
/* The mapping applied to the open dump, or NULL. */
const char *hs_dump_tab_get_mapping_path (HsDumpTab *self);
/* The mapping file the window offers to apply (found beside the dump), or
 * NULL when it offers none. */
const char *hs_dump_tab_get_offered_mapping (HsDumpTab *self);

/* "Load Mapping…": a file chooser over parent, then load_mapping. */
void hs_dump_tab_choose_mapping (HsDumpTab *self, GtkWindow *parent);

G_END_DECLS
