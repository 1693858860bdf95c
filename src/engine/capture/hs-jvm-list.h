/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-jvm-list.h: the HotSpot JVMs running on this machine, found by their
 * performance data files (/tmp/hsperfdata_USER/PID, and the same under
 * /proc/PID/root/tmp for a JVM in a container), and the Java processes
 * that cannot be listed, with the reason. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct
{
  guint pid;       /* as this machine sees it */
  guint ns_pid;    /* as the JVM sees itself (differs in a container) */
  guint uid;       /* the JVM's effective user */
  char *user;      /* its name, or the number */
  char *main;      /* main class or jar; "" when the JVM does not say */
  char *args;      /* the program's arguments, "" when none */
  char *version;   /* java.version; "" when unknown */
  char *vm_args;   /* the JVM's options; "" when unknown */
  char *perf_path; /* the performance data file */
} HsJvm;

typedef struct
{
  guint pid;
  char *reason; /* why this Java process is not in the list */
} HsJvmMissing;

/* Every JVM whose performance data file can be read, by pid. missing (may
 * be NULL) receives the Java processes that could not be listed: started
 * with -XX:-UsePerfData, or owned by a user whose files we cannot read. */
GPtrArray *hs_jvm_list (GPtrArray **missing);
void hs_jvm_free (HsJvm *jvm);
void hs_jvm_missing_free (HsJvmMissing *m);

/* The Java feature version of a java.version string: "1.8.0_402" -> 8,
 * "17.0.15" -> 17; 0 when it cannot be told. */
guint hs_java_feature_version (const char *version);

/* The JVM of that pid (as hs_jvm_list lists it); NULL with error when pid
 * is no process, or no JVM we can read. */
HsJvm *hs_jvm_find (guint pid, GError **error);

/* Reads /proc/PID/status: the effective uid and the pid in the process's
 * own namespace. FALSE when there is no such process. */
gboolean hs_proc_status (guint pid, guint *uid, guint *ns_pid);

/* TRUE when pid has the HotSpot library mapped: only then may it be sent
 * SIGQUIT (which stops any other program). */
gboolean hs_proc_is_jvm (guint pid);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsJvm, hs_jvm_free)

G_END_DECLS
