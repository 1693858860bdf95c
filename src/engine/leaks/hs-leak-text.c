/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-text.c: a trace in LeakCanary's text form (┬───, │ GC Root:, ├─,
 * ↓, ~~~, ╰→) and the reference labels it uses. */
#include "config.h"

#include "hs-leaks.h"
#include "hs-leak-report-private.h"

/* Reference label split in the part before the name and the name itself,
 * so the name can be underlined. */
static void
ref_label_parts (const HsLeakNode *node, GString *prefix, GString *name)
{
  const char *owner
      = hs_format_simple_name (node->ref_owner_class ? node->ref_owner_class : node->class_name);
  switch (node->ref_kind)
    {
      case HS_PATH_REF_STATIC:
        g_string_append_printf (prefix, "static %s.", owner);
        g_string_append (name, node->ref_name ? node->ref_name : "");
        break;
      case HS_PATH_REF_FIELD:
        g_string_append_printf (prefix, "%s.", owner);
        g_string_append (name, node->ref_name ? node->ref_name : "");
        break;
      case HS_PATH_REF_ELEMENT:
        g_string_append_printf (prefix, "%s.", owner);
        g_string_append_printf (name, "[%u]", node->ref_index);
        break;
      case HS_PATH_REF_LOCAL: g_string_append (name, "<Java Local>"); break;
    }
}

char *
hs_leak_node_ref_label (const HsLeakNode *node)
{
  GString *p = g_string_new (NULL), *n = g_string_new (NULL);
  g_return_val_if_fail (node != NULL, NULL);
  ref_label_parts (node, p, n);
  g_string_append_len (p, n->str, n->len);
  g_string_free (n, TRUE);
  return g_string_free (p, FALSE);
}

#define ZWSP "\xe2\x80\x8b"

char *
hs_leak_trace_to_text (const HsLeakTrace *trace)
{
  GString *s;
  const HsLeakTracePrivate *ex;
  guint n;

  g_return_val_if_fail (trace != NULL && trace->nodes != NULL, NULL);
  ex = trace->priv;
  n = trace->nodes->len;
  s = g_string_new ("┬───\n");
  g_string_append_printf (s, "│ GC Root: %s\n", ex ? ex->root_desc : hs_root_type_name (trace->root_type));
  g_string_append (s, "│\n");
  for (guint i = 0; i < n; i++)
    {
      const HsLeakNode *node = g_ptr_array_index (trace->nodes, i);
      gboolean last = i + 1 == n;
      const char *pre = last ? ZWSP "     " : "│    ";
      if (trace->n_elided > 0 && i == trace->elided_at)
        {
          g_autofree char *count = hs_format_grouped (trace->n_elided);
          g_string_append_printf (s, "├─ … %s more\n", count);
        }
      g_string_append_printf (s, "%s%s %s\n", last ? "╰→ " : "├─ ", node->class_name ? node->class_name : "?",
                              hs_leak_node_kind (node));
      g_string_append_printf (s, "%sLeaking: %s", pre, hs_leaking_name (node->leaking));
      if (node->reasons && node->reasons->len > 0)
        {
          g_string_append (s, " (");
          for (guint r = 0; r < node->reasons->len; r++)
            {
              if (r)
                g_string_append (s, " and ");
              g_string_append (s, g_ptr_array_index (node->reasons, r));
            }
          g_string_append (s, ")");
        }
      g_string_append_c (s, '\n');
      if (ex && ex->labels[i])
        for (guint l = 0; l < ex->labels[i]->len; l++)
          g_string_append_printf (s, "%s%s\n", pre, (char *)g_ptr_array_index (ex->labels[i], l));
      if (node->description
          && !(node->class_name && ex && ex->labels[i] && ex->labels[i]->len > 0
               && g_str_has_prefix (g_ptr_array_index (ex->labels[i], 0), "Thread name")))
        g_string_append_printf (s, "%s%s\n", pre, node->description);
      if (last)
        {
          if (trace->key)
            g_string_append_printf (s, "%skey = %s\n", pre, trace->key);
          if (trace->watch_duration_ms >= 0)
            g_string_append_printf (s, "%swatchDurationMillis = %" G_GINT64_FORMAT "\n", pre,
                                    trace->watch_duration_ms);
          if (trace->retained_duration_ms >= 0)
            g_string_append_printf (s, "%sretainedDurationMillis = %" G_GINT64_FORMAT "\n", pre,
                                    trace->retained_duration_ms);
        }
      if (last || (ex && ex->node_retained[i] != G_MAXUINT64))
        {
          guint64 bytes = last ? trace->retained_bytes : ex->node_retained[i];
          guint64 count = last ? trace->retained_count : ex->node_retained_count[i];
          g_autofree char *sz = hs_format_bytes (bytes);
          g_string_append_printf (s, "%sRetaining %s in %" G_GUINT64_FORMAT " objects\n", pre, sz, count);
        }
      if (last && ex && ex->also_desc)
        for (guint a = 0; a < ex->also_desc->len; a++)
          g_string_append_printf (s, "%sAlso retains leaking object %s\n", pre,
                                  (char *)g_ptr_array_index (ex->also_desc, a));
      if (!last)
        {
          GString *p = g_string_new ("    ↓ "), *nm = g_string_new (NULL);
          ref_label_parts (node, p, nm);
          g_string_append_printf (s, "│%s%s\n", p->str, nm->str);
          if (node->suspect)
            {
              glong width = g_utf8_strlen (p->str, -1);
              glong under = MAX (g_utf8_strlen (nm->str, -1), 1);
              g_string_append (s, "│");
              for (glong k = 0; k < width; k++)
                g_string_append_c (s, ' ');
              for (glong k = 0; k < under; k++)
                g_string_append_c (s, '~');
              g_string_append_c (s, '\n');
            }
          g_string_free (p, TRUE);
          g_string_free (nm, TRUE);
        }
    }
  /* No trailing newline: callers print traces with their own separators. */
  if (s->len > 0 && s->str[s->len - 1] == '\n')
    g_string_truncate (s, s->len - 1);
  return g_string_free (s, FALSE);
}
