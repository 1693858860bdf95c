/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-history.c: the window's back and forward (HsHistory): what
 * is recorded (the view shown, the object in the inspector, the view's own
 * place told through "win.visited"), how a location is shown again, the
 * mouse's back/forward buttons, and the actions' sensitivity. One
 * history per dump: hs_dump_tab_open clears it.
 *
 * The inspector's own Back button is "win.back" too (the window's, which
 * goes to the tab shown): Back in the inspector and in the header agree. */
#include "config.h"
#include "hs-dump-tab-private.h"
#include "hs-inspector.h"
#include "hs-leaks-view.h"
#include "hs-paths-view.h"
#include "hs-treemap-view.h"

static guint64
view_extra (HsDumpTab *self, const char *view)
{
  gpointer value;

  if (view == NULL || !g_hash_table_lookup_extended (self->view_extras, view, NULL, &value))
    return HS_HISTORY_NO_EXTRA;
  return *(guint64 *)value;
}

static void
set_view_extra (HsDumpTab *self, const char *view, guint64 extra)
{
  guint64 *value = g_new (guint64, 1);

  *value = extra;
  g_hash_table_insert (self->view_extras, g_strdup (view), value);
}

void
_hs_dump_tab_history_record (HsDumpTab *self)
{
  const char *view;
  HsObj obj = HS_OBJ_NONE;

  if (self->replaying || self->history == NULL || _hs_dump_tab_get_analysis (self) == NULL)
    return;
  view = hs_dump_tab_get_view (self);
  if (view == NULL)
    return;
  if (gtk_widget_get_visible (GTK_WIDGET (self->inspector)))
    obj = hs_inspector_get_obj (self->inspector);
  hs_history_push (self->history, view, obj, view_extra (self, view));
}

void
_hs_dump_tab_history_visited (HsDumpTab *self, const char *view, guint64 extra)
{
  if (self->view_extras == NULL || self->replaying)
    return;
  set_view_extra (self, view, extra);
  /* A view that is not the one shown (filled in the background) only
   * says where it is; the location is recorded when it is shown. */
  if (g_strcmp0 (view, hs_dump_tab_get_view (self)) == 0)
    _hs_dump_tab_history_record (self);
}

/* The view's own place: the two views that have one. */
static void
restore_extra (HsDumpTab *self, const char *view, guint64 extra)
{
  HsView *v = hs_dump_tab_get_view_by_name (self, view);
  HsAnalysis *a = _hs_dump_tab_get_analysis (self);

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
    hs_leaks_view_select (HS_LEAKS_VIEW (v), (guint)extra);
  else if (HS_IS_PATHS_VIEW (v))
    hs_paths_view_go_to (HS_PATHS_VIEW (v), extra);
  set_view_extra (self, view, extra);
}

static void
show_location (HsDumpTab *self, const HsLocation *l)
{
  if (l == NULL)
    return;
  self->replaying = TRUE;
  hs_dump_tab_set_view (self, l->view);
  restore_extra (self, l->view, l->extra);
  if (l->obj != HS_OBJ_NONE)
    {
      hs_inspector_show (self->inspector, l->obj);
      hs_dump_tab_set_inspector_shown (self, TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->inspector), FALSE);
  self->replaying = FALSE;
}

void
hs_dump_tab_back (HsDumpTab *self)
{
  if (self->history != NULL)
    show_location (self, hs_history_go_back (self->history));
}

void
hs_dump_tab_forward (HsDumpTab *self)
{
  if (self->history != NULL)
    show_location (self, hs_history_go_forward (self->history));
}

void
_hs_dump_tab_history_clear (HsDumpTab *self)
{
  if (self->history != NULL)
    hs_history_clear (self->history);
  if (self->view_extras != NULL)
    g_hash_table_remove_all (self->view_extras);
}

/* Buttons 8 and 9: the mouse's back and forward. */
static void
on_mouse_pressed (GtkGestureClick *gesture, int n_press, double x, double y, HsDumpTab *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  if (button == 8)
    hs_dump_tab_back (self);
  else if (button == 9)
    hs_dump_tab_forward (self);
  else
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

void
_hs_dump_tab_history_init (HsDumpTab *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->history = hs_history_new ();
  self->view_extras = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (on_mouse_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

void
_hs_dump_tab_history_free (HsDumpTab *self)
{
  g_clear_object (&self->history);
  g_clear_pointer (&self->view_extras, g_hash_table_unref);
}

HsHistory *
hs_dump_tab_get_history (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return self->history;
}
