/* hs-waste-strings.c: duplicate strings. Every reachable java.lang.String
 * is decoded as docs/semantics.md "Waste" says (char[] UTF-16 with JDK 6's
 * offset/count, byte[] with coder LATIN1/UTF16 little endian, Android's
 * compressed byte[] as Latin-1 and its count-only layout), hashed as
 * UTF-16 code units with the run's keyed 128-bit hash and sorted by it
 * (see Entry for why the hash decides equality). */
#include "config.h"

#include <string.h>

#include "hs-waste-private.h"
#include "hs-query.h"
#include "hs-debug.h"

typedef enum { ENC_UTF16BE, ENC_UTF16LE, ENC_LATIN1 } Enc;

typedef struct {
  const guint8 *p;      /* first unit */
  guint64 n;            /* units */
  Enc enc;
  HsObj arr;
} StrDesc;

typedef struct {
  HsWField value, offset, count, coder;
} StrFields;

static inline guint16
unit_at (const StrDesc *d, guint64 i)
{
  switch (d->enc)
    {
    case ENC_UTF16BE: return (guint16) ((d->p[2 * i] << 8) | d->p[2 * i + 1]);
    case ENC_UTF16LE: return (guint16) (d->p[2 * i] | (d->p[2 * i + 1] << 8));
    default: return d->p[i];
    }
}

/* FALSE when o holds no decodable value (no array, NODATA, other type). */
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
      if ((heap->flags[t] & HS_FLAG_KIND_MASK) != HS_KIND_PRIM_ARRAY)
        continue;
      if (found != HS_OBJ_NONE)
        return hs_wfield_ref (heap, o, f->value);
      found = t;
    }
  return found;
}

/* The record of a primitive array read in place (the checks of
 * hs_heap_prim_array_data and its siblings, once). */
static gboolean
describe (HsHeap *heap, HsObj o, const StrFields *f, StrDesc *d)
{
  HsObj arr = value_array (heap, o, f);
  if (arr == HS_OBJ_NONE || (heap->flags[arr] & HS_FLAG_KIND_MASK) != HS_KIND_PRIM_ARRAY)
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
  if (t == HS_TYPE_CHAR && f->offset.pos >= 0 && hs_wfield_int (heap, o, f->offset, &v) && v >= 0 && (guint64) v <= units)
    start = (guint64) v;
  guint64 n = units - start;
  if (f->count.pos >= 0 && hs_wfield_int (heap, o, f->count, &v) && v >= 0)
    {
      if ((guint64) v <= n)
        n = (guint64) v;
      else if (heap->android && (guint64) v >> 1 <= n)
        n = (guint64) v >> 1;   /* ART's count: length << 1 | uncompressed flag */
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

/* The keyed hash of the value's units in one canonical form, hashed where
 * the dump holds it whenever it can be: one byte per unit when every unit
 * is below 256 (so Latin-1 values, the common case, are hashed in place),
 * else UTF-16 little endian. Equal units give equal forms, and the form's
 * length (which the hash covers) tells the two apart. */
static void
hash_desc (const guint64 key[2], const StrDesc *d, guint64 out[2])
{
  HsSip s;
  guint8 buf[512];
  hs_sip_init128 (&s, key);
  if (d->enc == ENC_LATIN1)
    hs_sip_bytes (&s, d->p, d->n);
  else
    {
      guint lo = d->enc == ENC_UTF16LE ? 0 : 1;
      gboolean narrow = units_fit_byte (d->p, d->n, 1 - lo);
      if (!narrow && d->enc == ENC_UTF16LE)
        hs_sip_bytes (&s, d->p, 2 * d->n);
      else
        for (guint64 i = 0; i < d->n;)
          {
            guint k = 0;
            if (narrow)
              for (; k < sizeof buf && i < d->n; k++, i++)
                buf[k] = d->p[2 * i + lo];
            else
              for (; k < sizeof buf && i < d->n; k += 2, i++)
                {
                  buf[k] = d->p[2 * i + 1];
                  buf[k + 1] = d->p[2 * i];
                }
            hs_sip_bytes (&s, buf, k);
          }
    }
  hs_sip_final128 (&s, out);
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

/* One decoded String: its hash, itself and where its value is. Two
 * Strings hold the same value when their 128-bit keyed hashes of the
 * UTF-16 units and their lengths agree: the key is random per run, so
 * a file cannot aim at a collision, and by chance one merges two of n
 * values with probability about n^2 / 2^129. No value is decoded twice. */
typedef struct {
  guint64 hash, hash2;
  HsObj obj, arr;
  guint32 cost;           /* what this String costs as a copy (set before the sort) */
  guint32 n_enc;          /* units << 2 | Enc */
} Entry;

static gint
cmp_entry (gconstpointer pa, gconstpointer pb)
{
  const Entry *a = pa, *b = pb;
  if (a->hash != b->hash)
    return a->hash < b->hash ? -1 : 1;
  if (a->hash2 != b->hash2)
    return a->hash2 < b->hash2 ? -1 : 1;
  if ((a->n_enc >> 2) != (b->n_enc >> 2))
    return (a->n_enc >> 2) < (b->n_enc >> 2) ? -1 : 1;
  return a->obj < b->obj ? -1 : a->obj > b->obj;
}

static inline gboolean
same_value (const Entry *a, const Entry *b)
{
  return a->hash == b->hash && a->hash2 == b->hash2 && (a->n_enc >> 2) == (b->n_enc >> 2);
}

/* One stable counting pass on 11 bits of the hash (2048 buckets: the
 * places written to stay in the cache). */
#define RADIX_BITS 11
static void
radix_pass (const Entry *in, Entry *out, gsize n, guint shift)
{
  guint64 start[1 << RADIX_BITS] = { 0 };
  guint mask = (1 << RADIX_BITS) - 1;
  for (gsize i = 0; i < n; i++)
    start[(in[i].hash >> shift) & mask]++;
  guint64 sum = 0;
  for (guint b = 0; b <= mask; b++)
    {
      guint64 c = start[b];
      start[b] = sum;
      sum += c;
    }
  for (gsize i = 0; i < n; i++)
    out[start[(in[i].hash >> shift) & mask]++] = in[i];
}

/* Sorts so that equal values are adjacent, each run in object order: two
 * stable counting passes on the hash's top 22 bits (the entries come in
 * object order; tmp has room for n); a run of equal top bits that holds
 * more than one value (different values that share 22 bits of a keyed
 * hash: a few small runs) is then sorted by the whole key. */
static Entry *
sort_entries (Entry *e, Entry *tmp, gsize n)
{
  if (n < 2)
    return e;
  radix_pass (e, tmp, n, 64 - 2 * RADIX_BITS);
  radix_pass (tmp, e, n, 64 - RADIX_BITS);
  for (gsize i = 0; i < n;)
    {
      gsize j = i + 1;
      gboolean mixed = FALSE;
      while (j < n && (e[j].hash >> (64 - 2 * RADIX_BITS)) == (e[i].hash >> (64 - 2 * RADIX_BITS)))
        {
          mixed |= !same_value (&e[j], &e[i]);
          j++;
        }
      if (mixed)
        qsort (e + i, j - i, sizeof (Entry), cmp_entry);
      i = j;
    }
  return e;
}

typedef struct {
  guint n_classes;
  StrFields *fields;
  guint8 *once, *twice;   /* value arrays held by one String, by more */
  guint64 n_strings;      /* instances of the String classes */
  gsize cap[2];
  Entry *entries[2];
  gsize n_entries[2];
} StrState;

void
hs_waste_strings_prepare (HsWasteCtx *ctx)
{
  HsHeap *heap = ctx->heap;
  g_autoptr(GArray) string_classes = hs_query_classes_named (heap, "java.lang.String");
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
      st->n_strings += hs_class_info (heap, c)->count; /* 0 before the totals */
      st->fields[c].value = hs_wfield (heap, c, "value");
      st->fields[c].offset = hs_wfield (heap, c, "offset");
      st->fields[c].count = hs_wfield (heap, c, "count");
      st->fields[c].coder = hs_wfield (heap, c, "coder");
    }
  gsize nbits = (heap->n + 7) / 8 + 1;
  st->once = g_malloc0 (nbits);
  st->twice = g_malloc0 (nbits);
  ctx->strings = st;
}

/* The one pass over the objects (a half of them): Strings are decoded and
 * hashed, collections are listed for their finder. */
void
hs_waste_strings_scan (HsWasteCtx *ctx, guint part)
{
  HsHeap *heap = ctx->heap;
  StrState *st = ctx->strings;
  guint n_classes = hs_heap_n_classes (heap);
  /* Halves on a byte boundary of the bit arrays. */
  guint64 mid = (heap->n / 2) & ~(guint64) 7;
  guint64 from = part == 0 ? 0 : mid, to = part == 0 ? mid : heap->n;
  /* Room for every String the class counts know of (the pages a part does
   * not fill are never touched), so that growth rarely copies them; the
   * second part's array is the sort's scratch space later. */
  gsize n_entries = 0, cap = st ? MAX (st->n_strings, 1024) : 0;
  Entry *entries = st ? g_new (Entry, cap) : NULL;
  GArray *colls = ctx->coll_objs[part] = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (guint64 o = from; o < to; o++)
    {
      if ((o & 0xfffff) == 0 && g_cancellable_is_cancelled (ctx->cancellable))
        break;
      /* The records come in file order: fetching them a little ahead
       * hides most of the memory's latency (the scan is bound by it). */
      if (o + 32 < to)
        __builtin_prefetch (heap->data + hs_heap_off (heap, o + 32));
      HsClass c = hs_heap_object_class (heap, o);
      guint8 role;
      if (c >= n_classes || !(role = ctx->role[c]) || !(heap->flags[o] & HS_FLAG_REACHABLE) ||
          (heap->flags[o] & HS_FLAG_KIND_MASK) != HS_KIND_INSTANCE)
        continue;
      if (role & HS_WROLE_COLLECTION)
        {
          HsObj x = (HsObj) o;
          g_array_append_val (colls, x);
        }
      if (!(role & HS_WROLE_STRING))
        continue;
      StrDesc d;
      if (!describe (heap, (HsObj) o, &st->fields[c], &d) || d.n >= (1u << 30))
        continue;
      /* The value array may lie in the other half: atomic bits. */
      if (hs_bit_set_atomic (st->once, d.arr))
        hs_bit_set_atomic (st->twice, d.arr);
      hs_bit_set_atomic (ctx->skip, d.arr);
      if (n_entries == cap)
        entries = g_renew (Entry, entries, cap *= 2);
      Entry *e = &entries[n_entries++];
      guint64 h[2];
      hash_desc (ctx->key, &d, h);
      e->hash = h[0];
      e->hash2 = h[1];
      e->obj = (HsObj) o;
      e->arr = d.arr;
      e->cost = 0;
      e->n_enc = (guint32) (d.n << 2) | d.enc;
    }
  if (st)
    {
      st->entries[part] = entries;
      st->n_entries[part] = n_entries;
      st->cap[part] = cap;
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
  gsize n_entries = st->n_entries[0] + st->n_entries[1];
  Entry *entries = st->entries[0], *tmp = st->entries[1];
  if (st->cap[0] < n_entries)
    entries = g_renew (Entry, entries, n_entries);
  if (st->cap[1] < n_entries)
    tmp = g_renew (Entry, tmp, n_entries);
  if (st->n_entries[1])
    memcpy (entries + st->n_entries[0], st->entries[1], st->n_entries[1] * sizeof (Entry));
  HsDebugClock clock = { "waste strings: ", TRUE };
  hs_debug_step (&clock, NULL);
  /* What each String costs as a copy beyond the first (its String, and its
   * array when no other String shares it), read in object order. */
  for (gsize i = 0; i < n_entries; i++)
    {
      Entry *e = &entries[i];
      guint64 cost = hs_heap_object_shallow (heap, e->obj)
                     + (hs_bit_get (st->twice, e->arr) ? 0 : hs_heap_object_shallow (heap, e->arr));
      e->cost = (guint32) MIN (cost, G_MAXUINT32);
    }
  hs_debug_step (&clock, "costs");
  if (!g_cancellable_is_cancelled (ctx->cancellable))
    entries = sort_entries (entries, tmp, n_entries);
  else
    n_entries = 0;
  g_free (tmp);
  hs_debug_step (&clock, "sort");

  /* Runs of one value, the lowest object first. */
  GArray *groups = ctx->w->strings;
  for (gsize i = 0; i < n_entries;)
    {
      gsize j = i + 1;
      while (j < n_entries && same_value (&entries[j], &entries[i]))
        j++;
      if (j - i >= 2)
        {
          /* The first copy decoded again, for its text. */
          StrDesc d;
          HsObj first = entries[i].obj;
          if (!describe (heap, first, &st->fields[hs_heap_object_class (heap, first)], &d))
            d.n = 0;
          HsWasteString g = { to_utf8 (&d, HS_WASTE_MAX_CHARS), entries[i].n_enc >> 2, j - i, 0,
                              g_array_new (FALSE, FALSE, sizeof (HsObj)) };
          for (gsize k = i; k < j; k++)
            {
              hs_sample_add (g.objects, entries[k].obj);
              if (k > i)
                g.wasted += entries[k].cost;
            }
          g_array_append_val (groups, g);
        }
      i = j;
    }
  hs_debug_step (&clock, "group");
  g_free (entries);
  g_free (st->fields);
  g_free (st->once);
  g_free (st->twice);
  g_free (st);
  g_array_sort (groups, cmp_strings);
  for (guint i = 0; i < groups->len; i++)
    ctx->w->strings_wasted += g_array_index (groups, HsWasteString, i).wasted;
}
