/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-query-view.c: the Query view (see hs-query-view.h). The query runs on
 * a GTask worker with the view's cancellable (cancelled on Cancel, on a new
 * run, on clear and on dispose); the worker keeps at most
 * HS_QUERY_VIEW_MAX_ROWS rows as text and counts the rest, and the table is
 * rebuilt on the UI thread from them (hs-query-view-table.c): one small
 * HsQueryRow per row shown, never one per heap object. Here: the editor
 * (GtkSourceView, resources/oql.lang, completion of the dump's names), the
 * run on a worker, its errors at their place and the status line; the
 * library and the history are hs-query-view-library.c. */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>
#include <adwaita.h>

#include "hs-oql.h"
#include "hs-query-row.h"
#include "hs-query-view-private.h"
#include "hs-strhash.h"
#include "hs-ui-util-private.h"

/* Class and field names offered for completion, at most. */
#define COMPLETION_WORDS_MAX 200000
/* A value cell shows at most this many characters, on one line. */
#define CELL_MAX_CHARS 4096

G_DEFINE_FINAL_TYPE (HsQueryView, hs_query_view, HS_TYPE_VIEW)

/* ---- the worker ------------------------------------------------------------ */

typedef struct
{
  HsAnalysis *analysis; /* borrowed: the task holds the loader */
  char *text;
  HsOqlFlags flags;
  guint generation;
  /* Results */
  gboolean objects;
  GPtrArray *titles; /* char * */
  GPtrArray *rows;   /* HsQueryRow */
  guint64 total;
  GError *error;
} Job;

static void
job_free (Job *job)
{
  g_free (job->text);
  g_clear_pointer (&job->titles, g_ptr_array_unref);
  g_clear_pointer (&job->rows, g_ptr_array_unref);
  g_clear_error (&job->error);
  g_free (job);
}

static void
job_columns (gboolean objects, const char *const *names, guint n, gpointer data)
{
  Job *job = data;
  job->objects = objects;
  if (objects)
    {
      g_ptr_array_add (job->titles, g_strdup (_ ("Object")));
      g_ptr_array_add (job->titles, g_strdup (_ ("Class")));
      g_ptr_array_add (job->titles, g_strdup (_ ("Shallow")));
      g_ptr_array_add (job->titles, g_strdup (_ ("Retained")));
      return;
    }
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (job->titles, g_strdup (names[i]));
}

static gboolean
job_row (const HsOqlRow *row, gpointer data)
{
  Job *job = data;
  HsAnalysis *a = job->analysis;
  if (job->total++ >= HS_QUERY_VIEW_MAX_ROWS)
    return TRUE;
  GPtrArray *b = g_ptr_array_new (); /* char *, NULL-terminated at the end */
  if (row->object != HS_OBJ_NONE)
    {
      HsObj o = row->object;
      guint64 retained
          = a->dom && hs_heap_object_reachable (a->heap, o) ? hs_dom_tree_retained (a->dom, o) : 0;
      g_ptr_array_add (b, g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", hs_heap_object_id (a->heap, o)));
      g_ptr_array_add (b, g_strdup (hs_heap_object_class_name (a->heap, o)));
      g_ptr_array_add (b, g_strdup_printf ("%u", hs_heap_object_shallow (a->heap, o)));
      g_ptr_array_add (b, g_strdup_printf ("%" G_GUINT64_FORMAT, retained));
    }
  else
    for (guint i = 0; i < row->n_values; i++)
      {
        /* One line per cell, bounded. */
        char *t = hs_text_cut_chars (hs_oql_value_to_text (a, &row->values[i]), CELL_MAX_CHARS);
        g_strdelimit (t, "\n\r\t", ' ');
        g_ptr_array_add (b, t);
      }
  HsObj first = row->object;
  for (guint i = 0; first == HS_OBJ_NONE && i < row->n_values; i++)
    if (row->values[i].kind == HS_OQL_OBJECT)
      first = row->values[i].o;
  g_ptr_array_add (b, NULL);
  g_ptr_array_add (job->rows, hs_query_row_new (first, (GStrv)g_ptr_array_free (b, FALSE)));
  return TRUE;
}

static void
run_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  if (!hs_oql_run (job->analysis, job->text, job->flags, job_columns, job_row, job, cancellable, &job->error))
    {
      /* Only the error is shown. */
      g_ptr_array_set_size (job->rows, 0);
    }
  g_task_return_boolean (task, TRUE);
}

/* ---- the status line ---------------------------------------------------------- */

static void
update_status (HsQueryView *self)
{
  g_autofree char *s = NULL;
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  if (self->running)
    s = g_strdup (_ ("Running…"));
  else if (self->error)
    s = g_strdup ("");
  else if (self->total > shown)
    {
      g_autofree char *n_shown = hs_format_count (shown);
      g_autofree char *n_total = hs_format_count (self->total);
      s = g_strdup_printf (_ ("The first %s of %s rows"), n_shown, n_total);
    }
  else if (self->titles->len)
    {
      g_autofree char *n_shown = hs_format_count (shown);
      s = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s row", "%s rows", shown), n_shown);
    }
  else
    s = g_strdup ("");
  gtk_label_set_text (GTK_LABEL (self->status), s);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "query.cancel", self->running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "query.run", !self->running);
}

/* ---- errors ------------------------------------------------------------------- */

static void
clear_error (HsQueryView *self)
{
  GtkTextBuffer *buf = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor));
  GtkTextIter s, e;
  g_clear_pointer (&self->error, g_free);
  gtk_widget_set_visible (self->error_label, FALSE);
  gtk_text_buffer_get_bounds (buf, &s, &e);
  gtk_text_buffer_remove_tag (buf, self->error_tag, &s, &e);
}

static void
show_error (HsQueryView *self, const GError *error)
{
  GtkTextBuffer *buf = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor));
  guint line, column;
  /* No answer: the rows of the query before are not this one's. */
  _hs_query_view_clear_rows (self);
  self->error = g_strdup (error->message);
  gtk_label_set_text (GTK_LABEL (self->error_label), error->message);
  gtk_widget_set_visible (self->error_label, TRUE);
  if (hs_oql_error_position (error, &line, &column) && line > 0 && column > 0)
    {
      GtkTextIter at, end;
      /* Where the error is: the cursor there, the token marked (a word
       * whole, else the one character found there: an operator). */
      gtk_text_buffer_get_iter_at_line_offset (buf, &at, (int)line - 1, (int)column - 1);
      end = at;
      if (gtk_text_iter_starts_word (&at) || gtk_text_iter_inside_word (&at))
        gtk_text_iter_forward_word_end (&end);
      if (gtk_text_iter_equal (&at, &end))
        gtk_text_iter_forward_char (&end);
      gtk_text_buffer_apply_tag (buf, self->error_tag, &at, &end);
      gtk_text_buffer_place_cursor (buf, &at);
      gtk_widget_grab_focus (self->editor);
    }
}

/* ---- running -------------------------------------------------------------------- */

static void
run_done (GObject *source, GAsyncResult *res, gpointer data)
{
  HsQueryView *self = HS_QUERY_VIEW (source);
  Job *job = g_task_get_task_data (G_TASK (res));
  if (job->generation != self->generation)
    return;
  self->running = FALSE;
  if (job->error)
    {
      if (!g_error_matches (job->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, job->error);
      else
        gtk_label_set_text (GTK_LABEL (self->status), _ ("Cancelled"));
      update_status (self);
      if (g_error_matches (job->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (GTK_LABEL (self->status), _ ("Cancelled"));
      return;
    }
  _hs_query_view_show_rows (self, job->titles, job->rows, job->total);
  update_status (self);
}

void
hs_query_view_run (HsQueryView *self)
{
  g_return_if_fail (HS_IS_QUERY_VIEW (self));
  HsLoader *loader = hs_view_get_loader (HS_VIEW (self));
  HsAnalysis *a = hs_view_get_analysis (HS_VIEW (self));
  g_autofree char *text = hs_query_view_get_text (self);
  if (!a || !loader)
    return;
  clear_error (self);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->generation++;
  _hs_query_view_history_add (self, text);
  /* A syntax error is shown at once, without a worker. */
  g_autoptr (GError) syntax = NULL;
  if (!hs_oql_check (text, &syntax))
    {
      show_error (self, syntax);
      update_status (self);
      return;
    }
  Job *job = g_new0 (Job, 1);
  job->analysis = a;
  job->text = g_steal_pointer (&text);
  job->flags = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->unreachable_check)) ? HS_OQL_UNREACHABLE
                                                                                        : HS_OQL_FLAGS_NONE;
  job->generation = self->generation;
  job->titles = g_ptr_array_new_with_free_func (g_free);
  job->rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GTask) task = g_task_new (self, self->cancellable, run_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify)job_free);
  /* The loader (and its analysis) outlives the worker's use of it. */
  g_object_set_data_full (G_OBJECT (task), "hs-loader", g_object_ref (loader), g_object_unref);
  g_task_set_return_on_cancel (task, FALSE);
  self->running = TRUE;
  update_status (self);
  g_task_run_in_thread (task, run_thread);
}

void
hs_query_view_cancel (HsQueryView *self)
{
  g_return_if_fail (HS_IS_QUERY_VIEW (self));
  g_cancellable_cancel (self->cancellable);
}

/* ---- actions ------------------------------------------------------------------- */

static void
action_run (GtkWidget *w, const char *name, GVariant *param)
{
  hs_query_view_run (HS_QUERY_VIEW (w));
}

static void
action_cancel (GtkWidget *w, const char *name, GVariant *param)
{
  hs_query_view_cancel (HS_QUERY_VIEW (w));
}

/* ---- completion --------------------------------------------------------------- */

static void
fill_completion (HsQueryView *self, HsAnalysis *a)
{
  static const char *const fixed[] = {
    "SELECT",      "FROM",         "WHERE",
    "UNION",       "OBJECTS",      "INSTANCEOF",
    "DISTINCT",    "RETAINED",     "implements",
    "toString",    "toHex",        "classof",
    "dominators",  "dominatorof",  "outbounds",
    "inbounds",    "objectId",     "objectAddress",
    "clazz",       "usedHeapSize", "retainedHeapSize",
    "displayName", "GCRootInfo",   "superClass",
    "classLoader", "valueArray",   "referenceArray",
    "length",      "size",         "contains",
    "startsWith",  "endsWith",     "equals",
    "indexOf",     "isEmpty",      "substring",
    "subList",
  };
  GString *words = g_string_new (NULL);
  /* Field names come from the dump: the keyed hash (hs-strhash.h). */
  g_autoptr (GHashTable) seen = g_hash_table_new (hs_str_hash, g_str_equal);
  guint n = 0;
  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    g_string_append_printf (words, "%s\n", fixed[i]);
  /* Class names and field names (words split at dots by the provider). */
  for (HsClass c = 0; a && c < hs_heap_n_classes (a->heap) && n < COMPLETION_WORDS_MAX; c++)
    {
      guint nf = 0;
      const HsFieldDecl *f = hs_class_fields (a->heap, c, &nf);
      g_string_append_printf (words, "%s\n", hs_class_name (a->heap, c));
      n++;
      for (guint i = 0; i < nf && n < COMPLETION_WORDS_MAX; i++)
        if (g_hash_table_add (seen, (gpointer)f[i].name))
          {
            g_string_append_printf (words, "%s\n", f[i].name);
            n++;
          }
    }
  gtk_text_buffer_set_text (self->word_buffer, words->str, (int)words->len);
  g_string_free (words, TRUE);
}

/* ---- HsView ------------------------------------------------------------------- */

static void
hs_query_view_fill (HsView *view, HsLoader *loader)
{
  HsQueryView *self = HS_QUERY_VIEW (view);
  fill_completion (self, hs_loader_get_analysis (loader));
  update_status (self);
}

static void
hs_query_view_clear (HsView *view)
{
  HsQueryView *self = HS_QUERY_VIEW (view);
  self->generation++;
  g_cancellable_cancel (self->cancellable);
  self->running = FALSE;
  clear_error (self);
  _hs_query_view_clear_rows (self);
  gtk_text_buffer_set_text (self->word_buffer, "", 0);
  update_status (self);
}

static void
hs_query_view_dispose (GObject *object)
{
  HsQueryView *self = HS_QUERY_VIEW (object);
  self->generation++;
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_object (&self->words);
  g_clear_object (&self->word_buffer);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_QUERY_VIEW);
  G_OBJECT_CLASS (hs_query_view_parent_class)->dispose (object);
}

static void
hs_query_view_finalize (GObject *object)
{
  HsQueryView *self = HS_QUERY_VIEW (object);
  g_ptr_array_unref (self->titles);
  g_ptr_array_unref (self->history);
  g_ptr_array_unref (self->saved);
  g_free (self->error);
  G_OBJECT_CLASS (hs_query_view_parent_class)->finalize (object);
}

static void
hs_query_view_class_init (HsQueryViewClass *klass)
{
  GObjectClass *oc = G_OBJECT_CLASS (klass);
  GtkWidgetClass *wc = GTK_WIDGET_CLASS (klass);
  HsViewClass *vc = HS_VIEW_CLASS (klass);

  gtk_source_init ();
  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  oc->dispose = hs_query_view_dispose;
  oc->finalize = hs_query_view_finalize;
  vc->fill = hs_query_view_fill;
  vc->clear = hs_query_view_clear;
  hs_view_class_set_page (vc, "query", _ ("Query"), "system-search-symbolic", TRUE, "query filled");
  g_type_ensure (HS_TYPE_SELECTION_BAR);
  gtk_widget_class_set_template_from_resource (wc, "/org/heapscope/Heapscope/ui/hs-query-view.ui");
  gtk_widget_class_bind_template_child (wc, HsQueryView, box);
  gtk_widget_class_bind_template_child (wc, HsQueryView, editor);
  gtk_widget_class_bind_template_child (wc, HsQueryView, error_label);
  gtk_widget_class_bind_template_child (wc, HsQueryView, table);
  gtk_widget_class_bind_template_child (wc, HsQueryView, status);
  gtk_widget_class_bind_template_child (wc, HsQueryView, unreachable_check);
  gtk_widget_class_bind_template_child (wc, HsQueryView, library_button);
  gtk_widget_class_bind_template_child (wc, HsQueryView, history_button);
  gtk_widget_class_bind_template_child (wc, HsQueryView, run_button);
  gtk_widget_class_bind_template_child (wc, HsQueryView, cancel_button);
  gtk_widget_class_bind_template_child (wc, HsQueryView, selection_bar);
  _hs_query_view_table_class_init (klass);
  gtk_widget_class_install_action (wc, "query.run", NULL, action_run);
  gtk_widget_class_install_action (wc, "query.cancel", NULL, action_cancel);
  _hs_query_view_library_class_init (klass);
}

/* The editor's colours follow the window's style: GtkSourceView's
 * Adwaita scheme, or Adwaita-dark when the style is dark. */
static void
on_dark_changed (AdwStyleManager *manager, GParamSpec *pspec, HsQueryView *self)
{
  GtkSourceStyleSchemeManager *sm = gtk_source_style_scheme_manager_get_default ();
  GtkSourceBuffer *buf = GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor)));
  GtkSourceStyleScheme *scheme = gtk_source_style_scheme_manager_get_scheme (
      sm, adw_style_manager_get_dark (manager) ? "Adwaita-dark" : "Adwaita");

  if (scheme != NULL)
    gtk_source_buffer_set_style_scheme (buf, scheme);
}

static void
setup_editor (HsQueryView *self)
{
  GtkSourceLanguageManager *lm = gtk_source_language_manager_get_default ();
  static gsize searched = 0;
  if (g_once_init_enter (&searched))
    {
      /* Our OQL definition first, from the resources. */
      const char *const *old = gtk_source_language_manager_get_search_path (lm);
      g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
      g_strv_builder_add (b, "resource:///org/heapscope/Heapscope/language-specs/");
      g_strv_builder_addv (b, (const char **)old);
      g_auto (GStrv) path = g_strv_builder_end (b);
      gtk_source_language_manager_set_search_path (lm, (const char *const *)path);
      g_once_init_leave (&searched, 1);
    }
  GtkSourceBuffer *buf = GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor)));
  GtkSourceLanguage *lang = gtk_source_language_manager_get_language (lm, "oql");
  if (lang)
    gtk_source_buffer_set_language (buf, lang);
  {
    AdwStyleManager *manager = adw_style_manager_get_default ();
    on_dark_changed (manager, NULL, self);
    g_signal_connect_object (manager, "notify::dark", G_CALLBACK (on_dark_changed), self, 0);
  }
  self->error_tag
      = gtk_text_buffer_create_tag (GTK_TEXT_BUFFER (buf), NULL, "underline", PANGO_UNDERLINE_ERROR, NULL);
  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (buf),
                            "SELECT * FROM java.lang.String s WHERE s.value.@length > 1000", -1);

  /* Completion: the words of a hidden buffer (keywords, functions,
   * attributes, the dump's class and field names), filled per dump. */
  GtkSourceCompletion *completion = gtk_source_view_get_completion (GTK_SOURCE_VIEW (self->editor));
  self->words = gtk_source_completion_words_new (_ ("OQL"));
  self->word_buffer = gtk_text_buffer_new (NULL);
  gtk_source_completion_words_register (self->words, self->word_buffer);
  gtk_source_completion_add_provider (completion, GTK_SOURCE_COMPLETION_PROVIDER (self->words));

  /* Ctrl+Enter runs, before the editor takes Enter for a new line. */
  GtkEventController *keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (
          gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Return, GDK_CONTROL_MASK),
                                       gtk_keyval_trigger_new (GDK_KEY_KP_Enter, GDK_CONTROL_MASK)),
          gtk_named_action_new ("query.run")));
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

static void
hs_query_view_init (HsQueryView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  hs_view_add_export_button (HS_VIEW (self), gtk_widget_get_parent (GTK_WIDGET (self->status)));
  self->titles = g_ptr_array_new_with_free_func (g_free);
  self->cancellable = g_cancellable_new ();
  _hs_query_view_table_init (self);
  _hs_query_view_library_init (self);
  setup_editor (self);
  _hs_query_view_restore_text (self);
  update_status (self);
}

/* ---- the API ------------------------------------------------------------------ */

void
hs_query_view_set_text (HsQueryView *self, const char *text)
{
  g_return_if_fail (HS_IS_QUERY_VIEW (self));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor)), text, -1);
}

const char *
hs_query_view_get_scheme_id (HsQueryView *self)
{
  GtkSourceBuffer *buf;
  GtkSourceStyleScheme *scheme;

  g_return_val_if_fail (HS_IS_QUERY_VIEW (self), NULL);
  buf = GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor)));
  scheme = gtk_source_buffer_get_style_scheme (buf);
  return scheme != NULL ? gtk_source_style_scheme_get_id (scheme) : NULL;
}

char *
hs_query_view_get_text (HsQueryView *self)
{
  GtkTextIter s, e;
  GtkTextBuffer *buf = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor));
  gtk_text_buffer_get_bounds (buf, &s, &e);
  return gtk_text_buffer_get_text (buf, &s, &e, FALSE);
}

void
hs_query_view_set_unreachable (HsQueryView *self, gboolean unreachable)
{
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->unreachable_check), unreachable);
}

gboolean
hs_query_view_is_running (HsQueryView *self)
{
  return self->running;
}

const char *
hs_query_view_get_error (HsQueryView *self)
{
  return self->error;
}

void
hs_query_view_get_cursor (HsQueryView *self, guint *line, guint *column)
{
  GtkTextBuffer *buf = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor));
  GtkTextIter it;
  gtk_text_buffer_get_iter_at_mark (buf, &it, gtk_text_buffer_get_insert (buf));
  *line = (guint)gtk_text_iter_get_line (&it) + 1;
  *column = (guint)gtk_text_iter_get_line_offset (&it) + 1;
}
