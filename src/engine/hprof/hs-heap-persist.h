/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-persist.h: a loaded heap written into a persistent index, and a
 * dump opened with everything its load computes taken from one
 * (docs/index.md). The big arrays (object table, offsets, references) are
 * used where the index maps them, copy-on-write: a reopen costs page
 * faults, and their memory is the file's, not anonymous. Engine layer:
 * GLib only. */
#pragma once

#include "hs-heap.h"
#include "hs-index-file.h"

G_BEGIN_DECLS

/* Adds the heap's sections (HS_INDEX_SECTION_HEAP and its arrays) to w.
 * The heap must be whole: loaded, reachability set. */
gboolean hs_heap_persist_write (HsHeap *heap, HsIndexWriter *w, GError **error);
/* Adds the objects' depths (hs_heap_compute_depths) as their own section,
 * when they are computed; a reopened heap then has them at once. */
gboolean hs_heap_persist_write_depths (HsHeap *heap, HsIndexWriter *w, GError **error);

/* Opens the dump at path (mapped or read as hs_heap_open does, a gzip one
 * inflated) and takes everything else from f, which must have been
 * checked against the dump's identity. The heap holds a reference to f.
 * NULL with HS_ERROR_INDEX when f's heap sections are not whole or not
 * consistent. */
/* Every array an index gave heap checked against the heap's scalars and
 * the dump's bytes (hs-heap-persist-check.c); HS_ERROR_INDEX naming
 * index_path and what is wrong. */
gboolean _hs_heap_persist_check (HsHeap *heap, const char *index_path, GCancellable *cancellable,
                                 GError **error);
HsHeap *hs_heap_open_persisted (const char *path, const HsOpenOptions *opts, HsIndexFile *f,
                                HsProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                                GError **error);

G_END_DECLS
