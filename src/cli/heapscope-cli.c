/* SPDX-License-Identifier: GPL-3.0-or-later */
/* heapscope-cli: the engine, headless. This file holds main: the option
 * table, the command table, dispatch and usage. Each command lives in its
 * own hs-cli-*.c (see hs-cli.h); adding one is its file and a row below. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <math.h>

#include "hs-cli.h"
#include "hs-memory-check.h"

static void
print_notice (const char *notice, gpointer data)
{
  (void)data;
  g_printerr ("heapscope-cli: %s\n", notice);
}

static const HsCliCommand commands[] = {
  { "summary", hs_cli_summary, "format, object counts, GC roots, reachable and unreachable bytes" },
  { "classes", hs_cli_classes, "one row per class: count, reachable, shallow, retained" },
  { "dominators", hs_cli_dominators, "the biggest objects by retained size (--top N)" },
  { "objects", hs_cli_objects, "the instances of --class NAME, largest retained first" },
  { "retained-set", hs_cli_retained_set,
    "DUMP (--class NAME | --query Q | ID...): the precise retained size of a set of objects" },
  { "suspects", hs_cli_suspects,
    "problem suspects: what holds the memory and the path to it (--threshold P)" },
  { "leaks", hs_cli_leaks, "leak traces, LeakCanary style (--json for data)" },
  { "report", hs_cli_report, "write the HTML leak report (-o FILE)" },
  { "analyze", hs_cli_analyze, "run the whole pipeline (--timings: per phase, peak RSS)" },
  { "waste", hs_cli_waste,
    "wasted memory: duplicate strings, collections, arrays, boxes, bitmaps (--limit N)" },
  { "bitmap", hs_cli_bitmap, "DUMP ID -o FILE: write one android.graphics.Bitmap as PNG (- for stdout)" },
  { "threads", hs_cli_threads,
    "every thread like jstack: its stack, the locals of each frame (--json for data)" },
  { "object", hs_cli_object, "DUMP ID: one object: sizes, dominator, fields, referrers, path to a GC root" },
  { "refs", hs_cli_refs,
    "DUMP ID: the object's outgoing references as a tree (--incoming: what refers to it; --depth N)" },
  { "paths", hs_cli_paths,
    "DUMP (--class NAME | --query Q | ID...): why objects are alive: merged paths to GC roots" },
  { "query", hs_cli_query, "DUMP QUERY: an Eclipse MAT OQL query (-f FILE; --csv, --json, --limit N)" },
  { "diff", hs_cli_diff, "BASELINE DUMP: what grew, class by class (--sort growth|count|shallow|retained)" },
  { "growth", hs_cli_growth,
    "DUMP1 DUMP2 [DUMP3...]: what keeps growing over a series of dumps, by path (--min-growth N)" },
  { "jvms", hs_cli_jvms, "the Java virtual machines running here that capture can dump (no DUMP)" },
  { "capture", hs_cli_capture,
    "PID|MAINCLASS -o FILE: dump a running JVM's heap (--all, --gz; --adb PROCESS: an Android app's)" },
  { "strip", hs_cli_strip, "DUMP -o FILE: a copy to share, primitive arrays zeroed (--keep-strings)" },
  { "loaders", hs_cli_loaders,
    "every class loader (classes, instances, retained), then the classes several loaders define" },
  { "props", hs_cli_props, "the system properties and the JVM's input arguments the dump holds" },
  { "cache", hs_cli_cache,
    "the folder of saved indexes (no DUMP): --list (default), --clear, --limit SIZE (500M, 2G, default)" },
  { "index", hs_cli_index, "DUMP [-o FILE]: analyse and write the persistent index (to the cache, or FILE)" },
  { "mcp", hs_cli_mcp,
    "serve the analysis to an agent: Model Context Protocol on stdin/stdout (no DUMP; --root DIR)" },
};

/* The commands whose output is a table, which --csv prints as CSV
 * (hs-csv.h; the option's help lists them too). */
static const char *const csv_commands[]
    = { "classes", "dominators", "objects", "suspects", "leaks",   "waste", "threads",
        "diff",    "paths",      "query",   "refs",     "loaders", "props", "growth" };

static gboolean
csv_check (const HsCliOptions *o, const char *command, GError **error)
{
  if (!o->csv)
    return TRUE;
  if (o->json)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "--json and --csv: choose one");
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (csv_commands); i++)
    if (g_str_equal (command, csv_commands[i]))
      return TRUE;
  g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s prints no table: --csv is not for it", command);
  return FALSE;
}

/* --version: handled in run, before any command (no field in HsCliOptions). */
static gboolean show_version;

static GOptionContext *
option_context_new (HsCliOptions *o)
{
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &o->json, "Print JSON", NULL },
    { "dump", 0, 0, G_OPTION_ARG_INT, &o->dump, "Analyse dump N of the file (0-based)", "N" },
    { "follow-weak", 0, 0, G_OPTION_ARG_NONE, &o->follow_weak,
      "Count Reference.referent as a reference (Eclipse MAT's way)", NULL },
    { "sort", 0, 0, G_OPTION_ARG_STRING, &o->sort, "classes: sort by count, shallow or retained", "KEY" },
    { "limit", 0, 0, G_OPTION_ARG_STRING, &o->limit_text,
      "classes: print at most N rows (with --group: per level); refs: at most N references under each object "
      "(default 100); cache: the folder's size limit (500M, 2G, 0: keep none, default); mcp: the memory the "
      "dumps kept loaded may take (default: half the memory available)",
      "N" },
    { "group", 0, 0, G_OPTION_ARG_STRING, &o->group,
      "classes: a tree by package, loader or superclass; dominators: the top level by class", "BY" },
    { "top", 0, 0, G_OPTION_ARG_INT, &o->top, "dominators: the N biggest objects (default 25)", "N" },
    { "class", 0, 0, G_OPTION_ARG_STRING, &o->class_name, "objects, retained-set: the class", "NAME" },
    { "heap", 0, 0, G_OPTION_ARG_STRING, &o->heap_name,
      "classes, dominators, objects: only the objects of this heap (Android: app, image, zygote)", "NAME" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o->output, "report: the HTML file to write", "FILE" },
    { "no-timestamp", 0, 0, G_OPTION_ARG_NONE, &o->no_timestamp, "report: leave the generation time out",
      NULL },
    { "timings", 0, 0, G_OPTION_ARG_NONE, &o->timings,
      "analyze: print each phase's time and the peak RSS; paths, query, retained-set: their own time", NULL },
    { "android-leaks", 0, 0, G_OPTION_ARG_NONE, &o->android_leaks,
      "leaks: objects the Android inspectors find leaking are leaks without a KeyedWeakReference", NULL },
    { "matchers", 0, 0, G_OPTION_ARG_FILENAME, &o->matchers,
      "leaks: library-leak matcher file instead of the built-in one", "FILE" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &o->quiet, "No progress or warnings on stderr", NULL },
    { "threshold", 0, 0, G_OPTION_ARG_DOUBLE, &o->threshold,
      "suspects: percent of the reachable heap a suspect retains (default 10)", "P" },
    { "mapping", 0, 0, G_OPTION_ARG_FILENAME, &o->mapping,
      "ProGuard / R8 mapping.txt: show the real names of an obfuscated build", "FILE" },
    { "baseline-dump", 0, 0, G_OPTION_ARG_INT, &o->baseline_dump,
      "diff, report: compare dump N of the baseline file (0-based)", "N" },
    { "baseline", 0, 0, G_OPTION_ARG_FILENAME, &o->baseline, "report: add what grew since this dump",
      "FILE" },
    { "merged", 0, 0, G_OPTION_ARG_NONE, &o->merged,
      "paths: merge the paths of the objects named into one tree", NULL },
    { "exclude", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->exclude,
      "paths: never follow this reference (repeatable)", "CLASS.FIELD" },
    { "exclude-kind", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->exclude_kind,
      "paths: exclude weak, soft, phantom or finalizer references, or none (repeatable; default weak, soft "
      "and phantom)",
      "KIND" },
    { "min-growth", 0, 0, G_OPTION_ARG_INT, &o->min_growth,
      "growth: the objects a child must gain in every interval (default 1)", "N" },
    { "newest-objects", 0, 0, G_OPTION_ARG_INT, &o->newest_objects,
      "growth --json: each growing node's and child's objects in the newest dump, the first N ids "
      "(newest_objects)",
      "N" },
    { "series", 0, 0, G_OPTION_ARG_NONE, &o->series,
      "report: the dumps named are a series, oldest first: report on the last with what keeps growing",
      NULL },
    { "max", 0, 0, G_OPTION_ARG_INT, &o->max,
      "paths: at most N paths per object (default 3), or N branches per node with --merged", "N" },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &o->csv,
      "classes, dominators, objects, suspects, leaks, waste, threads, diff, paths, query, refs, loaders, "
      "props, growth: "
      "print the table as CSV",
      NULL },
    { "unreachable", 0, 0, G_OPTION_ARG_NONE, &o->unreachable, "query: also the objects no GC root reaches",
      NULL },
    { "query", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->queries,
      "report: add a section with this OQL query's table (repeatable); paths, retained-set: the query's "
      "objects",
      "QUERY" },
    { "incoming", 0, 0, G_OPTION_ARG_NONE, &o->incoming,
      "refs: the objects that refer to the object, not those it refers to", NULL },
    { "depth", 0, 0, G_OPTION_ARG_INT, &o->depth, "refs: levels of references to list (default 1)", "N" },
    { "file", 'f', 0, G_OPTION_ARG_FILENAME, &o->query_file, "query: read the query from FILE", "FILE" },
    { "no-cache", 0, 0, G_OPTION_ARG_NONE, &o->no_cache,
      "Analyse afresh: no persistent index is read or written", NULL },
    { "index", 0, 0, G_OPTION_ARG_FILENAME, &o->index_path,
      "Use this persistent index (written by the index command, maybe on another machine)", "FILE" },
    { "version", 0, 0, G_OPTION_ARG_NONE, &show_version, "Print the version and exit", NULL },
    { "force", 0, 0, G_OPTION_ARG_NONE, &o->force,
      "Analyse even when the dump looks too big for the memory available; capture: write over the file of -o",
      NULL },
    { "all", 0, 0, G_OPTION_ARG_NONE, &o->all, "capture: every object, garbage too (default: live objects)",
      NULL },
    { "gz", 0, 0, G_OPTION_ARG_NONE, &o->gzip, "capture: write the dump gzip-compressed", NULL },
    { "adb", 0, 0, G_OPTION_ARG_NONE, &o->adb, "jvms, capture: an Android app's process, through adb", NULL },
    { "serial", 's', 0, G_OPTION_ARG_STRING, &o->serial, "jvms, capture --adb: the device's serial",
      "SERIAL" },
    { "timeout", 0, 0, G_OPTION_ARG_INT, &o->timeout,
      "jvms, capture --adb: give up on an adb step that makes no progress for SECONDS (default 60; the dump "
      "must be complete within 10 times that)",
      "SECONDS" },
    { "keep-strings", 0, 0, G_OPTION_ARG_NONE, &o->keep_strings, "strip: keep the contents of Strings",
      NULL },
    { "list", 0, 0, G_OPTION_ARG_NONE, &o->list,
      "cache: list the saved indexes, their size and the limit (the default)", NULL },
    { "clear", 0, 0, G_OPTION_ARG_NONE, &o->clear, "cache: remove every saved index", NULL },
    { "root", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o->roots,
      "mcp: a folder whose dumps the agent may read (repeatable; else the client's roots)", "DIR" },
    { NULL }
  };
  GOptionContext *ctx = g_option_context_new ("COMMAND DUMP - analyse a Java or Android heap dump (.hprof)");
  GString *summary = g_string_new ("Commands:\n");

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (summary, "  %-13s %s\n", commands[i].name, commands[i].help);
  g_option_context_set_summary (ctx, summary->str);
  g_string_free (summary, TRUE);
  /* The context copies the entries (their targets point into o). */
  g_option_context_add_main_entries (ctx, entries, NULL);
  return ctx;
}

/* Every numeric option, checked in one place after parsing and before any
 * command runs: a count from the command line is never used to size an
 * allocation before it is checked (commands clamp it to what the dump
 * holds). GOption already refuses values outside gint and non-numbers. */
/* --limit N as GOption reads an integer (strtol, any base), with its
 * messages: cache takes a size there instead (hs_cli_parse_size). */
static gboolean
limit_parse (HsCliOptions *o, GError **error)
{
  char *end;
  gint64 v;

  errno = 0;
  v = g_ascii_strtoll (o->limit_text, &end, 0);
  if (*o->limit_text == '\0' || *end != '\0')
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "Cannot parse integer value “%s” for --limit",
                   o->limit_text);
      return FALSE;
    }
  if (errno == ERANGE || v < G_MININT || v > G_MAXINT)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "Integer value “%s” for --limit out of range",
                   o->limit_text);
      return FALSE;
    }
  o->limit = (gint)v;
  return TRUE;
}

static gboolean
options_check (HsCliOptions *o, const char *command, GError **error)
{
  const struct
  {
    const char *name;
    gint *value;
    gint unset;
  } counts[] = {
    { "--limit", &o->limit, -1 },
    { "--top", &o->top, 25 },
    { "--dump", &o->dump, 0 },
    { "--baseline-dump", &o->baseline_dump, 0 },
    { "--max", &o->max, -1 },
    { "--depth", &o->depth, 1 },
    { "--timeout", &o->timeout, 0 },
    { "--min-growth", &o->min_growth, 1 },
    { "--newest-objects", &o->newest_objects, 0 },
  };

  if (o->limit_text && g_strcmp0 (command, "cache") != 0 && g_strcmp0 (command, "mcp") != 0
      && !limit_parse (o, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      if (*counts[i].value == G_MININT) /* not given */
        *counts[i].value = counts[i].unset;
      else if (*counts[i].value < 0)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s takes a number from 0 to %d, not %d",
                       counts[i].name, G_MAXINT, *counts[i].value);
          return FALSE;
        }
    }
  if (!isfinite (o->threshold) || o->threshold < 0 || o->threshold > 100)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "--threshold must be a percentage in (0, 100] (0: the default, 10)");
      return FALSE;
    }
  if (o->matchers && !hs_cli_check_option_file ("--matchers", o->matchers, error))
    return FALSE;
  return TRUE;
}

static void
options_clear (HsCliOptions *o)
{
  g_clear_pointer (&o->sort, g_free);
  g_clear_pointer (&o->limit_text, g_free);
  g_clear_pointer (&o->group, g_free);
  g_clear_pointer (&o->class_name, g_free);
  g_clear_pointer (&o->heap_name, g_free);
  g_clear_pointer (&o->output, g_free);
  g_clear_pointer (&o->index_path, g_free);
  g_clear_pointer (&o->matchers, g_free);
  g_clear_pointer (&o->mapping, g_free);
  g_clear_pointer (&o->baseline, g_free);
  g_clear_pointer (&o->serial, g_free);
  g_clear_pointer (&o->exclude, g_strfreev);
  g_clear_pointer (&o->exclude_kind, g_strfreev);
  g_clear_pointer (&o->query_file, g_free);
  g_clear_pointer (&o->queries, g_strfreev);
  g_clear_pointer (&o->roots, g_strfreev);
}

static int
run (int argc, char **argv, HsCliOptions *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GOptionContext) ctx = option_context_new (o);

  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      g_printerr ("heapscope-cli: %s\n", error->message);
      return 2;
    }
  if (show_version)
    {
      g_print ("heapscope-cli %s\n", PACKAGE_VERSION);
      return 0;
    }
  if (!options_check (o, argc >= 2 ? argv[1] : NULL, &error))
    {
      g_printerr ("heapscope-cli: %s\n", error->message);
      return 2;
    }
  if (o->force)
    hs_memory_set_check_ignored (TRUE);
  if (!o->quiet) /* "... spilling N GB to DIR; this will be slower" */
    hs_memory_set_notice_func (print_notice, NULL);
  /* diff names two files, object and bitmap a file and an id, query a
   * file and a query, paths and retained-set a file and any number of
   * ids, growth (and report --series) any number of files; jvms, cache
   * and mcp none. */
  if (argc == 2
      && (g_str_equal (argv[1], "jvms") || g_str_equal (argv[1], "cache") || g_str_equal (argv[1], "mcp")))
    argv[2] = NULL, argc = 3;
  if (argc >= 3
      && (g_str_equal (argv[1], "paths") || g_str_equal (argv[1], "retained-set")
          || g_str_equal (argv[1], "growth") || (o->series && g_str_equal (argv[1], "report"))))
    {
      o->args = argv + 3;
      o->n_args = argc - 3;
    }
  else if (argc != 3
           && !(argc == 4
                && (g_str_equal (argv[1], "diff") || g_str_equal (argv[1], "object")
                    || g_str_equal (argv[1], "refs") || g_str_equal (argv[1], "bitmap")
                    || g_str_equal (argv[1], "query"))))
    {
      g_autofree char *help = g_option_context_get_help (ctx, TRUE, NULL);
      g_printerr ("%s", help);
      return 2;
    }
  o->second_path = argc == 4 ? argv[3] : NULL;
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      int rc;

      if (!g_str_equal (argv[1], commands[i].name))
        continue;
      if (!csv_check (o, commands[i].name, &error))
        {
          g_printerr ("heapscope-cli: %s\n", error->message);
          return 2;
        }
      rc = commands[i].run (o, argv[2], &error);
      /* A mapped dump cut short while a command read it (hs-guard.h). */
      if (rc == 0 && !hs_cli_check_unchanged (&error))
        rc = 2;
      if (rc != 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_printerr ("heapscope-cli: cancelled\n");
      else if (rc != 0 && error)
        hs_cli_printerr ("heapscope-cli: %s\n", error->message);
      return rc;
    }
  g_printerr ("heapscope-cli: unknown command \"%s\" (try --help)\n", argv[1]);
  return 2;
}

int
main (int argc, char **argv)
{
  /* G_MININT: not given (options_check puts the defaults in). */
  HsCliOptions o = { .limit = G_MININT,
                     .top = G_MININT,
                     .dump = G_MININT,
                     .baseline_dump = G_MININT,
                     .max = G_MININT,
                     .depth = G_MININT,
                     .timeout = G_MININT,
                     .min_growth = G_MININT };
  int rc;

  setlocale (LC_ALL, "");
  hs_cli_catch_interrupt ();
  rc = hs_cli_exit_status (run (argc, argv, &o));
  options_clear (&o);
  return rc;
}
