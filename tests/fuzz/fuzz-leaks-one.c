/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-leaks-one.c: one input through the leak search, structure-aware:
 * the bytes describe a heap (objects of a few LeakCanary-relevant classes,
 * their references, roots, watchers, long chains), which is written as a
 * well-formed HPROF and run through the pipeline (leaks, Android
 * inspectors, suspects, report). The bytes cannot make a malformed file
 * (fuzz-heap does that): they reach the search's logic instead. Checks
 * the traces' invariants (abridgement, lengths, statuses). */
#include "config.h"

#include <string.h>

#include "fuzz-leaks-one.h"
#include "hs-analysis.h"
#include "hs-report.h"
#include "hs-leaks.h"

enum
{
  C_OBJ = 1,
  C_REF,
  C_WEAK,
  C_KWR,
  C_NODE,
  C_THREAD,
  C_VIEW,
  C_APP,
  C_ACT,
  C_HOLDER,
  C_ARR,
  N_CLS
};

typedef struct
{
  GByteArray *b;
  guint32 next_str;
} Out;

static void
u1 (GByteArray *b, guint8 v)
{
  g_byte_array_append (b, &v, 1);
}

static void
u2 (GByteArray *b, guint16 v)
{
  guint8 x[2] = { v >> 8, v };
  g_byte_array_append (b, x, 2);
}

static void
u4 (GByteArray *b, guint32 v)
{
  guint8 x[4] = { v >> 24, v >> 16, v >> 8, v };
  g_byte_array_append (b, x, 4);
}

static guint32
str (Out *o, const char *s)
{
  guint32 id = 0x10 + o->next_str++;
  u1 (o->b, 0x01);
  u4 (o->b, 0);
  u4 (o->b, 4 + strlen (s));
  u4 (o->b, id);
  g_byte_array_append (o->b, (const guint8 *)s, strlen (s));
  return id;
}

#define CID(k) (0x100u + 16u * (k))
#define OID(i) (0x100000u + 16u * (i))

typedef struct
{
  const char *name;
  int super;
  const char *fields[3]; /* object fields, own first */
  gboolean bool_field;   /* one more: a boolean mDestroyed */
} ClassDef;

static const ClassDef classes[N_CLS] = {
  [C_OBJ] = { "java/lang/Object", 0, { NULL } },
  [C_REF] = { "java/lang/ref/Reference", C_OBJ, { "referent", "queue" } },
  [C_WEAK] = { "java/lang/ref/WeakReference", C_REF, { NULL } },
  [C_KWR] = { "leakcanary/KeyedWeakReference", C_WEAK, { "key" } },
  [C_NODE] = { "com/example/Node", C_OBJ, { "next", "other" } },
  [C_THREAD] = { "java/lang/Thread", C_OBJ, { "name", "next" } },
  [C_VIEW] = { "android/view/View", C_OBJ, { "mParent", "mAttachInfo", "mContext" } },
  [C_APP] = { "android/app/Application", C_OBJ, { "held" } },
  [C_ACT] = { "android/app/Activity", C_OBJ, { "next" }, TRUE },
  [C_HOLDER] = { "com/example/Holder", C_OBJ, { NULL } },
  [C_ARR] = { "[Ljava/lang/Object;", C_OBJ, { NULL } },
};

static guint
n_fields (int k)
{
  guint n = 0;
  while (n < 3 && classes[k].fields[n])
    n++;
  return n;
}

/* Instance data: own fields first, then the superclasses'. */
static void
instance_data (GByteArray *b, int k, const guint32 *vals, guint *used, guint nvals, gboolean destroyed)
{
  for (; k; k = classes[k].super)
    {
      for (guint f = 0; f < n_fields (k); f++)
        u4 (b, *used < nvals ? vals[(*used)++] : 0);
      if (classes[k].bool_field)
        u1 (b, destroyed);
    }
}

static guint
instance_size (int k)
{
  guint s = 0;
  for (; k; k = classes[k].super)
    s += 4 * n_fields (k) + (classes[k].bool_field ? 1 : 0);
  return s;
}

/* Reads the input as a heap. Byte layout (all optional, read in turn):
 * [0] objects n (1-255), [1] chain length ×64, [2] watchers, then per
 * object: class, two reference choices, a root choice. */
static GByteArray *
build_dump (const guint8 *d, gsize len)
{
  Out o = { g_byte_array_new (), 0 };
  gsize pos = 0;
#define NEXT() (pos < len ? d[pos++] : 0)
  guint n = MAX (NEXT (), 1), chain = NEXT () * 64u, watch = NEXT () % 32;
  guint total = n + chain;
  guint32 names[N_CLS], fnames[N_CLS][3], destroyed_name, holder_static;
  GByteArray *seg = g_byte_array_new ();
  guint8 *cls_of = g_new0 (guint8, n);

  g_byte_array_append (o.b, (const guint8 *)"JAVA PROFILE 1.0.2", 19);
  u4 (o.b, 4);
  u4 (o.b, 0);
  u4 (o.b, 0);
  for (int k = 1; k < N_CLS; k++)
    {
      names[k] = str (&o, classes[k].name);
      for (guint f = 0; f < n_fields (k); f++)
        fnames[k][f] = str (&o, classes[k].fields[f]);
    }
  destroyed_name = str (&o, "mDestroyed");
  holder_static = str (&o, "sHead");
  for (int k = 1; k < N_CLS; k++)
    {
      u1 (o.b, 0x02);
      u4 (o.b, 0);
      u4 (o.b, 16);
      u4 (o.b, k);
      u4 (o.b, CID (k));
      u4 (o.b, 0);
      u4 (o.b, names[k]);
    }
  for (int k = 1; k < N_CLS; k++)
    {
      guint nf = n_fields (k);
      u1 (seg, 0x20);
      u4 (seg, CID (k));
      u4 (seg, 0);
      u4 (seg, classes[k].super ? CID (classes[k].super) : 0);
      for (int z = 0; z < 5; z++)
        u4 (seg, 0);
      u4 (seg, instance_size (k));
      u2 (seg, 0);
      if (k == C_HOLDER)
        {
          u2 (seg, 1);
          u4 (seg, holder_static);
          u1 (seg, 2);
          u4 (seg, OID (0));
        }
      else
        u2 (seg, 0);
      u2 (seg, nf + (classes[k].bool_field ? 1 : 0));
      for (guint f = 0; f < nf; f++)
        {
          u4 (seg, fnames[k][f]);
          u1 (seg, 2);
        }
      if (classes[k].bool_field)
        {
          u4 (seg, destroyed_name);
          u1 (seg, 4);
        }
      u1 (seg, 0x05);
      u4 (seg, CID (k));
    }
  for (guint i = 0; i < n; i++)
    {
      guint8 kc = NEXT (), r1 = NEXT (), r2 = NEXT (), root = NEXT ();
      static const int pick[] = { C_NODE, C_NODE, C_THREAD, C_VIEW, C_APP, C_ACT, C_ARR, C_OBJ };
      int k = pick[kc % G_N_ELEMENTS (pick)];
      guint32 vals[3];
      guint used = 0;
      /* a reference: null, another of the n objects, or into the chain */
      vals[0] = r1 == 0 ? 0 : (r1 & 0x80) && chain ? OID (n + (r1 % chain)) : OID (r1 % n);
      vals[1] = r2 == 0 ? 0 : OID (r2 % n);
      vals[2] = (kc >> 3) & 1 ? OID ((kc >> 4) % n) : 0;
      cls_of[i] = k;
      if (k == C_ARR)
        {
          guint m = 1 + (kc >> 4) % 3;
          u1 (seg, 0x22);
          u4 (seg, OID (i));
          u4 (seg, 0);
          u4 (seg, m);
          u4 (seg, CID (C_ARR));
          for (guint e = 0; e < m; e++)
            u4 (seg, vals[e]);
        }
      else
        {
          u1 (seg, 0x21);
          u4 (seg, OID (i));
          u4 (seg, 0);
          u4 (seg, CID (k));
          u4 (seg, instance_size (k));
          instance_data (seg, k, vals, &used, k == C_VIEW ? 3 : 2, (kc >> 6) & 1);
        }
      switch (root % 8)
        {
          case 1:
            u1 (seg, 0x01);
            u4 (seg, OID (i));
            u4 (seg, 0);
            break;
          case 2:
            u1 (seg, 0x08);
            u4 (seg, OID (i));
            u4 (seg, i + 1);
            u4 (seg, 0);
            break;
          case 3:
            u1 (seg, 0x03);
            u4 (seg, OID (i));
            u4 (seg, (root >> 3) % 4);
            u4 (seg, 0);
            break;
          default: break;
        }
    }
  /* the chain: Nodes n .. n + chain - 1, each to the next, the last back
   * into the n objects */
  for (guint i = 0; i < chain; i++)
    {
      guint32 vals[2] = { i + 1 < chain ? OID (n + i + 1) : OID (i % n), 0 };
      guint used = 0;
      u1 (seg, 0x21);
      u4 (seg, OID (n + i));
      u4 (seg, 0);
      u4 (seg, CID (C_NODE));
      u4 (seg, instance_size (C_NODE));
      instance_data (seg, C_NODE, vals, &used, 2, FALSE);
    }
  /* watchers, held by JNI globals, watching objects the input picks */
  for (guint w = 0; w < watch; w++)
    {
      guint8 t = NEXT ();
      guint32 vals[3] = { 0, OID ((t | (NEXT () << 8)) % total), 0 };
      guint used = 0;
      guint32 id = OID (total + w);
      u1 (seg, 0x21);
      u4 (seg, id);
      u4 (seg, 0);
      u4 (seg, CID (C_KWR));
      u4 (seg, instance_size (C_KWR));
      instance_data (seg, C_KWR, vals, &used, 3, FALSE);
      if (t & 1)
        {
          u1 (seg, 0x01);
          u4 (seg, id);
          u4 (seg, 0);
        }
    }
#undef NEXT
  u1 (o.b, 0x1C);
  u4 (o.b, 0);
  u4 (o.b, seg->len);
  g_byte_array_append (o.b, seg->data, seg->len);
  u1 (o.b, 0x2C);
  u4 (o.b, 0);
  u4 (o.b, 0);
  g_byte_array_unref (seg);
  g_free (cls_of);
  return o.b;
}

static void
check_trace (const HsLeakTrace *t)
{
  guint n = t->nodes->len;
  char *text;
  GString *json;
  if (n == 0)
    g_error ("a trace without nodes");
  if (t->n_elided > 0)
    {
      if (n > HS_LEAK_TRACE_MAX_NODES)
        g_error ("an abridged trace keeps %u nodes", n);
      if (t->elided_at == 0 || t->elided_at >= n)
        g_error ("elided_at %u of %u nodes", t->elided_at, n);
      if (n + t->n_elided <= HS_LEAK_TRACE_MAX_NODES)
        g_error ("a short trace (%" G_GUINT64_FORMAT ") abridged", n + t->n_elided);
    }
  else if (n > HS_LEAK_TRACE_MAX_NODES)
    g_error ("a trace of %u nodes not abridged", n);
  text = hs_leak_trace_to_text (t);
  if (!text || !g_utf8_validate (text, -1, NULL))
    g_error ("trace text missing or not UTF-8");
  if ((t->n_elided > 0) != (strstr (text, " more\n") != NULL))
    g_error ("the gap line does not match n_elided");
  g_free (text);
  json = g_string_new (NULL);
  hs_leak_trace_nodes_to_json (t, json);
  if ((t->n_elided > 0) != (strstr (json->str, "{\"elided\":") != NULL))
    g_error ("the JSON gap does not match n_elided");
  g_string_free (json, TRUE);
}

gboolean
hs_fuzz_leaks_one (const guint8 *data, gsize len)
{
  g_autoptr (GError) error = NULL;
  guint8 sel = len > 0 ? data[len - 1] : 0;
  HsAnalysisOptions opts = { 0 };
  GByteArray *dump = build_dump (data, len);
  HsHeap *heap;
  HsAnalysis *a;

  opts.open.follow_weak = sel & 1;
  opts.leaks.android_inspectors_as_leaks = (sel >> 1) & 1;
  heap = hs_heap_open_bytes (dump->data, dump->len, "fuzz-leaks.hprof", &opts.open, NULL, NULL, NULL, &error);
  if (!heap)
    g_error ("a well-formed dump refused: %s", error->message);
  a = hs_analysis_run_on_heap (heap, &opts, NULL, NULL, NULL, &error);
  if (!a)
    g_error ("the analysis failed: %s", error->message);
  if (a->leaks)
    {
      GPtrArray *lists[] = { a->leaks->application_leaks, a->leaks->library_leaks };
      GString *json = g_string_new (NULL);
      for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
        for (guint g = 0; g < lists[l]->len; g++)
          {
            HsLeakGroup *grp = g_ptr_array_index (lists[l], g);
            for (guint t = 0; t < grp->traces->len; t++)
              check_trace (g_ptr_array_index (grp->traces, t));
          }
      hs_leak_report_to_json (a->leaks, json);
      if (!g_utf8_validate (json->str, json->len, NULL))
        g_error ("leak JSON not UTF-8");
      g_string_free (json, TRUE);
    }
  {
    HsReportOptions ropts = { .include_generation_time = FALSE, .top_classes = 5, .top_objects = 5 };
    GString *html = hs_report_build (a, &ropts);
    if (!html || !g_utf8_validate (html->str, html->len, NULL))
      g_error ("report missing or not UTF-8");
    g_string_free (html, TRUE);
  }
  hs_analysis_free (a);
  g_byte_array_unref (dump);
  return TRUE;
}
