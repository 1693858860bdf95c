/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window-toast.c: the window's notices ("report saved", "copied",
 * "changed on disk") as AdwToasts in its AdwToastOverlay. One at a time:
 * a new notice replaces the one shown, as the hand-made toast did, so
 * that what the user just did is what is said. */
#include "config.h"
#include "hs-window-private.h"

#include <glib/gi18n.h>

static void
on_toast_dismissed (AdwToast *toast, HsWindow *self)
{
  if (self->toast == toast)
    {
      g_clear_object (&self->toast);
      g_clear_pointer (&self->toast_text, g_free);
    }
}

void
_hs_window_dismiss_toast (HsWindow *self)
{
  if (self->toast != NULL)
    {
      g_autoptr (AdwToast) toast = g_steal_pointer (&self->toast);
      g_signal_handlers_disconnect_by_data (toast, self);
      g_clear_pointer (&self->toast_text, g_free);
      adw_toast_dismiss (toast);
    }
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
  AdwToast *toast;
  g_autofree char *markup = NULL;

  g_return_if_fail (HS_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  _hs_window_dismiss_toast (self);
  /* The title is markup in libadwaita 1.2: names from the dump and file
   * names may hold '<' or '&'. */
  markup = g_markup_escape_text (text, -1);
  toast = adw_toast_new (markup);
  adw_toast_set_timeout (toast, 8);
  if (button != NULL)
    {
      adw_toast_set_button_label (toast, button);
      adw_toast_set_action_name (toast, action);
      if (target != NULL)
        adw_toast_set_action_target_value (toast, target);
    }
  self->toast = g_object_ref (toast);
  self->toast_text = g_strdup (text);
  g_signal_connect (toast, "dismissed", G_CALLBACK (on_toast_dismissed), self);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
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
