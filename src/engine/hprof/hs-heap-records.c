/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-records.c: pass 1 of the load, the top-level records: the
 * strings, the LOAD_CLASS names, the stacks (STACK_FRAME, STACK_TRACE) and
 * the heap-dump bodies of the chosen dump. Every other record has a length
 * and is skipped. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hs-heap-load-private.h"

typedef struct
{
  guint64 id;
  guint64 off;
  guint32 len;
} StringRef;
typedef struct
{
  guint64 class_id;
  guint64 name_id;
  guint32 serial;
} LoadClass;
/* A STACK_FRAME's string ids until the strings are sorted. */
typedef struct
{
  guint64 method, sig, file;
  guint32 class_serial;
} FrameIds;

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

static int
cmp_load_serial (const void *a, const void *b)
{
  const LoadClass *x = a, *y = b;
  return x->serial < y->serial ? -1 : x->serial > y->serial;
}

static int
cmp_frame (const void *a, const void *b)
{
  const HsStackFrameRec *x = a, *y = b;
  return x->id < y->id ? -1 : x->id > y->id;
}

static int
cmp_trace (const void *a, const void *b)
{
  const HsStackTraceRec *x = a, *y = b;
  return x->serial < y->serial ? -1 : x->serial > y->serial;
}

static const char *string_lookup (HsParse *ps, guint64 id, gsize *len);

static void
resolve_string (HsParse *ps, guint64 sid, guint64 *off, guint32 *len)
{
  gsize l = 0;
  const char *s = sid ? string_lookup (ps, sid, &l) : NULL;
  *off = s ? (guint64)(s - (const char *)ps->heap->data) : 0;
  *len = s ? (guint32)l : G_MAXUINT32;
}

/* After the strings are sorted: the frames' strings as byte ranges and
 * their class serials as class ids, frames and traces sorted. */
static void
resolve_stacks (HsParse *ps, GArray *frame_ids)
{
  HsHeap *heap = ps->heap;
  GArray *frames = heap->stack_frames;
  if (frames && frames->len)
    {
      LoadClass *by_serial
          = g_memdup2 (ps->load_classes->data, (gsize)ps->load_classes->len * sizeof (LoadClass));
      guint nl = ps->load_classes->len;
      if (nl > 1)
        qsort (by_serial, nl, sizeof (LoadClass), cmp_load_serial);
      for (guint i = 0; i < frames->len; i++)
        {
          HsStackFrameRec *f = &g_array_index (frames, HsStackFrameRec, i);
          const FrameIds *fi = &g_array_index (frame_ids, FrameIds, i);
          resolve_string (ps, fi->method, &f->method_off, &f->method_len);
          resolve_string (ps, fi->sig, &f->sig_off, &f->sig_len);
          resolve_string (ps, fi->file, &f->file_off, &f->file_len);
          LoadClass key = { .serial = fi->class_serial };
          LoadClass *lc = nl ? bsearch (&key, by_serial, nl, sizeof (LoadClass), cmp_load_serial) : NULL;
          f->class_id = lc ? lc->class_id : 0;
          resolve_string (ps, lc ? lc->name_id : 0, &f->class_off, &f->class_len);
        }
      g_free (by_serial);
      if (frames->len > 1)
        qsort (frames->data, frames->len, sizeof (HsStackFrameRec), cmp_frame);
    }
  if (heap->stack_traces && heap->stack_traces->len > 1)
    qsort (heap->stack_traces->data, heap->stack_traces->len, sizeof (HsStackTraceRec), cmp_trace);
}

static void
add_frame (HsParse *ps, GArray *frame_ids, const guint8 *b, guint ids)
{
  HsHeap *heap = ps->heap;
  if (!heap->stack_frames)
    heap->stack_frames = g_array_new (FALSE, TRUE, sizeof (HsStackFrameRec));
  HsStackFrameRec f = { .id = hs_read_id (b, ids), .line = (gint32)hs_be32 (b + 4 * ids + 4) };
  FrameIds fi = { hs_read_id (b + ids, ids), hs_read_id (b + 2 * ids, ids), hs_read_id (b + 3 * ids, ids),
                  hs_be32 (b + 4 * ids) };
  g_array_append_val (heap->stack_frames, f);
  g_array_append_val (frame_ids, fi);
}

/* A STACK_TRACE: as many frame ids as its length holds (a short one is
 * kept with a warning). */
static void
add_trace (HsParse *ps, const guint8 *b, guint64 blen, guint64 at)
{
  HsHeap *heap = ps->heap;
  guint ids = heap->id_size;
  guint32 n = hs_be32 (b + 8);
  guint64 fit = (blen - 12) / ids;
  if (n > fit)
    {
      _hs_heap_add_warning (heap,
                            "the stack trace at byte offset %" G_GUINT64_FORMAT
                            " claims %u frames but holds %" G_GUINT64_FORMAT,
                            at, n, fit);
      n = (guint32)fit;
    }
  if (!heap->stack_traces)
    {
      heap->stack_traces = g_array_new (FALSE, FALSE, sizeof (HsStackTraceRec));
      heap->stack_frame_ids = g_array_new (FALSE, FALSE, sizeof (guint64));
    }
  HsStackTraceRec t = { hs_be32 (b), hs_be32 (b + 4), heap->stack_frame_ids->len, n };
  g_array_append_val (heap->stack_traces, t);
  for (guint32 i = 0; i < n; i++)
    {
      guint64 fid = hs_read_id (b + 12 + (guint64)i * ids, ids);
      g_array_append_val (heap->stack_frame_ids, fid);
    }
}

static const char *
string_lookup (HsParse *ps, guint64 id, gsize *len)
{
  StringRef key = { .id = id };
  /* No bsearch on the NULL data of an empty table (UB). */
  StringRef *r = ps->strings->len
                     ? bsearch (&key, ps->strings->data, ps->strings->len, sizeof (StringRef), cmp_string_ref)
                     : NULL;
  if (!r)
    return NULL;
  *len = r->len;
  return (const char *)ps->heap->data + r->off;
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
  g_autoptr (GArray) frame_ids = g_array_new (FALSE, FALSE, sizeof (FrameIds));

  pos = strlen ((const char *)d) + 1 + 4 + 8;
  while (pos < len)
    {
      if (len - pos < HS_HPROF_RECORD_HEADER)
        {
          ps->truncated = TRUE;
          ps->truncated_at = pos;
          break;
        }
      guint8 tag = d[pos];
      guint64 blen = hs_be32 (d + pos + 5);
      guint64 body = pos + HS_HPROF_RECORD_HEADER;
      guint64 avail = len - body;
      gboolean cut = blen > avail;
      if (cut)
        {
          ps->truncated = TRUE;
          ps->truncated_at = pos;
          blen = avail;
        }
      switch (tag)
        {
          case HS_HPROF_STRING:
            if (!cut && blen >= ids)
              {
                StringRef s = { hs_read_id (d + body, ids), body + ids, (guint32)(blen - ids) };
                g_array_append_val (ps->strings, s);
              }
            break;
          case HS_HPROF_LOAD_CLASS:
            if (!cut && blen >= 8 + 2 * (guint64)ids)
              {
                LoadClass lc = { hs_read_id (d + body + 4, ids), hs_read_id (d + body + 8 + ids, ids),
                                 hs_be32 (d + body) };
                g_array_append_val (ps->load_classes, lc);
              }
            break;
          case HS_HPROF_STACK_FRAME:
            if (!cut && blen >= 4 * (guint64)ids + 8)
              add_frame (ps, frame_ids, d + body, ids);
            else if (!cut)
              _hs_heap_add_warning (heap,
                                    "the stack frame record at byte offset %" G_GSIZE_FORMAT
                                    " is too short (%" G_GUINT64_FORMAT " bytes)",
                                    pos, blen);
            break;
          case HS_HPROF_STACK_TRACE:
            if (!cut && blen >= 12)
              add_trace (ps, d + body, blen, pos);
            else if (!cut)
              _hs_heap_add_warning (heap,
                                    "the stack trace record at byte offset %" G_GSIZE_FORMAT
                                    " is too short (%" G_GUINT64_FORMAT " bytes)",
                                    pos, blen);
            break;
          case HS_HPROF_HEAP_DUMP: /* a dump of its own */
            dump++;
            if (dump == (int)heap->dump_index)
              {
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
            if (seg_dump == (int)heap->dump_index)
              {
                HsByteRange r = { body, blen };
                g_array_append_val (ps->bodies, r);
              }
            break;
          default: /* other records, known or not, have a length: skip */ break;
        }
      if (cut)
        break;
      pos = body + blen;
      if ((++n & 0xffff) == 0)
        {
          _hs_progress_report (prog, "parsing", 0.2 * pos / (double)len);
          if (!_hs_check_cancel (prog, error))
            return FALSE;
        }
    }
  heap->n_dumps = dump + 1;
  if (heap->n_dumps == 0)
    {
      if (ps->truncated)
        _hs_set_format_error (error, heap->name, ps->truncated_at,
                              "the file is truncated before any heap dump record");
      else
        _hs_set_format_error (error, heap->name, heap->len,
                              "the file ends without a heap dump (no HEAP_DUMP or HEAP_DUMP_SEGMENT record)");
      return FALSE;
    }
  if (heap->dump_index >= heap->n_dumps)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "%s: there is no dump %u: the file holds %u dump%s (numbered from 0)", heap->name,
                   heap->dump_index, heap->n_dumps, heap->n_dumps == 1 ? "" : "s");
      return FALSE;
    }
  /* An empty GArray has NULL data, which qsort must not be given. */
  if (ps->strings->len > 1)
    qsort (ps->strings->data, ps->strings->len, sizeof (StringRef), cmp_string_ref);
  if (ps->load_classes->len > 1)
    qsort (ps->load_classes->data, ps->load_classes->len, sizeof (LoadClass), cmp_load_class);
  resolve_stacks (ps, frame_ids);
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
  LoadClass *lc = ps->load_classes->len ? bsearch (&key, ps->load_classes->data, ps->load_classes->len,
                                                   sizeof (LoadClass), cmp_load_class)
                                        : NULL;
  return lc ? string_lookup (ps, lc->name_id, len) : NULL;
}

void
_hs_parse_init (HsParse *ps, HsHeap *heap, GCancellable *cancellable)
{
  *ps = (HsParse){ .heap = heap };
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
  g_clear_pointer (&ps->heap_run_offs, g_array_unref);
  g_clear_pointer (&ps->heap_run_heaps, g_array_unref);
  g_clear_pointer (&ps->heap_by_name, g_hash_table_unref);
}
