/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-threads-view.h: the Threads view (an HsView, page "threads"): one row
 * per thread of the dump (name, id, daemon, state, retained, stack
 * retained), sortable, the thread holding the most selected first; below,
 * the selected thread's stack as `at ...` lines with the locals of each
 * frame (activating one opens it in the inspector, "win.inspect"). The
 * threads and their stack retained sizes are read on a worker. */
#pragma once

#include "hs-view.h"

G_BEGIN_DECLS

#define HS_TYPE_THREADS_VIEW (hs_threads_view_get_type ())
G_DECLARE_FINAL_TYPE (HsThreadsView, hs_threads_view, HS, THREADS_VIEW, HsView)

/* For tests: TRUE once the worker's threads are shown. */
gboolean hs_threads_view_is_ready (HsThreadsView *self);
/* Rows in the table's current (sorted) order. */
guint hs_threads_view_get_n_rows (HsThreadsView *self);
const char *hs_threads_view_get_row_name (HsThreadsView *self, guint row);
/* Selects a row; its stack is shown. */
void hs_threads_view_select_row (HsThreadsView *self, guint row);
/* The stack shown, one line per row ("at ..." and "local ..."); free it. */
char *hs_threads_view_get_stack_text (HsThreadsView *self);
/* Activates the n-th local row of the stack shown (as a click does);
 * FALSE if there is none. */
gboolean hs_threads_view_activate_local (HsThreadsView *self, guint n);

/* Selects the thread whose object is thread_obj and brings its row into
 * sight, now or, while the threads are still being read, once they are
 * ("win.show-thread"). TRUE if it was selected now. */
gboolean hs_threads_view_show_thread (HsThreadsView *self, HsObj thread_obj);

G_END_DECLS
