/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-search.h: searching a heap by text: classes whose name contains a
 * substring and java.lang.String instances whose contents contain it
 * (ASCII letters compared without case). One linear pass over the
 * objects, one reused text buffer. Engine layer. */
#pragma once

#include "hs-heap.h"

G_BEGIN_DECLS

typedef struct
{
  GArray *classes;   /* HsClass whose name matches, at most max_results */
  GArray *strings;   /* HsObj (String instances) that match, at most max_results */
  guint64 n_classes; /* every match, also past the cap */
  guint64 n_strings;
} HsSearchResult;

/* Searches heap for needle (not empty). FALSE with error set when cancelled.
 * Thread-safe for a loaded heap. Free the result with hs_search_result_free. */
HsSearchResult *hs_search (HsHeap *heap, const char *needle, guint max_results, GCancellable *cancellable,
                           GError **error);
void hs_search_result_free (HsSearchResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsSearchResult, hs_search_result_free)

/* ASCII case-insensitive substring test (UTF-8 stays intact since only
 * ASCII letters fold). */
gboolean hs_search_contains (const char *haystack, gsize haystack_len, const char *needle, gsize needle_len);

G_END_DECLS
