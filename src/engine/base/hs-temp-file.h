/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-temp-file.h: a file that no name points to, for data that must not
 * outlive the process (the inflated dump, spilled arrays). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A new read-write file in dir, already unlinked (O_TMPFILE where the file
 * system has it, else a mkstemp name "PREFIX-XXXXXX" removed at once), so
 * that nothing is left behind whatever happens. -1 with errno set if it
 * cannot be made. */
int hs_temp_file_open (const char *dir, const char *prefix);

G_END_DECLS
