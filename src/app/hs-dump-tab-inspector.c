/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-inspector.c: the inspector pane of a dump's tab: the
 * object it inspects, and the flap that holds it beside the views, or over
 * them when the window is narrow. The tab's "inspector-shown" property is
 * the inspector's visibility. */
#include "config.h"
#include "hs-dump-tab-private.h"

void
hs_dump_tab_inspect (HsDumpTab *self, HsObj obj)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));

  if (_hs_dump_tab_get_analysis (self) == NULL || obj == HS_OBJ_NONE)
    return;
  /* A mapping whose file was cut reads zeros: say so, and do not show an
   * object made of them. */
  if (hs_dump_tab_check_changed (self) && hs_heap_changed (_hs_dump_tab_get_analysis (self)->heap))
    return;
  hs_inspector_show (self->inspector, obj);
  hs_dump_tab_set_inspector_shown (self, TRUE);
  _hs_dump_tab_history_record (self);
}

/* The flap (beside, or over the views when folded) follows the
 * inspector's visibility, and a folded flap closed by a click outside
 * hides it. */
void
_hs_dump_tab_inspector_on_visible (GObject *object, GParamSpec *pspec, HsDumpTab *self)
{
  gboolean shown = gtk_widget_get_visible (GTK_WIDGET (self->inspector));

  if (adw_flap_get_reveal_flap (self->flap) != shown)
    adw_flap_set_reveal_flap (self->flap, shown);
  if (!self->disposed)
    _hs_dump_tab_notify_inspector_shown (self);
}

static void
on_flap_revealed (GObject *object, GParamSpec *pspec, HsDumpTab *self)
{
  gboolean revealed = adw_flap_get_reveal_flap (self->flap);

  if (gtk_widget_get_visible (GTK_WIDGET (self->inspector)) != revealed)
    gtk_widget_set_visible (GTK_WIDGET (self->inspector), revealed);
}

void
_hs_dump_tab_inspector_init (HsDumpTab *self)
{
  g_signal_connect (self->flap, "notify::reveal-flap", G_CALLBACK (on_flap_revealed), self);
}

void
hs_dump_tab_set_narrow (HsDumpTab *self, gboolean narrow)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));
  adw_flap_set_fold_policy (self->flap, narrow ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_NEVER);
}

GtkWidget *
hs_dump_tab_get_inspector (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return GTK_WIDGET (self->inspector);
}

gboolean
hs_dump_tab_get_inspector_shown (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), FALSE);
  return gtk_widget_get_visible (GTK_WIDGET (self->inspector));
}

void
hs_dump_tab_set_inspector_shown (HsDumpTab *self, gboolean shown)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));
  gtk_widget_set_visible (GTK_WIDGET (self->inspector), shown);
}
