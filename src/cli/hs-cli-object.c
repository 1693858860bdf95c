/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-object.c: `heapscope-cli object DUMP ID`: one object in full:
 * class, sizes, dominator, fields with their values, referrers (the first
 * 100 and the total) and the path to the nearest GC root. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs-cli.h"
#include "hs-object-path.h"

#define MAX_REFERRERS 100
#define MAX_VISITS 2000000
#define MAX_STRING 10000

static const char *
kind_name (HsKind k)
{
  switch (k)
    {
      case HS_KIND_CLASS: return "class";
      case HS_KIND_OBJ_ARRAY: return "object_array";
      case HS_KIND_PRIM_ARRAY: return "primitive_array";
      case HS_KIND_INSTANCE:
      default: return "instance";
    }
}

/* A primitive value as JSON (char as a one-character string). */
static void
append_prim_json (GString *out, const HsValue *v)
{
  switch (v->type)
    {
      case HS_TYPE_BOOLEAN: g_string_append (out, v->z ? "true" : "false"); break;
      case HS_TYPE_CHAR:
        {
          char buf[8] = { 0 };
          gunichar u = v->c;
          if (u == 0 || (u >= 0xD800 && u <= 0xDFFF))
            u = 0xFFFD;
          g_unichar_to_utf8 (u, buf);
          hs_json_string (out, buf);
          break;
        }
      case HS_TYPE_FLOAT:
      case HS_TYPE_DOUBLE:
        {
          double d = v->type == HS_TYPE_FLOAT ? v->f : v->d;
          char buf[G_ASCII_DTOSTR_BUF_SIZE];
          if (isfinite (d))
            g_string_append (out, g_ascii_dtostr (buf, sizeof buf, d));
          else
            hs_json_string (out, isnan (d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity");
          break;
        }
      case HS_TYPE_BYTE: g_string_append_printf (out, "%d", v->b); break;
      case HS_TYPE_SHORT: g_string_append_printf (out, "%d", v->s); break;
      case HS_TYPE_INT: g_string_append_printf (out, "%d", v->i); break;
      case HS_TYPE_LONG: g_string_append_printf (out, "%" G_GINT64_FORMAT, v->j); break;
      default: g_string_append (out, "null"); break;
    }
}

static void
append_prim_text (GString *out, const HsValue *v)
{
  if (v->type == HS_TYPE_CHAR)
    {
      g_string_append_c (out, '\'');
      g_string_append_unichar (out, v->c && !(v->c >= 0xD800 && v->c <= 0xDFFF) ? v->c : 0xFFFD);
      g_string_append_c (out, '\'');
    }
  else
    append_prim_json (out, v);
}

static void
append_dominator (GString *out, HsAnalysis *a, HsObj obj, gboolean json)
{
  HsObj dom = a->dom->idom[obj];
  if (dom == HS_OBJ_NONE)
    g_string_append (out, json ? "null" : "none (unreachable)");
  else if ((guint64)dom == a->dom->n)
    g_string_append (out, json ? "\"root\"" : "the GC roots");
  else if (json)
    hs_json_id (out, hs_heap_object_id (a->heap, dom));
  else
    {
      g_autofree char *label = hs_heap_object_label (a->heap, dom);
      g_string_append (out, label);
    }
}

static void
object_json (GString *out, HsAnalysis *a, HsObj obj)
{
  HsHeap *h = a->heap;
  gboolean reach = hs_heap_object_reachable (h, obj);
  HsKind kind = hs_heap_object_kind (h, obj);

  g_string_append (out, "{\"id\": ");
  hs_json_id (out, hs_heap_object_id (h, obj));
  g_string_append (out, ", \"class\": ");
  hs_json_string (out, hs_heap_object_class_name (h, obj));
  g_string_append_printf (out, ", \"kind\": \"%s\"", kind_name (kind));
  g_string_append_printf (out,
                          ", \"shallow\": %u, \"retained\": %" G_GUINT64_FORMAT
                          ", \"retained_count\": %" G_GUINT64_FORMAT ", \"reachable\": %s, \"dominator\": ",
                          hs_heap_object_shallow (h, obj), reach ? hs_dom_tree_retained (a->dom, obj) : 0,
                          reach ? (guint64)hs_dom_tree_retained_count (a->dom, obj) : 0,
                          reach ? "true" : "false");
  append_dominator (out, a, obj, TRUE);
  g_string_append (out, ", \"heap\": ");
  hs_json_string (out, hs_heap_heap_name (h, hs_heap_object_heap (h, obj)));
  guint32 depth = hs_heap_object_depth (h, obj);
  if (depth == G_MAXUINT32)
    g_string_append (out, ", \"depth\": null");
  else
    g_string_append_printf (out, ", \"depth\": %u", depth);
  g_autofree char *str = hs_heap_read_string (h, obj, MAX_STRING);
  if (str && kind == HS_KIND_INSTANCE)
    {
      g_string_append (out, ", \"string\": ");
      hs_json_string (out, str);
    }
  if (kind == HS_KIND_OBJ_ARRAY || kind == HS_KIND_PRIM_ARRAY)
    g_string_append_printf (out, ", \"length\": %u", hs_heap_array_length (h, obj));

  g_string_append (out, ",\n \"fields\": [");
  if (kind == HS_KIND_INSTANCE || kind == HS_KIND_CLASS)
    {
      g_autoptr (GArray) fields = hs_heap_object_fields (h, obj);
      for (guint i = 0; fields && i < fields->len; i++)
        {
          const HsFieldValue *f = &g_array_index (fields, HsFieldValue, i);
          g_string_append (out, i ? ",\n  {\"name\": " : "\n  {\"name\": ");
          hs_json_string (out, f->name);
          g_string_append (out, ", \"type\": ");
          hs_json_string (out, hs_type_name (f->type));
          if (f->declared_in != HS_CLASS_NONE)
            {
              g_string_append (out, ", \"declared_in\": ");
              hs_json_string (out, hs_class_name (h, f->declared_in));
            }
          g_string_append (out, ", \"value\": ");
          if (f->type != HS_TYPE_OBJECT)
            append_prim_json (out, &f->value);
          else if (f->value.id == 0)
            g_string_append (out, "null");
          else
            {
              hs_json_id (out, f->value.id);
              HsObj t = hs_heap_find (h, f->value.id);
              if (t == HS_OBJ_NONE)
                g_string_append (out, ", \"dangling\": true");
              else
                {
                  g_string_append (out, ", \"value_class\": ");
                  hs_json_string (out, hs_heap_object_class_name (h, t));
                  g_autofree char *s = hs_heap_object_kind (h, t) == HS_KIND_INSTANCE
                                           ? hs_heap_read_string (h, t, MAX_STRING)
                                           : NULL;
                  if (s)
                    {
                      g_string_append (out, ", \"string\": ");
                      hs_json_string (out, s);
                    }
                }
            }
          g_string_append (out, "}");
        }
    }
  else if (kind == HS_KIND_OBJ_ARRAY)
    {
      /* Elements are the fields of an array: the first MAX_REFERRERS. */
      guint32 len = hs_heap_array_length (h, obj);
      for (guint32 i = 0; i < len && i < MAX_REFERRERS; i++)
        {
          guint64 id = hs_heap_obj_array_get (h, obj, i);
          g_string_append_printf (
              out, "%s{\"name\": \"[%u]\", \"type\": \"Object\", \"value\": ", i ? ",\n  " : "\n  ", i);
          if (id == 0)
            g_string_append (out, "null");
          else
            hs_json_id (out, id);
          g_string_append (out, "}");
        }
    }
  g_string_append (out, "],\n \"referrers\": [");
  gsize n_ref = 0;
  const HsObj *refs = hs_heap_referrers (h, obj, &n_ref);
  for (gsize i = 0; i < n_ref && i < MAX_REFERRERS; i++)
    {
      g_string_append (out, i ? ", " : "");
      hs_json_id (out, hs_heap_object_id (h, refs[i]));
    }
  g_string_append_printf (out, "], \"referrers_total\": %" G_GSIZE_FORMAT ",\n \"root_path\": ", n_ref);
  g_autoptr (GArray) path = hs_query_root_path (h, obj, MAX_VISITS);
  if (path == NULL)
    g_string_append (out, "null");
  else
    {
      g_string_append (out, "[");
      for (guint i = 0; i < path->len; i++)
        {
          HsObj o = g_array_index (path, HsObj, i);
          g_string_append (out, i ? ",\n  {\"id\": " : "\n  {\"id\": ");
          hs_json_id (out, hs_heap_object_id (h, o));
          g_string_append (out, ", \"class\": ");
          hs_json_string (out, hs_heap_object_class_name (h, o));
          if (i + 1 < path->len)
            {
              g_autofree char *ref = hs_object_path_ref_name (h, o, g_array_index (path, HsObj, i + 1));
              g_string_append (out, ", \"reference\": ");
              if (ref)
                hs_json_string (out, ref);
              else
                g_string_append (out, "null");
            }
          g_string_append (out, "}");
        }
      g_string_append (out, "]");
    }
  g_string_append (out, "}\n");
}

static void
object_text (GString *out, HsAnalysis *a, HsObj obj)
{
  HsHeap *h = a->heap;
  gboolean reach = hs_heap_object_reachable (h, obj);
  HsKind kind = hs_heap_object_kind (h, obj);
  g_autofree char *label = hs_heap_object_label (h, obj);
  g_autofree char *desc = hs_heap_describe (h, obj);

  g_string_append_printf (out, "%s%s%s\n", label, desc ? "  " : "", desc ? desc : "");
  g_string_append_printf (out, "  class:          %s\n", hs_heap_object_class_name (h, obj));
  g_string_append_printf (out, "  shallow:        %u\n", hs_heap_object_shallow (h, obj));
  g_string_append_printf (out, "  retained:       %" G_GUINT64_FORMAT "%s\n",
                          reach ? hs_dom_tree_retained (a->dom, obj) : 0, reach ? "" : " (unreachable)");
  g_string_append_printf (out, "  retained count: %" G_GUINT64_FORMAT "\n",
                          reach ? (guint64)hs_dom_tree_retained_count (a->dom, obj) : 0);
  g_string_append (out, "  dominator:      ");
  append_dominator (out, a, obj, FALSE);
  g_string_append_printf (out, "\n  heap:           %s", hs_heap_heap_name (h, hs_heap_object_heap (h, obj)));
  guint32 depth = hs_heap_object_depth (h, obj);
  if (depth == G_MAXUINT32)
    g_string_append (out, "\n  depth:          none (unreachable)");
  else
    g_string_append_printf (out, "\n  depth:          %u", depth);
  g_string_append_c (out, '\n');
  if (kind == HS_KIND_OBJ_ARRAY || kind == HS_KIND_PRIM_ARRAY)
    g_string_append_printf (out, "  length:         %u\n", hs_heap_array_length (h, obj));

  if (kind == HS_KIND_INSTANCE || kind == HS_KIND_CLASS)
    {
      g_autoptr (GArray) fields = hs_heap_object_fields (h, obj);
      g_string_append (out, kind == HS_KIND_CLASS ? "static fields:\n" : "fields:\n");
      for (guint i = 0; fields && i < fields->len; i++)
        {
          const HsFieldValue *f = &g_array_index (fields, HsFieldValue, i);
          g_string_append_printf (out, "  %-8s %s = ", hs_type_name (f->type), f->name);
          if (f->type != HS_TYPE_OBJECT)
            append_prim_text (out, &f->value);
          else if (f->value.id == 0)
            g_string_append (out, "null");
          else
            {
              HsObj t = hs_heap_find (h, f->value.id);
              if (t == HS_OBJ_NONE)
                g_string_append_printf (out, "0x%" G_GINT64_MODIFIER "x (not in the dump)", f->value.id);
              else
                {
                  g_autofree char *tl = hs_heap_object_label (h, t);
                  g_autofree char *s = hs_heap_object_kind (h, t) == HS_KIND_INSTANCE
                                           ? hs_heap_read_string (h, t, 200)
                                           : NULL;
                  g_string_append (out, tl);
                  if (s)
                    {
                      g_autoptr (GString) q = g_string_new (NULL);
                      hs_json_string (q, s);
                      g_string_append_printf (out, " %s", q->str);
                    }
                }
            }
          g_string_append_c (out, '\n');
        }
    }
  gsize n_ref = 0;
  const HsObj *refs = hs_heap_referrers (h, obj, &n_ref);
  g_string_append_printf (out, "referrers (%" G_GSIZE_FORMAT "):\n", n_ref);
  for (gsize i = 0; i < n_ref && i < MAX_REFERRERS; i++)
    {
      g_autofree char *rl = hs_heap_object_label (h, refs[i]);
      g_string_append_printf (out, "  %s\n", rl);
    }
  if (n_ref > MAX_REFERRERS)
    g_string_append_printf (out, "  ... and %" G_GSIZE_FORMAT " more\n", n_ref - MAX_REFERRERS);
  g_autofree char *path = hs_object_path_text (h, obj, MAX_VISITS);
  g_string_append (out, "path to GC root:\n");
  if (path == NULL)
    g_string_append (out, "  none (unreachable or too far)\n");
  else
    {
      g_auto (GStrv) lines = g_strsplit (path, "\n", -1);
      for (guint i = 0; lines[i] && lines[i][0]; i++)
        g_string_append_printf (out, "  %s\n", lines[i]);
    }
}

int
hs_cli_object_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error)
{
  (void)path;
  HsObj obj = hs_cli_find_object (o, a, "object", error);
  if (obj == HS_OBJ_NONE)
    return 2;
  g_autoptr (GString) out = g_string_new (NULL);
  if (o->json)
    object_json (out, a, obj);
  else
    object_text (out, a, obj);
  hs_cli_write_raw (out);
  return 0;
}

int
hs_cli_object (const HsCliOptions *o, const char *path, GError **error)
{
  return hs_cli_object_command (o, path, "object", hs_cli_object_emit, error);
}
