/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-suspects-text.c: problem suspects for people: each suspect's
 * sentence, its path in LeakCanary's text form and what it is made of. */
#include "config.h"

#include "hs-suspects.h"

static void
append_trace (GString *s, const char *title, const HsLeakTrace *t)
{
  g_autofree char *txt = t ? hs_leak_trace_to_text (t) : NULL;
  g_string_append_printf (s, "%s:\n", title);
  g_string_append (s, txt ? txt : "(no strong path from a GC root)");
  g_string_append_c (s, '\n');
}

static void
object_suspect (GString *s, guint number, const HsObjectSuspect *o)
{
  g_autofree char *size = hs_format_bytes (o->retained);
  g_autofree char *acc = hs_format_bytes (o->accumulation_retained);
  g_string_append_printf (s, "Suspect %u: %s\n", number, o->description);
  g_string_append_printf (s, "Object: %s@0x%" G_GINT64_MODIFIER "x retains %s (", o->class_name, o->id, size);
  hs_format_append_percent (s, o->percent);
  g_string_append_printf (s, ") in %" G_GUINT64_FORMAT " objects\n", o->retained_count);
  g_string_append_printf (s, "Accumulation point: %s@0x%" G_GINT64_MODIFIER "x retains %s\n",
                          o->accumulation_class, o->accumulation_id, acc);
  if (o->holder.kind == HS_SUSPECT_HOLDER_STATIC)
    g_string_append_printf (s, "Held by: static field %s\n", o->holder.name);
  else if (o->holder.kind == HS_SUSPECT_HOLDER_FIELD)
    g_string_append_printf (s, "Held by: field %s\n", o->holder.name);
  else if (o->holder.kind == HS_SUSPECT_HOLDER_LOCAL)
    g_string_append_printf (s, "Held by: local variable in %s, %s\n",
                            o->holder.thread ? o->holder.thread : "a thread",
                            o->holder.frame ? o->holder.frame : "an unknown frame");
  if (o->collection != HS_OBJ_NONE)
    g_string_append_printf (s, "Collection: %s@0x%" G_GINT64_MODIFIER "x of %" G_GUINT64_FORMAT " entries\n",
                            o->collection_class, o->collection_id, o->collection_size);
  append_trace (s, "Path", o->path);
  if (o->retained_classes && o->retained_classes->len > 0)
    {
      g_string_append (s, "Retained below the accumulation point:\n");
      for (guint i = 0; i < o->retained_classes->len; i++)
        {
          const HsSuspectClass *c = &g_array_index (o->retained_classes, HsSuspectClass, i);
          g_autofree char *sz = hs_format_bytes (c->retained);
          g_string_append_printf (s, "  %12" G_GUINT64_FORMAT "  %10s  %s\n", c->count, sz, c->class_name);
          for (guint j = 0; c->below && j < c->below->len; j++)
            {
              const HsSuspectClass *b = &g_array_index (c->below, HsSuspectClass, j);
              g_autofree char *bsz = hs_format_bytes (b->retained);
              g_string_append_printf (s, "  %12" G_GUINT64_FORMAT "  %10s    under them: %s\n", b->count, bsz,
                                      b->class_name);
            }
        }
    }
  g_string_append_c (s, '\n');
}

static void
class_suspect (GString *s, guint number, const HsClassSuspect *c)
{
  g_autofree char *size = hs_format_bytes (c->retained);
  g_string_append_printf (s, "Class suspect %u: %s\n", number, c->description);
  g_string_append_printf (s, "Class: %s, %" G_GUINT64_FORMAT " objects retain %s (", c->class_name, c->count,
                          size);
  hs_format_append_percent (s, c->percent);
  g_string_append (s, ")\nBiggest:");
  for (guint i = 0; i < c->biggest_ids->len; i++)
    g_string_append_printf (s, "%s 0x%" G_GINT64_MODIFIER "x", i ? "," : "",
                            g_array_index (c->biggest_ids, guint64, i));
  g_string_append_c (s, '\n');
  if (c->threads && c->threads->len > 0)
    {
      g_string_append_printf (s, "Held in locals of %u thread frames:\n", c->n_threads);
      for (guint i = 0; i < c->threads->len && i < 10; i++)
        {
          const HsSuspectThread *t = &g_array_index (c->threads, HsSuspectThread, i);
          g_string_append_printf (s, "  %s, %s (%" G_GUINT64_FORMAT ")\n", t->name ? t->name : "?",
                                  t->frame ? t->frame : "unknown frame", t->count);
        }
      if (c->n_threads > MIN (c->threads->len, 10))
        g_string_append_printf (s, "  … %u more\n", c->n_threads - MIN (c->threads->len, 10));
    }
  if (c->common_path)
    append_trace (s, "Common path", c->common_path);
  else
    g_string_append (s, "Common path: none (the members share no object on their paths)\n");
  g_string_append_c (s, '\n');
}

char *
hs_suspects_to_text (const HsSuspects *sus)
{
  GString *s;
  g_autofree char *reach = NULL, *thr = NULL;
  g_return_val_if_fail (sus != NULL, NULL);
  s = g_string_new (NULL);
  reach = hs_format_bytes (sus->reachable_bytes);
  thr = hs_format_bytes (sus->threshold);
  g_string_append (s, "PROBLEM SUSPECTS: objects and classes retaining at least ");
  {
    char buf[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append (s, g_ascii_formatd (buf, sizeof buf, "%g", sus->percent));
  }
  g_string_append_printf (
      s, "%% of %s reachable (%" G_GUINT64_FORMAT " bytes, threshold %s = %" G_GUINT64_FORMAT " bytes)\n\n",
      reach, sus->reachable_bytes, thr, sus->threshold);
  for (guint i = 0; i < sus->objects->len; i++)
    object_suspect (s, i + 1, g_ptr_array_index (sus->objects, i));
  for (guint i = 0; i < sus->classes->len; i++)
    class_suspect (s, i + 1, g_ptr_array_index (sus->classes, i));
  if (sus->objects->len == 0 && sus->classes->len == 0)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      g_string_append_printf (s, "No suspects above %s%%.\n",
                              g_ascii_formatd (buf, sizeof buf, "%g", sus->percent));
    }
  return g_string_free (s, FALSE);
}
