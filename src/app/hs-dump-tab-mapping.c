/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-mapping.c: deobfuscating the open dump with a ProGuard / R8
 * mapping (see hs-dump-tab-mapping.h). The mapping is read on a worker; the
 * heap's names are changed in place on the UI thread (which is the only
 * reader of names then), the views refilled, and the name-dependent results
 * (leaks, suspects) found again on a worker and swapped in. The mapping is
 * remembered per dump (GSettings "mappings"); a mapping.txt beside the dump,
 * or one named like it (or in ../build/outputs/mapping/<variant>/), is
 * offered in a banner when it renames classes the dump has. */
#include "config.h"
#include "hs-dump-tab-private.h"
#include "hs-dump-tab-mapping.h"
#include "hs-inspector.h"
#include "hs-mapping-folder.h"

#include <glib/gi18n.h>
#include <string.h>

/* Mappings remembered at most (the oldest entries go first). */
#define MAX_REMEMBERED 64

typedef struct _HsDumpTabMapping HsDumpTabMapping;

struct _HsDumpTabMapping
{
  char *path;       /* applied to the open dump, or NULL */
  char *offered;    /* offered in the banner, or NULL */
  guint generation; /* a newer request or another dump drops older results */
  gboolean busy;
  GCancellable *offer_cancellable; /* the check of a mapping to offer */
};

typedef struct
{
  HsLoader *loader;
  char *path;
  guint generation;
  HsMapping *mapping;     /* result of the read */
  HsAnalysisOptions opts; /* for the leaks found again */
  HsLeakReport *leaks;
  HsSuspects *suspects;
} MappingJob;

static void
job_free (MappingJob *job)
{
  g_clear_object (&job->loader);
  g_free (job->path);
  g_clear_pointer (&job->mapping, hs_mapping_unref);
  g_clear_pointer (&job->leaks, hs_leak_report_free);
  g_clear_pointer (&job->suspects, hs_suspects_free);
  g_free (job);
}

static HsDumpTabMapping *
state (HsDumpTab *self)
{
  return self->mapping;
}

/* Drops the check of a mapping to offer (the dump went, or a mapping is
 * applied). */
static void
offer_cancel (HsDumpTabMapping *st)
{
  if (st->offer_cancellable != NULL)
    g_cancellable_cancel (st->offer_cancellable);
  g_clear_object (&st->offer_cancellable);
}

/* While a mapping is read and applied, the window's Export is off (the
 * report would mix names): the window hears it through "mapping-busy". */
static void
set_busy (HsDumpTab *self, gboolean busy)
{
  HsDumpTabMapping *st = state (self);

  if (st->busy == busy)
    return;
  st->busy = busy;
  if (!self->disposed)
    g_object_notify (G_OBJECT (self), "mapping-busy");
}

static char *
dump_path (HsDumpTab *self)
{
  return self->loader != NULL ? g_file_get_path (hs_loader_get_file (self->loader)) : NULL;
}

/* Every view (and the inspector) shows the dump again: the names changed. */
static void
refresh_views (HsDumpTab *self)
{
  HsView *shown;

  for (guint i = 0; i < self->views->len; i++)
    hs_view_set_loader (g_ptr_array_index (self->views, i), self->loader);
  shown = hs_dump_tab_get_view_by_name (self, hs_dump_tab_get_view (self));
  if (shown != NULL)
    hs_view_ensure_filled (shown);
  hs_inspector_set_loader (self->inspector, self->loader);
}

static void
remember (HsDumpTab *self, const char *mapping_path)
{
  g_autofree char *dump = dump_path (self);
  g_autoptr (GVariant) old = NULL;
  GVariantBuilder b;
  GVariantIter iter;
  const char *k, *v;
  gsize n, skip;

  if (dump == NULL || self->settings == NULL)
    return;
  old = g_settings_get_value (self->settings, "mappings");
  n = g_variant_n_children (old);
  skip = n >= MAX_REMEMBERED ? n - MAX_REMEMBERED + 1 : 0;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("a{ss}"));
  g_variant_iter_init (&iter, old);
  while (g_variant_iter_next (&iter, "{&s&s}", &k, &v))
    {
      if (skip > 0)
        {
          skip--;
          continue;
        }
      if (strcmp (k, dump) != 0)
        g_variant_builder_add (&b, "{ss}", k, v);
    }
  g_variant_builder_add (&b, "{ss}", dump, mapping_path);
  g_settings_set_value (self->settings, "mappings", g_variant_builder_end (&b));
}

static char *
remembered (HsDumpTab *self)
{
  g_autofree char *dump = dump_path (self);
  g_autoptr (GVariant) dict = NULL;
  char *path = NULL;

  if (dump == NULL || self->settings == NULL)
    return NULL;
  dict = g_settings_get_value (self->settings, "mappings");
  if (!g_variant_lookup (dict, dump, "s", &path))
    return NULL;
  return path;
}

static void
find_named_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  MappingJob *job = data;
  GError *error = NULL;

  if (hs_analysis_find_named (hs_loader_get_analysis (job->loader), &job->opts, &job->leaks, &job->suspects,
                              cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
find_named_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsDumpTab *self = HS_DUMP_TAB (source);
  MappingJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  HsDumpTabMapping *st = state (self);
  HsAnalysis *a;
  HsLeakReport *old_leaks;
  HsSuspects *old_suspects;

  if (self->disposed || job->generation != st->generation || job->loader != self->loader)
    return;
  set_busy (self, FALSE);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_autofree char *text
          = g_strdup_printf (_ ("Could not find the leaks again under the real names: %s"), error->message);
      _hs_dump_tab_show_toast (self, text);
      return;
    }
  a = hs_loader_get_analysis (self->loader);
  old_leaks = a->leaks;
  old_suspects = a->suspects;
  if (job->leaks != NULL || a->dom == NULL)
    a->leaks = g_steal_pointer (&job->leaks);
  if (job->suspects != NULL || a->dom == NULL)
    a->suspects = g_steal_pointer (&job->suspects);
  /* The views drop what they showed of the old results before they go;
   * a worker still reading them (a report export) holds the analysis, and
   * they go when it lets go (hs_analysis_retire). */
  refresh_views (self);
  if (a->leaks != old_leaks)
    hs_analysis_retire (a, old_leaks, (GDestroyNotify)hs_leak_report_free);
  if (a->suspects != old_suspects)
    hs_analysis_retire (a, old_suspects, (GDestroyNotify)hs_suspects_free);
}

/* The app's leak options, as the window's loader had them. */
static void
leak_options (HsAnalysisOptions *opts)
{
  GApplication *app = g_application_get_default ();
  g_autoptr (GVariant) inspectors = NULL;

  memset (opts, 0, sizeof *opts);
  /* Off, the preference still lets an Android dump without a LeakCanary
   * watcher show what the inspectors find leaking: its default follows
   * the dump. */
  opts->leaks.android_inspectors_when_unwatched = TRUE;
  if (app == NULL)
    return;
  inspectors = g_action_group_get_action_state (G_ACTION_GROUP (app), "android-inspectors-as-leaks");
  if (inspectors != NULL && g_variant_is_of_type (inspectors, G_VARIANT_TYPE_BOOLEAN))
    opts->leaks.android_inspectors_as_leaks = g_variant_get_boolean (inspectors);
}

static void
apply (HsDumpTab *self, MappingJob *job)
{
  HsDumpTabMapping *st = state (self);
  HsAnalysis *a = hs_loader_get_analysis (self->loader);
  HsMappingStats stats;
  g_autofree char *warning = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GTask) task = NULL;
  MappingJob *next;

  hs_heap_apply_mapping (a->heap, job->mapping, &stats);
  g_free (st->path);
  st->path = g_strdup (job->path);
  /* The header says which mapping is applied. */
  g_object_notify (G_OBJECT (self), "mapping-path");
  remember (self, job->path);
  hs_banner_set_revealed (self->mapping_banner, FALSE);
  g_clear_pointer (&st->offered, g_free);
  refresh_views (self);

  {
    g_autofree char *base = g_path_get_basename (job->path);
    warning = hs_mapping_stats_warning (&stats, base);
  }
  if (warning != NULL)
    text = g_strdup_printf (_ ("Mapping applied with a warning: %s"), warning);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Mapping applied: %u class renamed",
                                         "Mapping applied: %u classes renamed", stats.classes_renamed),
                            stats.classes_renamed);
  _hs_dump_tab_show_toast (self, text);

  /* Leaks and suspects depend on names: found again on a worker. */
  next = g_new0 (MappingJob, 1);
  next->loader = g_object_ref (self->loader);
  next->generation = st->generation;
  leak_options (&next->opts);
  task = g_task_new (self, _hs_dump_tab_cancellable (self), find_named_done, NULL);
  g_task_set_name (task, "[heapscope] leaks under the mapping's names");
  g_task_set_task_data (task, next, (GDestroyNotify)job_free);
  g_task_run_in_thread (task, find_named_thread);
}

static void
read_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  MappingJob *job = data;
  GError *error = NULL;

  job->mapping = hs_mapping_load (job->path, &error);
  if (job->mapping != NULL)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
read_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsDumpTab *self = HS_DUMP_TAB (source);
  MappingJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  HsDumpTabMapping *st = state (self);

  if (self->disposed || job->generation != st->generation || job->loader != self->loader)
    return;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* The dump stays as it was. */
      g_autofree char *text = g_strdup_printf (_ ("Could not apply the mapping: %s"), error->message);
      set_busy (self, FALSE);
      _hs_dump_tab_show_toast (self, text);
      return;
    }
  apply (self, job);
}

void
hs_dump_tab_load_mapping (HsDumpTab *self, GFile *file)
{
  HsDumpTabMapping *st;
  g_autoptr (GTask) task = NULL;
  MappingJob *job;
  char *path;

  g_return_if_fail (HS_IS_DUMP_TAB (self));
  g_return_if_fail (G_IS_FILE (file));

  st = state (self);
  if (_hs_dump_tab_get_analysis (self) == NULL)
    {
      _hs_dump_tab_show_toast (self, _ ("Open a heap dump first: a mapping renames its classes"));
      return;
    }
  path = g_file_get_path (file);
  if (path == NULL)
    {
      _hs_dump_tab_show_toast (self, _ ("Could not apply the mapping: it is not a local file"));
      return;
    }
  st->generation++;
  offer_cancel (st); /* a mapping chosen: none to offer */
  set_busy (self, TRUE);
  job = g_new0 (MappingJob, 1);
  job->loader = g_object_ref (self->loader);
  job->path = path;
  job->generation = st->generation;
  task = g_task_new (self, _hs_dump_tab_cancellable (self), read_done, NULL);
  g_task_set_name (task, "[heapscope] read a mapping");
  g_task_set_task_data (task, job, (GDestroyNotify)job_free);
  g_task_run_in_thread (task, read_thread);
}

gboolean
hs_file_is_mapping (GFile *file)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  name = g_file_get_basename (file);
  return name != NULL && (g_str_has_suffix (name, ".txt") || g_str_has_suffix (name, ".map"));
}

gboolean
hs_dump_tab_is_mapping_busy (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), FALSE);
  return state (self)->busy;
}

const char *
hs_dump_tab_get_mapping_path (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return state (self)->path;
}

const char *
hs_dump_tab_get_offered_mapping (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return state (self)->offered;
}

/* A mapping beside the dump (hs_mapping_find_beside), else mapping.txt in
 * ../build/outputs/mapping/<variant>/
 * (an Android project's layout), first variant by name. */
static char *
find_beside (const char *dump)
{
  g_autofree char *dir = g_path_get_dirname (dump);
  g_autofree char *beside = hs_mapping_find_beside (dump);
  g_autofree char *parent = g_path_get_dirname (dir);
  g_autofree char *outputs = g_build_filename (parent, "build", "outputs", "mapping", NULL);
  g_autoptr (GPtrArray) variants = g_ptr_array_new_with_free_func (g_free);
  GDir *d;
  const char *name;

  if (beside != NULL)
    return g_steal_pointer (&beside);
  d = g_dir_open (outputs, 0, NULL);
  if (d == NULL)
    return NULL;
  while ((name = g_dir_read_name (d)) != NULL && variants->len < 64)
    {
      char *p = g_build_filename (outputs, name, "mapping.txt", NULL);
      if (g_file_test (p, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (variants, p);
      else
        g_free (p);
    }
  g_dir_close (d);
  if (variants->len == 0)
    return NULL;
  g_ptr_array_sort (variants, (GCompareFunc)g_strcmp0);
  return g_strdup (*(char **)variants->pdata);
}

/* A mapping found beside the dump is offered only when it names the dump:
 * it is read on a worker, then the dump's classes are looked up in it on
 * the UI thread (the only one that renames classes). */
typedef struct
{
  char *path;
  HsMapping *mapping;
} OfferJob;

static void
offer_job_free (OfferJob *job)
{
  g_free (job->path);
  g_clear_pointer (&job->mapping, hs_mapping_unref);
  g_free (job);
}

static void
offer_read_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  OfferJob *job = data;
  GError *error = NULL;

  job->mapping = hs_mapping_load (job->path, &error);
  if (job->mapping == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/* Whether one of the heap's classes is an obfuscated name the mapping
 * gives another name to (a class it keeps as it is proves nothing). */
static gboolean
mapping_renames_heap (HsMapping *mapping, HsHeap *heap)
{
  guint n = hs_heap_n_classes (heap);

  for (guint c = 0; c < n; c++)
    {
      const char *name = hs_class_name (heap, c);
      const char *real = hs_mapping_lookup_class (mapping, name);
      if (real != NULL && strcmp (real, name) != 0)
        return TRUE;
    }
  return FALSE;
}

static void
offer_read_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsDumpTab *self = HS_DUMP_TAB (source);
  OfferJob *job = g_task_get_task_data (G_TASK (result));
  HsDumpTabMapping *st = state (self);
  HsAnalysis *a = _hs_dump_tab_get_analysis (self);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  /* Cancelled: the dump went or a mapping is being applied; whoever
   * cancelled it set the state. */
  if (!g_task_propagate_boolean (G_TASK (result), &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&st->offer_cancellable);
  set_busy (self, FALSE);
  /* Not a mapping after all: a text file named like one, not offered. */
  if (error != NULL)
    {
      g_debug ("%s not offered: %s", job->path, error->message);
      return;
    }
  if (a == NULL || !mapping_renames_heap (job->mapping, a->heap))
    return;
  g_free (st->offered);
  st->offered = g_strdup (job->path);
  text = g_strdup_printf (
      _ ("A ProGuard/R8 mapping was found beside the dump (%s). Apply it to show the real class names?"),
      st->offered);
  hs_banner_set_title (self->mapping_banner, text);
  hs_banner_set_revealed (self->mapping_banner, TRUE);
}

void
_hs_dump_tab_mapping_dump_done (HsDumpTab *self)
{
  HsDumpTabMapping *st = state (self);
  g_autofree char *dump = dump_path (self);
  g_autofree char *known = remembered (self);
  g_autofree char *found = NULL;
  g_autoptr (GTask) task = NULL;
  OfferJob *job;

  if (dump == NULL)
    return;
  if (known != NULL && g_file_test (known, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr (GFile) file = g_file_new_for_path (known);
      hs_dump_tab_load_mapping (self, file);
      return;
    }
  if ((found = hs_mapping_folder_find_for_dump (dump)) == NULL)
    found = find_beside (dump);
  if (found == NULL)
    return;
  offer_cancel (st);
  st->offer_cancellable = g_cancellable_new ();
  set_busy (self, TRUE);
  job = g_new0 (OfferJob, 1);
  job->path = g_steal_pointer (&found);
  task = g_task_new (self, st->offer_cancellable, offer_read_done, NULL);
  g_task_set_name (task, "[heapscope] read a mapping to offer");
  g_task_set_task_data (task, job, (GDestroyNotify)offer_job_free);
  g_task_run_in_thread (task, offer_read_thread);
}

void
_hs_dump_tab_mapping_dump_closed (HsDumpTab *self)
{
  HsDumpTabMapping *st = state (self);

  if (st == NULL)
    return;
  st->generation++; /* results of the old dump are dropped */
  offer_cancel (st);
  set_busy (self, FALSE);
  g_clear_pointer (&st->path, g_free);
  g_clear_pointer (&st->offered, g_free);
  hs_banner_set_revealed (self->mapping_banner, FALSE);
}

void
_hs_dump_tab_mapping_apply_clicked (HsDumpTab *self)
{
  HsDumpTabMapping *st = state (self);
  g_autoptr (GFile) file = NULL;

  if (st->offered == NULL)
    return;
  file = g_file_new_for_path (st->offered);
  hs_banner_set_revealed (self->mapping_banner, FALSE);
  hs_dump_tab_load_mapping (self, file);
}

void
_hs_dump_tab_mapping_init (HsDumpTab *self)
{
  self->mapping = g_new0 (HsDumpTabMapping, 1);
}

void
_hs_dump_tab_mapping_free (HsDumpTab *self)
{
  HsDumpTabMapping *st = state (self);

  if (st == NULL)
    return;
  offer_cancel (st);
  g_free (st->path);
  g_free (st->offered);
  g_free (st);
  self->mapping = NULL;
}

/* --- win.load-mapping ----------------------------------------------------- */

static void
load_response (GtkNativeDialog *dialog, int response, HsDumpTab *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      if (file != NULL)
        hs_dump_tab_load_mapping (self, file);
    }
  g_object_unref (dialog);
}

void
hs_dump_tab_choose_mapping (HsDumpTab *self, GtkWindow *parent)
{
  GtkFileChooserNative *dialog;
  g_autoptr (GtkFileFilter) maps = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  if (_hs_dump_tab_get_analysis (self) == NULL)
    return;
  dialog = gtk_file_chooser_native_new (_ ("Load a ProGuard/R8 Mapping"), parent,
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Load"), _ ("_Cancel"));
  gtk_file_filter_set_name (maps, _ ("Mapping files"));
  gtk_file_filter_add_pattern (maps, "*.txt");
  gtk_file_filter_add_pattern (maps, "*.map");
  gtk_file_filter_set_name (all, _ ("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), maps);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), all);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (dialog), maps);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  /* The default mapping folder, else the dump's own folder. */
  if (!hs_mapping_folder_set_on_chooser (GTK_FILE_CHOOSER (dialog)))
    {
      g_autofree char *dump = dump_path (self);
      g_autofree char *dir = dump != NULL ? g_path_get_dirname (dump) : NULL;
      if (dir != NULL)
        {
          g_autoptr (GFile) folder = g_file_new_for_path (dir);
          gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, NULL);
        }
    }
  g_signal_connect_object (dialog, "response", G_CALLBACK (load_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}
