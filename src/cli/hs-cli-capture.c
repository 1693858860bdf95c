/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-capture.c: heapscope-cli jvms, the local JVMs that can be dumped,
 * and heapscope-cli capture PID|MAINCLASS -o FILE, a heap dump of one of
 * them taken through its attach mechanism (no JDK tool needed). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "hs-adb.h"
#include "hs-cli.h"
#include "hs-jvm-dump.h"
#include "hs-jvm-list.h"

static void
jvm_json (GString *out, const HsJvm *j)
{
  g_string_append_printf (out, "{\"pid\": %u, \"main\": ", j->pid);
  hs_json_string (out, j->main);
  g_string_append (out, ", \"args\": ");
  hs_json_string (out, j->args);
  g_string_append (out, ", \"user\": ");
  hs_json_string (out, j->user);
  g_string_append (out, ", \"version\": ");
  hs_json_string (out, j->version);
  g_string_append (out, "}");
}

/* jvms --adb: every device, and the app processes of the ready ones. */
static int
list_adb (const HsCliOptions *o, GError **error)
{
  g_autoptr (GPtrArray) devices = hs_adb_devices (hs_cli_cancellable (), error);
  g_autoptr (GString) out = g_string_new (NULL);

  if (!devices)
    return 2;
  if (o->json)
    g_string_append (out, "[");
  for (guint i = 0; i < devices->len; i++)
    {
      const HsAdbDevice *d = g_ptr_array_index (devices, i);
      g_autoptr (GPtrArray) procs = NULL;

      if (o->serial && !g_str_equal (o->serial, d->serial))
        continue;
      if (g_str_equal (d->state, "device"))
        procs = hs_adb_processes (d->serial, hs_cli_cancellable (), error);
      if (g_str_equal (d->state, "device") && !procs)
        return 2;
      if (o->json)
        {
          g_string_append (out, out->len > 1 ? ",\n {\"serial\": " : "{\"serial\": ");
          hs_json_string (out, d->serial);
          g_string_append (out, ", \"state\": ");
          hs_json_string (out, d->state);
          g_string_append (out, ", \"model\": ");
          hs_json_string (out, d->model);
          g_string_append (out, ", \"processes\": [");
        }
      else
        {
          g_autofree char *serial = hs_cli_visible (d->serial, -1, FALSE);
          g_autofree char *state = hs_cli_visible (d->state, -1, FALSE);
          g_autofree char *model = hs_cli_visible (d->model, -1, FALSE);

          g_string_append_printf (out, "%s%s (%s)%s%s\n", out->len ? "\n" : "", serial, state,
                                  *model ? " " : "", model);
        }
      for (guint j = 0; procs && j < procs->len; j++)
        {
          const HsAdbProcess *p = g_ptr_array_index (procs, j);

          if (o->json)
            {
              g_string_append_printf (out, "%s{\"pid\": %u, \"user\": ", j ? ", " : "", p->pid);
              hs_json_string (out, p->user);
              g_string_append (out, ", \"name\": ");
              hs_json_string (out, p->name);
              g_string_append (out, "}");
            }
          else
            {
              g_autofree char *user = hs_cli_visible (p->user, -1, FALSE);
              g_autofree char *name = hs_cli_visible (p->name, -1, FALSE);

              g_string_append_printf (out, "  %-8u %-10s %s\n", p->pid, user, name);
            }
        }
      if (o->json)
        g_string_append (out, "]}");
    }
  if (o->json)
    g_string_append (out, "]\n");
  hs_cli_write (out);
  return 0;
}

int
hs_cli_jvms (const HsCliOptions *o, const char *path, GError **error)
{
  hs_adb_set_timeout ((guint)o->timeout);
  if (o->adb)
    return list_adb (o, error);
  g_autoptr (GPtrArray) missing = NULL;
  g_autoptr (GPtrArray) jvms = hs_jvm_list (&missing);
  g_autoptr (GString) out = g_string_new (NULL);

  if (o->json)
    {
      g_string_append (out, "[");
      for (guint i = 0; i < jvms->len; i++)
        {
          g_string_append (out, i ? ",\n " : "");
          jvm_json (out, g_ptr_array_index (jvms, i));
        }
      g_string_append (out, "]\n");
    }
  else
    {
      g_string_append_printf (out, "%-8s %-10s %-8s %s\n", "PID", "USER", "JAVA", "MAIN ARGS");
      for (guint i = 0; i < jvms->len; i++)
        {
          const HsJvm *j = g_ptr_array_index (jvms, i);
          g_autofree char *main = hs_cli_visible (j->main, -1, FALSE);
          g_autofree char *args = hs_cli_visible (j->args, -1, FALSE);
          g_autofree char *user = hs_cli_visible (j->user, -1, FALSE);
          g_autofree char *version = hs_cli_visible (*j->version ? j->version : "?", -1, FALSE);

          g_string_append_printf (out, "%-8u %-10s %-8s %s%s%s\n", j->pid, user, version, main,
                                  *args ? " " : "", args);
        }
    }
  hs_cli_write (out);
  for (guint i = 0; missing && !o->quiet && i < missing->len; i++)
    {
      const HsJvmMissing *m = g_ptr_array_index (missing, i);

      hs_cli_printerr ("heapscope-cli: Java process %u is not listed: %s\n", m->pid, m->reason);
    }
  return 0;
}

/* PID, or a main class (com.example.Main or Main) or jar that names
 * exactly one listed JVM. */
static HsJvm *
resolve_target (const char *what, GError **error)
{
  g_autoptr (GPtrArray) jvms = NULL;
  g_autoptr (GString) pids = g_string_new (NULL);
  HsJvm *found = NULL;
  char *end;
  guint64 pid = g_ascii_strtoull (what, &end, 10);
  guint n = 0;

  if (*what && !*end)
    return pid > 0 && pid <= G_MAXUINT
               ? hs_jvm_find ((guint)pid, error)
               : (g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "no process %s", what), NULL);
  jvms = hs_jvm_list (NULL);
  for (guint i = 0; i < jvms->len; i++)
    {
      HsJvm *j = g_ptr_array_index (jvms, i);
      const char *dot = strrchr (j->main, '.');
      g_autofree char *base = g_path_get_basename (j->main);

      if (g_str_equal (j->main, what) || (dot && g_str_equal (dot + 1, what)) || g_str_equal (base, what))
        {
          g_string_append_printf (pids, "%s%u", n ? ", " : "", j->pid);
          found = j;
          n++;
        }
    }
  if (n == 1)
    return hs_jvm_find (found->pid, error);
  if (n == 0)
    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                 "no running JVM has the main class or jar %s (see: heapscope-cli jvms)", what);
  else
    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%u JVMs run %s (%s): name one by its pid", n, what,
                 pids->str);
  return NULL;
}

/* Ctrl+C, SIGTERM: hs_cli_cancellable () is cancelled (hs-cli-progress.c)
 * and the engine removes what it started before it returns: the JVM's
 * file once the JVM has created it, adb's children (killed), the device's
 * file, the temporary files beside -o. That takes longer than an
 * analysis's stop: CLEANUP_GRACE_MS, then the process leaves anyway. */
#define CLEANUP_GRACE_MS (60 * 1000)

static void
print_progress (const char *phase, guint64 bytes, gpointer data)
{
  const HsCliOptions *o = data;
  g_autofree char *size = NULL;

  if (o->quiet)
    return;
  size = g_format_size (bytes);
  if (bytes)
    g_printerr ("\r%s: %s   ", phase, size);
  else
    g_printerr ("\r%s...   ", phase);
}

int
hs_cli_capture (const HsCliOptions *o, const char *what, GError **error)
{
  g_autoptr (HsJvm) jvm = NULL;
  GCancellable *cancellable = hs_cli_cancellable ();
  HsCaptureFlags flags = (o->all ? HS_CAPTURE_ALL : HS_CAPTURE_LIVE) | (o->gzip ? HS_CAPTURE_GZIP : 0);
  gboolean ok;
  GStatBuf st;

  if (!o->output)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "capture needs -o FILE: where to write the dump");
      return 2;
    }
  /* As cp -i would ask: a dump is not written over another file by
   * accident (hs_capture_check_dest refuses what is not a regular file,
   * --force or not). */
  if (!o->force && g_lstat (o->output, &st) == 0 && S_ISREG (st.st_mode))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "%s exists: name another file, or add --force to write over it", o->output);
      return 2;
    }
  if (!o->adb && !(jvm = resolve_target (what, error)))
    return 2;
  hs_adb_set_timeout ((guint)o->timeout);
  hs_cli_set_interrupt_grace (CLEANUP_GRACE_MS);
  if (o->adb)
    ok = hs_adb_dump_heap (o->serial, what, o->output, flags, print_progress, (gpointer)o, cancellable,
                           error);
  else
    ok = hs_jvm_dump_heap (jvm, o->output, flags, print_progress, (gpointer)o, cancellable, error);
  if (!o->quiet)
    g_printerr ("\n");
  if (!ok)
    return 2;
  if (!o->quiet && g_stat (o->output, &st) == 0)
    {
      g_autofree char *size = g_format_size ((guint64)st.st_size);

      if (jvm)
        hs_cli_printerr ("heapscope-cli: wrote %s (%s) from JVM %u (%s)\n", o->output, size, jvm->pid,
                         *jvm->main ? jvm->main : "no main class");
      else
        hs_cli_printerr ("heapscope-cli: wrote %s (%s) from %s on the device\n", o->output, size, what);
    }
  return 0;
}
