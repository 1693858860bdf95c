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
  for (guint64 r = heap->ref_offsets[o]; r < heap->ref_offsets[o + 1]; r++)
    {
      HsObj t = heap->ref_targets[r];
      if ((heap->flags[t] & HS_FLAG_KIND_MASK) != HS_KIND_PRIM_ARRAY)
        continue;
      if (found != HS_OBJ_NONE)
        return hs_wfield_ref (heap, o, f->value);
      found = t;
    }
  return found;
}

static gboolean
describe (HsHeap *heap, HsObj o, const StrFields *f, StrDesc *d)
{
  HsObj arr = value_array (heap, o, f);
  if (arr == HS_OBJ_NONE || hs_heap_object_kind (heap, arr) != HS_KIND_PRIM_ARRAY)
    return FALSE;
  const guint8 *data = hs_heap_prim_array_data (heap, arr);
  if (!data)
    return FALSE;
  HsType t = hs_heap_array_elem_type (heap, arr);
  guint64 len = hs_heap_array_length (heap, arr), units;
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

static void
hash_desc (const guint64 key[2], const StrDesc *d, guint64 out[2])
{
  HsSip s;
  guint8 buf[512];
  hs_sip_init128 (&s, key);
  for (guint64 i = 0; i < d->n;)
    {
      guint k = 0;
      for (; k < sizeof buf / 2 && i < d->n; k++, i++)
        {
          guint16 u = unit_at (d, i);
          buf[2 * k] = u & 0xff;
          buf[2 * k + 1] = u >> 8;
        }
      hs_sip_bytes (&s, buf, 2 * k);
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
  guint32 start;          /* first byte of the value in arr's data */
  guint32 n_enc;          /* units << 2 | Enc */
} Entry;

static void
entry_desc (HsHeap *heap, const Entry *e, StrDesc *d)
{
  d->arr = e->arr;
  d->p = hs_heap_prim_array_data (heap, e->arr) + e->start;
  d->n = e->n_enc >> 2;
  d->enc = e->n_enc & 3;
}

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

/* One stable counting pass on 16 bits of the hash. */
static void
radix_pass (const Entry *in, Entry *out, gsize n, guint shift)
{
  guint64 *start = g_new0 (guint64, 65536);
  for (gsize i = 0; i < n; i++)
    start[(in[i].hash >> shift) & 0xffff]++;
  guint64 sum = 0;
  for (guint b = 0; b < 65536; b++)
    {
      guint64 c = start[b];
      start[b] = sum;
      sum += c;
    }
  for (gsize i = 0; i < n; i++)
    out[start[(in[i].hash >> shift) & 0xffff]++] = in[i];
  g_free (start);
}

/* Sorts so that equal values are adjacent, each run in object order: two
 * stable counting passes on the hash's top 32 bits (the entries come in
 * object order); a run of equal top bits that holds more than one value
 * (rare: different values share 32 bits of a keyed hash) is then sorted
 * by the whole key. */
static Entry *
sort_entries (Entry *e, gsize n)
{
  if (n < 2)
    return e;
  Entry *tmp = g_new (Entry, n);
  radix_pass (e, tmp, n, 32);
  radix_pass (tmp, e, n, 48);
  g_free (tmp);
  for (gsize i = 0; i < n;)
    {
      gsize j = i + 1;
      gboolean mixed = FALSE;
      while (j < n && (e[j].hash >> 32) == (e[i].hash >> 32))
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
  guint8 *is_string;
  guint8 *once, *twice;   /* value arrays held by one String, by more */
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
  st->is_string = g_new0 (guint8, st->n_classes);
  for (guint i = 0; i < string_classes->len; i++)
    {
      HsClass c = g_array_index (string_classes, HsClass, i);
      st->is_string[c] = 1;
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

void
hs_waste_strings_scan (HsWasteCtx *ctx, guint part)
{
  HsHeap *heap = ctx->heap;
  StrState *st = ctx->strings;
  if (!st)
    return;
  /* Halves on a byte boundary of the bit arrays. */
  guint64 mid = (heap->n / 2) & ~(guint64) 7;
  guint64 from = part == 0 ? 0 : mid, to = part == 0 ? mid : heap->n;
  gsize n_entries = 0, cap = 1024;
  Entry *entries = g_new (Entry, cap);
  for (guint64 o = from; o < to; o++)
    {
      if ((o & 0xfffff) == 0 && g_cancellable_is_cancelled (ctx->cancellable))
        break;
      HsClass c = heap->klass[o];
      if (c >= st->n_classes || !st->is_string[c] || !(heap->flags[o] & HS_FLAG_REACHABLE) ||
          (heap->flags[o] & HS_FLAG_KIND_MASK) != HS_KIND_INSTANCE)
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
      e->start = (guint32) (d.p - hs_heap_prim_array_data (heap, d.arr));
      e->n_enc = (guint32) (d.n << 2) | d.enc;
    }
  st->entries[part] = entries;
  st->n_entries[part] = n_entries;
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
  Entry *entries = g_renew (Entry, st->entries[0], MAX (n_entries, 1));
  if (st->n_entries[1])
    memcpy (entries + st->n_entries[0], st->entries[1], st->n_entries[1] * sizeof (Entry));
  g_free (st->entries[1]);
  HsDebugClock clock = { "waste strings: ", TRUE };
  hs_debug_step (&clock, NULL);
  if (!g_cancellable_is_cancelled (ctx->cancellable))
    entries = sort_entries (entries, n_entries);
  else
    n_entries = 0;
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
          StrDesc d;
          entry_desc (heap, &entries[i], &d);
          HsWasteString g = { to_utf8 (&d, HS_WASTE_MAX_CHARS), d.n, j - i, 0,
                              g_array_new (FALSE, FALSE, sizeof (HsObj)) };
          for (gsize k = i; k < j; k++)
            {
              HsObj o = entries[k].obj;
              hs_sample_add (g.objects, o);
              if (k == i)
                continue;
              /* A copy beyond the first: its String, and its array when no
               * other String shares it. */
              g.wasted += heap->shallow[o];
              if (!hs_bit_get (st->twice, entries[k].arr))
                g.wasted += heap->shallow[entries[k].arr];
            }
          g_array_append_val (groups, g);
        }
      i = j;
    }
  hs_debug_step (&clock, "group");
  g_free (entries);
  g_free (st->fields);
  g_free (st->is_string);
  g_free (st->once);
  g_free (st->twice);
  g_free (st);
  g_array_sort (groups, cmp_strings);
  for (guint i = 0; i < groups->len; i++)
    ctx->w->strings_wasted += g_array_index (groups, HsWasteString, i).wasted;
}
