/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-adb.c: Android heap dumps through adb.
 *
 * `am dumpheap` returns before the app has written the file: the dump is
 * complete when the file ends with HEAP_DUMP_END (tag 0x2C, a time stamp
 * and a length of 0), which we read with `adb exec-out tail -c 9` a few
 * times a second, never with a fixed sleep. The answer of every adb call
 * is text from another machine: it is parsed, never trusted.
 *
 * A device (or adb) may hang or lie: every call's output is bounded
 * (OUTPUT_MAX_BYTES), every call is killed when it makes no progress (no
 * output, no growth of the file it writes) for the step timeout
 * (hs_adb_set_timeout), the dump must be complete within STEPS_IN_ALL
 * steps however it grows, and the pulled file must have the device's size
 * and end as a complete HPROF file. A cancel kills the running call. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include <pthread.h>

#include "hs-adb.h"
#include "hs-types.h"

#define WAIT_POLL_US (200 * 1000)
#define DEFAULT_TIMEOUT_S 60
#define STEPS_IN_ALL 10                    /* the dump complete and pulled within 10 steps */
#define OUTPUT_MAX_BYTES (4 * 1024 * 1024) /* `ps -A` of a phone: about 100 KB */
#define ERRORS_MAX_BYTES (64 * 1024)

static gint timeout_s; /* 0: DEFAULT_TIMEOUT_S */

void
hs_adb_set_timeout (guint seconds)
{
  g_atomic_int_set (&timeout_s, (gint)MIN (seconds, 24 * 3600u));
}

static gint64
step_us (void)
{
  gint s = g_atomic_int_get (&timeout_s);

  return (gint64)(s > 0 ? s : DEFAULT_TIMEOUT_S) * G_USEC_PER_SEC;
}

/* "shell am dumpheap" of "shell am dumpheap -g 4242 /data/...": the
 * command without its options and paths, for messages. */
static char *
call_name (const char *const *args)
{
  GString *name = g_string_new (NULL);

  for (guint i = 0; args[i] && i < 3; i++)
    {
      if (args[i][0] == '-' || args[i][0] == '/' || g_ascii_isdigit (args[i][0]))
        break;
      g_string_append_printf (name, "%s%s", i ? " " : "", args[i]);
    }
  return g_string_free (name, FALSE);
}

/* In the child, before exec: the CLI blocks SIGINT and SIGTERM in every
 * thread (they are taken by one thread); adb gets them as usual. */
static void
child_setup (gpointer data)
{
  sigset_t set;

  sigemptyset (&set);
  pthread_sigmask (SIG_SETMASK, &set, NULL);
}

static void
kill_child (GPid pid)
{
  kill (pid, SIGKILL);
  while (waitpid (pid, NULL, 0) < 0 && errno == EINTR)
    ;
}

/* Appends what fd has to buf (up to max bytes in all, the rest read and
 * dropped); FALSE at its end. *over: more than max came. */
static gboolean
drain (int fd, GByteArray *buf, gsize max, gboolean *over)
{
  guint8 chunk[65536];
  ssize_t n = read (fd, chunk, sizeof chunk);

  if (n < 0 && (errno == EINTR || errno == EAGAIN))
    return TRUE;
  if (n <= 0)
    return FALSE;
  if (buf->len + (gsize)n > max)
    *over = TRUE;
  else
    g_byte_array_append (buf, chunk, (guint)n);
  return TRUE;
}

/* Runs adb with args and returns its output; watch (NULL: none) is the
 * local file the call writes, whose growth is progress; then the call
 * ends within STEPS_IN_ALL steps however it grows. */
static GBytes *
adb_call (const char *serial, const char *const *args, const char *watch, GCancellable *cancellable,
          GError **error)
{
  g_autofree char *adb = g_find_program_in_path ("adb");
  g_autofree char *name = call_name (args);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GByteArray) out = g_byte_array_new ();
  g_autoptr (GByteArray) err = g_byte_array_new ();
  gint64 step = step_us (), last_progress = g_get_monotonic_time ();
  gint64 deadline = watch ? last_progress + STEPS_IN_ALL * step : G_MAXINT64;
  gint64 last_size = -1;
  gboolean out_open = TRUE, err_open = TRUE, over = FALSE, err_over = FALSE;
  GPollFD cancel_fd = { .fd = -1 };
  int out_fd = -1, err_fd = -1, status = 0;
  GPid pid = 0;

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
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  if (!g_spawn_async_with_pipes (NULL, (char **)argv->pdata, NULL,
                                 G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_CLOEXEC_PIPES, child_setup, NULL, &pid,
                                 NULL, &out_fd, &err_fd, error))
    return NULL;
  if (cancellable && g_cancellable_make_pollfd (cancellable, &cancel_fd))
    cancel_fd.events = G_IO_IN;
  while (out_open || err_open)
    {
      struct pollfd p[3] = { { .fd = out_open ? out_fd : -1, .events = POLLIN },
                             { .fd = err_open ? err_fd : -1, .events = POLLIN },
                             { .fd = cancel_fd.fd, .events = POLLIN } };
      gint64 now, size;
      int r = poll (p, 3, 200);
      gsize before = out->len + err->len;

      if (g_cancellable_is_cancelled (cancellable))
        break;
      if (r > 0 && out_open && (p[0].revents & (POLLIN | POLLHUP | POLLERR)))
        out_open = drain (out_fd, out, OUTPUT_MAX_BYTES, &over);
      if (r > 0 && err_open && (p[1].revents & (POLLIN | POLLHUP | POLLERR)))
        err_open = drain (err_fd, err, ERRORS_MAX_BYTES, &err_over);
      if (over)
        break;
      now = g_get_monotonic_time ();
      size = -1;
      if (watch)
        {
          struct stat st;

          size = stat (watch, &st) == 0 ? (gint64)st.st_size : -1;
        }
      if (out->len + err->len != before || size != last_size || r > 0)
        last_progress = now;
      last_size = size;
      if (now - last_progress > step || now > deadline)
        break;
    }
  /* Both pipes closed: adb is leaving; it has one more step to do so. */
  for (gint64 until = g_get_monotonic_time () + step; !over && !out_open && !err_open;)
    {
      int w = waitpid (pid, &status, WNOHANG);

      if (w == pid)
        {
          pid = 0;
          break;
        }
      if ((w < 0 && errno != EINTR) || g_cancellable_is_cancelled (cancellable)
          || g_get_monotonic_time () > until)
        break;
      g_usleep (10 * 1000);
    }
  if (pid)
    kill_child (pid);
  close (out_fd);
  close (err_fd);
  if (cancel_fd.fd >= 0)
    g_cancellable_release_fd (cancellable);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  if (over)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "adb %s printed over %d MiB: not what a device answers",
                   name, OUTPUT_MAX_BYTES / (1024 * 1024));
      return NULL;
    }
  if (pid && g_get_monotonic_time () > deadline)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, "adb %s did not end within %d s", name,
                   (int)(STEPS_IN_ALL * step / G_USEC_PER_SEC));
      return NULL;
    }
  if (pid)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                   "adb %s did not answer within %d s (is the device hung?)", name,
                   (int)(step / G_USEC_PER_SEC));
      return NULL;
    }
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      g_autofree char *text = g_utf8_make_valid ((const char *)err->data, err->len);

      g_strstrip (text);
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "adb %s failed: %s", name, *text ? text : "no reason given");
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

static GBytes *
adb_run (const char *serial, const char *const *args, GCancellable *cancellable, GError **error)
{
  return adb_call (serial, args, NULL, cancellable, error);
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

/* Waits until the device's file is complete; *size: its size then (0
 * when the device does not tell). */
static gboolean
wait_complete (const char *serial, const char *remote, guint64 *size, HsCaptureProgress progress,
               gpointer progress_data, GCancellable *cancellable, GError **error)
{
  gint64 step = step_us ();
  gint64 start = g_get_monotonic_time (), last_change = start;
  guint64 last_size = 0;

  for (;;)
    {
      g_autoptr (GError) local = NULL;
      gint64 now;

      *size = 0;
      if (remote_complete (serial, remote, size, cancellable, &local))
        return TRUE;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      /* A call that hangs is not "the file may not exist yet". */
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      /* The file may not exist yet: tail fails; keep waiting. */
      now = g_get_monotonic_time ();
      if (*size != last_size)
        {
          last_size = *size;
          last_change = now;
        }
      if (progress)
        progress ("Writing", *size, progress_data);
      if (now - last_change > step)
        {
          g_set_error (
              error, HS_ERROR, HS_ERROR_IO,
              "the app wrote nothing to %s for %d s: is it debuggable, and is there room on the device?",
              remote, (int)(step / G_USEC_PER_SEC));
          return FALSE;
        }
      /* However it grows (a byte a poll would never stall). */
      if (now - start > STEPS_IN_ALL * step)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_IO,
                       "the dump %s was not complete after %d s (%" G_GUINT64_FORMAT
                       " bytes so far): the app is not writing a heap dump as it should",
                       remote, (int)(STEPS_IN_ALL * step / G_USEC_PER_SEC), *size);
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

/* The pulled file: the device's size (when it told it), HPROF's header
 * and the HEAP_DUMP_END record last. */
static gboolean
check_pulled (const char *local, guint64 remote_size, GError **error)
{
  static const guint8 end_record[9] = { 0x2c, 0, 0, 0, 0, 0, 0, 0, 0 };
  int fd = open (local, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  char head[12] = { 0 };
  guint8 tail[9] = { 0 };
  struct stat st;
  gboolean ok;

  if (fd < 0 || fstat (fd, &st) != 0)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "adb pull wrote no file: %s", g_strerror (errno));
      if (fd >= 0)
        close (fd);
      return FALSE;
    }
  if (remote_size && (guint64)st.st_size != remote_size)
    {
      close (fd);
      g_set_error (error, HS_ERROR, HS_ERROR_IO,
                   "adb pull: pulled %" G_GUINT64_FORMAT " bytes of %" G_GUINT64_FORMAT
                   ": the copy is cut short",
                   (guint64)st.st_size, remote_size);
      return FALSE;
    }
  ok = st.st_size >= 12 + 9 && pread (fd, head, sizeof head, 0) == sizeof head
       && pread (fd, tail, sizeof tail, st.st_size - 9) == sizeof tail
       && memcmp (head, "JAVA PROFILE", 12) == 0 && tail[0] == end_record[0]
       && memcmp (tail + 5, end_record + 5, 4) == 0;
  close (fd);
  if (!ok)
    g_set_error (error, HS_ERROR, HS_ERROR_IO,
                 "adb pull: the file pulled (%" G_GUINT64_FORMAT
                 " bytes) is not a complete heap dump (no HPROF header, or no HEAP_DUMP_END last)",
                 (guint64)st.st_size);
  return ok;
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
  guint64 remote_size = 0;
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
  if (!started || !wait_complete (serial, remote, &remote_size, progress, progress_data, cancellable, error))
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
    g_autoptr (GBytes) pulled = adb_call (serial, pull, local, cancellable, error);

    ok = pulled != NULL && check_pulled (local, remote_size, error);
  }
  if (!ok)
    g_unlink (local);
  remove_remote (serial, remote);
  if (!ok)
    return FALSE;
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
