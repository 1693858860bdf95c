/* SPDX-License-Identifier: GPL-3.0-or-later */
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
#include "hs-class-histogram.h"
#include "hs-csv.h"
#include "hs-format.h"
#include "hs-growth.h"
#include "hs-json.h"
#include "hs-mapping.h"
#include "hs-matchers.h"
#include "hs-query.h"
#include "hs-query-heaps.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean json;
  gint dump;
  gboolean follow_weak;
  char *sort;
  gint limit;       /* -1: no limit */
  char *limit_text; /* --limit as given: a count (limit), or cache's SIZE */
  gint top;
  char *class_name;
  char *output;
  gboolean no_timestamp;
  gboolean timings;
  gboolean android_leaks;
  char *matchers;
  gboolean quiet;
  double threshold;        /* suspects: percent of the reachable heap; 0: 10 */
  gint baseline_dump;      /* diff, report: dump N of the baseline file */
  char *baseline;          /* report: the baseline dump (--baseline) */
  const char *second_path; /* diff: the second file named; object, bitmap: the id (not owned) */
  char *mapping;           /* --mapping: ProGuard / R8 mapping.txt */
  gboolean force;          /* --force: skip the up-front memory check; capture: write over -o */
  gint timeout;            /* jvms, capture --adb: seconds an adb step may go without progress; 0: default */
  gboolean all;            /* capture: every object, not only live ones */
  gboolean gzip;           /* capture: write the dump gzip-compressed */
  gboolean keep_strings;   /* strip: leave String contents as they are */
  gboolean adb;            /* jvms, capture: an Android device's app processes, through adb */
  char *serial;            /* jvms, capture --adb: the device (adb -s) */
  char *heap_name;         /* --heap NAME: classes, dominators, objects over one heap */
  gboolean merged;         /* paths: --merged */
  char **exclude;          /* paths: --exclude CLASS.FIELD (repeated) */
  char **exclude_kind;     /* paths: --exclude-kind KIND (repeated) */
  gint max;                /* paths: --max N; -1 not given */
  char **args;             /* paths: the ids after DUMP (not owned) */
  int n_args;
  gboolean csv;         /* --csv: the table as CSV (hs-csv.h), header row first */
  gboolean unreachable; /* query: the unreachable objects too */
  char *query_file;     /* query: -f FILE, the query's text */
  char **queries;       /* --query Q (repeatable): report's OQL sections */
  gboolean incoming;    /* refs: the incoming references (default outgoing) */
  gint depth;           /* refs: --depth N, levels of references (default 1) */
  char *group;          /* classes: package, loader or superclass; dominators: class */
  gboolean list;        /* cache: --list (the default) */
  gboolean clear;       /* cache: --clear */
  gboolean no_cache;    /* --no-cache: no persistent index read or written */
  char *index_path;     /* --index FILE: the persistent index to use; index: -o */
  char **roots;         /* mcp: --root DIR (repeated), the folders whose dumps it may read */
  /* Set by a caller that is not the command line (mcp): the load's
   * progress (instead of the terminal's line), and the index written by a
   * thread of this process instead of a forked child (a server has other
   * threads running). */
  HsProgressFunc progress;
  gpointer progress_data;
  gboolean index_in_thread;
  gint min_growth;     /* growth: --min-growth N, objects a child gains per interval (default 1) */
  gint newest_objects; /* growth --json: --newest-objects N, the ids listed per node (0: none) */
  gboolean series;     /* report: --series, the dumps named are a series (the last one reported) */
} HsCliOptions;

typedef int (*HsCliCommandFunc) (const HsCliOptions *o, const char *path, GError **error);

typedef struct
{
  const char *name;
  HsCliCommandFunc run;
  const char *help;
} HsCliCommand;

/* The commands. */
int hs_cli_summary (const HsCliOptions *o, const char *path, GError **error);    /* hs-cli-summary.c */
int hs_cli_classes (const HsCliOptions *o, const char *path, GError **error);    /* hs-cli-classes.c */
int hs_cli_dominators (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-objects.c */
int hs_cli_objects (const HsCliOptions *o, const char *path, GError **error);
int hs_cli_retained_set (const HsCliOptions *o, const char *path, GError **error);
int hs_cli_leaks (const HsCliOptions *o, const char *path, GError **error);    /* hs-cli-leaks.c */
int hs_cli_report (const HsCliOptions *o, const char *path, GError **error);   /* hs-cli-report.c */
int hs_cli_analyze (const HsCliOptions *o, const char *path, GError **error);  /* hs-cli-analyze.c */
int hs_cli_suspects (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-suspects.c */
int hs_cli_waste (const HsCliOptions *o, const char *path, GError **error);    /* hs-cli-waste.c */
int hs_cli_bitmap (const HsCliOptions *o, const char *path, GError **error);   /* o->second_path: the id */
int hs_cli_threads (const HsCliOptions *o, const char *path, GError **error);  /* hs-cli-threads.c */
int hs_cli_object (const HsCliOptions *o, const char *path,
                   GError **error); /* hs-cli-object.c: o->second_path is the id */
int hs_cli_jvms (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-capture.c: path NULL */
/* path: a pid or a main class. */
int hs_cli_capture (const HsCliOptions *o, const char *path, GError **error);
int hs_cli_strip (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-strip.c */
int hs_cli_paths (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-paths.c: o->args */
int hs_cli_query (const HsCliOptions *o, const char *path,
                  GError **error); /* hs-cli-query.c: o->second_path is the query */
int hs_cli_refs (const HsCliOptions *o, const char *path,
                 GError **error); /* hs-cli-refs.c: o->second_path is the id */
int hs_cli_loaders (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-loaders.c */
int hs_cli_props (const HsCliOptions *o, const char *path, GError **error);   /* hs-cli-props.c */
int hs_cli_cache (const HsCliOptions *o, const char *path, GError **error);   /* hs-cli-cache.c: path NULL */
/* cache --limit SIZE: bytes with an optional binary unit (500M, 2G), 0,
 * or "default" (*is_default). FALSE with an error naming the option. */
gboolean hs_cli_parse_size (const char *text, guint64 *bytes, gboolean *is_default, GError **error);
/* path is the baseline; o->second_path the current dump. */
int hs_cli_diff (const HsCliOptions *o, const char *path, GError **error);  /* hs-cli-diff.c */
int hs_cli_index (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-index.c */
/* path is the oldest dump, o->args the others, oldest first. */
int hs_cli_growth (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-growth.c */
/* A series of n dumps (hs-growth.h) for growth and report --series: the
 * count and --min-growth checked (NULL with error); each dump added with
 * hs_cli_growth_add (a: its analysis, or NULL to load it with
 * hs_cli_load, freed after); hs_cli_growth_end finds the growing nodes
 * and prints the warnings unless --quiet. */
HsGrowth *hs_cli_growth_begin (const HsCliOptions *o, guint n, GError **error);
gboolean hs_cli_growth_add (const HsCliOptions *o, HsGrowth *g, const char *path, HsAnalysis *a,
                            GError **error);
gboolean hs_cli_growth_end (const HsCliOptions *o, HsGrowth *g, GError **error);
int hs_cli_mcp (const HsCliOptions *o, const char *path, GError **error); /* hs-cli-mcp.c: path NULL */

/* What the commands print from an analysis loaded already (each command
 * is its load and then this), for the commands mcp serves: the same
 * checks of the options, and the output through hs_cli_write (stdout,
 * or the text hs_cli_collect_begin gathers). path: the dump as named. */
typedef int (*HsCliEmitFunc) (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error);
int hs_cli_summary_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error);
int hs_cli_classes_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error);
int hs_cli_dominators_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error);
int hs_cli_leaks_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error);
int hs_cli_suspects_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error);
int hs_cli_waste_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error);
int hs_cli_threads_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error);
int hs_cli_object_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error);
int hs_cli_refs_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error);
int hs_cli_paths_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error);
int hs_cli_query_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error);
/* The commands on one object (object, refs: DUMP ID): the id after DUMP
 * (o->second_path, hexadecimal, hs_query_parse_id) is checked before the
 * dump is read, then the dump is loaded (dominators, no leaks) and emit
 * prints. An id that does not parse fails with an argument error saying
 * what command needs. */
int hs_cli_object_command (const HsCliOptions *o, const char *path, const char *command, HsCliEmitFunc emit,
                           GError **error);
/* For emit: the object that id names in a's heap, or HS_OBJ_NONE with an
 * argument error (the id does not parse, or no object has it). */
HsObj hs_cli_find_object (const HsCliOptions *o, HsAnalysis *a, const char *command, GError **error);
/* diff's output from the two class tables (it takes both, also on error). */
int hs_cli_diff_emit (const HsCliOptions *o, HsClassHistogram *base, HsClassHistogram *cur, GError **error);

/* Until hs_cli_collect_end, what hs_cli_write and hs_cli_write_raw print
 * on this thread is gathered instead (made visible the same way), at most
 * max bytes. hs_cli_collect_end returns it, or NULL with an error when it
 * was more than max or heap (may be NULL) changed while it was read. */
void hs_cli_collect_begin (gsize max);
char *hs_cli_collect_end (HsHeap *heap, GError **error);
/* The cancellable hs_cli_cancellable () returns on this thread instead of
 * Ctrl+C's (NULL: Ctrl+C's again), for a worker of mcp. */
void hs_cli_set_thread_cancellable (GCancellable *cancellable);

/* The analysis options the command line sets (dump, follow weak, leak
 * options, threshold); nothing skipped, no mapping. */
void hs_cli_analysis_options (const HsCliOptions *o, HsAnalysisOptions *opts);

/* --- shared helpers (hs-cli.c) ------------------------------------------ */

/* --- Ctrl+C and the progress line (hs-cli-progress.c) --- */

/* Called first in main, before any thread starts: SIGINT and SIGTERM then
 * cancel hs_cli_cancellable (), which every load is given; the engine
 * stops at its next look (every few MB while decompressing), and if it
 * has not within a second the process leaves with status 128 + the
 * signal. */
void hs_cli_catch_interrupt (void);
GCancellable *hs_cli_cancellable (void); /* hs-cli.c: or this thread's (hs_cli_set_thread_cancellable) */
GCancellable *hs_cli_interrupt_cancellable (void);
/* How long the engine may take to stop after the first signal (default
 * 900 ms): capture removes what it started (a JVM's file, adb's children
 * and the device's file), which takes longer. A second signal leaves at
 * once. */
void hs_cli_set_interrupt_grace (guint ms);
/* The exit status for rc: 128 + the signal (130 for Ctrl+C, 143 for
 * SIGTERM) for a failure after one. */
int hs_cli_exit_status (int rc);
/* The progress line on stderr ("Decompressing the file: 1.2 GB (45%)"),
 * redrawn a few times a second; NULL (none) with --quiet or when stderr is
 * not a terminal. hs_cli_progress_end clears it. */
HsProgressFunc hs_cli_progress_func (const HsCliOptions *o);
void hs_cli_progress_end (void);

/* Runs the pipeline on path with the options' dump, weak-reference and
 * leak settings (dominators and leaks only when asked for); prints the
 * dump's warning on stderr unless --quiet. */
HsAnalysis *hs_cli_load (const HsCliOptions *o, const char *path, gboolean dominators, gboolean leaks,
                         GError **error);
/* The same; find_waste: the waste pass beside the dominators
 * (HsAnalysisOptions.beside = &hs_waste_beside), for the commands that
 * show it. */
HsAnalysis *hs_cli_load_full (const HsCliOptions *o, const char *path, gboolean dominators, gboolean leaks,
                              gboolean find_waste, GError **error);
/* hs_cli_load_full with o->mapping parsed already (hs_cli_load_mapping;
 * NULL when o names none), for a command that applies one mapping to two
 * dumps. */
HsAnalysis *hs_cli_load_mapped (const HsCliOptions *o, const char *path, gboolean dominators, gboolean leaks,
                                gboolean find_waste, HsMapping *mapping, GError **error);
/* One side of a comparison: the class table of dump number dump of path,
 * read with mapping (may be NULL) and the options' weak-reference setting;
 * its analysis is freed before this returns, so the two sides are never in
 * memory together. On error, error starts with what ("baseline: "). */
HsClassHistogram *hs_cli_load_histogram (const HsCliOptions *o, const char *path, gint dump,
                                         HsMapping *mapping, const char *what, GError **error);
/* Text as it may go to a terminal: control characters (C0 but newline
 * and tab when lines is TRUE, DEL, C1, which start escape sequences) as \u00XX, the rest as
 * it is. JSON is unchanged in meaning (its strings take the same escape),
 * so every line the CLI prints goes through this; a name in a column is
 * made visible with lines FALSE first, so it cannot start a new row. */
char *hs_cli_visible (const char *s, gssize len, gboolean lines);
/* Writes out to stdout (made visible, hs_cli_visible) unless a mapped dump changed while it was open
 * (what was read from the cut part is zeros: nothing is printed; main
 * then exits 2 with "the file changed while it was open"). */
void hs_cli_write (GString *out);
/* The same without hs_cli_visible, for bytes that must stay exact (HTML). */
void hs_cli_write_raw (GString *out);
/* g_printerr through hs_cli_visible (messages quote names from the dump). */
void hs_cli_printerr (const char *format, ...) G_GNUC_PRINTF (1, 2);
/* The error main reports when a dump changed after it was loaded. */
gboolean hs_cli_check_unchanged (GError **error);
/* --mapping's file, read (NULL without the option, or on error: then
 * error is set). */
HsMapping *hs_cli_load_mapping (const HsCliOptions *o, GError **error);
/* "obfuscated_name": "a.b" when a mapping renamed class c (nothing else). */
void hs_cli_append_obfuscated (GString *out, HsHeap *heap, HsClass c);
/* Long listings go out in pieces: writes out to stdout past 1 MiB. */
void hs_cli_flush_big (GString *out);
/* Ends a listing (the closing bracket with --json), prints it, frees out. */
void hs_cli_finish_list (const HsCliOptions *o, GString *out);
/* An option that names a file to read (--matchers, --mapping): a regular
 * file of at most HS_CLI_OPTION_FILE_MAX bytes (HS_CLI_MAPPING_FILE_MAX for
 * --mapping); FALSE with an error naming the option
 * and the file otherwise (a device, a FIFO, a folder, a huge file). The
 * engine's readers (hs_option_file_read) refuse the same files, with the
 * same limits, when they read them; this is the CLI's check before any
 * dump is read (the matcher table is read only when the leak search
 * starts), with messages that name the option. */
#define HS_CLI_OPTION_FILE_MAX ((goffset)HS_MATCHERS_MAX_BYTES)
#define HS_CLI_MAPPING_FILE_MAX ((goffset)HS_MAPPING_MAX_BYTES)
gboolean hs_cli_check_option_file (const char *option, const char *path, GError **error);
/* --heap NAME: the heap's index in *heap, -1 without the option; FALSE
 * with an error naming the heaps the dump has when there is no such heap. */
gboolean hs_cli_resolve_heap (const HsCliOptions *o, HsHeap *h, int *heap, GError **error);
/* --csv: starts the table in out (its header row of n names) and csv
 * writes the rows; hs_cli_finish_list prints it. Every command with a
 * table writes it this way (hs-csv.h: numbers unformatted, ids in hex). */
void hs_cli_csv_begin (HsCsv *csv, GString *out, const char *const *names, guint n);
/* Leak instances (traces) in a list of HsLeakGroup. */
guint hs_cli_n_traces (GPtrArray *groups);

G_END_DECLS
