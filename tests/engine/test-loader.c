/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-loader.c: HsLoader without a display (GIO and a GMainLoop only):
 * its phases reach the main context in the pipeline's order, a load
 * cancelled midway ends CANCELLED and lets everything go, the leak report
 * comes ("leaks-ready") before DONE, and a broken file ends FAILED with a
 * message naming the file and the byte offset; with no memory left the
 * loading phase carries the memory check's notice (spilling to the disk).
 *
 * Expected leaks of data/sample/sample.hprof: tests/generator/README.md and
 * expected-sample.json (derived from HeapGen's construction, not from this
 * program): 6 watched references, 3 leaking objects, two application leak
 * groups and no library leak. Two com.example.LeakedActivity (keys
 * key-leaked-activity-0 and -1) on the path LeakHolder (class, static
 * "leaked") -> ArrayList (elementData) -> Object[] (elements 0 and 1) ->
 * LeakedActivity, each retaining 1104 bytes in 4 objects; one
 * com.example.ThreadLeak (key-thread-leak) held by a <Java Local> of the
 * thread com.example.LeakThread, retaining 2096 bytes in 4 objects. */
#include "config.h"
#include "hs-loader.h"
#include "hs-mem.h"
#include "hs-mem-spill.h"

#include <glib/gstdio.h>
#include <string.h>
#include <zlib.h>

#define TIMEOUT_MS 60000

static GThread *main_thread;

/* --- helpers ------------------------------------------------------------ */

typedef gboolean (*Condition) (gpointer data);

static gboolean
on_timeout (gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
tick (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Runs the default main context until cond holds; FALSE after timeout_ms.
 * A tick wakes it every 10 ms, for conditions that change on another
 * thread without a source on this context. */
static gboolean
wait_until (Condition cond, gpointer data, guint timeout_ms)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (timeout_ms, on_timeout, &timed_out);
  guint tick_id = g_timeout_add (10, tick, NULL);
  gboolean ok;

  while (!(ok = cond (data)) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  g_source_remove (tick_id);
  return ok;
}

static gboolean
finished (gpointer data)
{
  return hs_loader_get_state (data) != HS_LOADER_LOADING;
}

static gboolean
worker_paused (gpointer data)
{
  return hs_loader_get_paused_for_tests ();
}

static gboolean
is_gone (gpointer data)
{
  GObject *object = g_weak_ref_get (data);

  if (object == NULL)
    return TRUE;
  g_object_unref (object);
  return FALSE;
}

static HsLoader *
sample_loader (void)
{
  g_autoptr (GFile) file = g_file_new_for_path (HS_SAMPLE_DUMP);
  return hs_loader_new (file, NULL);
}

/* Drops our reference and checks that the loader is gone once what it
 * queued on the main context has run (each source holds a reference) and
 * its task has let go. */
static void
unref_and_check_freed (HsLoader *loader)
{
  GWeakRef weak;

  g_weak_ref_init (&weak, loader);
  g_object_unref (loader);
  g_assert_true (wait_until (is_gone, &weak, 10000));
  g_weak_ref_clear (&weak);
}

/* --- phases ------------------------------------------------------------- */

/* The phases of one load, in the pipeline's order: the index (reading,
 * parsing, references, reachability: hs-heap.c), then hs-analysis.c's
 * dominators, class retained sizes, joining the leak search ("paths"; the
 * loader always runs it on its own thread) and native sizes. */
static const char *const pipeline[] = {
  "reading", "parsing", "references", "reachability", "dominators", "retained", "paths", "native", "suspects",
};

typedef struct
{
  GMutex lock;
  GCond seen;
  HsLoader *loader;
  const char *worker_phase; /* the last new phase a worker reported */
  GPtrArray *worker_phases; /* const char*, each new one in turn */
  GPtrArray *main_phases;   /* const char*: keys seen on the main thread */
  gboolean off_main;        /* a notification came on another thread */
  gboolean wrong_loader;
  gboolean timed_out;
  GArray *states; /* HsLoaderState, as notified */
} PhaseLog;

/* The key of a phase from its translated name (the property's value). */
static const char *
phase_key (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (pipeline); i++)
    if (g_strcmp0 (hs_loader_phase_name (pipeline[i]), name) == 0)
      return pipeline[i];
  return name;
}

static gboolean
main_has_seen (PhaseLog *log, const char *key)
{
  for (guint i = 0; i < log->main_phases->len; i++)
    if (g_str_equal (g_ptr_array_index (log->main_phases, i), key))
      return TRUE;
  return FALSE;
}

/* Worker thread: holds a worker at each new phase until the main thread
 * has shown it, so that progress coalescing cannot skip one. Workers in a
 * phase already reported (the parallel parse jobs) pass. */
static void
gate_phases (HsLoader *loader, const char *phase, GCancellable *cancellable, gpointer user_data)
{
  PhaseLog *log = user_data;
  gint64 deadline = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;

  g_mutex_lock (&log->lock);
  if (loader != log->loader)
    log->wrong_loader = TRUE;
  if (phase != log->worker_phase)
    {
      log->worker_phase = phase;
      g_ptr_array_add (log->worker_phases, (gpointer)phase);
      while (!main_has_seen (log, phase) && !g_cancellable_is_cancelled (cancellable))
        if (!g_cond_wait_until (&log->seen, &log->lock, deadline))
          {
            log->timed_out = TRUE;
            break;
          }
    }
  g_mutex_unlock (&log->lock);
}

static void
on_phase (HsLoader *loader, GParamSpec *pspec, PhaseLog *log)
{
  if (g_thread_self () != main_thread)
    log->off_main = TRUE;
  g_mutex_lock (&log->lock);
  g_ptr_array_add (log->main_phases, (gpointer)phase_key (hs_loader_get_phase (loader)));
  g_cond_broadcast (&log->seen);
  g_mutex_unlock (&log->lock);
}

static void
on_state (HsLoader *loader, GParamSpec *pspec, PhaseLog *log)
{
  HsLoaderState state = hs_loader_get_state (loader);

  if (g_thread_self () != main_thread)
    log->off_main = TRUE;
  g_array_append_val (log->states, state);
}

static void
test_phases (void)
{
  PhaseLog log = { 0 };
  HsLoaderTestHook hook = { gate_phases, &log };
  HsLoader *loader = sample_loader ();
  HsAnalysis *a;
  GStatBuf st;

  g_assert_cmpint (g_stat (HS_SAMPLE_DUMP, &st), ==, 0);
  g_mutex_init (&log.lock);
  g_cond_init (&log.seen);
  log.loader = loader;
  log.worker_phases = g_ptr_array_new ();
  log.main_phases = g_ptr_array_new ();
  log.states = g_array_new (FALSE, FALSE, sizeof (HsLoaderState));
  g_signal_connect (loader, "notify::phase", G_CALLBACK (on_phase), &log);
  g_signal_connect (loader, "notify::state", G_CALLBACK (on_state), &log);

  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_IDLE);
  g_assert_cmpstr (hs_loader_get_file_name (loader), ==, "sample.hprof");
  hs_loader_set_test_hook (&hook);
  hs_loader_start (loader);
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_LOADING);
  /* The size is known at once (a stat), the phases only from the main loop. */
  g_assert_cmpuint (hs_loader_get_file_size (loader), ==, (guint64)st.st_size);
  g_assert_cmpuint (log.main_phases->len, ==, 0);
  g_assert_true (wait_until (finished, loader, TIMEOUT_MS));
  hs_loader_set_test_hook (NULL);

  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_DONE);
  g_assert_null (hs_loader_get_error (loader));
  g_assert_false (log.timed_out);
  g_assert_false (log.off_main);
  g_assert_false (log.wrong_loader);
  /* Every phase, once, in order: on the workers and on the main thread. */
  g_assert_cmpuint (log.worker_phases->len, ==, G_N_ELEMENTS (pipeline));
  g_assert_cmpuint (log.main_phases->len, ==, G_N_ELEMENTS (pipeline));
  for (guint i = 0; i < G_N_ELEMENTS (pipeline); i++)
    {
      g_assert_cmpstr (g_ptr_array_index (log.worker_phases, i), ==, pipeline[i]);
      /* Interned: the hook may compare phases by address. */
      g_assert_true (g_ptr_array_index (log.worker_phases, i) == g_intern_string (pipeline[i]));
      g_assert_cmpstr (g_ptr_array_index (log.main_phases, i), ==, pipeline[i]);
    }
  /* IDLE -> LOADING -> DONE, each notified once. */
  g_assert_cmpuint (log.states->len, ==, 2);
  g_assert_cmpint (g_array_index (log.states, HsLoaderState, 0), ==, HS_LOADER_LOADING);
  g_assert_cmpint (g_array_index (log.states, HsLoaderState, 1), ==, HS_LOADER_DONE);
  g_assert_cmpfloat (hs_loader_get_fraction (loader), ==, 1.0);

  a = hs_loader_get_analysis (loader);
  g_assert_nonnull (a);
  g_assert_nonnull (a->dom);
  g_assert_true (hs_loader_get_leaks (loader) == a->leaks);

  /* A late progress idle must not move anything after the end. */
  g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (log.main_phases->len, ==, G_N_ELEMENTS (pipeline));

  g_signal_handlers_disconnect_by_data (loader, &log);
  unref_and_check_freed (loader);
  g_ptr_array_unref (log.worker_phases);
  g_ptr_array_unref (log.main_phases);
  g_array_unref (log.states);
  g_cond_clear (&log.seen);
  g_mutex_clear (&log.lock);
}

/* --- cancel ------------------------------------------------------------- */

static void
on_leaks_count (HsLoader *loader, guint *count)
{
  (*count)++;
}

/* Cancelled while parsing (no heap yet) and while finding dominators (the
 * whole index built): CANCELLED, nothing of the analysis kept, and the
 * loader itself freed with its last reference. ASan (CI) checks the rest. */
static void
test_cancel (gconstpointer data)
{
  const char *phase = data;
  HsLoader *loader = sample_loader ();
  const GError *error;
  guint leaks_ready = 0;

  g_signal_connect (loader, "leaks-ready", G_CALLBACK (on_leaks_count), &leaks_ready);
  hs_loader_set_pause_phase_for_tests (phase);
  hs_loader_start (loader);
  g_assert_true (wait_until (worker_paused, NULL, TIMEOUT_MS));
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_LOADING);
  g_assert_null (hs_loader_get_analysis (loader));
  /* Held, not polling: it stays there while the main loop runs. */
  g_usleep (50 * 1000);
  g_main_context_iteration (NULL, FALSE);
  g_assert_true (hs_loader_get_paused_for_tests ());
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_LOADING);

  hs_loader_cancel (loader);
  g_assert_true (wait_until (finished, loader, TIMEOUT_MS));
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_CANCELLED);
  g_assert_false (hs_loader_get_paused_for_tests ());
  g_assert_null (hs_loader_get_analysis (loader));
  error = hs_loader_get_error (loader);
  g_assert_nonnull (error);
  g_assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
  /* Parsing comes before the leak search can start. */
  if (g_str_equal (phase, "parsing"))
    {
      g_assert_null (hs_loader_get_leaks (loader));
      g_assert_cmpuint (leaks_ready, ==, 0);
    }
  hs_loader_set_pause_phase_for_tests (NULL);
  unref_and_check_freed (loader);
}

/* --- early leaks -------------------------------------------------------- */

typedef struct
{
  guint count;
  HsLoaderState state; /* when the signal came */
  gboolean had_analysis;
  HsLeakReport *report;
} LeaksReady;

static void
on_leaks_ready (HsLoader *loader, LeaksReady *r)
{
  r->count++;
  r->state = hs_loader_get_state (loader);
  r->had_analysis = hs_loader_get_analysis (loader) != NULL;
  r->report = hs_loader_get_leaks (loader);
}

static gboolean
leaks_came (gpointer data)
{
  return ((LeaksReady *)data)->count > 0;
}

static const char *
leaking_class (HsLeakTrace *trace)
{
  return ((HsLeakNode *)g_ptr_array_index (trace->nodes, trace->nodes->len - 1))->class_name;
}

static HsLeakNode *
node (HsLeakTrace *trace, guint i)
{
  return g_ptr_array_index (trace->nodes, i);
}

/* The groups of the sample (see the top of the file), found before the
 * dominators: retained is FALSE until the analysis is done. */
static void
check_sample_leaks (HsLeakReport *report, gboolean retained)
{
  HsLeakGroup *activity = NULL, *thread = NULL;
  gboolean seen_index[2] = { FALSE, FALSE };

  g_assert_cmpuint (report->n_watched, ==, 6);
  g_assert_cmpuint (report->n_leaking_objects, ==, 3);
  g_assert_cmpuint (report->application_leaks->len, ==, 2);
  g_assert_cmpuint (report->library_leaks->len, ==, 0);
  for (guint i = 0; i < 2; i++)
    {
      HsLeakGroup *g = g_ptr_array_index (report->application_leaks, i);
      const char *cls = leaking_class (g_ptr_array_index (g->traces, 0));
      g_assert_false (g->library);
      if (g_str_equal (cls, "com.example.LeakedActivity"))
        activity = g;
      else if (g_str_equal (cls, "com.example.ThreadLeak"))
        thread = g;
    }
  g_assert_nonnull (activity);
  g_assert_nonnull (thread);

  g_assert_cmpuint (activity->traces->len, ==, 2);
  for (guint t = 0; t < 2; t++)
    {
      HsLeakTrace *trace = g_ptr_array_index (activity->traces, t);
      guint32 index;

      g_assert_cmpuint (trace->nodes->len, ==, 4);
      g_assert_true (node (trace, 0)->is_class);
      g_assert_cmpstr (node (trace, 0)->class_name, ==, "com.example.LeakHolder");
      g_assert_cmpint (node (trace, 0)->ref_kind, ==, HS_PATH_REF_STATIC);
      g_assert_cmpstr (node (trace, 0)->ref_name, ==, "leaked");
      g_assert_cmpstr (node (trace, 1)->class_name, ==, "java.util.ArrayList");
      g_assert_cmpint (node (trace, 1)->ref_kind, ==, HS_PATH_REF_FIELD);
      g_assert_cmpstr (node (trace, 1)->ref_name, ==, "elementData");
      g_assert_cmpstr (node (trace, 2)->class_name, ==, "java.lang.Object[]");
      g_assert_cmpint (node (trace, 2)->ref_kind, ==, HS_PATH_REF_ELEMENT);
      index = node (trace, 2)->ref_index;
      g_assert_cmpuint (index, <, 2);
      g_assert_false (seen_index[index]);
      seen_index[index] = TRUE;
      g_assert_cmpstr (node (trace, 3)->class_name, ==, "com.example.LeakedActivity");
      g_assert_cmpint (node (trace, 3)->leaking, ==, HS_LEAKING_YES);
      /* Instance i sits at element i; watched 50 - i, retained 45 - i s. */
      g_assert_cmpstr (trace->key, ==, index == 0 ? "key-leaked-activity-0" : "key-leaked-activity-1");
      g_assert_cmpint (trace->retained_duration_ms, ==, 45000 - 1000 * (gint64)index);
      g_assert_cmpint (trace->watch_duration_ms, ==, 50000 - 1000 * (gint64)index);
      g_assert_cmpuint (trace->retained_bytes, ==, retained ? 1104 : 0);
      g_assert_cmpuint (trace->retained_count, ==, retained ? 4 : 0);
    }

  g_assert_cmpuint (thread->traces->len, ==, 1);
  {
    HsLeakTrace *trace = g_ptr_array_index (thread->traces, 0);
    g_assert_cmpuint (trace->nodes->len, ==, 2);
    g_assert_cmpstr (node (trace, 0)->class_name, ==, "com.example.LeakThread");
    g_assert_cmpint (node (trace, 0)->ref_kind, ==, HS_PATH_REF_LOCAL);
    g_assert_cmpstr (trace->root_thread_name, ==, "leak-holder-thread");
    g_assert_cmpstr (node (trace, 1)->class_name, ==, "com.example.ThreadLeak");
    g_assert_cmpstr (trace->key, ==, "key-thread-leak");
    g_assert_cmpint (trace->retained_duration_ms, ==, 42000);
    g_assert_cmpint (trace->watch_duration_ms, ==, 47000);
    g_assert_cmpuint (trace->retained_bytes, ==, retained ? 2096 : 0);
    g_assert_cmpuint (trace->retained_count, ==, retained ? 4 : 0);
  }

  /* Done: groups by retained size, 2 x 1104 = 2208 before 2096. */
  if (retained)
    g_assert_true (g_ptr_array_index (report->application_leaks, 0) == activity);
}

static void
test_early_leaks (void)
{
  HsLoader *loader = sample_loader ();
  LeaksReady r = { 0 };
  HsAnalysis *a;

  g_signal_connect (loader, "leaks-ready", G_CALLBACK (on_leaks_ready), &r);
  /* Held among the dominators: the leak report, found beside them on its
   * own thread, must come while the analysis is certainly not done. */
  hs_loader_set_pause_phase_for_tests ("dominators");
  hs_loader_start (loader);
  g_assert_true (wait_until (leaks_came, &r, TIMEOUT_MS));
  g_assert_true (wait_until (worker_paused, NULL, TIMEOUT_MS));
  g_assert_cmpuint (r.count, ==, 1);
  g_assert_cmpint (r.state, ==, HS_LOADER_LOADING);
  g_assert_false (r.had_analysis);
  g_assert_nonnull (r.report);
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_LOADING);
  g_assert_null (hs_loader_get_analysis (loader));
  g_assert_true (hs_loader_get_leaks (loader) == r.report);
  check_sample_leaks (r.report, FALSE);

  /* Let it finish: the same report, adopted by the analysis, filled in. */
  hs_loader_set_pause_phase_for_tests (NULL);
  g_assert_true (wait_until (finished, loader, TIMEOUT_MS));
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_DONE);
  g_assert_cmpuint (r.count, ==, 1);
  a = hs_loader_get_analysis (loader);
  g_assert_nonnull (a);
  g_assert_true (a->leaks == r.report);
  g_assert_true (hs_loader_get_leaks (loader) == r.report);
  check_sample_leaks (r.report, TRUE);

  g_signal_handlers_disconnect_by_data (loader, &r);
  unref_and_check_freed (loader);
}

/* --- a broken file ------------------------------------------------------ */

/* A valid header, then a HEAP_DUMP_SEGMENT whose only sub-record has the
 * tag 0x7f, which HPROF does not define (src/engine/hprof/hs-hprof.h). Offsets: the header is
 * "JAVA PROFILE 1.0.2\0" (19 bytes), the identifier size (4) and the time
 * (8): 31; the record's tag, time and length take 9 more, so the bad tag
 * is at byte 40. */
static void
test_broken (void)
{
  static const guint8 record[] = {
    0x1c, 0, 0, 0, 0, 0, 0, 0, 5, /* HEAP_DUMP_SEGMENT, time 0, 5 bytes */
    0x7f, 0, 0, 0, 0,             /* an undefined sub-record */
  };
  g_autoptr (GError) local = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hs-test-loader-XXXXXX", &local);
  g_autofree char *path = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  static const guint8 id_size_and_time[12] = { 0, 0, 0, 4 };
  HsLoader *loader;
  const GError *error;
  g_autofree char *expected = NULL;

  g_assert_no_error (local);
  g_byte_array_append (bytes, (const guint8 *)"JAVA PROFILE 1.0.2", 19);
  g_byte_array_append (bytes, id_size_and_time, sizeof id_size_and_time);
  g_byte_array_append (bytes, record, sizeof record);
  g_assert_cmpuint (bytes->len, ==, 45);
  path = g_build_filename (dir, "broken.hprof", NULL);
  g_file_set_contents (path, (const char *)bytes->data, bytes->len, &local);
  g_assert_no_error (local);

  file = g_file_new_for_path (path);
  loader = hs_loader_new (file, NULL);
  hs_loader_start (loader);
  g_assert_true (wait_until (finished, loader, TIMEOUT_MS));
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_FAILED);
  g_assert_null (hs_loader_get_analysis (loader));
  g_assert_null (hs_loader_get_leaks (loader));
  error = hs_loader_get_error (loader);
  g_assert_nonnull (error);
  g_assert_false (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
  /* The file first, then where in it. */
  expected = g_strdup_printf ("%s: at byte offset 40: ", path);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_nonnull (strstr (error->message, "0x7f"));
  unref_and_check_freed (loader);

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* --- the memory check's notice ----------------------------------------- */

/* Descriptors of this process open on files of dir (unlinked or not). */
static guint
open_files_in (const char *dir)
{
  g_autoptr (GDir) fds = g_dir_open ("/proc/self/fd", 0, NULL);
  guint n = 0;
  const char *name;
  g_autofree char *prefix = g_strconcat (dir, "/", NULL);
  while (fds && (name = g_dir_read_name (fds)))
    {
      g_autofree char *link = g_build_filename ("/proc/self/fd", name, NULL);
      g_autofree char *target = g_file_read_link (link, NULL);
      n += target && g_str_has_prefix (target, prefix);
    }
  return n;
}

static gboolean
shows_notice (gpointer data)
{
  return strstr (hs_loader_get_phase (data), "this will be slower") != NULL;
}

/* The notice under a phase of the analysis held in "dominators" (or of the
 * leak search beside it), not still under an index phase: the loader
 * publishes the phase a few times a second, so the notice can be seen
 * under "Finding reachable objects" before "Finding dominators" arrives. */
static gboolean
shows_notice_held (gpointer data)
{
  const char *text = hs_loader_get_phase (data);
  return shows_notice (data)
         && (g_str_has_prefix (text, hs_loader_phase_name ("dominators"))
             || g_str_has_prefix (text, hs_loader_phase_name ("paths"))
             || g_str_has_prefix (text, hs_loader_phase_name ("leaks")));
}

/* With no memory left (a fake /proc/meminfo of 1 MB) the analysis spills to
 * HEAPSCOPE_SPILL_DIR, and the loading page says so: the memory check's
 * notice under the phase's name, there in every later phase, and the load
 * still ends DONE with the sample's two application leak groups. */
static void
test_spill_notice (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hs-spill-XXXXXX", NULL);
  g_autofree char *meminfo = g_build_filename (dir, "meminfo", NULL);
  g_autofree char *spill = g_build_filename (dir, "spill", NULL);
  g_assert_cmpint (g_mkdir (spill, 0700), ==, 0);
  g_assert_true (g_file_set_contents (
      meminfo, "MemTotal: 2048 kB\nMemFree: 1024 kB\nMemAvailable: 1024 kB\nSwapFree: 0 kB\n", -1, NULL));
  g_setenv ("HS_TEST_MEMINFO", meminfo, TRUE);
  g_setenv ("HEAPSCOPE_SPILL_DIR", spill, TRUE);
  g_setenv ("HS_TEST_SPILL_MIN", "65536", TRUE);         /* the sample's arrays are small */
  g_setenv ("HEAPSCOPE_IGNORE_MEMORY_CHECK", "0", TRUE); /* (unsetenv: not with threads) */

  HsLoader *loader = sample_loader ();
  hs_loader_set_pause_phase_for_tests ("dominators");
  hs_loader_start (loader);
  g_assert_true (wait_until (worker_paused, NULL, TIMEOUT_MS));
  g_assert_true (wait_until (shows_notice_held, loader, TIMEOUT_MS));
  /* The phase's name (the worker is held in "dominators", the leak search
   * beside it may have moved on), then the notice, what matters first: the
   * label over a leak trace may be cut at its end. */
  const char *text = hs_loader_get_phase (loader);
  const char *nl = strchr (text, '\n');
  g_assert_nonnull (nl);
  g_autofree char *name = g_strndup (text, nl - text);
  g_assert_true (g_str_equal (name, hs_loader_phase_name ("dominators"))
                 || g_str_equal (name, hs_loader_phase_name ("paths"))
                 || g_str_equal (name, hs_loader_phase_name ("leaks")));
  g_assert_true (g_str_has_prefix (nl + 1, "Not enough memory: spilling about "));
  g_autofree char *to = g_strdup_printf (" to %s; this will be slower (needs about ", spill);
  g_assert_nonnull (strstr (text, to));
  g_assert_true (g_str_has_suffix (text, " available)"));
  /* Some arrays are on the disk now: files of the spill directory, open
   * (ASan spills only blocks of 1 MiB and more: none of the sample's; glibc
   * only blocks it maps on their own, see main). */
  guint during = open_files_in (spill);
#if !defined(__SANITIZE_ADDRESS__)
  g_assert_cmpuint (during, >, 0);
#endif
  g_test_message ("%u spill files open while finding dominators", during);
  hs_loader_set_pause_phase_for_tests (NULL);

  g_assert_true (wait_until (finished, loader, TIMEOUT_MS));
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_DONE);
  g_assert_cmpuint (hs_loader_get_leaks (loader)->application_leaks->len, ==, 2);
  unref_and_check_freed (loader);
  /* The analysis freed (g_free on its spilled arrays): no file of the
   * spill left open once hs-mem next looks. */
  hs_mem_trim ();
#if !defined(__SANITIZE_ADDRESS__) /* its quarantine unmaps freed blocks later */
  g_assert_cmpuint (open_files_in (spill), ==, 0);
#endif

  g_setenv ("HS_TEST_MEMINFO", "", TRUE); /* empty: /proc/meminfo, the default directory */
  g_setenv ("HEAPSCOPE_SPILL_DIR", "", TRUE);
  g_setenv ("HS_TEST_SPILL_MIN", "", TRUE);
  hs_mem_spill_stop ();
  g_assert_cmpint (g_rmdir (spill), ==, 0); /* empty: the files were unlinked */
  g_assert_cmpint (g_unlink (meminfo), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A gzip dump is inflated in a phase of its own, which the loading page
 * shows with the bytes done ("Decompressing the file – 12.6 MB"), and
 * Cancel stops it. The file: 64 gzip members of 16 MiB of
 * zeros (1 GiB from 16 MB; seconds to inflate on any machine). Nothing is
 * left in the temporary folder. */
static char *tmp_root; /* $TMPDIR of this process, set in main */

static void
on_phase_seen (HsLoader *loader, GParamSpec *pspec, gpointer data)
{
  /* U+2013 between the phase and the bytes done. */
  if (g_str_has_prefix (hs_loader_get_phase (loader), "Decompressing the file \u2013 "))
    *(gboolean *)data = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *)data;
}

static void
test_decompressing (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hs-loader-gz-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "zeros.hprof.gz", NULL);
  gsize n = (gsize)16 << 20;
  g_autofree guint8 *zeros = g_malloc0 (n);
  uLongf cap = compressBound (n) + 64;
  g_autofree guint8 *member = g_malloc (cap);
  z_stream zs = { 0 };
  gboolean seen = FALSE;

  g_assert_cmpint (deflateInit2 (&zs, 9, Z_DEFLATED, 16 + MAX_WBITS, 9, Z_DEFAULT_STRATEGY), ==, Z_OK);
  zs.next_in = zeros;
  zs.avail_in = n;
  zs.next_out = member;
  zs.avail_out = cap;
  g_assert_cmpint (deflate (&zs, Z_FINISH), ==, Z_STREAM_END);
  gsize member_len = cap - zs.avail_out;
  deflateEnd (&zs);
  {
    g_autoptr (GByteArray) all = g_byte_array_new ();
    for (guint i = 0; i < 64; i++)
      g_byte_array_append (all, member, member_len);
    g_assert_true (g_file_set_contents (path, (const char *)all->data, all->len, NULL));
  }

  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (HsLoader) loader = hs_loader_new (file, NULL);
  g_signal_connect (loader, "notify::phase", G_CALLBACK (on_phase_seen), &seen);
  hs_loader_start (loader);
  g_assert_true (wait_until (is_true, &seen, 120000));
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_LOADING);
  hs_loader_cancel (loader);
  g_assert_true (wait_until (finished, loader, 120000));
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_CANCELLED);
  {
    g_autoptr (GDir) d = g_dir_open (tmp_root, 0, NULL);
    g_assert_nonnull (d);
    g_assert_null (g_dir_read_name (d)); /* the inflated data's file is gone */
  }
  g_remove (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  main_thread = g_thread_self ();
  /* A temporary folder of this process's own, before anything asks. */
  tmp_root = g_dir_make_tmp ("hs-loader-tmp-XXXXXX", NULL);
  g_setenv ("TMPDIR", tmp_root, TRUE);

  /* First: with the allocator's free lists still empty, the sample's small
   * arrays are mappings of their own, which alone can spill. */
  g_test_add_func ("/loader/spill-notice", test_spill_notice);
  g_test_add_func ("/loader/phases", test_phases);
  g_test_add_data_func ("/loader/cancel/parsing", "parsing", test_cancel);
  g_test_add_data_func ("/loader/cancel/dominators", "dominators", test_cancel);
  g_test_add_func ("/loader/early-leaks", test_early_leaks);
  g_test_add_func ("/loader/broken", test_broken);
  g_test_add_func ("/loader/decompressing", test_decompressing);
  int rc = g_test_run ();
  g_rmdir (tmp_root);
  return rc;
}
