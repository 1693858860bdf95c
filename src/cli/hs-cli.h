/* hs-cli.h: what heapscope-cli's commands share: the parsed options, the
 * command interface, loading a dump and a few printing helpers.
 *
 * A command is one function
 *   int hs_cli_NAME (const HsCliOptions *o, const char *path, GError **error);
 * in its own hs-cli-NAME.c (or beside its family), declared below and
 * listed in the `commands` table of heapscope-cli.c (name, function, one
 * line of help). It returns the exit status: 0, or 2 with error set. */
#pragma once

#include <stdio.h>

#include "hs-analysis.h"
#include "hs-format.h"
#include "hs-json.h"
#include "hs-query.h"

G_BEGIN_DECLS

typedef struct {
  gboolean json;
  gint dump;
  gboolean follow_weak;
  char *sort;
  gint limit;            /* -1: no limit */
  gint top;
  char *class_name;
  char *output;
  gboolean no_timestamp;
  gboolean timings;
  gboolean android_leaks;
  char *matchers;
  gboolean quiet;
  double threshold;          /* suspects: percent of the reachable heap; 0: 10 */
  gint baseline_dump;        /* diff, report: dump N of the baseline file */
  char *baseline;            /* report: the baseline dump (--baseline) */
  const char *second_path;   /* diff: the second file named; bitmap: the id (not owned) */
} HsCliOptions;

typedef int (*HsCliCommandFunc) (const HsCliOptions *o, const char *path, GError **error);

typedef struct {
  const char *name;
  HsCliCommandFunc run;
  const char *help;
} HsCliCommand;

/* The commands. */
int hs_cli_summary      (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-summary.c */
int hs_cli_classes      (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-classes.c */
int hs_cli_dominators   (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-objects.c */
int hs_cli_objects      (const HsCliOptions *o, const char *path, GError **error);
int hs_cli_retained_set (const HsCliOptions *o, const char *path, GError **error);
int hs_cli_leaks        (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-leaks.c */
int hs_cli_report       (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-report.c */
int hs_cli_analyze      (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-analyze.c */
int hs_cli_suspects     (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-suspects.c */
int hs_cli_waste       (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-waste.c */
int hs_cli_bitmap      (const HsCliOptions *o, const char *path, GError **error); /* o->second_path: the id */
int hs_cli_threads     (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-threads.c */
/* path is the baseline; o->second_path the current dump. */
int hs_cli_diff         (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-diff.c */

/* --- shared helpers (hs-cli.c) ------------------------------------------ */

/* Runs the pipeline on path with the options' dump, weak-reference and
 * leak settings (dominators and leaks only when asked for); prints the
 * dump's warning on stderr unless --quiet. */
HsAnalysis *hs_cli_load        (const HsCliOptions *o, const char *path,
                                gboolean dominators, gboolean leaks, GError **error);
/* An object or class id as a JSON string: "0x1a2b". */
void        hs_cli_append_hex  (GString *out, guint64 id);
/* Long listings go out in pieces: writes out to stdout past 1 MiB. */
void        hs_cli_flush_big   (GString *out);
/* Ends a listing (the closing bracket with --json), prints it, frees out. */
void        hs_cli_finish_list (const HsCliOptions *o, GString *out);
/* Leak instances (traces) in a list of HsLeakGroup. */
guint       hs_cli_n_traces    (GPtrArray *groups);

G_END_DECLS
