/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-jvm-list.c: local JVMs by their performance data files.
 *
 * A JVM writes /tmp/hsperfdata_USER/PID as long as it runs (unless
 * -XX:-UsePerfData). A JVM in a container writes it in its own /tmp under
 * the pid it sees itself as (the last NSpid of /proc/PID/status), which
 * we read through /proc/PID/root. Java processes that have no readable
 * file are reported with the reason.
 *
 * /tmp is everybody's: anyone may make a folder hsperfdata_SOMEONE there
 * holding a file, a FIFO or a link named after another user's JVM. A file
 * is believed only in a folder owned by the JVM's user, itself a regular
 * file of that user (both checked on the opened descriptors, the file
 * opened without following a link and without blocking), of at most
 * PERF_MAX_BYTES. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hs-jvm-list.h"
#include "hs-perfdata.h"
#include "hs-types.h"

#define PERF_MAX_BYTES (4 * 1024 * 1024)

gboolean
hs_proc_status (guint pid, guint *uid, guint *ns_pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%u/status", pid);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return FALSE;
  *uid = G_MAXUINT;
  *ns_pid = pid;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      if (g_str_has_prefix (lines[i], "Uid:"))
        {
          g_auto (GStrv) f = g_strsplit_set (lines[i] + 4, " \t", -1);
          guint k = 0;

          /* real, effective, saved, filesystem: the second number */
          for (guint j = 0; f[j]; j++)
            if (*f[j] && ++k == 2)
              *uid = (guint)strtoul (f[j], NULL, 10);
        }
      else if (g_str_has_prefix (lines[i], "NSpid:"))
        {
          g_auto (GStrv) f = g_strsplit_set (lines[i] + 6, " \t", -1);

          for (guint j = 0; f[j]; j++)
            if (*f[j])
              *ns_pid = (guint)strtoul (f[j], NULL, 10);
        }
    }
  return *uid != G_MAXUINT;
}

static char *
user_name (guint uid)
{
  struct passwd pw, *res = NULL;
  char buf[1024];

  if (getpwuid_r (uid, &pw, buf, sizeof buf, &res) == 0 && res)
    return g_strdup (res->pw_name);
  return g_strdup_printf ("%u", uid);
}

/* "com.example.Main a b" -> main "com.example.Main", args "a b". */
static void
split_command (const char *command, char **main, char **args)
{
  const char *space = command ? strchr (command, ' ') : NULL;

  if (!command)
    {
      *main = g_strdup ("");
      *args = g_strdup ("");
      return;
    }
  *main = space ? g_strndup (command, space - command) : g_strdup (command);
  *args = g_strdup (space ? space + 1 : "");
}

gboolean
hs_proc_is_jvm (guint pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%u/maps", pid);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInputStream) in = g_file_read (file, NULL, NULL);
  g_autoptr (GDataInputStream) lines = NULL;
  char *line;

  if (!in)
    return FALSE;
  lines = g_data_input_stream_new (G_INPUT_STREAM (in));
  while ((line = g_data_input_stream_read_line (lines, NULL, NULL, NULL)))
    {
      gboolean jvm = g_str_has_suffix (line, "/libjvm.so");

      g_free (line);
      if (jvm)
        return TRUE;
    }
  return FALSE;
}

/* The contents of name (a number) in the folder dirfd, when it is a
 * regular file of uid of a plausible size; NULL otherwise. Never blocks
 * (a FIFO opens without a writer and is refused by its type). */
static GBytes *
perf_read_at (int dirfd, const char *name, guint uid)
{
  int fd = openat (dirfd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY);
  struct stat st;
  guint8 *buf = NULL;
  gsize got = 0;

  if (fd < 0)
    return NULL;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_uid != uid || st.st_size <= 0
      || st.st_size > PERF_MAX_BYTES)
    {
      close (fd);
      return NULL;
    }
  buf = g_malloc ((gsize)st.st_size);
  while (got < (gsize)st.st_size)
    {
      ssize_t n = read (fd, buf + got, (gsize)st.st_size - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      got += (gsize)n;
    }
  close (fd);
  return g_bytes_new_take (buf, got);
}

/* The performance data of pid, looked for in its own /tmp (through
 * /proc/PID/root, which is our / for a process not in a container), in a
 * folder hsperfdata_* of the JVM's user. *path_out: where it was read. */
static GBytes *
perf_find (guint pid, guint uid, guint ns_pid, char **path_out)
{
  g_autofree char *tmp = g_strdup_printf ("/proc/%u/root/tmp", pid);
  g_autofree char *file = g_strdup_printf ("%u", ns_pid);
  g_autoptr (GDir) dir = g_dir_open (tmp, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *folder = NULL;
      GBytes *bytes;
      struct stat st;
      int dirfd;

      if (!g_str_has_prefix (name, "hsperfdata_"))
        continue;
      folder = g_build_filename (tmp, name, NULL);
      dirfd = open (folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (dirfd < 0)
        continue;
      bytes = fstat (dirfd, &st) == 0 && st.st_uid == uid ? perf_read_at (dirfd, file, uid) : NULL;
      close (dirfd);
      if (bytes)
        {
          *path_out = g_build_filename (folder, file, NULL);
          return bytes;
        }
    }
  return NULL;
}

static HsJvm *
jvm_read (guint pid, guint uid, guint ns_pid)
{
  g_autofree char *perf_path = NULL;
  g_autoptr (GBytes) bytes = perf_find (pid, uid, ns_pid, &perf_path);
  gsize len = 0;
  const guint8 *data = bytes ? g_bytes_get_data (bytes, &len) : NULL;
  HsPerfData perf;
  HsJvm *jvm;

  if (!bytes || !hs_perfdata_parse (data, len, &perf, NULL))
    return NULL;
  jvm = g_new0 (HsJvm, 1);
  jvm->pid = pid;
  jvm->ns_pid = ns_pid;
  jvm->uid = uid;
  jvm->user = user_name (uid);
  split_command (perf.command, &jvm->main, &jvm->args);
  jvm->version = g_strdup (perf.version ? perf.version : "");
  jvm->vm_args = g_strdup (perf.vm_args ? perf.vm_args : "");
  jvm->perf_path = g_steal_pointer (&perf_path);
  hs_perfdata_clear (&perf);
  return jvm;
}

static char *
proc_cmdline (guint pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%u/cmdline", pid);
  char *text = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, &text, &len, NULL))
    return NULL;
  for (gsize i = 0; i + 1 < len; i++)
    if (text[i] == '\0')
      text[i] = ' ';
  return text;
}

static gboolean
looks_like_java (const char *cmdline)
{
  const char *space;
  g_autofree char *argv0 = NULL;
  g_autofree char *base = NULL;

  if (!cmdline || !*cmdline)
    return FALSE;
  space = strchr (cmdline, ' ');
  argv0 = space ? g_strndup (cmdline, space - cmdline) : g_strdup (cmdline);
  base = g_path_get_basename (argv0);
  return g_str_equal (base, "java") || g_str_equal (base, "javaw");
}

static char *
missing_reason (guint pid, guint uid, const char *cmdline)
{
  g_autofree char *user = user_name (uid);

  if (strstr (cmdline, "-XX:-UsePerfData"))
    return g_strdup ("started with -XX:-UsePerfData: it writes no performance data to be listed by");
  if (uid != geteuid () && geteuid () != 0)
    return g_strdup_printf ("runs as %s: run Heapscope as %s to see it", user, user);
  return g_strdup ("its performance data file cannot be read");
}

static gint
jvm_compare (gconstpointer a, gconstpointer b)
{
  const HsJvm *x = *(HsJvm *const *)a, *y = *(HsJvm *const *)b;

  return x->pid < y->pid ? -1 : x->pid > y->pid;
}

GPtrArray *
hs_jvm_list (GPtrArray **missing)
{
  GPtrArray *jvms = g_ptr_array_new_with_free_func ((GDestroyNotify)hs_jvm_free);
  g_autoptr (GDir) proc = g_dir_open ("/proc", 0, NULL);
  const char *name;

  if (missing)
    *missing = g_ptr_array_new_with_free_func ((GDestroyNotify)hs_jvm_missing_free);
  while (proc && (name = g_dir_read_name (proc)))
    {
      g_autofree char *cmdline = NULL;
      char *end;
      guint64 v = g_ascii_strtoull (name, &end, 10);
      guint pid, uid, ns_pid;
      HsJvm *jvm = NULL;

      if (*end || v == 0 || v > G_MAXUINT)
        continue;
      pid = (guint)v;
      if (pid == (guint)getpid () || !hs_proc_status (pid, &uid, &ns_pid))
        continue;
      /* SIGQUIT is only ever sent to a process with libjvm.so mapped. */
      jvm = jvm_read (pid, uid, ns_pid);
      if (jvm && !hs_proc_is_jvm (pid))
        g_clear_pointer (&jvm, hs_jvm_free);
      if (jvm)
        {
          g_ptr_array_add (jvms, jvm);
          continue;
        }
      cmdline = proc_cmdline (pid);
      if (missing && looks_like_java (cmdline))
        {
          HsJvmMissing *m = g_new0 (HsJvmMissing, 1);

          m->pid = pid;
          m->reason = missing_reason (pid, uid, cmdline);
          g_ptr_array_add (*missing, m);
        }
    }
  g_ptr_array_sort (jvms, jvm_compare);
  return jvms;
}

guint
hs_java_feature_version (const char *version)
{
  guint64 v;

  if (!version || !g_ascii_isdigit (*version))
    return 0;
  if (g_str_has_prefix (version, "1."))
    version += 2;
  v = g_ascii_strtoull (version, NULL, 10);
  return v > 1000 ? 0 : (guint)v;
}

HsJvm *
hs_jvm_find (guint pid, GError **error)
{
  g_autofree char *cmdline = NULL;
  guint uid, ns_pid;
  HsJvm *jvm;

  if (!hs_proc_status (pid, &uid, &ns_pid))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "no process %u", pid);
      return NULL;
    }
  jvm = hs_proc_is_jvm (pid) ? jvm_read (pid, uid, ns_pid) : NULL;
  if (jvm)
    return jvm;
  cmdline = proc_cmdline (pid);
  if (looks_like_java (cmdline) || hs_proc_is_jvm (pid))
    {
      g_autofree char *reason = missing_reason (pid, uid, cmdline);

      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "process %u is a Java process that cannot be dumped: %s", pid, reason);
    }
  else
    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "process %u is not a Java virtual machine (%s)", pid,
                 cmdline && *cmdline ? cmdline : "no command line");
  return NULL;
}

void
hs_jvm_free (HsJvm *jvm)
{
  if (!jvm)
    return;
  g_free (jvm->user);
  g_free (jvm->main);
  g_free (jvm->args);
  g_free (jvm->version);
  g_free (jvm->vm_args);
  g_free (jvm->perf_path);
  g_free (jvm);
}

void
hs_jvm_missing_free (HsJvmMissing *m)
{
  if (!m)
    return;
  g_free (m->reason);
  g_free (m);
}
