/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-adb.c: Android heap dumps through adb.
 *
 * `am dumpheap` returns before the app has written the file: the dump is
 * complete when the file ends with HEAP_DUMP_END (tag 0x2C, a time stamp
 * and a length of 0), which we read with `adb exec-out tail -c 9` a few
 * times a second, never with a fixed sleep. The answer of every adb call
 * is text from another machine: it is parsed, never trusted. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "hs-adb.h"
#include "hs-types.h"

#define WAIT_POLL_US (200 * 1000)
#define STALL_LIMIT_US (G_USEC_PER_SEC * 120) /* no growth for that long: give up */

static GBytes *
adb_run (const char *serial, const char *const *args, GCancellable *cancellable, GError **error)
{
  g_autofree char *adb = g_find_program_in_path ("adb");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) proc = NULL;
  g_autoptr (GBytes) out = NULL;
  g_autoptr (GBytes) err = NULL;

  if (!adb)
    {
      g_set_error (
          error, HS_ERROR, HS_ERROR_IO,
          "adb is not installed: install it (Debian: apt install adb) to take dumps of Android apps");
      return NULL;
    }
  g_ptr_array_add (argv, adb);
  if (serial)
    {
      g_ptr_array_add (argv, (char *)"-s");
      g_ptr_array_add (argv, (char *)serial);
    }
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *)args[i]);
  g_ptr_array_add (argv, NULL);
  proc = g_subprocess_newv ((const char *const *)argv->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE
                                | G_SUBPROCESS_FLAGS_STDIN_INHERIT,
                            error);
  if (!proc || !g_subprocess_communicate (proc, NULL, cancellable, &out, &err, error))
    {
      if (proc)
        g_subprocess_force_exit (proc);
      return NULL;
    }
  if (!g_subprocess_get_successful (proc))
    {
      g_autofree char *text = g_utf8_make_valid (g_bytes_get_data (err, NULL), g_bytes_get_size (err));

      g_strstrip (text);
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "adb %s failed: %s", args[0],
                   *text ? text : "no reason given");
      return NULL;
    }
  return g_steal_pointer (&out);
}

static char *
adb_text (const char *serial, const char *const *args, GCancellable *cancellable, GError **error)
{
  g_autoptr (GBytes) out = adb_run (serial, args, cancellable, error);

  return out ? g_utf8_make_valid (g_bytes_get_data (out, NULL), g_bytes_get_size (out)) : NULL;
}

GPtrArray *
hs_adb_devices (GCancellable *cancellable, GError **error)
{
  static const char *const args[] = { "devices", "-l", NULL };
  g_autofree char *text = adb_text (NULL, args, cancellable, error);
  g_auto (GStrv) lines = NULL;
  GPtrArray *devices;

  if (!text)
    return NULL;
  devices = g_ptr_array_new_with_free_func ((GDestroyNotify)hs_adb_device_free);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_auto (GStrv) f = g_strsplit_set (g_strstrip (lines[i]), " \t", -1);
      HsAdbDevice *d;
      guint k = 0;

      if (!f[0] || !*f[0] || g_str_has_prefix (lines[i], "List of devices")
          || g_str_has_prefix (lines[i], "*"))
        continue;
      d = g_new0 (HsAdbDevice, 1);
      d->serial = g_strdup (f[0]);
      d->model = g_strdup ("");
      for (guint j = 1; f[j]; j++)
        {
          if (!*f[j])
            continue;
          if (k++ == 0)
            d->state = g_strdup (f[j]);
          else if (g_str_has_prefix (f[j], "model:"))
            {
              g_free (d->model);
              d->model = g_strdup (f[j] + 6);
            }
        }
      if (!d->state)
        d->state = g_strdup ("unknown");
      g_ptr_array_add (devices, d);
    }
  return devices;
}

static gboolean
is_app_user (const char *user)
{
  /* u0_a123: an app of user 0 */
  return user[0] == 'u' && g_ascii_isdigit (user[1]) && strstr (user, "_a") != NULL;
}

GPtrArray *
hs_adb_processes (const char *serial, GCancellable *cancellable, GError **error)
{
  static const char *const args[] = { "shell", "ps", "-A", "-o", "PID,USER,NAME", NULL };
  g_autofree char *text = adb_text (serial, args, cancellable, error);
  g_auto (GStrv) lines = NULL;
  GPtrArray *procs;

  if (!text)
    return NULL;
  procs = g_ptr_array_new_with_free_func ((GDestroyNotify)hs_adb_process_free);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_auto (GStrv) f = g_strsplit_set (g_strstrip (lines[i]), " \t", 3);
      char *end;
      guint64 pid;
      HsAdbProcess *p;

      if (!f[0] || !f[1] || !f[2])
        continue;
      pid = g_ascii_strtoull (f[0], &end, 10);
      if (*end || pid == 0 || pid > G_MAXUINT || !is_app_user (f[1]))
        continue;
      p = g_new0 (HsAdbProcess, 1);
      p->pid = (guint)pid;
      p->user = g_strdup (f[1]);
      p->name = g_strdup (g_strstrip (f[2]));
      g_ptr_array_add (procs, p);
    }
  return procs;
}

static guint
device_api_level (const char *serial, GCancellable *cancellable)
{
  static const char *const args[] = { "shell", "getprop", "ro.build.version.sdk", NULL };
  g_autofree char *text = adb_text (serial, args, cancellable, NULL);

  return text ? (guint)g_ascii_strtoull (g_strstrip (text), NULL, 10) : 0;
}

/* The pid of process (a pid already, or a name that one app process has). */
static char *
resolve_pid (const char *serial, const char *process, GCancellable *cancellable, GError **error)
{
  g_autoptr (GPtrArray) procs = NULL;
  char *end;
  guint found = 0, n = 0;

  g_ascii_strtoull (process, &end, 10);
  if (*process && !*end)
    return g_strdup (process);
  procs = hs_adb_processes (serial, cancellable, error);
  if (!procs)
    return NULL;
  for (guint i = 0; i < procs->len; i++)
    {
      HsAdbProcess *p = g_ptr_array_index (procs, i);

      if (g_str_equal (p->name, process))
        {
          found = p->pid;
          n++;
        }
    }
  if (n == 1)
    return g_strdup_printf ("%u", found);
  if (n == 0)
    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "no app process named %s runs on the device", process);
  else
    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%u processes are named %s: name one by its pid", n,
                 process);
  return NULL;
}

/* TRUE once the device's file ends with HEAP_DUMP_END; *size is its size
 * when the device tells it (else 0). */
static gboolean
remote_complete (const char *serial, const char *remote, guint64 *size, GCancellable *cancellable,
                 GError **error)
{
  const char *const tail[] = { "exec-out", "tail", "-c", "9", remote, NULL };
  const char *const stat[] = { "shell", "stat", "-c", "%s", remote, NULL };
  g_autoptr (GBytes) end = adb_run (serial, tail, cancellable, error);
  g_autofree char *size_text = NULL;
  const guint8 *b;
  gsize n;

  if (!end)
    return FALSE;
  size_text = adb_text (serial, stat, cancellable, NULL);
  *size = size_text ? g_ascii_strtoull (g_strstrip (size_text), NULL, 10) : 0;
  b = g_bytes_get_data (end, &n);
  return n == 9 && b[0] == 0x2c && b[5] == 0 && b[6] == 0 && b[7] == 0 && b[8] == 0;
}

static gboolean
wait_complete (const char *serial, const char *remote, HsCaptureProgress progress, gpointer progress_data,
               GCancellable *cancellable, GError **error)
{
  gint64 last_change = g_get_monotonic_time ();
  guint64 last_size = 0;

  for (;;)
    {
      g_autoptr (GError) local = NULL;
      guint64 size = 0;

      if (remote_complete (serial, remote, &size, cancellable, &local))
        return TRUE;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      /* The file may not exist yet: tail fails; keep waiting. */
      if (size != last_size)
        {
          last_size = size;
          last_change = g_get_monotonic_time ();
        }
      if (progress)
        progress ("Writing", size, progress_data);
      if (g_get_monotonic_time () - last_change > STALL_LIMIT_US)
        {
          g_set_error (
              error, HS_ERROR, HS_ERROR_IO,
              "the app wrote nothing to %s for %d s: is it debuggable, and is there room on the device?",
              remote, (int)(STALL_LIMIT_US / G_USEC_PER_SEC));
          return FALSE;
        }
      g_usleep (WAIT_POLL_US);
    }
}

static void
remove_remote (const char *serial, const char *remote)
{
  const char *const rm[] = { "shell", "rm", "-f", remote, NULL };
  g_autoptr (GBytes) out = adb_run (serial, rm, NULL, NULL);
}

gboolean
hs_adb_dump_heap (const char *serial, const char *process, const char *dest, HsCaptureFlags flags,
                  HsCaptureProgress progress, gpointer progress_data, GCancellable *cancellable,
                  GError **error)
{
  g_autofree char *pid = NULL;
  g_autofree char *remote = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *local = NULL;
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_autoptr (GBytes) started = NULL;
  gboolean ok;
  int fd;

  if (!hs_capture_check_dest (dest, error))
    return FALSE;
  if (progress)
    progress ("Waiting for the device", 0, progress_data);
  pid = resolve_pid (serial, process, cancellable, error);
  if (!pid)
    return FALSE;
  remote = g_strdup_printf ("/data/local/tmp/heapscope-%s-%08x.hprof", pid, g_random_int ());
  g_ptr_array_add (args, (char *)"shell");
  g_ptr_array_add (args, (char *)"am");
  g_ptr_array_add (args, (char *)"dumpheap");
  if (!(flags & HS_CAPTURE_ALL))
    g_ptr_array_add (args, (char *)"-g");
  if (device_api_level (serial, cancellable) >= 35)
    {
      g_ptr_array_add (args, (char *)"-b");
      g_ptr_array_add (args, (char *)"png");
    }
  g_ptr_array_add (args, pid);
  g_ptr_array_add (args, remote);
  g_ptr_array_add (args, NULL);
  started = adb_run (serial, (const char *const *)args->pdata, cancellable, error);
  if (!started || !wait_complete (serial, remote, progress, progress_data, cancellable, error))
    {
      remove_remote (serial, remote);
      return FALSE;
    }
  dir = g_path_get_dirname (dest);
  local = g_build_filename (dir, ".hs-pull-XXXXXX", NULL);
  fd = g_mkstemp_full (local, O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      int e = errno;

      remove_remote (serial, remote);
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot create a file in %s: %s", dir, g_strerror (e));
      return FALSE;
    }
  close (fd);
  if (progress)
    progress ("Copying from the device", 0, progress_data);
  {
    const char *const pull[] = { "pull", remote, local, NULL };
    g_autoptr (GBytes) pulled = adb_run (serial, pull, cancellable, error);

    ok = pulled != NULL;
  }
  remove_remote (serial, remote);
  if (!ok)
    {
      g_unlink (local);
      return FALSE;
    }
  return hs_capture_finish_file (local, dest, (flags & HS_CAPTURE_GZIP) != 0, progress, progress_data,
                                 cancellable, error);
}

void
hs_adb_device_free (HsAdbDevice *d)
{
  if (!d)
    return;
  g_free (d->serial);
  g_free (d->state);
  g_free (d->model);
  g_free (d);
}

void
hs_adb_process_free (HsAdbProcess *p)
{
  if (!p)
    return;
  g_free (p->user);
  g_free (p->name);
  g_free (p);
}
