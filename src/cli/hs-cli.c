/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli.c: loading and printing helpers shared by heapscope-cli's
 * commands (see hs-cli.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "hs-cli.h"
#include "hs-waste.h"
#include "hs-index.h"
#include "hs-index-cache.h"

/* The last dump loaded, for the message when it changed. */
static char *loaded_path;

HsMapping *
hs_cli_load_mapping (const HsCliOptions *o, GError **error)
{
  g_return_val_if_fail (o != NULL, NULL);
  if (!o->mapping || !hs_cli_check_option_file ("--mapping", o->mapping, error))
    return NULL;
  return hs_mapping_load (o->mapping, error);
}

void
hs_cli_append_obfuscated (GString *out, HsHeap *heap, HsClass c)
{
  const char *obf = c != HS_CLASS_NONE ? hs_class_obfuscated_name (heap, c) : NULL;

  if (!obf)
    return;
  g_string_append (out, ", \"obfuscated_name\": ");
  hs_json_string (out, obf);
}

HsClassHistogram *
hs_cli_load_histogram (const HsCliOptions *o, const char *path, gint dump, HsMapping *mapping,
                       const char *what, GError **error)
{
  HsAnalysisOptions opts = { 0 };
  HsClassHistogram *h;

  g_return_val_if_fail (o != NULL && path != NULL, NULL);
  opts.mapping = mapping;
  opts.open.follow_weak = o->follow_weak;
  opts.open.dump = dump;
  h = hs_class_histogram_load (path, &opts, hs_cli_progress_func (o), NULL, hs_cli_cancellable (), error);
  hs_cli_progress_end ();
  if (h == NULL)
    g_prefix_error (error, "%s", what);
  return h;
}

void
hs_cli_analysis_options (const HsCliOptions *o, HsAnalysisOptions *opts)
{
  *opts = (HsAnalysisOptions){ 0 };
  opts->open.dump = o->dump;
  opts->open.follow_weak = o->follow_weak;
  opts->leaks.android_inspectors_as_leaks = o->android_leaks;
  opts->leaks.android_inspectors_when_unwatched = TRUE;
  opts->leaks.matchers_path = o->matchers;
  opts->suspects_percent = o->threshold;
}

/* The index being written while the command runs. */
typedef struct
{
  HsIndexSave *save;
  gboolean quiet;
} IndexSave;

/* Waits for the index being written when the analysis is freed (after
 * the command's output): the CLI's exit waits for it; an interrupt
 * cancels it (nothing is left behind). */
static void
finish_index_save (gpointer data)
{
  IndexSave *s = data;
  g_autofree char *note = NULL;

  hs_index_save_finish (s->save, g_cancellable_is_cancelled (hs_cli_cancellable ()), &note);
  if (note && !s->quiet)
    hs_cli_printerr ("note: %s\n", note);
  g_free (s);
}

/* Writes the index of a fresh analysis without making the command wait
 * for it: a child process writes it (at nice +19, in a session of its
 * own, its output to /dev/null) while the command goes on and exits. Room
 * is made here first, so that "no index written" is said. Nothing but
 * this thread may run across the fork: the waste pass beside the
 * analysis is joined first (its result goes in the index). Without fork,
 * a thread writes it and the command waits for it when it frees the
 * analysis. */
static void
write_index_detached (const HsCliOptions *o, HsAnalysis *a, const HsIndexOutcome *outcome,
                      gboolean find_waste)
{
  g_autoptr (GError) room = NULL;
  pid_t pid;

  /* Keep no index: the user's choice, not worth a note each time. */
  if (hs_index_cache_limit_is_set () && hs_index_cache_limit (0) == 0)
    return;
  if (!hs_index_save_make_room (a, outcome, &room))
    {
      if (!o->quiet)
        hs_cli_printerr ("note: no index written: %s\n", room->message);
      return;
    }
  if (o->index_in_thread)
    pid = -1; /* the thread below */
  else
    {
      if (find_waste)
        {
          HsWaste *w = hs_analysis_beside_result (a, &hs_waste_beside);
          if (w)
            hs_waste_free (w);
        }
      fflush (stdout);
      fflush (stderr);
      pid = fork ();
    }
  if (pid == 0)
    {
      sigset_t all;
      int null = open ("/dev/null", O_RDWR | O_CLOEXEC);

      setsid ();
      sigemptyset (&all);
      sigaddset (&all, SIGINT);
      sigaddset (&all, SIGTERM);
      pthread_sigmask (SIG_UNBLOCK, &all, NULL);
      if (null >= 0)
        {
          dup2 (null, STDIN_FILENO);
          dup2 (null, STDOUT_FILENO);
          dup2 (null, STDERR_FILENO);
        }
      hs_index_save_finish (hs_index_save_start (a, outcome, find_waste, TRUE), FALSE, NULL);
      _exit (0);
    }
  if (pid > 0)
    return;
  HsIndexSave *save = hs_index_save_start (a, outcome, find_waste, FALSE);
  if (save)
    {
      IndexSave *s = g_new (IndexSave, 1);
      s->save = save;
      s->quiet = o->quiet;
      hs_analysis_add_teardown (a, finish_index_save, s);
    }
}

/* From the persistent index when one matches (docs/index.md), else fresh;
 * then the index is written beside the command's work. */
static HsAnalysis *
load_indexed (const HsCliOptions *o, const char *path, HsAnalysisOptions *opts, gboolean find_waste,
              GError **error)
{
  HsIndexOptions iopts = { o->no_cache ? HS_INDEX_NO_CACHE : HS_INDEX_USE_CACHE, o->index_path };
  g_auto (HsIndexOutcome) outcome = { 0 };
  HsAnalysis *a;

  /* A fresh analysis that computes the dominators anyway finds the leaks
   * and suspects too (on the second core, beside them), so that the index
   * it leaves serves every command. */
  if (!o->no_cache && !opts->skip_dominators)
    opts->skip_leaks = FALSE;
  a = hs_index_open (path, opts, &iopts, &outcome, o->progress ? o->progress : hs_cli_progress_func (o),
                     o->progress ? o->progress_data : NULL, hs_cli_cancellable (), error);
  if (a && outcome.note && !o->quiet)
    hs_cli_printerr ("note: %s\n", outcome.note);
  /* An answer from an index says where it came from. */
  if (a && outcome.from_index && !o->quiet)
    {
      g_autoptr (GDateTime) when = g_date_time_new_from_unix_local (outcome.analysed);
      g_autofree char *date = when ? g_date_time_format (when, "%Y-%m-%d %H:%M") : g_strdup ("?");
      g_autofree char *shown = hs_cli_visible (outcome.index_path, -1, FALSE);
      hs_cli_printerr ("note: from the index %s (analysed %s)\n", shown, date);
    }
  if (a && outcome.beside_path && !o->quiet)
    {
      g_autofree char *shown = hs_cli_visible (outcome.beside_path, -1, FALSE);
      hs_cli_printerr ("note: %s came with the dump and was not read (an index not written here is read "
                       "only when asked: --index %s)\n",
                       shown, shown);
    }
  if (a && outcome.write)
    write_index_detached (o, a, &outcome, find_waste);
  return a;
}

/* The analysis of path with mapping (may be NULL), the option files
 * checked already. */
static HsAnalysis *
load_analysis (const HsCliOptions *o, const char *path, gboolean dominators, gboolean leaks,
               gboolean find_waste, HsMapping *mapping, GError **error)
{
  HsAnalysisOptions opts;
  HsAnalysis *a;

  hs_cli_analysis_options (o, &opts);
  opts.mapping = mapping;
  opts.skip_dominators = !dominators;
  opts.skip_leaks = !leaks;
  opts.beside = find_waste ? &hs_waste_beside : NULL;
  g_free (loaded_path);
  loaded_path = g_strdup (path);
  a = load_indexed (o, path, &opts, find_waste, error);
  hs_cli_progress_end ();
  if (a && hs_heap_warning (a->heap) && !o->quiet)
    hs_cli_printerr ("warning: %s\n", hs_heap_warning (a->heap));
  if (a && mapping && !o->quiet)
    {
      g_autofree char *w = hs_mapping_stats_warning (&a->mapping_stats, o->mapping);
      if (w)
        hs_cli_printerr ("warning: %s\n", w);
    }
  return a;
}

HsAnalysis *
hs_cli_load (const HsCliOptions *o, const char *path, gboolean dominators, gboolean leaks, GError **error)
{
  return hs_cli_load_full (o, path, dominators, leaks, FALSE, error);
}

/* The id after DUMP, for command's message. */
static gboolean
object_id (const HsCliOptions *o, const char *command, guint64 *id, GError **error)
{
  if (o->second_path == NULL || !hs_query_parse_id (o->second_path, id))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s needs an object id (hex, e.g. 0x1a2b), got \"%s\"",
                   command, o->second_path ? o->second_path : "");
      return FALSE;
    }
  return TRUE;
}

int
hs_cli_object_command (const HsCliOptions *o, const char *path, const char *command, HsCliEmitFunc emit,
                       GError **error)
{
  guint64 id = 0;

  if (!object_id (o, command, &id, error))
    return 2;
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, TRUE, FALSE, error);
  if (!a)
    return 2;
  return emit (o, a, path, error);
}

HsObj
hs_cli_find_object (const HsCliOptions *o, HsAnalysis *a, const char *command, GError **error)
{
  guint64 id = 0;
  HsObj obj;

  if (!object_id (o, command, &id, error))
    return HS_OBJ_NONE;
  obj = hs_heap_find (a->heap, id);
  if (obj == HS_OBJ_NONE)
    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                 "%s: no object with id 0x%" G_GINT64_MODIFIER "x in this dump", hs_heap_path (a->heap), id);
  return obj;
}

HsAnalysis *
hs_cli_load_full (const HsCliOptions *o, const char *path, gboolean dominators, gboolean leaks,
                  gboolean find_waste, GError **error)
{
  g_autoptr (HsMapping) mapping = NULL;

  g_return_val_if_fail (o != NULL && path != NULL, NULL);

  /* Option files are checked before the dump is read. */
  if (o->matchers && !hs_cli_check_option_file ("--matchers", o->matchers, error))
    return NULL;
  if (o->mapping && !(mapping = hs_cli_load_mapping (o, error)))
    return NULL;
  return load_analysis (o, path, dominators, leaks, find_waste, mapping, error);
}

HsAnalysis *
hs_cli_load_mapped (const HsCliOptions *o, const char *path, gboolean dominators, gboolean leaks,
                    gboolean find_waste, HsMapping *mapping, GError **error)
{
  g_return_val_if_fail (o != NULL && path != NULL, NULL);
  g_return_val_if_fail (mapping != NULL || o->mapping == NULL, NULL);

  if (o->matchers && !hs_cli_check_option_file ("--matchers", o->matchers, error))
    return NULL;
  return load_analysis (o, path, dominators, leaks, find_waste, mapping, error);
}

char *
hs_cli_visible (const char *s, gssize len, gboolean lines)
{
  g_return_val_if_fail (s != NULL, NULL);

  gsize n = len < 0 ? strlen (s) : (gsize)len;
  GString *out = g_string_sized_new (n + 16);
  const char *p = s, *end = s + n, *plain = s;

  while (p < end)
    {
      guchar b = (guchar)*p;
      gunichar c;
      gsize step = 1;

      if (b < 0x80)
        c = b;
      else if (b == 0xc2 && p + 1 < end && (guchar)p[1] >= 0x80 && (guchar)p[1] <= 0x9f)
        {
          c = (guchar)p[1]; /* U+0080..U+009F: C1 controls (CSI is U+009B) */
          step = 2;
        }
      else
        {
          p++; /* other UTF-8 (or invalid bytes): as they are */
          continue;
        }
      if ((c < 0x20 && !(lines && (c == '\n' || c == '\t'))) || (c >= 0x7f && c <= 0x9f))
        {
          g_string_append_len (out, plain, p - plain);
          g_string_append_printf (out, "\\u%04x", c);
          plain = p + step;
        }
      p += step;
    }
  g_string_append_len (out, plain, end - plain);
  return g_string_free (out, FALSE);
}

/* --- where the output goes ----------------------------------------------- */

typedef struct
{
  GString *text;
  gsize max;
  gboolean over;
} Collect;

static GPrivate collecting = G_PRIVATE_INIT (NULL);
static GPrivate thread_cancellable = G_PRIVATE_INIT (NULL);

/* Appends len bytes of s to what is gathered on this thread; FALSE when
 * nothing is. */
static gboolean
collect (const char *s, gsize len)
{
  Collect *c = g_private_get (&collecting);

  if (!c)
    return FALSE;
  if (c->over || len > c->max - c->text->len)
    c->over = TRUE;
  else
    g_string_append_len (c->text, s, len);
  return TRUE;
}

void
hs_cli_collect_begin (gsize max)
{
  Collect *c = g_new0 (Collect, 1);

  g_return_if_fail (g_private_get (&collecting) == NULL);
  c->text = g_string_new (NULL);
  c->max = max;
  g_private_set (&collecting, c);
}

char *
hs_cli_collect_end (HsHeap *heap, GError **error)
{
  Collect *c = g_private_get (&collecting);
  char *text = NULL;

  g_return_val_if_fail (c != NULL, NULL);
  g_private_set (&collecting, NULL);
  if (c->over)
    {
      g_autofree char *max = g_format_size (c->max);
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "the answer is over %s: ask for fewer rows (limit)",
                   max);
    }
  else if (!heap || hs_heap_check_unchanged (heap, error))
    text = g_string_free (g_steal_pointer (&c->text), FALSE);
  if (c->text)
    g_string_free (c->text, TRUE);
  g_free (c);
  return text;
}

void
hs_cli_set_thread_cancellable (GCancellable *cancellable)
{
  g_private_set (&thread_cancellable, cancellable);
}

GCancellable *
hs_cli_cancellable (void)
{
  GCancellable *c = g_private_get (&thread_cancellable);

  return c ? c : hs_cli_interrupt_cancellable ();
}

/* Gathered output is checked against its own dump when it ends
 * (hs_cli_collect_end): a server keeps other dumps, which may change. */
void
hs_cli_write (GString *out)
{
  gboolean collecting_here = g_private_get (&collecting) != NULL;

  if (!collecting_here && hs_heap_any_changed ())
    return;
  g_autofree char *v = hs_cli_visible (out->str, out->len, TRUE);
  if (!collect (v, strlen (v)))
    fputs (v, stdout);
}

void
hs_cli_write_raw (GString *out)
{
  if (g_private_get (&collecting) == NULL && hs_heap_any_changed ())
    return;
  if (!collect (out->str, out->len))
    fwrite (out->str, 1, out->len, stdout);
}

void
hs_cli_printerr (const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_autofree char *v = hs_cli_visible (msg, -1, TRUE);
  g_printerr ("%s", v);
}

gboolean
hs_cli_check_unchanged (GError **error)
{
  if (!hs_heap_any_changed ())
    return TRUE;
  g_set_error (error, HS_ERROR, HS_ERROR_IO,
               "%s: the file changed while it was open (it was cut short); "
               "nothing more is printed",
               loaded_path ? loaded_path : "the heap dump");
  return FALSE;
}

void
hs_cli_flush_big (GString *out)
{
  if (out->len > (1 << 20))
    {
      hs_cli_write (out);
      g_string_truncate (out, 0);
    }
}

void
hs_cli_finish_list (const HsCliOptions *o, GString *out)
{
  if (o->json)
    g_string_append (out, "\n]\n");
  hs_cli_write (out);
  g_string_free (out, TRUE);
}

void
hs_cli_csv_begin (HsCsv *csv, GString *out, const char *const *names, guint n)
{
  hs_csv_init (csv, out);
  hs_csv_header (csv, names, n);
}

guint
hs_cli_n_traces (GPtrArray *groups)
{
  guint n = 0;

  g_return_val_if_fail (groups != NULL, 0);

  for (guint g = 0; g < groups->len; g++)
    n += ((HsLeakGroup *)groups->pdata[g])->traces->len;
  return n;
}

gboolean
hs_cli_check_option_file (const char *option, const char *path, GError **error)
{
  GStatBuf st;
  goffset max;

  g_return_val_if_fail (option != NULL && path != NULL, FALSE);

  if (g_stat (path, &st) != 0)
    {
      int e = errno;
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s %s: %s", option, path, g_strerror (e));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s %s: not a regular file%s", option, path,
                   S_ISDIR (st.st_mode)    ? " (a folder)"
                   : S_ISFIFO (st.st_mode) ? " (a pipe)"
                                           : "");
      return FALSE;
    }
  /* A mapping of a big app is tens of MB; a matcher table a few kB. */
  max = g_str_equal (option, "--mapping") ? HS_CLI_MAPPING_FILE_MAX : HS_CLI_OPTION_FILE_MAX;
  if (st.st_size > max)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "%s %s: too big (%" G_GINT64_FORMAT " bytes; at most %" G_GINT64_FORMAT ")", option, path,
                   (gint64)st.st_size, (gint64)max);
      return FALSE;
    }
  return TRUE;
}

gboolean
hs_cli_resolve_heap (const HsCliOptions *o, HsHeap *h, int *heap, GError **error)
{
  *heap = -1;
  if (!o->heap_name)
    return TRUE;
  *heap = hs_heap_find_heap (h, o->heap_name);
  if (*heap >= 0)
    return TRUE;
  g_autoptr (GString) names = g_string_new (NULL);
  for (guint i = 0; i < hs_heap_n_heaps (h); i++)
    g_string_append_printf (names, "%s\"%s\"", i ? ", " : "", hs_heap_heap_name (h, i));
  g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s: no heap named \"%s\" (the dump has %s)",
               hs_heap_path (h), o->heap_name, names->str);
  return FALSE;
}
