/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-jvm-attach.c: HotSpot's attach mechanism on Linux.
 *
 * A JVM listens on the Unix socket /tmp/.java_pidPID (its own /tmp and its
 * own pid, seen from here through /proc/PID/root) once its attach listener
 * runs. To start it: create .attach_pidPID in the JVM's working directory
 * (or its /tmp), owned by the JVM's user, and send SIGQUIT; the JVM sees
 * the file and opens the socket instead of printing a thread dump. SIGQUIT
 * stops any other program, so it is only sent to a process that has
 * libjvm.so mapped.
 *
 * A request is NUL-separated text. Protocol 1: "1", the command and
 * exactly three arguments. Protocol 2 (JDK 24 and later, offered in answer
 * to "getversion"): "2", the size of the rest, the command and its
 * arguments. The answer is a status line ("0" for success) and the
 * command's output, up to the end of the stream. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "hs-jvm-attach.h"
#include "hs-types.h"

#define ANSWER_MAX_BYTES (16 * 1024 * 1024)
#define POLL_MS 200

static char *
socket_path (const HsJvm *jvm)
{
  return g_strdup_printf ("/proc/%u/root/tmp/.java_pid%u", jvm->pid, jvm->ns_pid);
}

static gboolean
is_socket (const char *path)
{
  struct stat st;

  return stat (path, &st) == 0 && S_ISSOCK (st.st_mode);
}

/* Creates the trigger file; returns its path, or NULL. */
static char *
create_trigger (const HsJvm *jvm)
{
  const char *dirs[] = { "cwd", "root/tmp" };

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      char *path = g_strdup_printf ("/proc/%u/%s/.attach_pid%u", jvm->pid, dirs[i], jvm->ns_pid);
      int fd = open (path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0660);

      if (fd >= 0)
        {
          /* The JVM only believes a file of its own user (or root's). */
          if (geteuid () == 0 && jvm->uid != 0 && fchown (fd, jvm->uid, (gid_t)-1) != 0)
            g_debug ("attach: could not give %s to uid %u: %s", path, jvm->uid, g_strerror (errno));
          close (fd);
          return path;
        }
      g_free (path);
    }
  return NULL;
}

static gboolean
cmdline_has (guint pid, const char *option)
{
  g_autofree char *path = g_strdup_printf ("/proc/%u/cmdline", pid);
  g_autofree char *text = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, &text, &len, NULL))
    return FALSE;
  for (gsize at = 0; at < len; at += strlen (text + at) + 1)
    if (g_str_equal (text + at, option))
      return TRUE;
  return FALSE;
}

static gboolean
start_listener (const HsJvm *jvm, const char *sock, guint timeout_ms, HsAttachTick tick, gpointer tick_data,
                GCancellable *cancellable, GError **error)
{
  g_autofree char *trigger = NULL;
  gint64 deadline;
  gboolean up = FALSE;

  if (is_socket (sock))
    return TRUE;
  if (!hs_proc_is_jvm (jvm->pid))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "process %u is not a Java virtual machine", jvm->pid);
      return FALSE;
    }
  trigger = create_trigger (jvm);
  if (!trigger)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO,
                   "cannot ask JVM %u to attach: neither its working directory nor its /tmp is writable",
                   jvm->pid);
      return FALSE;
    }
  if (kill ((pid_t)jvm->pid, SIGQUIT) != 0)
    {
      int e = errno;

      unlink (trigger);
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot signal JVM %u: %s", jvm->pid, g_strerror (e));
      return FALSE;
    }
  deadline = g_get_monotonic_time () + (gint64)timeout_ms * 1000;
  for (guint i = 0; !(up = is_socket (sock)) && g_get_monotonic_time () < deadline
                    && !g_cancellable_is_cancelled (cancellable);
       i++)
    {
      g_usleep (20 * 1000);
      if (tick && i % 10 == 9)
        tick (tick_data);
    }
  unlink (trigger);
  if (up)
    return TRUE;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (cmdline_has (jvm->pid, "-XX:+DisableAttachMechanism"))
    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                 "JVM %u was started with -XX:+DisableAttachMechanism: it refuses to be attached to; "
                 "start it without that option, or dump it with -XX:+HeapDumpOnOutOfMemoryError",
                 jvm->pid);
  else
    g_set_error (error, HS_ERROR, HS_ERROR_IO, "JVM %u did not answer within %u s (is it stopped or hung?)",
                 jvm->pid, timeout_ms / 1000);
  return FALSE;
}

static int
connect_to (const char *sock, GError **error)
{
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  int fd;

  if (strlen (sock) >= sizeof addr.sun_path)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "socket path too long: %s", sock);
      return -1;
    }
  strcpy (addr.sun_path, sock);
  fd = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0 || connect (fd, (struct sockaddr *)&addr, sizeof addr) != 0)
    {
      int e = errno;

      if (fd >= 0)
        close (fd);
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot connect to %s: %s", sock, g_strerror (e));
      return -1;
    }
  return fd;
}

static gboolean
write_all (int fd, const char *data, gsize len, GError **error)
{
  while (len > 0)
    {
      ssize_t n = send (fd, data, len, MSG_NOSIGNAL);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot send to the JVM: %s", g_strerror (errno));
          return FALSE;
        }
      data += n;
      len -= (gsize)n;
    }
  return TRUE;
}

/* Reads the answer to its end, ticking while the JVM works. */
static GString *
read_answer (int fd, HsAttachTick tick, gpointer tick_data, GCancellable *cancellable, GError **error)
{
  g_autoptr (GString) answer = g_string_new (NULL);
  char buf[8192];

  for (;;)
    {
      struct pollfd p = { .fd = fd, .events = POLLIN };
      int r = poll (&p, 1, POLL_MS);
      ssize_t n;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      if (r == 0)
        {
          if (tick)
            tick (tick_data);
          continue;
        }
      if (r < 0 && errno == EINTR)
        continue;
      n = read (fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "reading the JVM's answer: %s", g_strerror (errno));
          return NULL;
        }
      if (n == 0)
        return g_steal_pointer (&answer);
      if (answer->len + (gsize)n > ANSWER_MAX_BYTES)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "the JVM's answer is over %d MiB",
                       ANSWER_MAX_BYTES / (1024 * 1024));
          return NULL;
        }
      g_string_append_len (answer, buf, n);
    }
}

/* Sends one request (its NUL-separated bytes) and reads the answer. */
static GString *
request (const char *sock, const GString *req, HsAttachTick tick, gpointer tick_data,
         GCancellable *cancellable, GError **error)
{
  int fd = connect_to (sock, error);
  GString *answer;

  if (fd < 0)
    return NULL;
  answer = write_all (fd, req->str, req->len, error) ? read_answer (fd, tick, tick_data, cancellable, error)
                                                     : NULL;
  close (fd);
  return answer;
}

static void
append_field (GString *req, const char *s)
{
  g_string_append_len (req, s, (gssize)strlen (s) + 1);
}

static GString *
request_v1 (const char *command, const char *arg)
{
  GString *req = g_string_new (NULL);

  append_field (req, "1");
  append_field (req, command);
  append_field (req, arg);
  append_field (req, "");
  append_field (req, "");
  return req;
}

static GString *
request_v2 (const char *command, const char *arg)
{
  g_autoptr (GString) body = g_string_new (NULL);
  GString *req = g_string_new (NULL);
  g_autofree char *size = NULL;

  append_field (body, command);
  append_field (body, arg);
  size = g_strdup_printf ("%" G_GSIZE_FORMAT, body->len);
  append_field (req, "2");
  append_field (req, size);
  g_string_append_len (req, body->str, body->len);
  return req;
}

/* The protocol the JVM offers: 2 when it answers "getversion" with it. */
static guint
protocol_version (const char *sock, GCancellable *cancellable)
{
  g_autoptr (GString) req = request_v1 ("getversion", "");
  g_autoptr (GString) answer = request (sock, req, NULL, NULL, cancellable, NULL);

  return answer && g_str_has_prefix (answer->str, "0\n2") ? 2 : 1;
}

char *
hs_jvm_attach_jcmd (const HsJvm *jvm, const char *command, guint timeout_ms, HsAttachTick tick,
                    gpointer tick_data, GCancellable *cancellable, GError **error)
{
  g_autofree char *sock = socket_path (jvm);
  g_autoptr (GString) req = NULL;
  g_autoptr (GString) answer = NULL;
  const char *newline;

  if (geteuid () != 0 && geteuid () != jvm->uid)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "JVM %u runs as %s, and only its own user may attach to it: run as %s "
                   "(sudo -u %s heapscope-cli capture %u)",
                   jvm->pid, jvm->user, jvm->user, jvm->user, jvm->pid);
      return NULL;
    }
  if (!start_listener (jvm, sock, timeout_ms, tick, tick_data, cancellable, error))
    return NULL;
  req = protocol_version (sock, cancellable) == 2 ? request_v2 ("jcmd", command)
                                                  : request_v1 ("jcmd", command);
  answer = request (sock, req, tick, tick_data, cancellable, error);
  if (!answer)
    return NULL;
  newline = strchr (answer->str, '\n');
  if (!g_str_has_prefix (answer->str, "0") || (newline && newline != answer->str + 1))
    {
      g_autofree char *text = g_utf8_make_valid (answer->str, answer->len);

      g_strstrip (text);
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "JVM %u refused the command: %s", jvm->pid, text);
      return NULL;
    }
  return g_utf8_make_valid (newline ? newline + 1 : "", -1);
}
