/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hprof-out.h: writing HPROF records into a memory buffer, for the engine
 * tests that build dumps too big or too exact for the Python generators
 * (test-heap-big.c, test-heap-offsets.c). Big-endian, as the format is. */
#pragma once

#include <glib.h>
#include <string.h>
#include <sys/mman.h>

typedef struct
{
  guint8 *d;
  gsize at;
} HprofOut;

static inline void
u1 (HprofOut *w, guint v)
{
  w->d[w->at++] = (guint8)v;
}
static inline void
u4 (HprofOut *w, guint32 v)
{
  for (int i = 3; i >= 0; i--)
    u1 (w, (v >> (8 * i)) & 0xff);
}
static inline void
u8 (HprofOut *w, guint64 v)
{
  for (int i = 7; i >= 0; i--)
    u1 (w, (v >> (8 * i)) & 0xff);
}

/* An anonymous mapping of cap bytes for a dump beyond 4 GiB (reserved, not
 * committed: only the pages written are touched), or NULL with the test
 * skipped where a 64-bit build or the address space is missing. Free it
 * with munmap (d, cap). */
static inline guint8 *
hprof_out_map_big (gsize cap)
{
  if (sizeof (gsize) < 8)
    {
      g_test_skip ("needs a 64-bit build");
      return NULL;
    }
  guint8 *d = mmap (NULL, cap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (d == MAP_FAILED)
    {
      g_test_skip ("no room for the mapping in the address space");
      return NULL;
    }
  return d;
}

/* A top-level record header; returns where its length goes. */
static inline gsize
record (HprofOut *w, guint tag)
{
  u1 (w, tag);
  u4 (w, 0);
  gsize len_at = w->at;
  u4 (w, 0);
  return len_at;
}

static inline void
end_record (HprofOut *w, gsize len_at)
{
  guint64 len = w->at - len_at - 4;
  g_assert_cmpuint (len, <=, G_MAXUINT32);
  for (int i = 0; i < 4; i++)
    w->d[len_at + i] = (len >> (8 * (3 - i))) & 0xff;
}

/* A STRING record (tag 0x01). */
static inline void
string (HprofOut *w, guint64 id, const char *s)
{
  gsize l = record (w, 0x01);
  u8 (w, id);
  memcpy (w->d + w->at, s, strlen (s));
  w->at += strlen (s);
  end_record (w, l);
}
