/* hs-parallel.h: the engine's one way of using both cores for a step. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Runs fn (first) on this thread and fn (second) on a new one named name,
 * and returns when both are done. second NULL: only fn (first). If no
 * thread can be made, fn (second) runs here after fn (first). */
void hs_run_pair (const char *name, GThreadFunc fn, gpointer first, gpointer second);

G_END_DECLS
