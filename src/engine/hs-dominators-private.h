/* hs-dominators-private.h: what the units of the dominator tree
 * (hs-dominators.c, hs-dom-children.c) and the retained-size walks
 * (hs-retained.c) share: a growable stack of 32-bit values (no recursion
 * over the heap anywhere) and the tree's bitmap of unsorted child lists. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  guint32 *data;
  gsize len, cap;
} U32Stack;

static inline void
u32_push (U32Stack *s, guint32 v)
{
  if (G_UNLIKELY (s->len == s->cap))
    {
      s->cap = s->cap ? s->cap * 2 : 1024;
      s->data = g_renew (guint32, s->data, s->cap);
    }
  s->data[s->len++] = v;
}

/* HsDomTree.unsorted: bit v set while v's child list is not sorted yet. */
#define UNSORTED_WORD(v) ((v) >> 5)
#define UNSORTED_BIT(v)  (1u << ((v) & 31))

G_END_DECLS
