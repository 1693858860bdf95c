/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-json.c: the leak report, a trace and a trace's nodes as JSON
 * (the format is documented in hs-leaks.h). */
#include "config.h"

#include "hs-leaks.h"
#include "hs-leak-report-private.h"
#include "hs-json.h"

static void
json_strings (GString *out, GPtrArray *a)
{
  g_string_append_c (out, '[');
  for (guint i = 0; a && i < a->len; i++)
    {
      if (i)
        g_string_append_c (out, ',');
      hs_json_string (out, g_ptr_array_index (a, i));
    }
  g_string_append_c (out, ']');
}

/* A duration in ms, or null when unknown (negative). */
static void
json_maybe_duration (GString *out, gint64 ms)
{
  if (ms >= 0)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, ms);
  else
    g_string_append (out, "null");
}

static const char *
ref_kind_name (HsPathRefKind k)
{
  switch (k)
    {
      case HS_PATH_REF_STATIC: return "static";
      case HS_PATH_REF_ELEMENT: return "element";
      case HS_PATH_REF_LOCAL: return "local";
      default: return "field";
    }
}

void
hs_leak_trace_nodes_to_json (const HsLeakTrace *t, GString *out)
{
  const HsLeakTracePrivate *ex;
  guint n;
  g_return_if_fail (t != NULL && t->nodes != NULL && out != NULL);
  ex = t->priv;
  n = t->nodes->len;
  g_string_append_c (out, '[');
  for (guint i = 0; i < n; i++)
    {
      const HsLeakNode *node = g_ptr_array_index (t->nodes, i);
      if (i)
        g_string_append_c (out, ',');
      if (t->n_elided > 0 && i == t->elided_at)
        g_string_append_printf (out, "{\"elided\":%" G_GUINT64_FORMAT "},", t->n_elided);
      if (ex)
        {
          g_string_append (out, "{\"id\":");
          hs_json_id (out, ex->node_ids[i]);
        }
      else
        g_string_append_printf (out, "{\"id\":null,\"index\":%u", node->obj);
      g_string_append (out, ",\"class\":");
      hs_json_string_or_null (out, node->class_name);
      if (node->obfuscated_class)
        {
          g_string_append (out, ",\"obfuscated_name\":");
          hs_json_string (out, node->obfuscated_class);
        }
      g_string_append_printf (out, ",\"type\":\"%s\",\"description\":", hs_leak_node_kind (node));
      hs_json_string_or_null (out, node->description);
      g_string_append_printf (out, ",\"leaking\":\"%s\",\"reasons\":", hs_leaking_name (node->leaking));
      json_strings (out, node->reasons);
      g_string_append (out, ",\"labels\":");
      json_strings (out, ex ? ex->labels[i] : NULL);
      if (ex && ex->node_retained[i] != G_MAXUINT64)
        g_string_append_printf (
            out, ",\"retained_bytes\":%" G_GUINT64_FORMAT ",\"retained_count\":%" G_GUINT64_FORMAT,
            ex->node_retained[i], ex->node_retained_count[i]);
      g_string_append (out, ",\"reference\":");
      if (i + 1 < n)
        {
          g_autofree char *label = hs_leak_node_ref_label (node);
          g_string_append_printf (out, "{\"kind\":\"%s\",\"name\":", ref_kind_name (node->ref_kind));
          if (node->ref_kind == HS_PATH_REF_ELEMENT)
            {
              g_autofree char *idx = g_strdup_printf ("[%u]", node->ref_index);
              hs_json_string (out, idx);
            }
          else if (node->ref_kind == HS_PATH_REF_LOCAL)
            hs_json_string (out, "<Java Local>");
          else
            hs_json_string_or_null (out, node->ref_name);
          if (node->ref_kind == HS_PATH_REF_ELEMENT)
            g_string_append_printf (out, ",\"index\":%u", node->ref_index);
          else
            g_string_append (out, ",\"index\":null");
          g_string_append (out, ",\"owner\":");
          hs_json_string_or_null (out, node->ref_owner_class);
          g_string_append (out, ",\"label\":");
          hs_json_string (out, label);
          g_string_append_printf (out, ",\"suspect\":%s}", node->suspect ? "true" : "false");
        }
      else
        g_string_append (out, "null");
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');
}

static void
json_trace (GString *out, const HsLeakTrace *t)
{
  const HsLeakTracePrivate *ex = t->priv;
  g_string_append (out, "{\"gc_root\":");
  hs_json_string (out, ex ? ex->root_desc : hs_root_type_name (t->root_type));
  g_string_append (out, ",\"gc_root_type\":");
  hs_json_string (out, hs_root_type_name (t->root_type));
  g_string_append (out, ",\"gc_root_thread\":");
  hs_json_string_or_null (out, t->root_thread_name);
  g_string_append_printf (
      out, ",\"retained_bytes\":%" G_GUINT64_FORMAT ",\"retained_count\":%" G_GUINT64_FORMAT ",\"key\":",
      t->retained_bytes, t->retained_count);
  hs_json_string_or_null (out, t->key);
  g_string_append (out, ",\"description\":");
  hs_json_string_or_null (out, t->watch_description);
  g_string_append (out, ",\"retained_duration_ms\":");
  json_maybe_duration (out, t->retained_duration_ms);
  g_string_append (out, ",\"watch_duration_ms\":");
  json_maybe_duration (out, t->watch_duration_ms);
  g_string_append (out, ",\"signature\":");
  hs_json_string_or_null (out, t->signature);
  g_string_append (out, ",\"nodes\":");
  hs_leak_trace_nodes_to_json (t, out);
  g_string_append (out, ",\"also_leaking\":[");
  if (ex && ex->also_ids)
    for (guint i = 0; i < ex->also_ids->len; i++)
      {
        if (i)
          g_string_append_c (out, ',');
        hs_json_id (out, g_array_index (ex->also_ids, guint64, i));
      }
  g_string_append (out, "]}");
}

static void
json_groups (GString *out, GPtrArray *groups)
{
  g_string_append_c (out, '[');
  for (guint i = 0; groups && i < groups->len; i++)
    {
      const HsLeakGroup *g = g_ptr_array_index (groups, i);
      guint64 total = hs_leak_group_get_retained (g);
      if (i)
        g_string_append_c (out, ',');
      g_string_append (out, "{\"fingerprint\":");
      hs_json_string (out, g->fingerprint);
      g_string_append (out, ",\"description\":");
      hs_json_string_or_null (out, g->description);
      g_string_append_printf (out, ",\"library\":%s,\"pattern\":", g->library ? "true" : "false");
      hs_json_string_or_null (out, g->library_pattern);
      g_string_append_printf (out, ",\"count\":%u,\"retained_bytes\":%" G_GUINT64_FORMAT ",\"traces\":[",
                              g->traces->len, total);
      for (guint k = 0; k < g->traces->len; k++)
        {
          if (k)
            g_string_append_c (out, ',');
          json_trace (out, g_ptr_array_index (g->traces, k));
        }
      g_string_append (out, "]}");
    }
  g_string_append_c (out, ']');
}

void
hs_leak_report_to_json (const HsLeakReport *r, GString *out)
{
  g_return_if_fail (r != NULL && out != NULL);
  g_string_append (out, "{\"application_leaks\":");
  json_groups (out, r->application_leaks);
  g_string_append (out, ",\"library_leaks\":");
  json_groups (out, r->library_leaks);
  g_string_append_printf (out,
                          ",\"leaking_objects\":%" G_GUINT64_FORMAT
                          ",\"watched_references\":%" G_GUINT64_FORMAT ",\"without_path\":",
                          r->n_leaking_objects, r->n_watched);
  json_strings (out, r->unreachable_leaking);
  g_string_append_c (out, '}');
}
