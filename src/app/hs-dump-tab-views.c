/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-views.c: the views of a dump's tab on its view stack (the
 * views themselves are made from the view table, hs-dump-tab.c): the
 * view shown, each view given the dump's loader, those that need the
 * whole analysis hidden while only the leaks are known, and the
 * "tab.show-class" action. */
#include "config.h"
#include "hs-dump-tab-private.h"
#include "hs-classes-view.h"

/* While only the leaks are known, the views that need the whole analysis
 * are hidden from the switcher and the analysis bar shows its progress. */
void
_hs_dump_tab_views_set_early (HsDumpTab *self, gboolean early)
{
  for (guint i = 0; i < self->views->len; i++)
    {
      HsView *view = g_ptr_array_index (self->views, i);
      if (hs_view_get_needs_analysis (view))
        {
          /* The page's visible is the switcher's, the widget's the stack's. */
          gtk_widget_set_visible (GTK_WIDGET (view), !early);
          adw_view_stack_page_set_visible (adw_view_stack_get_page (self->view_stack, GTK_WIDGET (view)),
                                           !early);
        }
    }
  gtk_revealer_set_reveal_child (self->analysis_bar, early);
  /* Hidden too: GTK 4.8's revealer, without a transition, could keep its
   * height once hidden after being shown while unmapped (an empty strip
   * over the views). */
  gtk_widget_set_visible (GTK_WIDGET (self->analysis_bar), early);
  if (!self->disposed)
    _hs_dump_tab_set_analysing (self, early);
}

HsView *
hs_dump_tab_get_view_by_name (HsDumpTab *self, const char *name)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < self->views->len; i++)
    {
      HsView *view = g_ptr_array_index (self->views, i);
      if (g_str_equal (hs_view_get_name (view), name))
        return view;
    }
  return NULL;
}

/* The view shown is filled the first time it is shown for a dump. */
void
_hs_dump_tab_views_on_changed (AdwViewStack *stack, GParamSpec *pspec, HsDumpTab *self)
{
  GtkWidget *child = adw_view_stack_get_visible_child (stack);

  if (HS_IS_VIEW (child))
    hs_view_ensure_filled (HS_VIEW (child));
  _hs_dump_tab_history_record (self);
}

const char *
hs_dump_tab_get_view (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return adw_view_stack_get_visible_child_name (self->view_stack);
}

void
hs_dump_tab_set_view (HsDumpTab *self, const char *name)
{
  HsView *view;

  g_return_if_fail (HS_IS_DUMP_TAB (self));
  /* As GtkStack did: a hidden view (waiting for the analysis) is not shown. */
  view = name != NULL ? hs_dump_tab_get_view_by_name (self, name) : NULL;
  if (view != NULL && gtk_widget_get_visible (GTK_WIDGET (view)))
    adw_view_stack_set_visible_child (self->view_stack, GTK_WIDGET (view));
}

AdwViewStack *
hs_dump_tab_get_view_stack (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return self->view_stack;
}

/* The views that show something while the dump loads (the leaks, early)
 * are given its loader when it is opened, those that need the whole
 * analysis when it is done; each fills itself when first shown after
 * that. NULL: they forget the dump. */
void
_hs_dump_tab_views_give_loader (HsDumpTab *self, HsLoader *loader, gboolean needs_analysis)
{
  for (guint i = 0; i < self->views->len; i++)
    {
      HsView *view = g_ptr_array_index (self->views, i);
      if (hs_view_get_needs_analysis (view) == needs_analysis)
        hs_view_set_loader (view, loader);
    }
}

/* "tab.show-class" (a class name) from a view: the class table filtered
 * to the class and the class selected; just filtered when no class has
 * exactly that name. */
void
_hs_dump_tab_views_show_class_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsDumpTab *self = HS_DUMP_TAB (widget);
  const char *name = g_variant_get_string (param, NULL);
  HsView *classes = hs_dump_tab_get_view_by_name (self, "classes");

  if (_hs_dump_tab_get_analysis (self) == NULL || !HS_IS_CLASSES_VIEW (classes))
    return;
  hs_dump_tab_set_view (self, "classes");
  if (!hs_classes_view_show_class (HS_CLASSES_VIEW (classes), name))
    hs_classes_view_set_filter (HS_CLASSES_VIEW (classes), name);
}
