/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-waste.c: the waste finders' driver (both cores: one scan in halves,
 * then strings on one, collections, boxes and arrays on the other), the helpers they
 * share (field positions, the keyed hash) and the summary line. */
#include "config.h"

#include <string.h>

#include "hs-waste-private.h"
#include "hs-siphash-private.h"
#include "hs-parallel.h"
#include "hs-debug.h"
#include "hs-query.h"

/* --- fields ---------------------------------------------------------------- */

HsWField
hs_wfield (HsHeap *heap, HsClass c, const char *name)
{
  HsWField f = { -1, 0 };
  guint64 pos = 0;
  guint depth = 0;
  for (; c != HS_CLASS_NONE && depth < HS_WASTE_MAX_DEPTH; c = hs_class_info (heap, c)->super, depth++)
    {
      HsClassInfo *ci = hs_class_info (heap, c);
      for (guint i = 0; i < ci->n_fields; i++)
        {
          if (strcmp (ci->fields[i].name, name) == 0)
            {
              if (pos < G_MAXINT32)
                {
                  f.pos = (gint32)pos;
                  f.type = ci->fields[i].type;
                }
              return f;
            }
          pos += hs_type_size (ci->fields[i].type, heap->id_size);
        }
    }
  return f;
}

int
hs_waste_ancestor_named (HsHeap *heap, HsClass c, const char *const *names, guint n)
{
  for (guint depth = 0; c != HS_CLASS_NONE && depth < HS_WASTE_MAX_DEPTH;
       c = hs_class_info (heap, c)->super, depth++)
    for (guint i = 0; i < n; i++)
      if (strcmp (hs_class_info (heap, c)->name, names[i]) == 0)
        return (int)i;
  return -1;
}

static const guint8 *
field_at (HsHeap *heap, HsObj o, HsWField f)
{
  if (f.pos < 0 || o >= heap->n)
    return NULL;
  const guint8 *rec = heap->data + hs_heap_off (heap, o);
  if (rec[0] != HS_HPROF_INSTANCE_DUMP)
    return NULL;
  guint ids = heap->id_size;
  guint32 nbytes = hs_be32 (rec + 1 + 2 * ids + 4);
  if ((guint64)f.pos + hs_type_size (f.type, ids) > nbytes)
    return NULL;
  return rec + 1 + 2 * ids + 8 + f.pos;
}

gboolean
hs_wfield_int (HsHeap *heap, HsObj o, HsWField f, gint64 *out)
{
  const guint8 *p = field_at (heap, o, f);
  if (!p || f.type == HS_TYPE_OBJECT || f.type == HS_TYPE_FLOAT || f.type == HS_TYPE_DOUBLE)
    return FALSE;
  HsValue v = hs_value_decode (p, f.type, heap->id_size);
  switch (f.type)
    {
      case HS_TYPE_LONG: *out = v.j; return TRUE;
      case HS_TYPE_INT: *out = v.i; return TRUE;
      case HS_TYPE_SHORT: *out = v.s; return TRUE;
      case HS_TYPE_BYTE: *out = v.b; return TRUE;
      case HS_TYPE_CHAR: *out = v.c; return TRUE;
      case HS_TYPE_BOOLEAN: *out = v.z; return TRUE;
      default: return FALSE;
    }
}

/* The id a reference field of o holds; 0 for null, a missing field or
 * one of another type. */
static guint64
ref_field_id (HsHeap *heap, HsObj o, HsWField f)
{
  const guint8 *p = field_at (heap, o, f);
  return p && f.type == HS_TYPE_OBJECT ? hs_read_id (p, heap->id_size) : 0;
}

HsObj
hs_wfield_ref (HsHeap *heap, HsObj o, HsWField f)
{
  guint64 id = ref_field_id (heap, o, f);
  if (id == 0)
    return HS_OBJ_NONE;
  /* Ids are read from the dump since issue 18 (no id array after the
   * load), so matching o's outgoing edges by id would read their records:
   * the bucketed lookup reads fewer. */
  return hs_heap_find (heap, id);
}

HsObj
hs_wfield_ref_edges (HsHeap *heap, HsObj o, HsWField f)
{
  guint64 id = ref_field_id (heap, o, f);
  if (id == 0)
    return HS_OBJ_NONE;
  /* A collection holds a few references; many (a hostile class) go
   * straight to the lookup. */
  const HsGraph *g = hs_heap_graph (heap);
  for (guint64 e = hs_graph_begin (g, o), end = MIN (hs_graph_end (g, o), e + 8); e < end; e++)
    if (hs_heap_object_id (heap, hs_graph_target (g, e)) == id)
      return hs_graph_target (g, e);
  return hs_heap_find (heap, id);
}

const guint8 *
hs_waste_obj_array_data (HsHeap *heap, HsObj o)
{
  if (hs_heap_object_kind (heap, o) != HS_KIND_OBJ_ARRAY)
    return NULL;
  return heap->data + hs_heap_off (heap, o) + 1 + 2 * heap->id_size + 8;
}

/* --- SipHash-2-4 ------------------------------------------------------------ */

#define SIPROUND(s) HS_SIPROUND ((s)->v0, (s)->v1, (s)->v2, (s)->v3)

void
hs_sip_init (HsSip *s, const guint64 key[2])
{
  s->v0 = key[0] ^ G_GUINT64_CONSTANT (0x736f6d6570736575);
  s->v1 = key[1] ^ G_GUINT64_CONSTANT (0x646f72616e646f6d);
  s->v2 = key[0] ^ G_GUINT64_CONSTANT (0x6c7967656e657261);
  s->v3 = key[1] ^ G_GUINT64_CONSTANT (0x7465646279746573);
  s->tail = 0;
  s->ntail = 0;
  s->total = 0;
}

/* One message word through c compression rounds. */
static inline void
sip_word (HsSip *s, guint64 m, guint c)
{
  s->v3 ^= m;
  for (guint i = 0; i < c; i++)
    SIPROUND (s);
  s->v0 ^= m;
}

/* The bytes, c rounds a word; a partial word waits in tail. */
static inline void
sip_absorb (HsSip *s, const guint8 *p, gsize n, guint c)
{
  s->total += n;
  while (n > 0 && s->ntail > 0)
    {
      s->tail |= (guint64)*p++ << (8 * s->ntail);
      n--;
      if (++s->ntail == 8)
        {
          sip_word (s, s->tail, c);
          s->tail = 0;
          s->ntail = 0;
        }
    }
  for (; n >= 8; n -= 8, p += 8)
    {
      guint64 m;
      memcpy (&m, p, 8);
      sip_word (s, GUINT64_FROM_LE (m), c);
    }
  for (; n > 0; n--)
    s->tail |= (guint64)*p++ << (8 * s->ntail++);
}

/* The last word (the length in its top byte), then d rounds after each
 * finalisation constant: one output word (0xff), or two (0xee, 0xdd). */
static inline guint64
sip_finish (HsSip *s, guint c, guint d, guint8 flag)
{
  sip_word (s, s->tail | (s->total << 56), c);
  s->v2 ^= flag;
  for (guint i = 0; i < d; i++)
    SIPROUND (s);
  return s->v0 ^ s->v1 ^ s->v2 ^ s->v3;
}

void
hs_sip_bytes (HsSip *s, const guint8 *p, gsize n)
{
  sip_absorb (s, p, n, 2);
}

guint64
hs_sip_final (HsSip *s)
{
  return sip_finish (s, 2, 4, 0xff);
}

void
hs_sip_init128 (HsSip *s, const guint64 key[2])
{
  hs_sip_init (s, key);
  s->v1 ^= 0xee;
}

/* SipHash-1-3 (one compression round per word, three final ones), the
 * 128-bit output: the strings hash millions of short values, for which the
 * rounds are most of the cost. */
void
hs_sip13_bytes (HsSip *s, const guint8 *p, gsize n)
{
  sip_absorb (s, p, n, 1);
}

void
hs_sip13_final128 (HsSip *s, guint64 out[2])
{
  out[0] = sip_finish (s, 1, 3, 0xee);
  s->v1 ^= 0xdd;
  for (guint i = 0; i < 3; i++)
    SIPROUND (s);
  out[1] = s->v0 ^ s->v1 ^ s->v2 ^ s->v3;
}

/* The same hash of n contiguous bytes in one call, the state in
 * registers and the last word read whole or by bytes (never past p + n):
 * what the strings hash for nearly every value. Equal to hs_sip_init128,
 * hs_sip13_bytes (p, n) and hs_sip13_final128. */
void
hs_sip13_128 (const guint64 key[2], const guint8 *p, gsize n, guint64 out[2])
{
  HsSip st, *s = &st;
  hs_sip_init128 (s, key);
  guint64 v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
  const guint8 *end = p + (n & ~(gsize)7);
#define SIPROUND_V HS_SIPROUND (v0, v1, v2, v3)
  for (; p < end; p += 8)
    {
      guint64 m;
      memcpy (&m, p, 8);
      m = GUINT64_FROM_LE (m);
      v3 ^= m;
      SIPROUND_V;
      v0 ^= m;
    }
  guint64 b = (guint64)n << 56;
  switch (n & 7)
    {
      case 7: b |= (guint64)p[6] << 48; G_GNUC_FALLTHROUGH;
      case 6: b |= (guint64)p[5] << 40; G_GNUC_FALLTHROUGH;
      case 5: b |= (guint64)p[4] << 32; G_GNUC_FALLTHROUGH;
      case 4: b |= (guint64)p[3] << 24; G_GNUC_FALLTHROUGH;
      case 3: b |= (guint64)p[2] << 16; G_GNUC_FALLTHROUGH;
      case 2: b |= (guint64)p[1] << 8; G_GNUC_FALLTHROUGH;
      case 1: b |= (guint64)p[0]; break;
      default: break;
    }
  v3 ^= b;
  SIPROUND_V;
  v0 ^= b;
  v2 ^= 0xee;
  SIPROUND_V;
  SIPROUND_V;
  SIPROUND_V;
  out[0] = v0 ^ v1 ^ v2 ^ v3;
  v1 ^= 0xdd;
  SIPROUND_V;
  SIPROUND_V;
  SIPROUND_V;
  out[1] = v0 ^ v1 ^ v2 ^ v3;
#undef SIPROUND_V
}

static gint
cmp_hashed (gconstpointer pa, gconstpointer pb)
{
  const HsHashedObj *a = pa, *b = pb;
  if (a->hash != b->hash)
    return a->hash < b->hash ? -1 : 1;
  return a->obj < b->obj ? -1 : a->obj > b->obj;
}

void
hs_hashed_sort (GArray *a)
{
  if (a->len > 1)
    qsort (a->data, a->len, sizeof (HsHashedObj), cmp_hashed);
}

void
hs_sample_add (GArray *sample, HsObj o)
{
  if (sample->len < HS_WASTE_SAMPLE)
    g_array_append_val (sample, o);
}

/* --- the driver ------------------------------------------------------------- */

static gpointer
run_scan_first (gpointer data)
{
  hs_waste_strings_scan (data, 0);
  return NULL;
}

static gpointer
run_scan_second (gpointer data)
{
  hs_waste_strings_scan (data, 1);
  return NULL;
}

static gpointer
run_strings (gpointer data)
{
  HsWasteCtx *ctx = data;
  HsDebugClock clock = { "waste (strings thread) ", TRUE };
  hs_debug_step (&clock, NULL);
  hs_waste_strings_group (ctx);
  hs_debug_step (&clock, "strings: sort and group");
  return NULL;
}

static gpointer
run_the_rest (gpointer data)
{
  HsWasteCtx *ctx = data;
  HsDebugClock clock = { "waste (collections thread) ", TRUE };
  hs_debug_step (&clock, NULL);
  hs_waste_find_boxed (ctx);
  hs_debug_step (&clock, "boxed");
  hs_waste_find_collections (ctx);
  hs_debug_step (&clock, "collections");
  hs_waste_find_arrays (ctx);
  hs_debug_step (&clock, "arrays");
  return NULL;
}

/* hs_run_pair runs one function on two arguments: each names its job. */
typedef struct
{
  GThreadFunc fn;
  HsWasteCtx *ctx;
} Job;

static gpointer
run_job (gpointer data)
{
  Job *j = data;
  return j->fn (j->ctx);
}

HsWaste *
hs_waste_find (HsAnalysis *analysis, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);
  HsWaste *beside = hs_analysis_beside_result (analysis, &hs_waste_beside);
  return beside ? beside : hs_waste_compute (analysis, cancellable, error);
}

/* The scan's entries (one a String) and its five bit arrays (skip, and
 * once and twice per scan half), with room for the collection lists and
 * the grouping. */
guint64
hs_waste_estimate_memory (HsHeap *heap)
{
  g_return_val_if_fail (heap != NULL, 0);
  g_autoptr (GArray) string_classes = hs_query_classes_named (heap, "java.lang.String");
  guint64 strings = 0;
  for (guint i = 0; i < string_classes->len; i++)
    strings += hs_class_reachable_count (heap, g_array_index (string_classes, HsClass, i));
  return strings * HS_WASTE_STRING_ENTRY_BYTES + 5 * (heap->n / 8) + heap->n / 4 + (16u << 20);
}

/* Both jobs of a step: on two threads, or one after the other here. */
static void
run_both (gboolean two, Job *jobs)
{
  if (two)
    hs_run_pair ("hs-waste", run_job, &jobs[0], &jobs[1]);
  else
    {
      run_job (&jobs[0]);
      run_job (&jobs[1]);
    }
}

/* Two threads for a step when no other work needs the second core:
 * always, or once *others_done is set. */
static gboolean
two_now (const gint *others_done)
{
  return others_done == NULL || g_atomic_int_get (others_done) != 0;
}

static HsWaste *compute (HsAnalysis *analysis, const gint *others_done, GCancellable *cancellable,
                         GError **error);

HsWaste *
hs_waste_compute (HsAnalysis *analysis, GCancellable *cancellable, GError **error)
{
  return compute (analysis, NULL, cancellable, error);
}

HsWaste *
hs_waste_compute_beside (HsAnalysis *analysis, const gint *others_done, GCancellable *cancellable,
                         GError **error)
{
  g_return_val_if_fail (others_done != NULL, NULL);
  return compute (analysis, others_done, cancellable, error);
}

static gpointer
beside_run (HsAnalysis *analysis, const gint *others_done, GCancellable *cancellable)
{
  HsWaste *w = hs_waste_compute_beside (analysis, others_done, cancellable, NULL);
  if (w)
    w->beside = TRUE;
  return w;
}

static gpointer
beside_ref (gpointer waste)
{
  return hs_waste_ref (waste);
}

static void
beside_unref (gpointer waste)
{
  hs_waste_free (waste);
}

const HsBesidePass hs_waste_beside = { beside_run, hs_waste_estimate_memory, beside_ref, beside_unref };

static HsWaste *
compute (HsAnalysis *analysis, const gint *others_done, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);
  HsHeap *heap = analysis->heap;
  if (!hs_heap_reachability_known (heap))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s: reachability is not known yet", heap->name);
      return NULL;
    }
  gint64 t0 = g_get_monotonic_time ();
  HsWaste *w = g_new0 (HsWaste, 1);
  w->ref_count = 1;
  w->strings = g_array_new (FALSE, FALSE, sizeof (HsWasteString));
  w->collections = g_array_new (FALSE, FALSE, sizeof (HsWasteCollection));
  w->dup_arrays = g_array_new (FALSE, FALSE, sizeof (HsWasteDupArray));
  w->boxed = g_array_new (FALSE, FALSE, sizeof (HsWasteBoxed));
  w->bitmaps = g_array_new (FALSE, FALSE, sizeof (HsWasteBitmap));
  for (guint t = 0; t < G_N_ELEMENTS (w->zero_arrays); t++)
    {
      w->zero_arrays[t].type = t;
      w->zero_arrays[t].objects = g_array_new (FALSE, FALSE, sizeof (HsObj));
    }
  w->null_arrays.type = HS_TYPE_OBJECT;
  w->null_arrays.objects = g_array_new (FALSE, FALSE, sizeof (HsObj));

  HsWasteCtx ctx = { analysis, heap, w, { 0, 0 }, NULL, cancellable };
  ctx.role = g_malloc0 (MAX (hs_heap_n_classes (heap), 1));
  for (guint i = 0; i < 2; i++)
    ctx.key[i] = ((guint64)g_random_int () << 32) | g_random_int ();
  ctx.skip = g_malloc0 ((heap->n + 7) / 8 + 1);
  /* Bitmaps first (few objects): their buffers are then skipped by the
   * array finder, which runs after the strings on the same thread. */
  HsDebugClock clock = { "waste ", FALSE };
  hs_debug_step (&clock, NULL);
  hs_waste_find_bitmaps (&ctx);
  hs_debug_step (&clock, "bitmaps");
  /* One scan on both cores (halves of the objects) decodes the Strings and
   * lists the collections; then the strings are grouped on one core while
   * the other reads the collections, the boxes and the arrays (every String
   * value is marked by then). */
  hs_waste_collections_prepare (&ctx);
  hs_waste_strings_prepare (&ctx);
  hs_waste_boxed_prepare (&ctx);
  Job scans[2] = { { run_scan_first, &ctx }, { run_scan_second, &ctx } };
  gboolean two = two_now (others_done);
  run_both (two, scans);
  hs_waste_strings_merge (&ctx);
  hs_debug_step (&clock,
                 two ? "strings: decode and hash (two threads)" : "strings: decode and hash (one thread)");
  Job jobs[2] = { { run_strings, &ctx }, { run_the_rest, &ctx } };
  two = two_now (others_done);
  run_both (two, jobs);
  hs_debug_step (&clock, two ? "the rest (two threads)" : "the rest (one thread)");
  g_free (ctx.skip);
  ctx.skip = NULL;
  g_free (ctx.role);
  for (guint i = 0; i < 2; i++)
    g_clear_pointer (&ctx.coll_objs[i], g_array_unref);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      hs_waste_free (w);
      return NULL;
    }
  w->total_wasted
      = w->strings_wasted + w->collections_wasted + w->arrays_wasted + w->boxed_wasted + w->bitmaps_wasted;
  w->seconds = (g_get_monotonic_time () - t0) / 1e6;
  return w;
}
