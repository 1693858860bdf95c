/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-test-record-kinds.h: the leak report, the problem suspects and the
 * waste as kinds of index record for hs-test-record.h: how each is saved
 * and read back, and what its readers show of it (the leak report's JSON
 * and text, the suspects' JSON and text, the waste's CSV, summary line and
 * bitmaps drawn). The leak report and the suspects check object indexes
 * against the count at ctx (a guint64), the waste against the heap at ctx
 * (an HsHeap). */
#pragma once

#include "hs-leak-persist.h"
#include "hs-suspects-persist.h"
#include "hs-waste-persist.h"
#include "hs-test-record.h"

/* ---- the leak report ---------------------------------------------------- */

/* The report as the CLI's text has it: per group its facts and every
 * trace's text; then the counts and the objects without a path. */
static inline char *
hs_test_record_leaks_text (const HsLeakReport *r)
{
  GString *s = g_string_new (NULL);
  const GPtrArray *lists[2] = { r->application_leaks, r->library_leaks };
  for (guint l = 0; l < 2; l++)
    for (guint g = 0; g < lists[l]->len; g++)
      {
        const HsLeakGroup *grp = g_ptr_array_index (lists[l], g);
        g_string_append_printf (s, "%u %s %s %d %s %" G_GUINT64_FORMAT "\n", l, grp->fingerprint,
                                grp->description ? grp->description : "-", grp->library,
                                grp->library_pattern ? grp->library_pattern : "-",
                                hs_leak_group_get_retained (grp));
        for (guint t = 0; t < grp->traces->len; t++)
          {
            const HsLeakTrace *tr = g_ptr_array_index (grp->traces, t);
            g_autofree char *txt = hs_leak_trace_to_text (tr);
            g_string_append_printf (s, "%s\n%s\n", txt, hs_leak_trace_root_description (tr));
          }
      }
  g_string_append_printf (s, "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n", r->n_watched,
                          r->n_leaking_objects);
  for (guint i = 0; i < r->unreachable_leaking->len; i++)
    g_string_append_printf (s, "%s\n", (char *)g_ptr_array_index (r->unreachable_leaking, i));
  return g_string_free (s, FALSE);
}

static inline void
hs_test_record_leaks_save (gconstpointer r, HsIndexBlob *out)
{
  hs_leak_report_save (r, out);
}

static inline gpointer
hs_test_record_leaks_load (HsIndexCursor *in, gpointer ctx)
{
  return hs_leak_report_load (in, *(const guint64 *)ctx);
}

/* Its JSON, then its text. */
static inline char *
hs_test_record_leaks_show (gconstpointer r, G_GNUC_UNUSED gpointer ctx)
{
  GString *json = g_string_new (NULL);
  hs_leak_report_to_json (r, json);
  return hs_test_record_json_text (json, hs_test_record_leaks_text (r));
}

static inline const HsTestRecordKind *
hs_test_record_leaks (void)
{
  static const HsTestRecordKind kind = { hs_test_record_leaks_save, hs_test_record_leaks_load,
                                         hs_test_record_leaks_show, (GDestroyNotify)hs_leak_report_free };
  return &kind;
}

/* ---- the problem suspects ----------------------------------------------- */

static inline void
hs_test_record_suspects_save (gconstpointer s, HsIndexBlob *out)
{
  hs_suspects_save (s, out);
}

static inline gpointer
hs_test_record_suspects_load (HsIndexCursor *in, gpointer ctx)
{
  return hs_suspects_load (in, *(const guint64 *)ctx);
}

/* Their JSON, then their text. */
static inline char *
hs_test_record_suspects_show (gconstpointer s, G_GNUC_UNUSED gpointer ctx)
{
  GString *json = g_string_new (NULL);
  hs_suspects_to_json (s, json);
  return hs_test_record_json_text (json, hs_suspects_to_text (s));
}

static inline const HsTestRecordKind *
hs_test_record_suspects (void)
{
  static const HsTestRecordKind kind = { hs_test_record_suspects_save, hs_test_record_suspects_load,
                                         hs_test_record_suspects_show, (GDestroyNotify)hs_suspects_free };
  return &kind;
}

/* ---- the waste ---------------------------------------------------------- */

static inline void
hs_test_record_waste_save (gconstpointer w, HsIndexBlob *out)
{
  hs_waste_save (w, out);
}

static inline gpointer
hs_test_record_waste_load (HsIndexCursor *in, gpointer ctx)
{
  return hs_waste_load (in, ctx);
}

/* Its CSV, its summary line and the size of each bitmap drawn at 64
 * pixels (0: not drawn). Not the JSON: its paths take a walk each. */
static inline char *
hs_test_record_waste_show (gconstpointer record, gpointer ctx)
{
  const HsWaste *w = record;
  HsHeap *heap = ctx;
  GString *out = g_string_new (NULL);
  g_autofree char *line = hs_waste_summary_line (w);

  hs_waste_to_csv (w, heap, -1, out);
  g_string_append_printf (out, "\n----\n%s\n", line);
  for (guint i = 0; i < w->bitmaps->len; i++)
    {
      g_autoptr (GBytes) png
          = hs_waste_bitmap_png (heap, &g_array_index (w->bitmaps, HsWasteBitmap, i), 64, NULL);
      g_string_append_printf (out, "%" G_GSIZE_FORMAT "\n", png ? g_bytes_get_size (png) : 0);
    }
  return g_string_free (out, FALSE);
}

static inline const HsTestRecordKind *
hs_test_record_waste (void)
{
  static const HsTestRecordKind kind = { hs_test_record_waste_save, hs_test_record_waste_load,
                                         hs_test_record_waste_show, (GDestroyNotify)hs_waste_free };
  return &kind;
}
