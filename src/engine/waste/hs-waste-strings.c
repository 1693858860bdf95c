/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-waste-strings.c: duplicate strings. Every reachable java.lang.String
 * is decoded as docs/semantics.md "Waste" says (char[] UTF-16 with JDK 6's
 * offset/count, byte[] with coder LATIN1/UTF16 little endian, Android's
 * compressed byte[] as Latin-1 and its count-only layout), hashed as
 * UTF-16 code units with the run's keyed 128-bit hash and sorted by it
 * (see Entry for why the hash decides equality). */
#include "config.h"

#include <string.h>
#include <sys/mman.h>

#include "hs-waste-private.h"
#include "hs-query.h"
#include "hs-debug.h"

typedef enum
{
  ENC_UTF16BE,
  ENC_UTF16LE,
  ENC_LATIN1
} Enc;

typedef struct
{
  const guint8 *p; /* first unit */
  guint64 n;       /* units */
  Enc enc;
  HsObj arr;
} StrDesc;

typedef struct
{
  HsWField value, offset, count, coder;
} StrFields;

static inline guint16
unit_at (const StrDesc *d, guint64 i)
{
  switch (d->enc)
    {
      case ENC_UTF16BE: return (guint16)((d->p[2 * i] << 8) | d->p[2 * i + 1]);
      case ENC_UTF16LE: return (guint16)(d->p[2 * i] | (d->p[2 * i + 1] << 8));
      default: return d->p[i];
    }
}

/* The value array: the String's one outgoing reference to a char[] or
 * byte[] (the graph holds it already, so no id lookup), read through the
 * field when the graph has several. */
static HsObj
value_array (HsHeap *heap, HsObj o, const StrFields *f)
{
  HsObj found = HS_OBJ_NONE;
  const HsGraph *g = hs_heap_graph (heap);
  for (guint64 r = hs_graph_begin (g, o), end = hs_graph_end (g, o); r < end; r++)
    {
      HsObj t = hs_graph_target (g, r);
      if ((hs_wflags (heap, t) & HS_FLAG_KIND_MASK) != HS_KIND_PRIM_ARRAY)
        continue;
      if (found != HS_OBJ_NONE)
        return hs_wfield_ref (heap, o, f->value);
      found = t;
    }
  return found;
}

/* The record of the primitive array arr (o's value_array) read in place
 * (the checks of hs_heap_prim_array_data and its siblings, once). FALSE
 * when o holds no decodable value (no array, NODATA, other type). */
static gboolean
describe_array (HsHeap *heap, HsObj o, const StrFields *f, HsObj arr, StrDesc *d)
{
  if (arr == HS_OBJ_NONE || (hs_wflags (heap, arr) & HS_FLAG_KIND_MASK) != HS_KIND_PRIM_ARRAY)
    return FALSE;
  const guint8 *rec = heap->data + hs_heap_off (heap, arr);
  if (rec[0] != HS_HPROF_PRIM_ARRAY_DUMP)
    return FALSE;
  guint ids = heap->id_size;
  guint64 len = hs_be32 (rec + 1 + ids + 4), units;
  HsType t = rec[1 + ids + 8];
  const guint8 *data = rec + 1 + ids + 9;
  gint64 v;
  d->arr = arr;
  if (t == HS_TYPE_CHAR)
    {
      d->enc = ENC_UTF16BE;
      units = len;
    }
  else if (t == HS_TYPE_BYTE)
    {
      gboolean utf16 = !heap->android && f->coder.pos >= 0 && hs_wfield_int (heap, o, f->coder, &v) && v == 1;
      d->enc = utf16 ? ENC_UTF16LE : ENC_LATIN1;
      units = utf16 ? len / 2 : len;
    }
  else
    return FALSE;
  guint64 start = 0;
  if (t == HS_TYPE_CHAR && f->offset.pos >= 0 && hs_wfield_int (heap, o, f->offset, &v) && v >= 0
      && (guint64)v <= units)
    start = (guint64)v;
  guint64 n = units - start;
  if (f->count.pos >= 0 && hs_wfield_int (heap, o, f->count, &v) && v >= 0)
    {
      if ((guint64)v <= n)
        n = (guint64)v;
      else if (heap->android && (guint64)v >> 1 <= n)
        n = (guint64)v >> 1; /* ART's count: length << 1 | uncompressed flag */
    }
  d->p = data + (d->enc == ENC_LATIN1 ? start : 2 * start);
  d->n = n;
  return TRUE;
}

/* Whether every UTF-16 unit of the value fits in a byte (the high byte
 * of each unit, at offset hi of its pair, is 0). */
static gboolean
units_fit_byte (const guint8 *p, guint64 n, guint hi)
{
  guint8 acc = 0;
  for (guint64 i = 0; i < n; i++)
    acc |= p[2 * i + hi];
  return acc == 0;
}

/* UTF-16 units of d from *i on into buf (cap bytes, even) until it is full:
 * one byte a unit when narrow (lo: the index of the low byte), else
 * little endian. Returns the bytes written and advances *i. */
static guint
convert_units (const StrDesc *d, gboolean narrow, guint lo, guint64 *i, guint8 *buf, guint cap)
{
  guint k = 0;
  guint64 j = *i;
  if (narrow)
    for (; k < cap && j < d->n; k++, j++)
      buf[k] = d->p[2 * j + lo];
  else
    for (; k < cap && j < d->n; k += 2, j++)
      {
        buf[k] = d->p[2 * j + 1];
        buf[k + 1] = d->p[2 * j];
      }
  *i = j;
  return k;
}

/* The keyed hash (SipHash-1-3, 128 bits) of the value's units in one
 * canonical form, hashed where the dump holds it whenever it can be: one
 * byte per unit when every unit is below 256 (so Latin-1 values, the
 * common case, are hashed in place), else UTF-16 little endian. Equal units give equal forms, and the form's
 * length (which the hash covers) tells the two apart. */
static void
hash_desc (const guint64 key[2], const StrDesc *d, guint64 out[2])
{
  HsSip s;
  guint8 buf[512];
  if (d->enc == ENC_LATIN1)
    {
      hs_sip13_128 (key, d->p, d->n, out);
      return;
    }
  guint lo = d->enc == ENC_UTF16LE ? 0 : 1;
  gboolean narrow = units_fit_byte (d->p, d->n, 1 - lo);
  if (!narrow && d->enc == ENC_UTF16LE)
    {
      hs_sip13_128 (key, d->p, 2 * d->n, out);
      return;
    }
  guint64 i = 0;
  guint k = convert_units (d, narrow, lo, &i, buf, sizeof buf);
  if (i == d->n)
    {
      /* Short: converted whole, then hashed at once. */
      hs_sip13_128 (key, buf, k, out);
      return;
    }
  hs_sip_init128 (&s, key);
  hs_sip13_bytes (&s, buf, k);
  while (i < d->n)
    {
      k = convert_units (d, narrow, lo, &i, buf, sizeof buf);
      hs_sip13_bytes (&s, buf, k);
    }
  hs_sip13_final128 (&s, out);
}

static char *
to_utf8 (const StrDesc *d, gsize max_chars)
{
  GString *s = g_string_new (NULL);
  gsize chars = 0;
  for (guint64 i = 0; i < d->n; i++, chars++)
    {
      if (chars >= max_chars)
        {
          g_string_append (s, "…");
          break;
        }
      gunichar u = unit_at (d, i);
      if (u >= 0xD800 && u <= 0xDBFF && i + 1 < d->n)
        {
          gunichar l = unit_at (d, i + 1);
          if (l >= 0xDC00 && l <= 0xDFFF)
            {
              u = 0x10000 + ((u - 0xD800) << 10) + (l - 0xDC00);
              i++;
            }
        }
      if ((u >= 0xD800 && u <= 0xDFFF) || u == 0)
        u = u == 0 ? 0x2400 : 0xFFFD;
      g_string_append_unichar (s, u);
    }
  return g_string_free (s, FALSE);
}

static gint
cmp_strings (gconstpointer pa, gconstpointer pb)
{
  const HsWasteString *a = pa, *b = pb;
  if (a->wasted != b->wasted)
    return a->wasted > b->wasted ? -1 : 1;
  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  return strcmp (a->value, b->value);
}

/* One decoded String: its hash, itself and what it costs as a copy. Two
 * Strings hold the same value when their 128-bit keyed hashes of the
 * UTF-16 units agree (the length is part of what is hashed): the key is
 * random per run, so a file cannot aim at a collision, and by chance one
 * merges two of n values with probability about n^2 / 2^129. No value is
 * decoded twice. 24 bytes: the sort moves them. */
typedef struct
{
  guint64 hash, hash2;
  HsObj obj;
  guint32 cost; /* its value array until set_costs, then what it costs as a copy */
} Entry;
G_STATIC_ASSERT (sizeof (Entry) == HS_WASTE_STRING_ENTRY_BYTES);

static gint
cmp_entry (gconstpointer pa, gconstpointer pb)
{
  const Entry *a = pa, *b = pb;
  if (a->hash != b->hash)
    return a->hash < b->hash ? -1 : 1;
  if (a->hash2 != b->hash2)
    return a->hash2 < b->hash2 ? -1 : 1;
  return a->obj < b->obj ? -1 : a->obj > b->obj;
}

static inline gboolean
same_value (const Entry *a, const Entry *b)
{
  return a->hash == b->hash && a->hash2 == b->hash2;
}

/* The scan files each entry under the top BUCKET_BITS of its hash, in
 * chunks, in object order; a bucket is then sorted on its own, in the
 * cache (two stable counting passes on the next 2 x RADIX_BITS bits), and
 * grouped. No array of every entry and no scratch copy of it: the entries
 * are all the strings need (24 bytes per String). */
#define BUCKET_BITS 8
#define N_BUCKETS (1u << BUCKET_BITS)
#define RADIX_BITS 11
#define CHUNK 128

typedef struct _Chunk Chunk;
struct _Chunk
{
  Chunk *next;
  guint n;
  Entry e[CHUNK];
};

/* One scan part's buckets: chunk lists, where the next entry of each goes
 * (a chunk's n is set when it is left), and the blocks they come from. */
typedef struct
{
  Chunk *head[N_BUCKETS], *tail[N_BUCKETS];
  Entry *pos[N_BUCKETS], *end[N_BUCKETS];
  gsize count[N_BUCKETS];
  GPtrArray *blocks; /* of BLOCK chunks each */
  Chunk *free_chunk; /* the next unused chunk of the last block */
  guint free_left;
} Buckets;

/* Blocks of chunks straight from the system (munmap gives them back at
 * the end): from malloc, freed on the scan's threads, they would stay in
 * those threads' arenas and raise the process's memory for good. */
#define BLOCK_BYTES (4u << 20)
#define BLOCK (BLOCK_BYTES / sizeof (Chunk))

static void
block_free (gpointer block)
{
#ifdef MAP_ANONYMOUS
  munmap (block, BLOCK_BYTES);
#else
  g_free (block);
#endif
}

static Chunk *
block_new (void)
{
#ifdef MAP_ANONYMOUS
  void *p = mmap (NULL, BLOCK_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    g_error ("out of memory: %u bytes for the duplicate strings", BLOCK_BYTES);
  return p;
#else
  return g_malloc (BLOCK_BYTES);
#endif
}

static Chunk *
chunk_new (Buckets *b)
{
  if (b->free_left == 0)
    {
      b->free_chunk = block_new ();
      g_ptr_array_add (b->blocks, b->free_chunk);
      b->free_left = BLOCK;
    }
  Chunk *c = b->free_chunk++;
  b->free_left--;
  c->next = NULL;
  c->n = 0;
  return c;
}

static __attribute__ ((noinline)) Entry *
bucket_grow (Buckets *b, guint k)
{
  Chunk *nc = chunk_new (b);
  if (b->tail[k])
    {
      b->tail[k]->n = CHUNK;
      b->tail[k]->next = nc;
    }
  else
    b->head[k] = nc;
  b->tail[k] = nc;
  b->end[k] = nc->e + CHUNK;
  return nc->e;
}

static inline Entry *
bucket_add (Buckets *b, guint64 hash)
{
  guint k = (guint)(hash >> (64 - BUCKET_BITS));
  Entry *e = b->pos[k];
  if (G_UNLIKELY (e == b->end[k]))
    e = bucket_grow (b, k);
  b->pos[k] = e + 1;
  b->count[k]++;
  return e;
}

/* Counts per digit -> where each digit's run starts (an exclusive sum). */
static inline void
starts_from_counts (guint32 start[1 << RADIX_BITS])
{
  guint32 sum = 0;
  for (guint k = 0; k < (1u << RADIX_BITS); k++)
    {
      guint32 c = start[k];
      start[k] = sum;
      sum += c;
    }
}

/* The open chunks' counts, once the scan is done. */
static void
buckets_close (Buckets *b)
{
  for (guint k = 0; k < N_BUCKETS; k++)
    if (b->tail[k])
      b->tail[k]->n = (guint)(b->pos[k] - b->tail[k]->e);
}

static void
radix_pass (const Entry *in, Entry *out, gsize n, guint shift)
{
  guint32 start[1 << RADIX_BITS] = { 0 };
  guint mask = (1 << RADIX_BITS) - 1;
  for (gsize i = 0; i < n; i++)
    start[(in[i].hash >> shift) & mask]++;
  starts_from_counts (start);
  for (gsize i = 0; i < n; i++)
    out[start[(in[i].hash >> shift) & mask]++] = in[i];
}

/* Sorts bucket k of both parts' chunks (n entries, in object order) into e
 * (tmp has room for n too) so that equal values are adjacent, each run in object order: stable
 * counting passes on the bits below the bucket's; a run of equal sorted
 * bits that holds more than one value (different values that share them:
 * a few small runs) is then sorted by the whole key. */
static void
sort_bucket (Buckets *parts, guint k, Entry *e, Entry *tmp, gsize n)
{
  const guint top = 64 - BUCKET_BITS;
  const guint shift = top - 2 * RADIX_BITS;
  /* The first counting pass reads the chunks themselves (part 0's, then
   * part 1's: object order), so the bucket is not first copied out. */
  guint32 start[1 << RADIX_BITS] = { 0 };
  const guint mask = (1 << RADIX_BITS) - 1;
  for (guint part = 0; part < 2; part++)
    for (Chunk *c = parts[part].head[k]; c; c = c->next)
      for (guint i = 0; i < c->n; i++)
        start[(c->e[i].hash >> shift) & mask]++;
  starts_from_counts (start);
  for (guint part = 0; part < 2; part++)
    for (Chunk *c = parts[part].head[k]; c; c = c->next)
      for (guint i = 0; i < c->n; i++)
        tmp[start[(c->e[i].hash >> shift) & mask]++] = c->e[i];
  radix_pass (tmp, e, n, top - RADIX_BITS);
  for (gsize i = 0; i < n;)
    {
      gsize j = i + 1;
      gboolean mixed = FALSE;
      while (j < n && (e[j].hash >> shift) == (e[i].hash >> shift))
        {
          mixed |= !same_value (&e[j], &e[i]);
          j++;
        }
      if (mixed)
        qsort (e + i, j - i, sizeof (Entry), cmp_entry);
      i = j;
    }
}

typedef struct
{
  guint n_classes;
  StrFields *fields;
  /* Value arrays held by a String, by more than one: each scan part its
   * own (no atomic writes in the scan: they would stall its prefetched
   * reads), merged into twice[0] by hs_waste_strings_merge. */
  guint8 *once[2], *twice[2];
  Buckets parts[2];
} StrState;

void
hs_waste_strings_prepare (HsWasteCtx *ctx)
{
  HsHeap *heap = ctx->heap;
  g_autoptr (GArray) string_classes = hs_query_classes_named (heap, "java.lang.String");
  ctx->strings = NULL;
  if (string_classes->len == 0)
    return;
  StrState *st = g_new0 (StrState, 1);
  st->n_classes = hs_heap_n_classes (heap);
  st->fields = g_new0 (StrFields, st->n_classes);
  for (guint i = 0; i < string_classes->len; i++)
    {
      HsClass c = g_array_index (string_classes, HsClass, i);
      ctx->role[c] |= HS_WROLE_STRING;
      st->fields[c].value = hs_wfield (heap, c, "value");
      st->fields[c].offset = hs_wfield (heap, c, "offset");
      st->fields[c].count = hs_wfield (heap, c, "count");
      st->fields[c].coder = hs_wfield (heap, c, "coder");
    }
  gsize nbits = (heap->n + 7) / 8 + 1;
  for (guint part = 0; part < 2; part++)
    {
      st->once[part] = g_malloc0 (nbits);
      st->twice[part] = g_malloc0 (nbits);
      st->parts[part].blocks = g_ptr_array_new_with_free_func (block_free);
    }
  ctx->strings = st;
}

/* The Strings a scan part found, decoded and hashed in batches: while one
 * batch is gathered their records are fetched, then each value array is
 * found and fetched, then the values are decoded (the scan is bound by the
 * memory's latency, not by the hash). */
#define BATCH 64

static void
decode_batch (HsWasteCtx *ctx, StrState *st, guint part, const HsObj *batch, const HsClass *klass, guint nb)
{
  HsHeap *heap = ctx->heap;
  Buckets *out = &st->parts[part];
  guint8 *once = st->once[part], *twice = st->twice[part];
  HsObj arr[BATCH];
  /* The edge ranges were fetched while the batch was gathered: now their
   * targets, which value_array reads next. */
  const HsGraph *g = hs_heap_graph (heap);
  for (guint i = 0; i < nb; i++)
    hs_graph_prefetch_edge (g, hs_graph_begin (g, batch[i]));
  for (guint i = 0; i < nb; i++)
    {
      arr[i] = value_array (heap, batch[i], &st->fields[klass[i]]);
      if (arr[i] != HS_OBJ_NONE)
        __builtin_prefetch (heap->data + hs_heap_off (heap, arr[i]));
    }
  for (guint i = 0; i < nb; i++)
    {
      HsObj o = batch[i];
      StrDesc d;
      if (!describe_array (heap, o, &st->fields[klass[i]], arr[i], &d) || d.n >= (1u << 30))
        continue;
      if (hs_bit_get (once, d.arr))
        hs_bit_set (twice, d.arr);
      hs_bit_set (once, d.arr);
      guint64 h[2];
      hash_desc (ctx->key, &d, h);
      Entry *e = bucket_add (out, h[0]);
      e->hash = h[0];
      e->hash2 = h[1];
      e->obj = o;
      e->cost = d.arr;
    }
}

/* The one pass over the objects (a half of them): Strings are decoded and
 * hashed, collections are listed for their finder, boxes counted. */
void
hs_waste_strings_scan (HsWasteCtx *ctx, guint part)
{
  HsHeap *heap = ctx->heap;
  StrState *st = ctx->strings;
  guint n_classes = hs_heap_n_classes (heap);
  /* Halves on a byte boundary of the bit arrays. */
  guint64 mid = (heap->n / 2) & ~(guint64)7;
  guint64 from = part == 0 ? 0 : mid, to = part == 0 ? mid : heap->n;
  GArray *colls = ctx->coll_objs[part] = g_array_new (FALSE, FALSE, sizeof (HsObj));
  const HsGraph *g = hs_heap_graph (heap);
  HsObj batch[BATCH];
  HsClass klass[BATCH];
  guint nb = 0;
  for (guint64 o = from; o < to; o++)
    {
      if ((o & 0xfffff) == 0 && g_cancellable_is_cancelled (ctx->cancellable))
        break;
      if ((hs_wflags (heap, o) & HS_WFLAGS_MASK) != HS_WFLAGS_REACHABLE_INSTANCE)
        continue;
      HsClass c = hs_heap_object_class (heap, o);
      guint8 role;
      if (c >= n_classes || !(role = ctx->role[c]))
        continue;
      if (role & HS_WROLE_COLLECTION)
        {
          HsObj x = (HsObj)o;
          g_array_append_val (colls, x);
        }
      if (role & HS_WROLE_BOX)
        hs_waste_boxed_add (ctx, part, c, (HsObj)o);
      if (!(role & HS_WROLE_STRING))
        continue;
      __builtin_prefetch (heap->data + hs_heap_off (heap, o));
      hs_graph_prefetch_node (g, o);
      klass[nb] = c;
      batch[nb++] = (HsObj)o;
      if (nb == BATCH)
        {
          decode_batch (ctx, st, part, batch, klass, nb);
          nb = 0;
        }
    }
  if (nb)
    decode_batch (ctx, st, part, batch, klass, nb);
  if (st)
    buckets_close (&st->parts[part]);
}

void
hs_waste_strings_merge (HsWasteCtx *ctx)
{
  StrState *st = ctx->strings;
  if (!st)
    return;
  gsize nbytes = (ctx->heap->n + 7) / 8 + 1;
  guint8 *o0 = st->once[0], *o1 = st->once[1], *t0 = st->twice[0], *t1 = st->twice[1];
  for (gsize i = 0; i < nbytes; i++)
    {
      t0[i] |= t1[i] | (o0[i] & o1[i]);
      ctx->skip[i] |= o0[i] | o1[i];
    }
  for (guint part = 0; part < 2; part++)
    g_clear_pointer (&st->once[part], g_free);
  g_clear_pointer (&st->twice[1], g_free);
}

/* What each String costs as a copy beyond the first: its String, and its
 * array when no other String shares it (known once the scan is done). The
 * chunks are read in the order they were filled: about object order. */
static void
set_costs (HsHeap *heap, StrState *st)
{
  for (guint part = 0; part < 2; part++)
    for (guint b = 0; b < st->parts[part].blocks->len; b++)
      {
        Chunk *block = g_ptr_array_index (st->parts[part].blocks, b);
        guint used = b + 1 < st->parts[part].blocks->len ? BLOCK : BLOCK - st->parts[part].free_left;
        for (Chunk *c = block; c < block + used; c++)
          for (guint i = 0; i < c->n; i++)
            {
              Entry *e = &c->e[i];
              HsObj arr = e->cost;
              guint64 cost = hs_heap_object_shallow (heap, e->obj)
                             + (hs_bit_get (st->twice[0], arr) ? 0 : hs_heap_object_shallow (heap, arr));
              e->cost = (guint32)MIN (cost, G_MAXUINT32);
            }
      }
}

/* Runs of one value in a sorted bucket, the lowest object first. The
 * first copies of up to GROUPS runs are decoded together, their reads
 * fetched in stages (record and edge range, then the edges, then the
 * value array): they lie anywhere in the dump. */
#define GROUPS 16

static void
group_bucket (HsHeap *heap, StrState *st, const Entry *e, gsize n, GArray *groups)
{
  const HsGraph *g = hs_heap_graph (heap);
  for (gsize i = 0; i < n;)
    {
      gsize from[GROUPS], to[GROUPS];
      guint nr = 0;
      for (; i < n && nr < GROUPS;)
        {
          gsize j = i + 1;
          while (j < n && same_value (&e[j], &e[i]))
            j++;
          if (j - i >= 2)
            {
              __builtin_prefetch (heap->data + hs_heap_off (heap, e[i].obj));
              hs_graph_prefetch_node (g, e[i].obj);
              from[nr] = i;
              to[nr++] = j;
            }
          i = j;
        }
      for (guint r = 0; r < nr; r++)
        hs_graph_prefetch_edge (g, hs_graph_begin (g, e[from[r]].obj));
      HsObj arr[GROUPS];
      for (guint r = 0; r < nr; r++)
        {
          HsObj first = e[from[r]].obj;
          arr[r] = value_array (heap, first, &st->fields[hs_heap_object_class (heap, first)]);
          if (arr[r] != HS_OBJ_NONE)
            __builtin_prefetch (heap->data + hs_heap_off (heap, arr[r]));
        }
      for (guint r = 0; r < nr; r++)
        {
          /* The first copy decoded again, for its text. */
          StrDesc d;
          HsObj first = e[from[r]].obj;
          if (!describe_array (heap, first, &st->fields[hs_heap_object_class (heap, first)], arr[r], &d))
            d.n = 0;
          gsize count = to[r] - from[r];
          HsWasteString ws
              = { to_utf8 (&d, HS_WASTE_MAX_CHARS), d.n, count, 0,
                  g_array_sized_new (FALSE, FALSE, sizeof (HsObj), MIN (count, HS_WASTE_SAMPLE)) };
          for (gsize k = from[r]; k < to[r]; k++)
            {
              hs_sample_add (ws.objects, e[k].obj);
              if (k > from[r])
                ws.wasted += e[k].cost;
            }
          g_array_append_val (groups, ws);
        }
    }
}

void
hs_waste_strings_group (HsWasteCtx *ctx)
{
  HsHeap *heap = ctx->heap;
  StrState *st = ctx->strings;
  if (!st)
    return;
  ctx->strings = NULL;
  HsDebugClock clock = { "waste strings: ", TRUE };
  hs_debug_step (&clock, NULL);
  set_costs (heap, st);
  hs_debug_step (&clock, "costs");
  gsize biggest = 0;
  for (guint k = 0; k < N_BUCKETS; k++)
    biggest = MAX (biggest, st->parts[0].count[k] + st->parts[1].count[k]);
  g_autofree Entry *buf = g_new (Entry, MAX (biggest, 1));
  g_autofree Entry *tmp = g_new (Entry, MAX (biggest, 1));
  GArray *groups = ctx->w->strings;
  /* Bucket by bucket: part 0's chunks, then part 1's (object order). */
  for (guint k = 0; k < N_BUCKETS && !g_cancellable_is_cancelled (ctx->cancellable); k++)
    {
      gsize n = st->parts[0].count[k] + st->parts[1].count[k];
      sort_bucket (st->parts, k, buf, tmp, n);
      group_bucket (heap, st, buf, n, groups);
    }
  hs_debug_step (&clock, "sort and group");
  for (guint part = 0; part < 2; part++)
    g_ptr_array_unref (st->parts[part].blocks);
  g_free (st->fields);
  for (guint part = 0; part < 2; part++)
    {
      g_free (st->once[part]);
      g_free (st->twice[part]);
    }
  g_free (st);
  g_array_sort (groups, cmp_strings);
  for (guint i = 0; i < groups->len; i++)
    ctx->w->strings_wasted += g_array_index (groups, HsWasteString, i).wasted;
}
