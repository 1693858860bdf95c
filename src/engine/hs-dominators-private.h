/* hs-dominators-private.h: what the dominator tree and the retained-size
 * walks share: a growable stack of 32-bit values (no recursion over the
 * heap anywhere). */
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

G_END_DECLS
