/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-perfdata.c: the string entries of a HotSpot performance data file.
 *
 * Layout (HotSpot's perfMemory): a 32-byte prologue, magic CA FE C0 C0,
 * a byte order byte (0 big, 1 little endian: every later number is in it),
 * major and minor version, accessible, used, overflow, a time stamp, then
 * the offset of the first entry and the number of entries. Each entry:
 * its length, the offset of its NUL-terminated name, a vector length, a
 * type byte ('B' for the byte vectors that hold strings), flags, units,
 * variability and the offset of its data; offsets are from the entry. */
#include "config.h"

#include <string.h>

#include "hs-perfdata.h"
#include "hs-types.h"

#define PROLOGUE_SIZE 32
#define ENTRY_HEADER_SIZE 20
#define MAX_ENTRIES 100000 /* a real JVM has about 300 */

typedef struct
{
  const guint8 *data;
  gsize len;
  gboolean little;
} Reader;

static guint32
reader_u32 (const Reader *r, gsize at)
{
  const guint8 *p = r->data + at;

  if (r->little)
    return (guint32)p[0] | (guint32)p[1] << 8 | (guint32)p[2] << 16 | (guint32)p[3] << 24;
  return (guint32)p[3] | (guint32)p[2] << 8 | (guint32)p[1] << 16 | (guint32)p[0] << 24;
}

/* The string of a 'B' entry: up to its first NUL, valid UTF-8 only. */
static char *
entry_string (const guint8 *p, gsize max)
{
  const guint8 *end = memchr (p, 0, max);
  gsize n = end ? (gsize)(end - p) : max;

  return g_utf8_make_valid ((const char *)p, n);
}

static void
take_string (char **slot, const char *name, const char *wanted, const guint8 *p, gsize max)
{
  if (*slot == NULL && g_str_equal (name, wanted))
    *slot = entry_string (p, max);
}

static gboolean
fail (GError **error, gsize at, const char *what)
{
  g_set_error (error, HS_ERROR, HS_ERROR_FORMAT, "not HotSpot performance data: %s at byte %" G_GSIZE_FORMAT,
               what, at);
  return FALSE;
}

gboolean
hs_perfdata_parse (const guint8 *data, gsize len, HsPerfData *out, GError **error)
{
  static const guint8 magic[4] = { 0xca, 0xfe, 0xc0, 0xc0 };
  Reader r = { data, len, FALSE };
  guint32 first, n_entries, at;

  memset (out, 0, sizeof *out);
  if (len < PROLOGUE_SIZE || memcmp (data, magic, 4) != 0)
    return fail (error, 0, "no magic number");
  if (data[4] > 1)
    return fail (error, 4, "bad byte order");
  r.little = data[4] == 1;
  first = reader_u32 (&r, 24);
  n_entries = reader_u32 (&r, 28);
  if (first < PROLOGUE_SIZE || first > len)
    return fail (error, 24, "first entry out of the file");
  at = first;
  for (guint32 i = 0; i < MIN (n_entries, MAX_ENTRIES) && at + ENTRY_HEADER_SIZE <= len; i++)
    {
      guint32 entry_len = reader_u32 (&r, at);
      guint32 name_off = reader_u32 (&r, at + 4);
      guint32 vector_len = reader_u32 (&r, at + 8);
      guint8 type = data[at + 12];
      guint32 data_off = reader_u32 (&r, at + 16);
      gsize entry_end;

      if (entry_len < ENTRY_HEADER_SIZE || entry_len > len - at)
        break; /* the rest is being written, or not there */
      entry_end = (gsize)at + entry_len;
      if (type == 'B' && vector_len > 0 && name_off >= ENTRY_HEADER_SIZE && name_off < entry_len
          && data_off < entry_len && memchr (data + at + name_off, 0, entry_len - name_off))
        {
          const char *name = (const char *)data + at + name_off;
          const guint8 *value = data + at + data_off;
          gsize max = MIN ((gsize)vector_len, entry_end - (at + data_off));

          take_string (&out->command, name, "sun.rt.javaCommand", value, max);
          take_string (&out->version, name, "java.property.java.version", value, max);
          take_string (&out->vm_args, name, "java.rt.vmArgs", value, max);
        }
      at = (guint32)entry_end;
    }
  return TRUE;
}

void
hs_perfdata_clear (HsPerfData *p)
{
  g_clear_pointer (&p->command, g_free);
  g_clear_pointer (&p->version, g_free);
  g_clear_pointer (&p->vm_args, g_free);
}
