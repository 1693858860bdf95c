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
 * command's output, up to the end of the stream.
 *
 * /tmp is everybody's: another user may listen on /tmp/.java_pidPID
 * before the JVM does, or leave a link there to another JVM's socket. So
 * every connection is checked on the socket itself, once connected
 * (SO_PEERCRED, which no path can swap): the process listening must be
 * the JVM of that pid, running as the JVM's user; nothing is sent to any
 * other. Every wait is bounded: connecting and sending (IO_TIMEOUT_S),
 * the first sign of the command's work (its answer, or the file it
 * writes: FIRST_SIGN_S) and then each stretch without progress
 * (STALL_S). */
#define _GNU_SOURCE /* struct ucred, SO_PEERCRED */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "hs-jvm-attach.h"
#include "hs-types.h"

#define ANSWER_MAX_BYTES (16 * 1024 * 1024)
#define POLL_MS 200
#define IO_TIMEOUT_S 10 /* connect, send, the answer to getversion */
#define FIRST_SIGN_S 60 /* the command's answer or the first bytes of its file (a full GC first) */
#define STALL_S 120     /* no answer and the file not growing */
#define CLEANUP_S 30    /* after a cancel: how long to wait for the JVM to create its file */

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

/* Creates the trigger file, as the JDK does: in the JVM's working folder,
 * else in its /tmp. The JVM only believes a file of its own user (or
 * root's): one we create is given to it, one already there is used only
 * when it is a regular file of the JVM's user (anything else, a FIFO
 * above all, is never opened). Returns its path, or NULL. */
static char *
create_trigger (const HsJvm *jvm)
{
  const char *dirs[] = { "cwd", "root/tmp" };

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      char *path = g_strdup_printf ("/proc/%u/%s/.attach_pid%u", jvm->pid, dirs[i], jvm->ns_pid);
      int fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0660);
      struct stat st;

      if (fd >= 0)
        {
          if (geteuid () == 0 && jvm->uid != 0 && fchown (fd, jvm->uid, (gid_t)-1) != 0)
            g_debug ("attach: could not give %s to uid %u: %s", path, jvm->uid, g_strerror (errno));
          if (fstat (fd, &st) == 0 && (st.st_uid == jvm->uid || st.st_uid == 0))
            {
              close (fd);
              return path;
            }
          /* A file system that does not keep owners: the JVM would not
           * believe it. */
          close (fd);
          unlink (path);
        }
      else if (errno == EEXIST && lstat (path, &st) == 0 && S_ISREG (st.st_mode) && st.st_uid == jvm->uid)
        return path;
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
  if (fd >= 0)
    {
      /* Bounds connect (a listener that never accepts, its queue full)
       * and every send. */
      struct timeval tv = { .tv_sec = IO_TIMEOUT_S };

      setsockopt (fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    }
  if (fd < 0 || connect (fd, (struct sockaddr *)&addr, sizeof addr) != 0)
    {
      int e = errno;

      if (fd >= 0)
        close (fd);
      if (e == EAGAIN || e == EWOULDBLOCK)
        g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s did not take the connection within %d s", sock,
                     IO_TIMEOUT_S);
      else
        g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot connect to %s: %s", sock, g_strerror (e));
      return -1;
    }
  return fd;
}

/* Who listens on the other end of fd: the JVM itself, as its user (and
 * ours, unless we are root). Asked of the connected socket, never of a
 * path. */
static gboolean
check_peer (int fd, const HsJvm *jvm, const char *sock, GError **error)
{
  struct ucred cred = { 0 };
  socklen_t len = sizeof cred;
  guint uid = G_MAXUINT, ns_pid;

  if (getsockopt (fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 || len != sizeof cred)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot tell who listens on %s: %s", sock,
                   g_strerror (errno));
      return FALSE;
    }
  /* The JVM's user now (it may have changed since it was listed). */
  if (!hs_proc_status (jvm->pid, &uid, &ns_pid))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "JVM %u has ended", jvm->pid);
      return FALSE;
    }
  if ((guint)cred.uid != uid || (guint)cred.uid != jvm->uid || (geteuid () != 0 && cred.uid != geteuid ()))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO,
                   "refusing the attach socket %s: it belongs to uid %u, not to JVM %u's user (%s, uid %u); "
                   "another user may be listening in the JVM's place",
                   sock, (guint)cred.uid, jvm->pid, jvm->user, jvm->uid);
      return FALSE;
    }
  if (cred.pid <= 0 || (guint)cred.pid != jvm->pid)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO,
                   "refusing the attach socket %s: it is process %d's, not JVM %u's (a link to another "
                   "JVM's socket?)",
                   sock, (int)cred.pid, jvm->pid);
      return FALSE;
    }
  return TRUE;
}

static gboolean
write_all (int fd, const char *data, gsize len, GError **error)
{
  while (len > 0)
    {
      ssize_t n = send (fd, data, len, MSG_NOSIGNAL);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        {
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "the JVM did not take the request within %d s",
                       IO_TIMEOUT_S);
          return FALSE;
        }
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

/* What one request waits for: the answer, and meanwhile the file the
 * command writes (NULL: none), whose growth is the JVM's progress. */
typedef struct
{
  const HsJvm *jvm;
  const char *sock;
  const char *output; /* as seen from here */
  gint64 first_us;    /* at most this long before the first sign of work */
  HsAttachTick tick;
  gpointer tick_data;
} Wait;

static gint64
file_size (const char *path)
{
  struct stat st;

  return path && stat (path, &st) == 0 ? (gint64)st.st_size : -1;
}

/* After a cancel the JVM goes on with the command it read: the file it
 * writes is removed as soon as it exists (the JVM writes on into the
 * unlinked file, whose room comes back when it closes it), or when the
 * JVM answers without one, or after CLEANUP_S. */
static void
remove_output_after_cancel (int fd, const Wait *w)
{
  gint64 deadline = g_get_monotonic_time () + CLEANUP_S * G_USEC_PER_SEC;
  char buf[512];

  while (g_get_monotonic_time () < deadline)
    {
      struct pollfd p = { .fd = fd, .events = POLLIN };
      int r = poll (&p, 1, 20);

      if (unlink (w->output) == 0 || errno != ENOENT)
        return;
      if (r > 0 && read (fd, buf, sizeof buf) <= 0)
        {
          unlink (w->output); /* answered: created or not, it is there now */
          return;
        }
    }
}

/* Reads the answer to its end, ticking while the JVM works. */
static GString *
read_answer (int fd, const Wait *w, GCancellable *cancellable, GError **error)
{
  g_autoptr (GString) answer = g_string_new (NULL);
  gint64 last_progress = g_get_monotonic_time ();
  gint64 last_size = -1;
  char buf[8192];

  for (;;)
    {
      struct pollfd p = { .fd = fd, .events = POLLIN };
      int r = poll (&p, 1, POLL_MS);
      gint64 now = g_get_monotonic_time (), size;
      ssize_t n;

      if (g_cancellable_is_cancelled (cancellable))
        {
          if (w->output)
            remove_output_after_cancel (fd, w);
          g_cancellable_set_error_if_cancelled (cancellable, error);
          return NULL;
        }
      if (r == 0)
        {
          size = file_size (w->output);
          if (size != last_size)
            {
              last_size = size;
              last_progress = now;
            }
          else if (now - last_progress > (size <= 0 ? w->first_us : STALL_S * G_USEC_PER_SEC))
            {
              /* The request waits in the socket: a JVM that goes on
               * writes the file after all (one begun is removed by the
               * caller). */
              g_autofree char *later
                  = w->output && size < 0
                        ? g_strdup_printf ("; if it goes on, it writes %s: remove that file then", w->output)
                        : g_strdup ("");

              if (size <= 0)
                g_set_error (error, HS_ERROR, HS_ERROR_IO,
                             "JVM %u did not answer within %d s (is it stopped or hung?)%s", w->jvm->pid,
                             (int)(w->first_us / G_USEC_PER_SEC), later);
              else
                g_set_error (error, HS_ERROR, HS_ERROR_IO,
                             "JVM %u did not answer, and its file did not grow, for %d s (is it stopped "
                             "or hung?)",
                             w->jvm->pid, STALL_S);
              return NULL;
            }
          if (w->tick)
            w->tick (w->tick_data);
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
      last_progress = now;
    }
}

/* Sends one request (its NUL-separated bytes) to the JVM's own socket and
 * reads the answer. */
static GString *
request (const Wait *w, const GString *req, GCancellable *cancellable, GError **error)
{
  int fd = connect_to (w->sock, error);
  GString *answer = NULL;

  if (fd < 0)
    return NULL;
  if (check_peer (fd, w->jvm, w->sock, error) && write_all (fd, req->str, req->len, error))
    answer = read_answer (fd, w, cancellable, error);
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

/* The protocol the JVM offers: 2 when it answers "getversion" with it.
 * Protocol 2 came with JDK 24: an older JVM (by its performance data,
 * read only from its own user's folder) is not asked. 0 with error when
 * the JVM does not answer. */
static guint
protocol_version (const HsJvm *jvm, const char *sock, GCancellable *cancellable, GError **error)
{
  guint feature = hs_java_feature_version (jvm->version);
  Wait w = { jvm, sock, NULL, IO_TIMEOUT_S * G_USEC_PER_SEC, NULL, NULL };
  g_autoptr (GString) req = NULL;
  g_autoptr (GString) answer = NULL;

  if (feature != 0 && feature < 24)
    return 1;
  req = request_v1 ("getversion", "");
  answer = request (&w, req, cancellable, error);
  if (!answer)
    return 0;
  return g_str_has_prefix (answer->str, "0\n2") ? 2 : 1;
}

char *
hs_jvm_attach_jcmd (const HsJvm *jvm, const char *command, const char *output, guint timeout_ms,
                    HsAttachTick tick, gpointer tick_data, GCancellable *cancellable, GError **error)
{
  g_autofree char *sock = socket_path (jvm);
  g_autoptr (GString) req = NULL;
  g_autoptr (GString) answer = NULL;
  Wait w = { jvm, sock, output, FIRST_SIGN_S * G_USEC_PER_SEC, tick, tick_data };
  const char *newline;
  guint version;

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
  version = protocol_version (jvm, sock, cancellable, error);
  if (version == 0)
    return NULL;
  req = version == 2 ? request_v2 ("jcmd", command) : request_v1 ("jcmd", command);
  answer = request (&w, req, cancellable, error);
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
