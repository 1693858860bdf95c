/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-threads-mapping.c: the stack frames of a dump's threads through the
 * ProGuard / R8 mapping applied to its heap (hs_heap_map_frame): original
 * class, method, line and source file, and the frames a method inlined
 * there expanded (innermost first). The locals of a physical frame stay on
 * the outermost of its frames, the method that was running. */
#include "config.h"

#include <string.h>

#include "hs-heap-mapping.h"
#include "hs-threads.h"

/* A JVM descriptor "(La/a;I)V" with the mapped classes: "(Lcom/ex/Cache;I)V". */
static char *
map_signature (HsMapping *m, const char *sig)
{
  GString *out = g_string_new (NULL);
  const char *p = sig;

  while (*p)
    {
      const char *semi = *p == 'L' ? strchr (p, ';') : NULL;
      if (semi == NULL)
        {
          g_string_append_c (out, *p++);
          continue;
        }
      g_autofree char *name = g_strndup (p + 1, semi - p - 1);
      g_strdelimit (name, "/", '.');
      const char *orig = hs_mapping_lookup_class (m, name);
      g_string_append_c (out, 'L');
      if (orig != NULL)
        {
          g_autofree char *slashed = g_strdup (orig);
          g_strdelimit (slashed, ".", '/');
          g_string_append (out, slashed);
        }
      else
        g_string_append_len (out, p + 1, semi - p - 1);
      g_string_append_c (out, ';');
      p = semi + 1;
    }
  return g_string_free (out, FALSE);
}

static void
set_frame (HsThreadFrame *f, const HsMappedFrame *mf)
{
  g_free (f->class_name);
  f->class_name = g_strdup (mf->class_name);
  g_free (f->method);
  f->method = g_strdup (mf->method);
  f->line = mf->line;
  if (mf->source_file != NULL)
    {
      g_free (f->file);
      f->file = g_strdup (mf->source_file);
    }
}

void
hs_threads_apply_mapping (HsThreads *ts, HsHeap *heap)
{
  g_return_if_fail (ts != NULL && heap != NULL);
  HsMapping *m = hs_heap_mapping (heap);
  if (m == NULL)
    return;
  g_autoptr (GArray) mapped = g_array_new (FALSE, FALSE, sizeof (HsMappedFrame));
  for (guint i = 0; i < ts->n_threads; i++)
    {
      HsThread *t = &ts->threads[i];
      GArray *out = NULL; /* HsThreadFrame, made only when a method was inlined */
      for (guint k = 0; k < t->n_frames; k++)
        {
          HsThreadFrame *f = &t->frames[k];
          guint n = 0;
          g_array_set_size (mapped, 0);
          if (!f->unknown && f->class_name != NULL && f->method != NULL)
            n = hs_heap_map_frame (heap, f->class_name, f->method, f->line, mapped);
          if (f->signature != NULL)
            {
              char *sig = map_signature (m, f->signature);
              g_free (f->signature);
              f->signature = sig;
            }
          if (n > 1 && out == NULL)
            {
              out = g_array_sized_new (FALSE, TRUE, sizeof (HsThreadFrame), t->n_frames + n);
              g_array_append_vals (out, t->frames, k);
            }
          for (guint j = 0; j + 1 < n; j++)
            {
              HsThreadFrame inl = { 0 };
              set_frame (&inl, &g_array_index (mapped, HsMappedFrame, j));
              g_array_append_val (out, inl);
            }
          if (n > 0)
            set_frame (f, &g_array_index (mapped, HsMappedFrame, n - 1));
          if (out != NULL)
            g_array_append_val (out, *f);
        }
      if (out != NULL)
        {
          g_free (t->frames);
          t->n_frames = out->len;
          t->frames = (HsThreadFrame *)g_array_free (out, FALSE);
        }
    }
}
