/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-suspects-json.c: problem suspects as JSON (format in hs-suspects.h),
 * the paths written as the nodes of leaks --json. */
#include "config.h"

#include "hs-suspects.h"
#include "hs-json.h"

/* "class" and, when a mapping renamed the class, "obfuscated_name" (as
 * the nodes of leaks --json have it). */
static void
append_class (GString *out, const char *class_name, const char *obfuscated_name)
{
  g_string_append (out, "\"class\":");
  hs_json_string (out, class_name);
  if (obfuscated_name)
    {
      g_string_append (out, ",\"obfuscated_name\":");
      hs_json_string (out, obfuscated_name);
    }
}

static void
append_path (GString *out, const HsLeakTrace *t)
{
  if (t)
    hs_leak_trace_nodes_to_json (t, out);
  else
    g_string_append (out, "null");
}

static void
append_maybe_string (GString *out, const char *v)
{
  if (v)
    hs_json_string (out, v);
  else
    g_string_append (out, "null");
}

static void
append_holder (GString *out, const HsSuspectHolder *h)
{
  static const char *const kinds[] = { NULL, "static", "local", "field" };
  if (h->kind == HS_SUSPECT_HOLDER_NONE)
    {
      g_string_append (out, "null");
      return;
    }
  g_string_append_printf (out, "{\"kind\":\"%s\",\"name\":", kinds[h->kind]);
  append_maybe_string (out, h->name);
  g_string_append (out, ",\"thread\":");
  append_maybe_string (out, h->thread);
  if (h->kind == HS_SUSPECT_HOLDER_LOCAL)
    {
      g_string_append (out, ",\"frame\":");
      append_maybe_string (out, h->frame);
    }
  g_string_append_c (out, '}');
}

static void
append_classes (GString *out, const GArray *rows)
{
  g_string_append_c (out, '[');
  for (guint i = 0; rows && i < rows->len; i++)
    {
      const HsSuspectClass *c = &g_array_index (rows, HsSuspectClass, i);
      g_string_append (out, i ? ",{" : "{");
      append_class (out, c->class_name, c->obfuscated_name);
      g_string_append_printf (out, ",\"count\":%" G_GUINT64_FORMAT ",\"retained\":%" G_GUINT64_FORMAT,
                              c->count, c->retained);
      if (c->below)
        {
          g_string_append (out, ",\"below\":");
          append_classes (out, c->below);
        }
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');
}

static void
object_suspect (GString *out, const HsObjectSuspect *s)
{
  g_string_append (out, "{\"id\":");
  hs_json_id (out, s->id);
  g_string_append_c (out, ',');
  append_class (out, s->class_name, s->obfuscated_name);
  g_string_append_printf (
      out, ",\"retained\":%" G_GUINT64_FORMAT ",\"retained_count\":%" G_GUINT64_FORMAT ",\"percent\":",
      s->retained, s->retained_count);
  hs_json_percent (out, s->percent);
  g_string_append (out, ",\"description\":");
  hs_json_string (out, s->description);
  g_string_append (out, ",\"holder\":");
  append_holder (out, &s->holder);
  g_string_append (out, ",\"collection\":");
  if (s->collection != HS_OBJ_NONE)
    {
      g_string_append (out, "{\"id\":");
      hs_json_id (out, s->collection_id);
      g_string_append (out, ",\"class\":");
      hs_json_string (out, s->collection_class);
      g_string_append_printf (out, ",\"size\":%" G_GUINT64_FORMAT "}", s->collection_size);
    }
  else
    g_string_append (out, "null");
  g_string_append (out, ",\"accumulation\":{\"id\":");
  hs_json_id (out, s->accumulation_id);
  g_string_append_c (out, ',');
  append_class (out, s->accumulation_class, s->accumulation_obfuscated_name);
  g_string_append_printf (out, ",\"retained\":%" G_GUINT64_FORMAT "},\"path\":", s->accumulation_retained);
  append_path (out, s->path);
  g_string_append (out, ",\"retained_classes\":");
  append_classes (out, s->retained_classes);
  g_string_append_c (out, '}');
}

static void
class_suspect (GString *out, const HsClassSuspect *s)
{
  g_string_append_c (out, '{');
  append_class (out, s->class_name, s->obfuscated_name);
  g_string_append_printf (
      out, ",\"count\":%" G_GUINT64_FORMAT ",\"retained\":%" G_GUINT64_FORMAT ",\"percent\":", s->count,
      s->retained);
  hs_json_percent (out, s->percent);
  g_string_append (out, ",\"description\":");
  hs_json_string (out, s->description);
  g_string_append (out, ",\"biggest\":[");
  for (guint i = 0; i < s->biggest_ids->len; i++)
    {
      if (i)
        g_string_append_c (out, ',');
      hs_json_id (out, g_array_index (s->biggest_ids, guint64, i));
    }
  g_string_append (out, "],\"common_path\":");
  append_path (out, s->common_path);
  g_string_append (out, ",\"threads\":[");
  for (guint i = 0; s->threads && i < s->threads->len; i++)
    {
      const HsSuspectThread *t = &g_array_index (s->threads, HsSuspectThread, i);
      g_string_append (out, i ? ",{\"name\":" : "{\"name\":");
      append_maybe_string (out, t->name);
      g_string_append (out, ",\"frame\":");
      append_maybe_string (out, t->frame);
      g_string_append_printf (out, ",\"count\":%" G_GUINT64_FORMAT "}", t->count);
    }
  g_string_append_printf (out, "],\"threads_total\":%u}", s->n_threads);
}

void
hs_suspects_to_json (const HsSuspects *s, GString *out)
{
  g_return_if_fail (s != NULL && out != NULL);
  g_string_append_printf (
      out, "{\"threshold\":%" G_GUINT64_FORMAT ",\"reachable_bytes\":%" G_GUINT64_FORMAT ",\"objects\":[",
      s->threshold, s->reachable_bytes);
  for (guint i = 0; i < s->objects->len; i++)
    {
      if (i)
        g_string_append_c (out, ',');
      object_suspect (out, g_ptr_array_index (s->objects, i));
    }
  g_string_append (out, "],\"classes\":[");
  for (guint i = 0; i < s->classes->len; i++)
    {
      if (i)
        g_string_append_c (out, ',');
      class_suspect (out, g_ptr_array_index (s->classes, i));
    }
  g_string_append (out, "]}");
}
