/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window-toast.c: the window's notices ("report saved", "copied",
 * "changed on disk") as AdwToasts in its AdwToastOverlay. One at a time:
 * a new notice replaces the one shown, so that what the user just did is
 * what is said.
 *
 * Paced: libadwaita 1.2 crashes (in adw_animation_skip) when a toast is
 * dismissed while it is still sliding in, which two notices a few
 * milliseconds apart (two exports, a copy and a mapping) would do. A
 * toast shown or dismissed is left alone for TOAST_SETTLE_MS, longer than
 * the overlay's animations (500 ms to slide in over a leaving one, 300 ms
 * to leave); a notice or a dismissal asked for meanwhile waits for that,
 * and of the notices that wait only the last is shown. */
#include "config.h"
#include "hs-window-private.h"

#include <glib/gi18n.h>

#define TOAST_SETTLE_MS 650

typedef struct _HsNotice
{
  char *text;
  char *button;
  char *action;
  GVariant *target;
} HsNotice;

static void
notice_free (HsNotice *n)
{
  g_free (n->text);
  g_free (n->button);
  g_free (n->action);
  g_clear_pointer (&n->target, g_variant_unref);
  g_free (n);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsNotice, notice_free)

static void
on_toast_dismissed (AdwToast *toast, HsWindow *self)
{
  if (self->toast == toast)
    {
      g_clear_object (&self->toast);
      if (self->pending == NULL)
        g_clear_pointer (&self->toast_text, g_free);
      /* The toast leaves (its time is up, or its close button). */
      self->toast_settled_at = g_get_monotonic_time () + TOAST_SETTLE_MS * 1000;
    }
}

/* The toast shown goes now (its dismissed handler off first). */
static void
dismiss_now (HsWindow *self)
{
  g_autoptr (AdwToast) toast = g_steal_pointer (&self->toast);

  if (toast == NULL)
    return;
  g_signal_handlers_disconnect_by_data (toast, self);
  adw_toast_dismiss (toast);
  self->toast_settled_at = g_get_monotonic_time () + TOAST_SETTLE_MS * 1000;
}

static void
show_now (HsWindow *self, HsNotice *n)
{
  AdwToast *toast;
  g_autofree char *markup = NULL;

  dismiss_now (self);
  /* The title is markup in libadwaita 1.2: names from the dump and file
   * names may hold '<' or '&'. */
  markup = g_markup_escape_text (n->text, -1);
  toast = adw_toast_new (markup);
  adw_toast_set_timeout (toast, 8);
  if (n->button != NULL)
    {
      adw_toast_set_button_label (toast, n->button);
      adw_toast_set_action_name (toast, n->action);
      if (n->target != NULL)
        adw_toast_set_action_target_value (toast, n->target);
    }
  self->toast = g_object_ref (toast);
  g_signal_connect (toast, "dismissed", G_CALLBACK (on_toast_dismissed), self);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  self->toast_settled_at = g_get_monotonic_time () + TOAST_SETTLE_MS * 1000;
}

/* What waits, done once the toast shown has settled. */
static void
flush (HsWindow *self)
{
  g_autoptr (HsNotice) n = g_steal_pointer (&self->pending);
  gboolean dismiss = self->pending_dismiss;

  self->pending_dismiss = FALSE;
  if (n != NULL)
    show_now (self, n);
  else if (dismiss)
    dismiss_now (self);
}

static void
on_settled (gpointer data)
{
  HsWindow *self = data;

  self->toast_source = 0;
  flush (self);
}

/* Now if the toast shown has settled, else when it has. */
static void
schedule (HsWindow *self)
{
  gint64 wait_us = self->toast_settled_at - g_get_monotonic_time ();

  if (self->toast_source != 0)
    return;
  if (wait_us <= 0)
    flush (self);
  else
    self->toast_source = g_timeout_add_once ((guint)(wait_us / 1000) + 1, on_settled, self);
}

void
_hs_window_dismiss_toast (HsWindow *self)
{
  g_clear_pointer (&self->pending, notice_free);
  g_clear_pointer (&self->toast_text, g_free);
  if (self->toast == NULL)
    return;
  self->pending_dismiss = TRUE;
  schedule (self);
}

void
_hs_window_toast_dispose (HsWindow *self)
{
  g_clear_handle_id (&self->toast_source, g_source_remove);
  g_clear_pointer (&self->pending, notice_free);
  if (self->toast != NULL)
    g_signal_handlers_disconnect_by_data (self->toast, self);
}

void
_hs_window_show_toast (HsWindow *self, const char *text, const char *uri)
{
  if (uri != NULL)
    _hs_window_show_toast_action (self, text, _ ("_Open"), "win.open-uri", g_variant_new_string (uri));
  else
    _hs_window_show_toast_action (self, text, NULL, NULL, NULL);
}

void
_hs_window_show_toast_action (HsWindow *self, const char *text, const char *button, const char *action,
                              GVariant *target)
{
  HsNotice *n;

  g_return_if_fail (HS_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  n = g_new0 (HsNotice, 1);
  n->text = g_strdup (text);
  n->button = g_strdup (button);
  n->action = g_strdup (action);
  n->target = target != NULL ? g_variant_ref_sink (target) : NULL;
  g_clear_pointer (&self->pending, notice_free);
  self->pending = n;
  self->pending_dismiss = FALSE;
  g_free (self->toast_text);
  self->toast_text = g_strdup (text);
  schedule (self);
}

const char *
hs_window_get_toast_text (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return self->toast_text;
}

static void
launch_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    g_warning ("Could not open %s: %s", (const char *)user_data, error->message);
  g_free (user_data);
}

/* The toast's Open button (a saved report). */
static void
open_uri_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  const char *uri = g_variant_get_string (param, NULL);
  g_autoptr (GAppLaunchContext) ctx
      = G_APP_LAUNCH_CONTEXT (gdk_display_get_app_launch_context (gtk_widget_get_display (widget)));

  g_app_info_launch_default_for_uri_async (uri, ctx, NULL, launch_done, g_strdup (uri));
}

void
_hs_window_class_toast_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open-uri", "s", open_uri_action);
}
