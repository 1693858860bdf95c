/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-roots.c: the "no GC roots" banner of a dump's tab. A dump
 * cut before its GC roots: the banner says what the sizes of every view
 * stand on (the objects nothing references, as roots). */
#include "config.h"
#include "hs-dump-tab-private.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

void
_hs_dump_tab_roots_update (HsDumpTab *self, HsHeap *heap)
{
  const HsSummary *s = hs_heap_summary (heap);
  g_autofree char *count = NULL, *text = NULL;

  hs_banner_set_revealed (self->roots_banner, s->roots_inferred);
  if (!s->roots_inferred)
    return;
  count = hs_format_count (s->gc_roots);
  text = g_strdup_printf (_ ("This dump has no GC roots: it was probably cut short before them. Every view "
                             "counts the %s objects nothing references as the roots."),
                          count);
  hs_banner_set_title (self->roots_banner, text);
}

const char *
hs_dump_tab_get_roots_banner (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return hs_banner_get_revealed (self->roots_banner) ? hs_banner_get_title (self->roots_banner) : NULL;
}
