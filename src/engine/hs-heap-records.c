/* hs-heap-records.c: pass 1 of the load, the top-level records: the
 * strings, the LOAD_CLASS names and the heap-dump bodies of the chosen
 * dump. Every other record has a length and is skipped. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hs-heap-load-private.h"

typedef struct { guint64 id; guint64 off; guint32 len; } StringRef;
typedef struct { guint64 class_id; guint64 name_id; } LoadClass;

static int
cmp_string_ref (const void *a, const void *b)
{
  const StringRef *x = a, *y = b;
  return x->id < y->id ? -1 : x->id > y->id;
}

static int
cmp_load_class (const void *a, const void *b)
{
  const LoadClass *x = a, *y = b;
  return x->class_id < y->class_id ? -1 : x->class_id > y->class_id;
}

static const char *
string_lookup (HsParse *ps, guint64 id, gsize *len)
{
  StringRef key = { .id = id };
  /* No bsearch on the NULL data of an empty table (UB). */
  StringRef *r = ps->strings->len ? bsearch (&key, ps->strings->data, ps->strings->len, sizeof (StringRef), cmp_string_ref) : NULL;
  if (!r)
    return NULL;
  *len = r->len;
  return (const char *) ps->heap->data + r->off;
}

gboolean
_hs_heap_pass_records (HsParse *ps, HsLoadProgress *prog, GError **error)
{
  HsHeap *heap = ps->heap;
  const guint8 *d = heap->data;
  gsize len = heap->len, pos;
  guint ids = heap->id_size;
  int dump = -1;
  int seg_dump = -1;
  guint n = 0;

  pos = strlen ((const char *) d) + 1 + 4 + 8;
  while (pos < len) {
    if (len - pos < HS_HPROF_RECORD_HEADER) {
      ps->truncated = TRUE;
      ps->truncated_at = pos;
      break;
    }
    guint8 tag = d[pos];
    guint64 blen = hs_be32 (d + pos + 5);
    guint64 body = pos + HS_HPROF_RECORD_HEADER;
    guint64 avail = len - body;
    gboolean cut = blen > avail;
    if (cut) {
      ps->truncated = TRUE;
      ps->truncated_at = pos;
      blen = avail;
    }
    switch (tag) {
    case HS_HPROF_STRING:
      if (!cut && blen >= ids) {
        StringRef s = { hs_read_id (d + body, ids), body + ids, (guint32) (blen - ids) };
        g_array_append_val (ps->strings, s);
      }
      break;
    case HS_HPROF_LOAD_CLASS:
      if (!cut && blen >= 8 + 2 * (guint64) ids) {
        LoadClass lc = { hs_read_id (d + body + 4, ids), hs_read_id (d + body + 8 + ids, ids) };
        g_array_append_val (ps->load_classes, lc);
      }
      break;
    case HS_HPROF_HEAP_DUMP: /* a dump of its own */
      dump++;
      if (dump == (int) heap->dump_index) {
        HsByteRange r = { body, blen };
        g_array_append_val (ps->bodies, r);
      }
      break;
    case HS_HPROF_HEAP_DUMP_SEGMENT:
      /* All segments of a file make one dump, even across HEAP_DUMP_END
       * markers (the hprof agent's repeated segmented dumps; see
       * docs/semantics.md). */
      if (seg_dump < 0)
        seg_dump = ++dump;
      if (seg_dump == (int) heap->dump_index) {
        HsByteRange r = { body, blen };
        g_array_append_val (ps->bodies, r);
      }
      break;
    default: /* other records, known or not, have a length: skip */
      break;
    }
    if (cut)
      break;
    pos = body + blen;
    if ((++n & 0xffff) == 0) {
      _hs_progress_report (prog, "parsing", 0.2 * pos / (double) len);
      if (!_hs_check_cancel (prog, error))
        return FALSE;
    }
  }
  heap->n_dumps = dump + 1;
  if (heap->n_dumps == 0) {
    if (ps->truncated)
      _hs_set_format_error (error, heap->name, ps->truncated_at, "the file is truncated before any heap dump record");
    else
      _hs_set_format_error (error, heap->name, heap->len, "the file ends without a heap dump (no HEAP_DUMP or HEAP_DUMP_SEGMENT record)");
    return FALSE;
  }
  if (heap->dump_index >= heap->n_dumps) {
    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s: there is no dump %u: the file holds %u dump%s (numbered from 0)",
                 heap->name, heap->dump_index, heap->n_dumps, heap->n_dumps == 1 ? "" : "s");
    return FALSE;
  }
  /* An empty GArray has NULL data, which qsort must not be given. */
  if (ps->strings->len > 1)
    qsort (ps->strings->data, ps->strings->len, sizeof (StringRef), cmp_string_ref);
  if (ps->load_classes->len > 1)
    qsort (ps->load_classes->data, ps->load_classes->len, sizeof (LoadClass), cmp_load_class);
  return TRUE;
}

const char *
_hs_parse_string (HsParse *ps, guint64 id, gsize *len)
{
  return string_lookup (ps, id, len);
}

const char *
_hs_parse_class_name (HsParse *ps, guint64 class_id, gsize *len)
{
  LoadClass key = { .class_id = class_id };
  LoadClass *lc = ps->load_classes->len ? bsearch (&key, ps->load_classes->data, ps->load_classes->len, sizeof (LoadClass), cmp_load_class) : NULL;
  return lc ? string_lookup (ps, lc->name_id, len) : NULL;
}

void
_hs_parse_init (HsParse *ps, HsHeap *heap, GCancellable *cancellable)
{
  *ps = (HsParse) { .heap = heap };
  ps->strings = g_array_new (FALSE, FALSE, sizeof (StringRef));
  ps->load_classes = g_array_new (FALSE, FALSE, sizeof (LoadClass));
  ps->bodies = g_array_new (FALSE, FALSE, sizeof (HsByteRange));
  ps->cancellable = cancellable;
  ps->class_dumps = g_array_new (FALSE, FALSE, sizeof (guint64));
}

void
_hs_parse_clear (HsParse *ps)
{
  g_array_unref (ps->strings);
  g_array_unref (ps->load_classes);
  g_array_unref (ps->bodies);
  g_free (ps->obj_ids);
  g_free (ps->obj_offs);
  g_array_unref (ps->class_dumps);
}
