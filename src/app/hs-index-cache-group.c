/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-cache-group.c: the saved indexes in the preferences (see
 * hs-index-cache-group.h). The rows show the engine's settings as they
 * are in cache.ini when the group is made and write them back when
 * changed; the space used is measured on a worker, and Clear removes the
 * indexes on one too. */
#include "config.h"
#include "hs-index-cache-group.h"
#include "hs-index-cache.h"
#include "hs-format.h"

#include <glib/gi18n.h>

#define GIB ((guint64)1 << 30)

/* The sizes the limit row offers after Automatic, in GiB. */
static const guint limit_gib[] = { 1, 2, 4, 8, 16, 32, 64 };

struct _HsIndexCacheGroup
{
  AdwPreferencesGroup parent_instance;

  /* template */
  GtkSwitch *keep_switch;
  AdwComboRow *limit_row;
  AdwActionRow *folder_row;
  AdwActionRow *used_row;
  GtkButton *clear_button;

  GtkStringList *limits; /* the limit row's model */
  guint64 custom_limit;  /* a limit set that the row does not offer (its last item), else 0 */
  gboolean syncing;      /* the rows are being set: nothing written */
  GCancellable *cancellable;
  guint measuring; /* workers running: measuring, clearing */
  gboolean clearing;
  gboolean have_usage;
  guint64 used;
  guint64 biggest;
  guint n_indexes;
  AdwMessageDialog *dialog; /* the Clear question while asked */
};

G_DEFINE_FINAL_TYPE (HsIndexCacheGroup, hs_index_cache_group, ADW_TYPE_PREFERENCES_GROUP)

/* An error (a read-only configuration folder) as a toast of the
 * preferences window the group is in. */
static void
show_toast (HsIndexCacheGroup *self, const char *text)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  /* A toast's title is markup in libadwaita 1.2; errors name files. */
  g_autofree char *markup = g_markup_escape_text (text, -1);

  if (ADW_IS_PREFERENCES_WINDOW (root))
    adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (root), adw_toast_new (markup));
}

guint64
hs_index_cache_group_limit_at (HsIndexCacheGroup *self, guint position)
{
  g_return_val_if_fail (HS_IS_INDEX_CACHE_GROUP (self), 0);
  if (position == 0)
    return 0;
  if (position - 1 < G_N_ELEMENTS (limit_gib))
    return limit_gib[position - 1] * GIB;
  return self->custom_limit;
}

/* The row's subtitle: what Automatic stands for now, or what a limit
 * does. */
static void
sync_limit_subtitle (HsIndexCacheGroup *self)
{
  g_autofree char *text = NULL;

  if (adw_combo_row_get_selected (self->limit_row) == 0 && self->have_usage)
    {
      g_autofree char *now
          = g_format_size_full (hs_index_cache_limit (self->biggest), G_FORMAT_SIZE_IEC_UNITS);
      text = g_strdup_printf (_ ("Now %s: four times the biggest index, at least 1 GiB. The indexes used "
                                 "least recently are removed first."),
                              now);
    }
  else
    text = g_strdup (_ ("The indexes used least recently are removed first."));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->limit_row), text);
}

/* The rows as cache.ini says: no limit set is Automatic; a limit of 0 is
 * Keep Indexes off. */
static void
sync_settings (HsIndexCacheGroup *self)
{
  gboolean is_set = hs_index_cache_limit_is_set ();
  guint64 limit = is_set ? hs_index_cache_limit (0) : 0;
  guint position = 0;

  self->syncing = TRUE;
  gtk_switch_set_active (self->keep_switch, !(is_set && limit == 0));
  if (is_set && limit > 0)
    {
      for (guint i = 0; i < G_N_ELEMENTS (limit_gib); i++)
        if (limit == limit_gib[i] * GIB)
          position = i + 1;
      if (position == 0)
        {
          g_autofree char *text = g_format_size_full (limit, G_FORMAT_SIZE_IEC_UNITS);
          self->custom_limit = limit;
          gtk_string_list_append (self->limits, text);
          position = G_N_ELEMENTS (limit_gib) + 1;
        }
    }
  adw_combo_row_set_selected (self->limit_row, position);
  gtk_widget_set_sensitive (GTK_WIDGET (self->limit_row), gtk_switch_get_active (self->keep_switch));
  self->syncing = FALSE;
  sync_limit_subtitle (self);
}

/* Writes what the rows say to cache.ini. */
static void
write_limit (HsIndexCacheGroup *self)
{
  g_autoptr (GError) error = NULL;
  guint position = adw_combo_row_get_selected (self->limit_row);
  gboolean ok;

  if (!gtk_switch_get_active (self->keep_switch))
    ok = hs_index_cache_set_limit (0, FALSE, &error);
  else if (position == 0 || position == GTK_INVALID_LIST_POSITION)
    ok = hs_index_cache_set_limit (0, TRUE, &error);
  else
    ok = hs_index_cache_set_limit (hs_index_cache_group_limit_at (self, position), FALSE, &error);
  if (!ok)
    {
      g_autofree char *text = g_strdup_printf (_ ("The limit could not be saved: %s"), error->message);
      show_toast (self, text);
    }
}

static void
on_keep_changed (GtkSwitch *sw, GParamSpec *pspec, HsIndexCacheGroup *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->limit_row), gtk_switch_get_active (sw));
  if (!self->syncing)
    write_limit (self);
}

static void
on_limit_selected (AdwComboRow *row, GParamSpec *pspec, HsIndexCacheGroup *self)
{
  if (self->syncing)
    return;
  write_limit (self);
  sync_limit_subtitle (self);
}

/* --- the space used, on a worker ----------------------------------------- */

typedef struct
{
  guint64 used;
  guint64 biggest;
  guint n;
} Usage;

static void
measure_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) list = hs_index_cache_list (&error);
  Usage *u;

  if (list == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  u = g_new0 (Usage, 1);
  for (guint i = 0; i < list->len; i++)
    {
      const HsIndexCacheEntry *e = g_ptr_array_index (list, i);
      u->used += e->size;
      u->biggest = MAX (u->biggest, e->size);
    }
  u->n = list->len;
  g_task_return_pointer (task, u, g_free);
}

static void
sync_clear_button (HsIndexCacheGroup *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->clear_button), self->measuring == 0 && !self->clearing
                                                                 && self->have_usage && self->n_indexes > 0);
}

static void
measure_done (GObject *source, GAsyncResult *result, gpointer data)
{
  HsIndexCacheGroup *self = HS_INDEX_CACHE_GROUP (source);
  g_autoptr (GError) error = NULL;
  g_autofree Usage *u = g_task_propagate_pointer (G_TASK (result), &error);

  self->measuring--;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->measuring > 0)
    return; /* the group went, or a newer measure follows */
  if (u == NULL)
    {
      g_autofree char *markup = g_markup_escape_text (error->message, -1);

      self->have_usage = FALSE;
      adw_action_row_set_subtitle (self->used_row, markup);
    }
  else
    {
      g_autofree char *size = hs_format_bytes (u->used);
      g_autofree char *text = NULL;

      self->have_usage = TRUE;
      self->used = u->used;
      self->biggest = u->biggest;
      self->n_indexes = u->n;
      if (u->n == 0)
        text = g_strdup (_ ("None"));
      else
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s in %u index", "%s in %u indexes", u->n),
                                size, u->n);
      adw_action_row_set_subtitle (self->used_row, text);
    }
  sync_limit_subtitle (self);
  sync_clear_button (self);
}

void
hs_index_cache_group_refresh (HsIndexCacheGroup *self)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (HS_IS_INDEX_CACHE_GROUP (self));
  self->measuring++;
  sync_clear_button (self);
  task = g_task_new (self, self->cancellable, measure_done, NULL);
  g_task_set_name (task, "[heapscope] space used by the saved indexes");
  g_task_set_check_cancellable (task, TRUE);
  g_task_run_in_thread (task, measure_thread);
}

/* --- Clear, confirmed, on a worker --------------------------------------- */

static void
clear_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_autoptr (GError) error = NULL;
  guint64 removed = 0;

  if (hs_index_cache_clear (&removed, &error))
    g_task_return_pointer (task, g_memdup2 (&removed, sizeof removed), g_free);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

static void
clear_done (GObject *source, GAsyncResult *result, gpointer data)
{
  HsIndexCacheGroup *self = HS_INDEX_CACHE_GROUP (source);
  g_autoptr (GError) error = NULL;
  g_autofree guint64 *removed = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char *text = NULL;

  self->clearing = FALSE;
  if (g_cancellable_is_cancelled (self->cancellable))
    return;
  if (removed != NULL)
    {
      g_autofree char *size = hs_format_bytes (*removed);
      text = g_strdup_printf (_ ("Saved indexes removed: %s freed"), size);
    }
  else
    text = g_strdup_printf (_ ("The saved indexes could not all be removed: %s"), error->message);
  show_toast (self, text);
  hs_index_cache_group_refresh (self);
}

static void
on_clear_response (AdwMessageDialog *dialog, const char *response, HsIndexCacheGroup *self)
{
  g_autoptr (GTask) task = NULL;

  if (!g_str_equal (response, "remove") || self->clearing)
    return;
  self->clearing = TRUE;
  sync_clear_button (self);
  task = g_task_new (self, self->cancellable, clear_done, NULL);
  g_task_set_name (task, "[heapscope] removing the saved indexes");
  g_task_run_in_thread (task, clear_thread);
}

static void
on_dialog_destroy (GtkWidget *dialog, HsIndexCacheGroup *self)
{
  if (self->dialog == ADW_MESSAGE_DIALOG (dialog))
    self->dialog = NULL;
}

static void
on_clear_clicked (GtkButton *button, HsIndexCacheGroup *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *size = hs_format_bytes (self->used);
  GtkWidget *dialog;

  if (self->dialog != NULL)
    return;
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _ ("Remove the Saved Indexes?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _ ("This frees %s. Heap dumps opened again are analysed afresh."), size);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "remove",
                                    _ ("_Remove"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "remove",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_clear_response), self, 0);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_dialog_destroy), self, 0);
  self->dialog = ADW_MESSAGE_DIALOG (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* --- the group ------------------------------------------------------------ */

static void
hs_index_cache_group_dispose (GObject *object)
{
  HsIndexCacheGroup *self = HS_INDEX_CACHE_GROUP (object);

  g_cancellable_cancel (self->cancellable);
  if (self->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->dialog));
  G_OBJECT_CLASS (hs_index_cache_group_parent_class)->dispose (object);
}

static void
hs_index_cache_group_finalize (GObject *object)
{
  HsIndexCacheGroup *self = HS_INDEX_CACHE_GROUP (object);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->limits);
  G_OBJECT_CLASS (hs_index_cache_group_parent_class)->finalize (object);
}

static void
hs_index_cache_group_class_init (HsIndexCacheGroupClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = hs_index_cache_group_dispose;
  G_OBJECT_CLASS (klass)->finalize = hs_index_cache_group_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/heapscope/Heapscope/ui/hs-index-cache-group.ui");
  gtk_widget_class_bind_template_child (widget_class, HsIndexCacheGroup, keep_switch);
  gtk_widget_class_bind_template_child (widget_class, HsIndexCacheGroup, limit_row);
  gtk_widget_class_bind_template_child (widget_class, HsIndexCacheGroup, folder_row);
  gtk_widget_class_bind_template_child (widget_class, HsIndexCacheGroup, used_row);
  gtk_widget_class_bind_template_child (widget_class, HsIndexCacheGroup, clear_button);
  gtk_widget_class_bind_template_callback (widget_class, on_keep_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_limit_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_clear_clicked);
}

static void
hs_index_cache_group_init (HsIndexCacheGroup *self)
{
  g_autofree char *dir = hs_index_cache_dir ();
  g_autofree char *shown = g_filename_display_name (dir);
  g_autofree char *markup = g_markup_escape_text (shown, -1);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->limits = gtk_string_list_new (NULL);
  gtk_string_list_append (self->limits, _ ("Automatic"));
  for (guint i = 0; i < G_N_ELEMENTS (limit_gib); i++)
    {
      g_autofree char *text = g_strdup_printf (_ ("%u GiB"), limit_gib[i]);
      gtk_string_list_append (self->limits, text);
    }
  self->syncing = TRUE;
  adw_combo_row_set_model (self->limit_row, G_LIST_MODEL (self->limits));
  self->syncing = FALSE;
  /* Rows' titles and subtitles are markup: a folder may hold '&'. */
  adw_action_row_set_subtitle (self->folder_row, markup);
  adw_action_row_set_subtitle (self->used_row, _ ("Measuring…"));
  sync_settings (self);
  hs_index_cache_group_refresh (self);
}

const char *
hs_index_cache_group_get_folder_text (HsIndexCacheGroup *self)
{
  g_return_val_if_fail (HS_IS_INDEX_CACHE_GROUP (self), NULL);
  return adw_action_row_get_subtitle (self->folder_row);
}

const char *
hs_index_cache_group_get_used_text (HsIndexCacheGroup *self)
{
  g_return_val_if_fail (HS_IS_INDEX_CACHE_GROUP (self), NULL);
  return adw_action_row_get_subtitle (self->used_row);
}

AdwMessageDialog *
hs_index_cache_group_get_dialog (HsIndexCacheGroup *self)
{
  g_return_val_if_fail (HS_IS_INDEX_CACHE_GROUP (self), NULL);
  return self->dialog;
}

gboolean
hs_index_cache_group_is_busy (HsIndexCacheGroup *self)
{
  g_return_val_if_fail (HS_IS_INDEX_CACHE_GROUP (self), FALSE);
  return self->measuring > 0 || self->clearing;
}
