/* hs-window-history.c: the window's back and forward (HsHistory): what
 * is recorded (the view shown, the object in the inspector, the view's own
 * place told through "win.visited"), how a location is shown again, the
 * mouse's back/forward buttons, and the actions' sensitivity. One
 * history per dump: hs_window_open clears it.
 *
 * The inspector's own Back button is "win.back" too: one history for the
 * whole window, so Back in the inspector and Back in the header agree. */
#include "config.h"
#include "hs-window-private.h"
#include "hs-inspector.h"
#include "hs-leaks-view.h"
#include "hs-treemap-view.h"

static guint64
view_extra (HsWindow *self, const char *view)
{
  gpointer value;

  if (view == NULL || !g_hash_table_lookup_extended (self->view_extras, view, NULL, &value))
    return HS_HISTORY_NO_EXTRA;
  return *(guint64 *) value;
}

static void
set_view_extra (HsWindow *self, const char *view, guint64 extra)
{
  guint64 *value = g_new (guint64, 1);

  *value = extra;
  g_hash_table_insert (self->view_extras, g_strdup (view), value);
}

void
_hs_window_history_record (HsWindow *self)
{
  const char *view;
  HsObj obj = HS_OBJ_NONE;

  if (self->replaying || self->history == NULL || _hs_window_get_analysis (self) == NULL)
    return;
  view = hs_window_get_view (self);
  if (view == NULL)
    return;
  if (gtk_widget_get_visible (self->inspector))
    obj = hs_inspector_get_obj (HS_INSPECTOR (self->inspector));
  hs_history_push (self->history, view, obj, view_extra (self, view));
}

void
_hs_window_history_visited (HsWindow *self, const char *view, guint64 extra)
{
  if (self->view_extras == NULL || self->replaying)
    return;
  set_view_extra (self, view, extra);
  /* A view that is not the one shown (filled in the background) only
   * says where it is; the location is recorded when it is shown. */
  if (g_strcmp0 (view, hs_window_get_view (self)) == 0)
    _hs_window_history_record (self);
}

/* The view's own place: the two views that have one. */
static void
restore_extra (HsWindow *self, const char *view, guint64 extra)
{
  HsView *v = hs_window_get_view_by_name (self, view);
  HsAnalysis *a = _hs_window_get_analysis (self);

  if (v == NULL || extra == HS_HISTORY_NO_EXTRA || a == NULL)
    return;
  if (HS_IS_TREEMAP_VIEW (v) && a->dom != NULL)
    {
      HsTreemapWidget *t = hs_treemap_view_get_treemap (HS_TREEMAP_VIEW (v));
      hs_treemap_widget_zoom_to (t, 0);
      if (extra < a->dom->n)
        hs_treemap_widget_zoom_into (t, extra);
    }
  else if (HS_IS_LEAKS_VIEW (v) && extra < hs_leaks_view_get_n_rows (HS_LEAKS_VIEW (v)))
    hs_leaks_view_select (HS_LEAKS_VIEW (v), (guint) extra);
  set_view_extra (self, view, extra);
}

static void
show_location (HsWindow *self, const HsLocation *l)
{
  if (l == NULL)
    return;
  self->replaying = TRUE;
  hs_window_set_view (self, l->view);
  restore_extra (self, l->view, l->extra);
  if (l->obj != HS_OBJ_NONE)
    {
      hs_inspector_show (HS_INSPECTOR (self->inspector), l->obj);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->inspector_button), TRUE);
    }
  else
    gtk_widget_set_visible (self->inspector, FALSE);
  self->replaying = FALSE;
}

void
_hs_window_history_back (HsWindow *self)
{
  if (self->history != NULL)
    show_location (self, hs_history_go_back (self->history));
}

void
_hs_window_history_forward (HsWindow *self)
{
  if (self->history != NULL)
    show_location (self, hs_history_go_forward (self->history));
}

void
_hs_window_history_clear (HsWindow *self)
{
  if (self->history != NULL)
    hs_history_clear (self->history);
  if (self->view_extras != NULL)
    g_hash_table_remove_all (self->view_extras);
}

static void
on_history_changed (HsHistory *history, GParamSpec *pspec, HsWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.back", hs_history_can_go_back (history));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.forward", hs_history_can_go_forward (history));
}

/* Buttons 8 and 9: the mouse's back and forward. */
static void
on_mouse_pressed (GtkGestureClick *gesture, int n_press, double x, double y, HsWindow *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  if (button == 8)
    _hs_window_history_back (self);
  else if (button == 9)
    _hs_window_history_forward (self);
  else
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

void
_hs_window_history_init (HsWindow *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->history = hs_history_new ();
  self->view_extras = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_signal_connect_object (self->history, "notify::can-go-back", G_CALLBACK (on_history_changed), self, 0);
  g_signal_connect_object (self->history, "notify::can-go-forward", G_CALLBACK (on_history_changed), self, 0);
  on_history_changed (self->history, NULL, self);
  /* Back, forward and Go to are there when a dump is (as Export is). */
  g_object_bind_property (self->export_button, "visible", self->nav_box, "visible", G_BINDING_SYNC_CREATE);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (on_mouse_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

void
_hs_window_history_free (HsWindow *self)
{
  g_clear_object (&self->history);
  g_clear_pointer (&self->view_extras, g_hash_table_unref);
}

HsHistory *
hs_window_get_history (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return self->history;
}
