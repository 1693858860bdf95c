/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-props.c: `heapscope-cli props`: the system properties, then the
 * JVM's input arguments, as the dump holds them (docs/semantics.md
 * "System properties and JVM arguments"). */
#include "config.h"

#include "hs-cli.h"
#include "hs-system-props.h"

static void
props_json (GString *out, const HsSystemProps *p)
{
  g_string_append (out, "{\"source\": ");
  hs_json_string_or_null (out, p->source);
  g_string_append (out, ",\n \"properties\": [");
  for (guint i = 0; i < p->n_props; i++)
    {
      g_string_append (out, i ? ",\n  {\"key\": " : "\n  {\"key\": ");
      hs_json_string (out, p->props[i].key);
      g_string_append (out, ", \"value\": ");
      hs_json_string (out, p->props[i].value);
      g_string_append_c (out, '}');
      hs_cli_flush_big (out);
    }
  g_string_append (out, "\n ],\n \"jvm_arguments_source\": ");
  hs_json_string_or_null (out, p->jvm_args_source);
  g_string_append (out, ",\n \"jvm_arguments\": [");
  for (guint i = 0; i < p->n_jvm_args; i++)
    {
      g_string_append (out, i ? ", " : "");
      hs_json_string (out, p->jvm_args[i]);
      hs_cli_flush_big (out);
    }
  g_string_append_printf (out, "],\n \"truncated\": %s}\n", p->truncated ? "true" : "false");
}

static void
props_text (GString *out, const HsSystemProps *p)
{
  if (p->n_props == 0)
    g_string_append (out, "No system properties in this dump.\n");
  else
    g_string_append_printf (out, "System properties (%s): %u\n", p->source, p->n_props);
  for (guint i = 0; i < p->n_props; i++)
    {
      g_autofree char *key = hs_cli_visible (p->props[i].key, -1, FALSE);
      g_autofree char *value = hs_cli_visible (p->props[i].value, -1, FALSE);
      g_string_append_printf (out, "%s=%s\n", key, value);
      hs_cli_flush_big (out);
    }
  if (p->n_jvm_args == 0)
    g_string_append (out, "\nNo JVM arguments in this dump.\n");
  else
    g_string_append_printf (out, "\nJVM arguments (%s): %u\n", p->jvm_args_source, p->n_jvm_args);
  for (guint i = 0; i < p->n_jvm_args; i++)
    {
      g_autofree char *arg = hs_cli_visible (p->jvm_args[i], -1, FALSE);
      g_string_append_printf (out, "%s\n", arg);
    }
  if (p->truncated)
    g_string_append (out, "\n(cut short: the dump holds more than is read)\n");
}

int
hs_cli_props (const HsCliOptions *o, const char *path, GError **error)
{
  if (o->csv && o->json)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "--csv and --json: choose one");
      return 2;
    }
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, FALSE, FALSE, error);
  if (a == NULL)
    return 2;
  g_autoptr (HsSystemProps) p = hs_system_props_read (a->heap);
  GString *out = g_string_new (NULL);
  if (o->csv)
    hs_system_props_append_csv (out, p);
  else if (o->json)
    props_json (out, p);
  else
    props_text (out, p);
  hs_cli_write (out);
  g_string_free (out, TRUE);
  return 0;
}
