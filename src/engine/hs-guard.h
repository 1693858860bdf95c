/* hs-guard.h: a guard against SIGBUS for code that reads a mapped file.
 *
 * A mapped file that shrinks while we read it raises SIGBUS on the pages
 * past its new end; under the guard the fault ends the guarded call, which
 * reports it, instead of killing the process. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Runs fn (data) under a SIGBUS guard; FALSE if the mapped file shrank. */
gboolean hs_guarded_call (GThreadFunc fn, gpointer data);

G_END_DECLS
