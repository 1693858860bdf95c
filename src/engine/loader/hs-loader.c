/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loader.c: the analysis runs in g_task_run_in_thread; the engine's
 * progress callback (worker thread) stores the latest phase and fraction
 * under a mutex and schedules at most one idle source on the main context,
 * which publishes them as properties (sysprof's pattern). */
#include "config.h"

#include <string.h>
#include "hs-loader.h"
#include "hs-index.h"
#include "hs-timing.h"
#include "hs-waste.h"
#ifdef HS_TEST_HOOKS
#include "hs-loader-test-hook-private.h"
#endif

#include <glib/gi18n.h>

/* GIO only: the CLI and the displayless tests link this too. */

struct _HsLoader
{
  GObject parent_instance;

  GFile *file;
  char *path;
  char *file_name;
  guint64 file_size;
  HsAnalysisOptions opts;

  HsLoaderState state;
  const char *phase_key; /* interned */
  double fraction;
  /* The memory check's notice ("... spilling N GB to DIR; this will be
   * slower", a progress phase "notice:TEXT"), shown under every phase. */
  const char *notice; /* interned */
  guint64 bytes;      /* "bytes:N": done in this phase (decompressing); 0: none */
  char *phase_text;   /* the phase's name, the bytes done and the notice */

  GMutex lock; /* guards the pending_* fields */
  const char *pending_phase;
  const char *pending_notice;
  guint64 pending_bytes;
  double pending_fraction;
  gboolean pending;
  const char *published_phase; /* and when: progress is shown at most */
  gint64 published_time;       /* every PUBLISH_INTERVAL within a phase */
  HsLeakReport *pending_leaks; /* from the leak thread, not yet published */
  GMainContext *context;

  GCancellable *cancellable;
  HsAnalysis *analysis;
  /* The leak report, owned here from its early delivery until the analysis
   * is done and adopts it (then analysis->leaks). Only the main thread
   * touches it: the worker let go of it when it handed it over. */
  HsLeakReport *early_leaks;
  GError *error;
  /* The persistent index (hs-index.h): whether to read one, and what the
   * load found (set by the worker before it returns). */
  HsIndexPolicy index_policy;
  char *index_path; /* an index file asked for (hs_loader_set_index_path) */
  HsIndexOutcome outcome;
};

G_DEFINE_FINAL_TYPE (HsLoader, hs_loader, G_TYPE_OBJECT)

enum
{
  LEAKS_READY,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

enum
{
  PROP_0,
  PROP_PHASE,
  PROP_FRACTION,
  PROP_FILE_NAME,
  PROP_FILE_SIZE,
  PROP_STATE,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

const char *
hs_loader_phase_name (const char *key)
{
  if (key == NULL)
    return _ ("Starting");
  if (g_str_equal (key, "reading"))
    return _ ("Reading the file");
  if (g_str_equal (key, "reading the index"))
    return _ ("Reading the index");
  if (g_str_equal (key, "decompressing"))
    return _ ("Decompressing the file");
  if (g_str_equal (key, "parsing"))
    return _ ("Parsing objects");
  if (g_str_equal (key, "references"))
    return _ ("Building references");
  if (g_str_equal (key, "reachability"))
    return _ ("Finding reachable objects");
  if (g_str_equal (key, "paths"))
    return _ ("Finding leak paths");
  if (g_str_equal (key, "dominators"))
    return _ ("Finding dominators");
  if (g_str_equal (key, "retained"))
    return _ ("Computing retained sizes");
  if (g_str_equal (key, "native"))
    return _ ("Measuring native memory");
  if (g_str_equal (key, "leaks"))
    return _ ("Finding leaks");
  if (g_str_equal (key, "suspects"))
    return _ ("Finding problem suspects");
  return key;
}

static void
hs_loader_finalize (GObject *object)
{
  HsLoader *self = HS_LOADER (object);

  g_clear_object (&self->file);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->file_name, g_free);
  g_clear_pointer (&self->phase_text, g_free);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->analysis, hs_analysis_free);
  hs_index_outcome_clear (&self->outcome);
  g_clear_pointer (&self->index_path, g_free);
  g_clear_pointer (&self->early_leaks, hs_leak_report_free);
  g_clear_pointer (&self->pending_leaks, hs_leak_report_free);
  g_clear_error (&self->error);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (hs_loader_parent_class)->finalize (object);
}

static void
hs_loader_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsLoader *self = HS_LOADER (object);

  switch (prop_id)
    {
      case PROP_PHASE: g_value_set_string (value, hs_loader_get_phase (self)); break;
      case PROP_FRACTION: g_value_set_double (value, self->fraction); break;
      case PROP_FILE_NAME: g_value_set_string (value, self->file_name); break;
      case PROP_FILE_SIZE: g_value_set_uint64 (value, self->file_size); break;
      case PROP_STATE: g_value_set_enum (value, self->state); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_loader_class_init (HsLoaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = hs_loader_finalize;
  object_class->get_property = hs_loader_get_property;

  properties[PROP_PHASE]
      = g_param_spec_string ("phase", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRACTION]
      = g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE_NAME]
      = g_param_spec_string ("file-name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE_SIZE] = g_param_spec_uint64 ("file-size", NULL, NULL, 0, G_MAXUINT64, 0,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATE] = g_param_spec_enum ("state", NULL, NULL, HS_TYPE_LOADER_STATE, HS_LOADER_IDLE,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The leak report exists (hs_loader_get_leaks), its retained sizes not yet:
   * emitted while loading, before the dominators are done. */
  signals[LEAKS_READY] = g_signal_new ("leaks-ready", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                       NULL, NULL, G_TYPE_NONE, 0);
}

static void
hs_loader_init (HsLoader *self)
{
  g_mutex_init (&self->lock);
  self->cancellable = g_cancellable_new ();
}

HsLoader *
hs_loader_new (GFile *file, const HsAnalysisOptions *opts)
{
  HsLoader *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (HS_TYPE_LOADER, NULL);
  self->file = g_object_ref (file);
  self->path = g_file_get_path (file);
  self->file_name = g_file_get_basename (file);
  if (opts != NULL)
    self->opts = *opts;
  return self;
}

/* Each change of the bar is a frame of the window; with software GL a frame
 * costs ~45 ms of CPU, which the analysis needs: a few a second are enough. */
#define PUBLISH_INTERVAL (250 * G_TIME_SPAN_MILLISECOND)

static gboolean
publish_progress (gpointer data)
{
  HsLoader *self = data;
  const char *phase, *notice;
  guint64 bytes;
  double fraction;

  g_mutex_lock (&self->lock);
  phase = self->pending_phase;
  notice = self->pending_notice;
  bytes = self->pending_bytes;
  fraction = self->pending_fraction;
  self->pending = FALSE;
  self->published_phase = phase;
  self->published_time = g_get_monotonic_time ();
  g_mutex_unlock (&self->lock);

  /* A late idle after the end must not move the bar backwards. */
  if (self->state != HS_LOADER_LOADING)
    return G_SOURCE_REMOVE;

  if (phase != self->phase_key || notice != self->notice || bytes != self->bytes)
    {
      g_autofree char *done = NULL;
      self->phase_key = phase;
      self->notice = notice;
      self->bytes = bytes;
      g_clear_pointer (&self->phase_text, g_free);
      if (bytes)
        {
          g_autofree char *size = g_format_size (bytes);
          /* TRANSLATORS: the phase, then how much of it is done ("Decompressing the file – 1.2 GB") */
          done = g_strdup_printf (_ ("%s – %s"), hs_loader_phase_name (phase), size);
        }
      if (done || notice)
        self->phase_text = g_strconcat (done ? done : hs_loader_phase_name (phase), notice ? "\n" : "",
                                        notice ? notice : "", NULL);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
    }
  if (fraction != self->fraction)
    {
      self->fraction = fraction;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
    }
  return G_SOURCE_REMOVE;
}

/* Worker threads: runs func (self) in the loader's main context, at
 * default priority; takes the source. */
static void
attach_to_main (HsLoader *self, GSource *source, GSourceFunc func, const char *name)
{
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, func, g_object_ref (self), g_object_unref);
  g_source_set_static_name (source, name);
  g_source_attach (source, self->context);
  g_source_unref (source);
}

/* Worker thread. */
static void
on_progress (const char *phase, double fraction, gpointer user_data)
{
  HsLoader *self = user_data;
  gboolean notice = g_str_has_prefix (phase, "notice:");
  gboolean bytes = g_str_has_prefix (phase, "bytes:");
  const char *key = notice || bytes ? NULL : g_intern_string (phase);
  gboolean schedule;
  gint64 wait = 0;

  g_mutex_lock (&self->lock);
  if (notice)
    {
      /* Not a phase: the current one stays, with the notice under it. */
      self->pending_notice = g_intern_string (phase + strlen ("notice:"));
      key = self->pending_phase;
    }
  else if (bytes)
    {
      /* Not a phase either: how much of the current one is done. */
      self->pending_bytes = g_ascii_strtoull (phase + strlen ("bytes:"), NULL, 10);
      key = self->pending_phase;
    }
  else
    {
      if (key != self->pending_phase)
        self->pending_bytes = 0;
      self->pending_phase = key;
      self->pending_fraction = CLAMP (fraction, 0.0, 1.0);
    }
  schedule = !self->pending;
  self->pending = TRUE;
  /* A new phase is shown at once, progress within one at intervals. */
  if (schedule && self->pending_phase == self->published_phase)
    wait = self->published_time + PUBLISH_INTERVAL - g_get_monotonic_time ();
  g_mutex_unlock (&self->lock);

  /* Coalesced (one pending at a time), so it may run before redraws. */
  if (schedule)
    attach_to_main (self, wait > 0 ? g_timeout_source_new ((guint)(wait / 1000) + 1) : g_idle_source_new (),
                    publish_progress, "[heapscope] loader progress");

#ifdef HS_TEST_HOOKS /* test builds: a phase reported (hs-loader-test-hook.c) */
  if (!notice && !bytes)
    _hs_loader_test_progress (self, key, self->cancellable);
#endif
}

/* Main thread: takes the report the leak thread handed over, if any. */
static gboolean
take_pending_leaks (HsLoader *self)
{
  HsLeakReport *report;

  g_mutex_lock (&self->lock);
  report = g_steal_pointer (&self->pending_leaks);
  g_mutex_unlock (&self->lock);
  if (report == NULL)
    return FALSE;
  g_assert (self->early_leaks == NULL && self->analysis == NULL);
  self->early_leaks = report;
  return TRUE;
}

static gboolean
publish_leaks (gpointer data)
{
  HsLoader *self = data;

  /* After the end, load_done has taken it (or it is dropped with us). */
  if (self->state == HS_LOADER_LOADING && take_pending_leaks (self))
    {
      hs_timing_mark ("leak report handed to the UI");
      g_signal_emit (self, signals[LEAKS_READY], 0);
    }
  return G_SOURCE_REMOVE;
}

/* Leak thread: the report is ours from here on; the engine will not touch
 * it again. */
static void
on_leaks_ready (HsLeakReport *report, gpointer user_data)
{
  HsLoader *self = user_data;

  hs_timing_mark ("worker: leak report ready");
  g_mutex_lock (&self->lock);
  g_clear_pointer (&self->pending_leaks, hs_leak_report_free);
  self->pending_leaks = report;
  g_mutex_unlock (&self->lock);

  attach_to_main (self, g_idle_source_new (), publish_leaks, "[heapscope] loader leaks");
}

static void
load_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  HsLoader *self = source_object;
  g_autoptr (GError) error = NULL;
  HsAnalysis *analysis;

  if (self->path == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _ ("%s is not a local file"),
                               self->file_name);
      return;
    }

  /* The whole pipeline; it lets the dominator walk find what is reachable
   * instead of walking the heap twice. The leak report comes early, through
   * on_leaks_ready, and is given back to the analysis in load_done. */
  HsIndexOptions iopts = { self->index_policy, self->index_path };
  analysis = hs_index_open (self->path, &self->opts, &iopts, &self->outcome, on_progress, self, cancellable,
                            &error);
  if (analysis != NULL && hs_timing_enabled ())
    {
      hs_timing_mark ("worker: analysis returned");
      for (guint i = 0; i < analysis->timings->len; i++)
        {
          HsPhaseTime *t = &g_array_index (analysis->timings, HsPhaseTime, i);
          hs_timing_mark ("worker:   phase %s took %.3f s", t->phase, t->seconds);
        }
    }
  if (analysis != NULL && g_cancellable_is_cancelled (cancellable))
    g_clear_pointer (&analysis, hs_analysis_free);
  if (analysis == NULL)
    {
      if (error == NULL && g_cancellable_set_error_if_cancelled (cancellable, &error))
        ;
      else if (error == NULL)
        g_set_error (&error, HS_ERROR, HS_ERROR_FORMAT, _ ("Could not analyse %s"), self->file_name);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_pointer (task, analysis, (GDestroyNotify)hs_analysis_free);
}

static void
set_state (HsLoader *self, HsLoaderState state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
cancel_index_save (gpointer save)
{
  hs_index_save_finish (save, TRUE, NULL);
}

static void
load_done (GObject *object, GAsyncResult *result, gpointer user_data)
{
  HsLoader *self = HS_LOADER (object);
  g_autoptr (GError) error = NULL;
  HsAnalysis *analysis;

  analysis = g_task_propagate_pointer (G_TASK (result), &error);
  /* A report still queued (its idle has not run) is taken as it is:
   * the state change below shows it. */
  take_pending_leaks (self);
  if (analysis != NULL)
    {
      /* Main thread, before anyone sees the analysis: its retained sizes
       * are filled in here (the report stays at the same address). */
      if (analysis->leaks_handed_over)
        hs_analysis_adopt_leaks (analysis, g_steal_pointer (&self->early_leaks));
      /* Whole now: its index is written in the background, stopped when
       * the analysis goes (the tab is closed). */
      HsIndexSave *save = hs_index_save_start (analysis, &self->outcome, self->opts.beside != NULL, TRUE);
      if (save)
        hs_analysis_add_teardown (analysis, cancel_index_save, save);
      self->analysis = analysis;
      self->fraction = 1.0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
      set_state (self, HS_LOADER_DONE);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      self->error = g_steal_pointer (&error);
      set_state (self, HS_LOADER_CANCELLED);
    }
  else
    {
      self->error = g_steal_pointer (&error);
      set_state (self, HS_LOADER_FAILED);
    }
}

void
hs_loader_start (HsLoader *self)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GFileInfo) info = NULL;

  g_return_if_fail (HS_IS_LOADER (self));
  g_return_if_fail (self->state == HS_LOADER_IDLE);

  /* A cheap local stat; the size is shown while loading. */
  info = g_file_query_info (self->file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info != NULL)
    {
      self->file_size = g_file_info_get_size (info);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE_SIZE]);
    }

  self->context = g_main_context_ref_thread_default ();
  self->opts.leaks_ready = on_leaks_ready;
  self->opts.leaks_ready_data = self;
  /* The Insights view's waste, found on the core the dominators leave,
   * behind everything a user waits for. */
  self->opts.beside = &hs_waste_beside;
  self->opts.beside_in_background = TRUE;
  set_state (self, HS_LOADER_LOADING);

  task = g_task_new (self, self->cancellable, load_done, NULL);
  g_task_set_source_tag (task, hs_loader_start);
  g_task_set_name (task, "[heapscope] analyse dump");
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, load_thread);
}

void
hs_loader_cancel (HsLoader *self)
{
  g_return_if_fail (HS_IS_LOADER (self));
  g_cancellable_cancel (self->cancellable);
}

HsLoaderState
hs_loader_get_state (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), HS_LOADER_IDLE);
  return self->state;
}

const char *
hs_loader_get_phase (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), NULL);
  return self->phase_text ? self->phase_text : hs_loader_phase_name (self->phase_key);
}

double
hs_loader_get_fraction (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), 0.0);
  return self->fraction;
}

const char *
hs_loader_get_file_name (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), NULL);
  return self->file_name;
}

guint64
hs_loader_get_file_size (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), 0);
  return self->file_size;
}

GFile *
hs_loader_get_file (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), NULL);
  return self->file;
}

int
hs_loader_get_dump (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), 0);
  return self->opts.open.dump;
}

void
hs_loader_set_index_policy (HsLoader *self, HsIndexPolicy policy)
{
  g_return_if_fail (HS_IS_LOADER (self));
  g_return_if_fail (self->state == HS_LOADER_IDLE);
  self->index_policy = policy;
}

void
hs_loader_set_index_path (HsLoader *self, const char *path)
{
  g_return_if_fail (HS_IS_LOADER (self));
  g_return_if_fail (self->state == HS_LOADER_IDLE);
  g_free (self->index_path);
  self->index_path = g_strdup (path);
}

const char *
hs_loader_get_index_path (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), NULL);
  return self->state == HS_LOADER_DONE && self->outcome.from_index ? self->outcome.index_path : NULL;
}

const char *
hs_loader_get_index_beside (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), NULL);
  return self->state == HS_LOADER_DONE ? self->outcome.beside_path : NULL;
}

gboolean
hs_loader_get_from_index (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), FALSE);
  return self->state == HS_LOADER_DONE && self->outcome.from_index;
}

gint64
hs_loader_get_analysed (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), 0);
  return self->outcome.analysed;
}

const char *
hs_loader_get_index_note (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), NULL);
  return self->state == HS_LOADER_DONE ? self->outcome.note : NULL;
}

HsAnalysis *
hs_loader_get_analysis (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), NULL);
  return self->analysis;
}

HsLeakReport *
hs_loader_get_leaks (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), NULL);
  if (self->analysis != NULL)
    return self->analysis->leaks;
  return self->early_leaks;
}

const GError *
hs_loader_get_error (HsLoader *self)
{
  g_return_val_if_fail (HS_IS_LOADER (self), NULL);
  return self->error;
}
