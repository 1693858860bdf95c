/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-one.c: one input through the whole engine (see fuzz-one.h). */
#include "config.h"

#include <string.h>

#include "fuzz-one.h"
#include "hs-analysis.h"
#include "hs-report.h"
#include "hs-query.h"

/* A rejected input must come with an HS_ERROR and a message naming the
 * input; a loaded one must have consistent counts. Anything else is a bug
 * the fuzzer should stop on. */
static void
check_error (const GError *error)
{
  if (!error)
    g_error ("failed without an error");
  if (error->domain != HS_ERROR && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_error ("error of an unexpected domain: %s", error->message);
  if (!error->message || !g_utf8_validate (error->message, -1, NULL))
    g_error ("error message missing or not UTF-8");
}

static gboolean
count_ref (const HsNamedRef *ref, gpointer user_data)
{
  guint *n = user_data;
  (*n)++;
  return *n < 10000;
}

static void
poke_object (HsHeap *heap, HsObj o)
{
  guint64 n = hs_heap_n_objects (heap);
  if (o >= n)
    return;
  g_free (hs_heap_describe (heap, o));
  g_free (hs_heap_read_string (heap, o, 40));
  g_free (hs_heap_object_label (heap, o));
  (void)hs_heap_object_class_name (heap, o);
  GArray *fields = hs_heap_object_fields (heap, o);
  if (fields)
    {
      for (guint i = 0; i < fields->len; i++)
        {
          const HsFieldValue *f = &g_array_index (fields, HsFieldValue, i);
          if (f->name)
            {
              HsValue v;
              (void)hs_heap_read_field (heap, o, f->name, &v);
              (void)hs_heap_read_ref (heap, o, f->name);
            }
        }
      g_array_unref (fields);
    }
  guint nrefs = 0;
  hs_heap_foreach_ref (heap, o, count_ref, &nrefs);
  gsize nr = 0, nin = 0;
  HsObj first;
  const HsObj *out = hs_heap_refs (heap, o, &first, &nr);
  if (first != HS_OBJ_NONE && first >= n)
    g_error ("first reference to object %u of %" G_GUINT64_FORMAT, first, n);
  for (gsize i = 0; i < nr; i++)
    if (out[i] >= n)
      g_error ("reference to object %u of %" G_GUINT64_FORMAT, out[i], n);
  const HsObj *in = hs_heap_referrers (heap, o, &nin);
  for (gsize i = 0; i < nin; i++)
    if (in[i] >= n)
      g_error ("referrer %u of %" G_GUINT64_FORMAT, in[i], n);
  HsKind k = hs_heap_object_kind (heap, o);
  if (k == HS_KIND_OBJ_ARRAY)
    {
      guint32 len = hs_heap_array_length (heap, o);
      for (guint32 i = 0; i < len && i < 64; i++)
        (void)hs_heap_obj_array_get (heap, o, i);
      if (len > 0)
        (void)hs_heap_obj_array_get (heap, o, len - 1);
    }
  else if (k == HS_KIND_PRIM_ARRAY)
    {
      guint32 len = hs_heap_array_length (heap, o);
      const guint8 *p = hs_heap_prim_array_data (heap, o);
      (void)len;
      (void)p;
    }
  GArray *roots = hs_heap_roots_of (heap, o);
  if (roots)
    g_array_unref (roots);
}

gboolean
hs_fuzz_one (const guint8 *data, gsize len)
{
  g_autoptr (GError) error = NULL;
  /* The options come from the last byte so that the input is still a
   * whole dump: bit 0 follow_weak, bits 1-2 == 3 asks for dump 1, bit 3
   * Android inspectors as leaks, bit 4 reachability left to the pipeline
   * (as hs_analysis_run does). */
  guint8 sel = len > 0 ? data[len - 1] : 0;
  HsAnalysisOptions opts = { 0 };
  opts.open.follow_weak = sel & 1;
  opts.open.dump = ((sel >> 1) & 3) == 3 ? 1 : 0;
  opts.leaks.android_inspectors_as_leaks = (sel >> 3) & 1;
  opts.open.defer_reachability = (sel >> 4) & 1;

  HsHeap *heap = hs_heap_open_bytes (data, len, "fuzz.hprof", &opts.open, NULL, NULL, NULL, &error);
  if (!heap)
    {
      check_error (error);
      return FALSE;
    }
  const char *warning = hs_heap_warning (heap);
  if (warning && !g_utf8_validate (warning, -1, NULL))
    g_error ("warning not UTF-8");

  guint64 n = hs_heap_n_objects (heap);
  const HsSummary *s = hs_heap_summary (heap);
  /* Deferred reachability leaves the totals at 0 until the pipeline runs. */
  if (!opts.open.defer_reachability
      && (s->objects != n || s->reachable_objects + s->unreachable_objects != n))
    g_error ("inconsistent summary");
  for (guint c = 0; c < hs_heap_n_classes (heap) && c < 200; c++)
    {
      guint nf = 0;
      (void)hs_class_name (heap, c);
      (void)hs_class_fields (heap, c, &nf);
      (void)hs_class_is_subclass_of (heap, c, "java.lang.ref.Reference");
    }
  for (gsize i = 0; i < hs_heap_n_roots (heap) && i < 200; i++)
    {
      const HsRoot *r = hs_heap_root (heap, i);
      g_free (hs_heap_thread_name (heap, r->thread_serial));
      (void)hs_root_type_name (r->type);
    }
  /* A handful of objects: the first, the last, a few in between and one
   * picked by the input. */
  if (n > 0)
    {
      HsObj picks[] = { 0, (HsObj)(n - 1), (HsObj)(n / 2), (HsObj)(n / 3), (HsObj)((guint64)sel * 7919 % n) };
      for (guint i = 0; i < G_N_ELEMENTS (picks); i++)
        poke_object (heap, picks[i]);
      HsClass sc = hs_heap_find_class (heap, "java.lang.String");
      guint done = 0;
      for (guint64 i = 0; i < n && done < 8; i++)
        if (hs_heap_object_class (heap, (HsObj)i) == sc && sc != HS_CLASS_NONE)
          {
            poke_object (heap, (HsObj)i);
            done++;
          }
    }

  HsAnalysis *a = hs_analysis_run_on_heap (heap, &opts, NULL, NULL, NULL, &error);
  if (!a)
    {
      /* run_on_heap took the heap and has freed it. */
      check_error (error);
      return TRUE;
    }
  s = hs_heap_summary (a->heap);
  if (s->objects != n || s->reachable_objects + s->unreachable_objects != n)
    g_error ("inconsistent summary after the analysis");
  hs_fuzz_one_analysis (a);
  return TRUE;
}

void
hs_fuzz_one_analysis (HsAnalysis *a)
{
  guint64 n = hs_heap_n_objects (a->heap);

  if (n > 0)
    {
      HsObj picks[] = { 0, (HsObj)(n - 1), (HsObj)(n / 2), (HsObj)(n / 3) };
      for (guint i = 0; i < G_N_ELEMENTS (picks); i++)
        poke_object (a->heap, picks[i]);
    }
  if (a->leaks)
    {
      GPtrArray *lists[] = { a->leaks->application_leaks, a->leaks->library_leaks };
      for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
        {
          if (!lists[l])
            continue;
          for (guint g = 0; g < lists[l]->len; g++)
            {
              HsLeakGroup *group = g_ptr_array_index (lists[l], g);
              for (guint t = 0; group->traces && t < group->traces->len; t++)
                {
                  HsLeakTrace *trace = g_ptr_array_index (group->traces, t);
                  char *text = hs_leak_trace_to_text (trace);
                  if (!text || !g_utf8_validate (text, -1, NULL))
                    g_error ("leak trace text missing or not UTF-8");
                  g_free (text);
                }
            }
        }
      GString *json = g_string_new (NULL);
      hs_leak_report_to_json (a->leaks, json);
      if (!g_utf8_validate (json->str, json->len, NULL))
        g_error ("leak JSON not UTF-8");
      g_string_free (json, TRUE);
    }
  const HsSummary *s = hs_heap_summary (a->heap);
  if (s->objects != n || s->reachable_objects + s->unreachable_objects != n)
    g_error ("inconsistent summary after the analysis");
  GArray *top = hs_query_top_objects (a, 5);
  for (guint i = 0; i < top->len; i++)
    poke_object (a->heap, g_array_index (top, HsObj, i));
  g_array_unref (top);
  HsReportOptions ropts = { .include_generation_time = FALSE, .top_classes = 20, .top_objects = 10 };
  GString *html = hs_report_build (a, &ropts);
  if (!html || !g_utf8_validate (html->str, html->len, NULL))
    g_error ("report missing or not UTF-8");
  g_string_free (html, TRUE);
  hs_analysis_free (a);
}
