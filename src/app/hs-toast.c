/* hs-toast.c: the in-window toast (template ui/hs-toast.ui). */
#include "config.h"
#include "hs-toast.h"

struct _HsToast
{
  GtkWidget parent_instance;

  GtkWidget *revealer;
  GtkWidget *label;
  GtkWidget *open_button;
  char *uri;
  guint timeout;
};

G_DEFINE_FINAL_TYPE (HsToast, hs_toast, GTK_TYPE_WIDGET)

static void
timeout_cb (gpointer data)
{
  HsToast *self = data;

  self->timeout = 0;
  hs_toast_dismiss (self);
}

void
hs_toast_show (HsToast *self, const char *text, const char *uri)
{
  g_return_if_fail (HS_IS_TOAST (self));

  gtk_label_set_text (GTK_LABEL (self->label), text);
  g_free (self->uri);
  self->uri = g_strdup (uri);
  gtk_widget_set_visible (self->open_button, uri != NULL);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->revealer), TRUE);
  g_clear_handle_id (&self->timeout, g_source_remove);
  self->timeout = g_timeout_add_once (8000, timeout_cb, self);
}

void
hs_toast_dismiss (HsToast *self)
{
  g_return_if_fail (HS_IS_TOAST (self));
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->revealer), FALSE);
}

const char *
hs_toast_get_text (HsToast *self)
{
  g_return_val_if_fail (HS_IS_TOAST (self), NULL);
  if (!gtk_revealer_get_reveal_child (GTK_REVEALER (self->revealer)))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->label));
}

static void
launch_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    g_warning ("Could not open the report: %s", error->message);
}

static void
on_open_clicked (GtkButton *button, HsToast *self)
{
  if (self->uri != NULL)
    {
      g_autoptr(GAppLaunchContext) ctx =
        G_APP_LAUNCH_CONTEXT (gdk_display_get_app_launch_context (gtk_widget_get_display (GTK_WIDGET (self))));
      g_app_info_launch_default_for_uri_async (self->uri, ctx, NULL, launch_done, NULL);
    }
  hs_toast_dismiss (self);
}

static void
on_close_clicked (GtkButton *button, HsToast *self)
{
  hs_toast_dismiss (self);
}

static void
hs_toast_dispose (GObject *object)
{
  HsToast *self = HS_TOAST (object);

  g_clear_handle_id (&self->timeout, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (object), HS_TYPE_TOAST);
  G_OBJECT_CLASS (hs_toast_parent_class)->dispose (object);
}

static void
hs_toast_finalize (GObject *object)
{
  g_free (HS_TOAST (object)->uri);
  G_OBJECT_CLASS (hs_toast_parent_class)->finalize (object);
}

static void
hs_toast_class_init (HsToastClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hs_toast_dispose;
  object_class->finalize = hs_toast_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-toast.ui");
  gtk_widget_class_bind_template_child (widget_class, HsToast, revealer);
  gtk_widget_class_bind_template_child (widget_class, HsToast, label);
  gtk_widget_class_bind_template_child (widget_class, HsToast, open_button);
  gtk_widget_class_bind_template_callback (widget_class, on_open_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_close_clicked);
}

static void
hs_toast_init (HsToast *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
