/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leaks-view.c: the Leaks and Suspects view (template
 * ui/hs-leaks-view.ui): one row per leak group, a header over each kind,
 * rows kept in the report's order (which changes once retained sizes are
 * known), then one row per problem suspect (once the analysis is done: the
 * suspects need the dominator tree), and the suspects' threshold. */
#include "config.h"
#include "hs-leaks-view.h"
#include "hs-selection-bar.h"
#include "hs-paths-menu.h"
#include "hs-timing.h"
#include "hs-ui-util-private.h"
#include "hs-sentence.h"
#include "hs-format.h"

#include <glib/gi18n.h>

struct _HsLeaksView
{
  HsView parent_instance;

  GtkListBox *leak_list;
  GtkBox *empty_box;
  GtkLabel *empty_label;
  GtkSpinButton *threshold_spin;
  HsLeakTraceView *trace_view;
  GtkPaned *paned;
  HsSelectionBar *selection_bar; /* a class suspect's members' retained size */
  guint orient_source;           /* the paned turned after an allocation, not in it */

  GPtrArray *groups; /* HsLeakGroup* (borrowed from the loader's report) */
  guint n_suspects;  /* rows after the groups' */
  gboolean setting_threshold;
  guint threshold_source; /* the spin's value applied after a pause */
  gboolean shown_early;   /* the list was built before the analysis ended */

  /* HEAPSCOPE_DEBUG_TIMES: a row selected, and the trace not drawn yet. */
  gint64 selected_at;
  GdkFrameClock *clock;
  gulong paint_id;
};

G_DEFINE_FINAL_TYPE (HsLeaksView, hs_leaks_view, HS_TYPE_VIEW)

static HsLeakGroup *
row_group (GtkListBoxRow *row)
{
  return row != NULL ? g_object_get_data (G_OBJECT (row), "hs-group") : NULL;
}

static gboolean
row_is_suspect (GtkListBoxRow *row)
{
  return row != NULL && g_object_get_data (G_OBJECT (row), "hs-suspect-kind") != NULL;
}

static void
header_func (GtkListBoxRow *row, GtkListBoxRow *before, gpointer user_data)
{
  HsLeakGroup *g = row_group (row);
  HsLeakGroup *prev = row_group (before);

  if (g != NULL && (prev == NULL || prev->library != g->library))
    gtk_list_box_row_set_header (
        row, hs_label_new (g->library ? _ ("Library Leaks") : _ ("Application Leaks"), "hs-list-header", 0));
  else if (row_is_suspect (row) && !row_is_suspect (before))
    gtk_list_box_row_set_header (row, hs_label_new (_ ("Problem Suspects"), "hs-list-header", 0));
  else
    gtk_list_box_row_set_header (row, NULL);
}

/* Rows in the order of groups. */
static int
sort_func (GtkListBoxRow *a, GtkListBoxRow *b, gpointer user_data)
{
  guint pa = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (a), "hs-position"));
  guint pb = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (b), "hs-position"));

  return pa < pb ? -1 : pa > pb;
}

static char *
row_subtitle (HsLeakGroup *g, gboolean retained_known)
{
  g_autofree char *bytes = NULL;
  g_autofree char *count = hs_format_count (g->traces->len);

  if (!retained_known)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s instance · retained size pending",
                                         "%s instances · retained size pending", g->traces->len),
                            count);
  bytes = hs_format_bytes (hs_leak_group_get_retained (g));
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s instance · %s retained",
                                       "%s instances · %s retained", g->traces->len),
                          count, bytes);
}

static GtkWidget *
two_line_row (const char *title_text, const char *tooltip, const char *subtitle, guint position)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = hs_label_new (title_text, NULL, 0);
  GtkWidget *sub = hs_label_new (subtitle, "dim-label", 0);

  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_START);
  gtk_widget_set_tooltip_text (title, tooltip);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), sub);
  gtk_widget_add_css_class (box, "hs-leak-row");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data (G_OBJECT (row), "hs-subtitle", sub);
  g_object_set_data (G_OBJECT (row), "hs-title", title);
  g_object_set_data (G_OBJECT (row), "hs-position", GUINT_TO_POINTER (position));
  return row;
}

static GtkWidget *
row_new (HsLeakGroup *g, guint position, gboolean retained_known)
{
  g_autofree char *text = row_subtitle (g, retained_known);
  GtkWidget *row
      = two_line_row (g->description != NULL ? g->description : _ ("Leak"), g->description, text, position);

  g_object_set_data (G_OBJECT (row), "hs-group", g);
  {
    /* "Merged Paths to GC Roots" of the group's leaking objects */
    g_autoptr (GArray) objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
    for (guint i = 0; g->traces && i < g->traces->len; i++)
      g_array_append_val (objs, ((HsLeakTrace *)g_ptr_array_index (g->traces, i))->leaking_obj);
    gtk_box_append (GTK_BOX (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row))),
                    hs_paths_button_new_objects (g->description ? g->description : _ ("Leak"),
                                                 (const HsObj *)objs->data, objs->len));
  }
  return row;
}

/* An object suspect's title: what holds it and its collection when the
 * engine found them ("store.ReportCache.ENTRIES, HashMap of 3,000"),
 * else what it is ("class X" for a class object's statics, "One X"). */
static char *
object_suspect_title (HsObjectSuspect *o)
{
  GString *t = g_string_new (NULL);

  switch (o->holder.kind)
    {
      case HS_SUSPECT_HOLDER_STATIC:
      case HS_SUSPECT_HOLDER_FIELD: g_string_append (t, o->holder.name); break;
      case HS_SUSPECT_HOLDER_LOCAL:
        if (o->holder.thread != NULL)
          g_string_append_printf (t, _ ("Local in %s"), o->holder.thread);
        else
          g_string_append (t, _ ("Local of a thread"));
        if (o->holder.name != NULL)
          g_string_append_printf (t, ", %s", o->holder.name);
        break;
      default:
        if (g_str_has_prefix (o->class_name, "class "))
          g_string_append (t, o->class_name);
        else
          g_string_append_printf (t, _ ("One %s"), o->class_name);
        break;
    }
  if (o->collection != HS_OBJ_NONE)
    {
      g_autofree char *size = hs_format_count (o->collection_size);
      g_string_append_printf (t, _ (", %s of %s"), hs_format_simple_name (o->collection_class), size);
    }
  return g_string_free (t, FALSE);
}

/* A suspect's row: what holds it (or what it is) and what it retains; its
 * sentence as the tooltip. */
static GtkWidget *
suspect_row_new (HsObjectSuspect *o, HsClassSuspect *c, guint position)
{
  g_autofree char *bytes = hs_format_bytes (o != NULL ? o->retained : c->retained);
  g_autofree char *count = c != NULL ? hs_format_count (c->count) : NULL;
  g_autofree char *title
      = o != NULL ? object_suspect_title (o) : g_strdup_printf (_ ("%s × %s"), count, c->class_name);
  g_autofree char *sub
      = g_strdup_printf (_ ("%s retained (%.0f%%)"), bytes, o != NULL ? o->percent : c->percent);
  g_autofree char *sentence = hs_sentence_plain (o != NULL ? o->description : c->description);
  GtkWidget *row = two_line_row (title, sentence, sub, position);
  GtkLabel *title_label = g_object_get_data (G_OBJECT (row), "hs-title");
  g_autofree char *quoted = g_strdup_printf ("`%s`", title);

  /* The holder's name whole, on two lines if need be, broken between
   * its parts (not cut at its start as a class name is). */
  gtk_label_set_ellipsize (title_label, PANGO_ELLIPSIZE_NONE);
  gtk_label_set_wrap (title_label, TRUE);
  gtk_label_set_wrap_mode (title_label, PANGO_WRAP_WORD_CHAR);
  hs_label_set_sentence (title_label, quoted);
  g_object_set_data (G_OBJECT (row), "hs-suspect-kind", GINT_TO_POINTER (o != NULL ? 1 : 2));
  g_object_set_data (G_OBJECT (row), "hs-suspect", o != NULL ? (gpointer)o : (gpointer)c);
  gtk_box_append (GTK_BOX (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row))),
                  o != NULL ? hs_paths_button_new_objects (title, &o->obj, 1)
                            : hs_paths_button_new_members (c->class_name));
  if (c != NULL)
    {
      /* What the members retain together, in the bar under the list. */
      GtkWidget *button = gtk_button_new_with_label (_ ("Calculate Precise Retained Size"));
      gtk_button_set_has_frame (GTK_BUTTON (button), FALSE);
      gtk_widget_set_halign (button, GTK_ALIGN_START);
      gtk_widget_add_css_class (button, "caption");
      gtk_widget_set_tooltip_text (button, _ ("What this suspect's objects retain together, "
                                              "also what they share"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "leaks.members-retained-size");
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_string (c->class_name));
      gtk_box_append (GTK_BOX (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row))), button);
    }
  g_object_set_data_full (G_OBJECT (row), "hs-title-text", g_steal_pointer (&title), g_free);
  return row;
}

/* Object suspects, then class suspects, after the leak groups. */
static void
append_suspects (HsLeaksView *self, HsAnalysis *a)
{
  HsSuspects *s = a != NULL ? a->suspects : NULL;
  guint pos = self->groups->len;

  self->n_suspects = 0;
  if (s == NULL)
    return;
  for (guint i = 0; i < s->objects->len; i++)
    gtk_list_box_append (self->leak_list, suspect_row_new (g_ptr_array_index (s->objects, i), NULL, pos++));
  for (guint i = 0; i < s->classes->len; i++)
    gtk_list_box_append (self->leak_list, suspect_row_new (NULL, g_ptr_array_index (s->classes, i), pos++));
  self->n_suspects = s->objects->len + s->classes->len;
}

/* Nothing to show: say what was looked for. */
static void
update_empty (HsLeaksView *self, HsLeakReport *report, HsAnalysis *a)
{
  gboolean empty = report != NULL && self->groups->len == 0 && (a == NULL || self->n_suspects == 0);

  gtk_widget_set_visible (GTK_WIDGET (self->empty_box), empty);
  if (empty && a != NULL && a->suspects != NULL)
    {
      g_autofree char *text
          = g_strdup_printf (_ ("No watched object is retained, no inspected object is leaking, and no "
                                "object or class holds more than %g%% of the reachable heap. The Classes, "
                                "Dominator tree and Treemap views show what holds the memory."),
                             a->suspects->percent);
      gtk_label_set_text (self->empty_label, text);
    }
}

static GtkListBoxRow *
suspect_row (HsLeaksView *self, guint index)
{
  return index < self->n_suspects ? gtk_list_box_get_row_at_index (self->leak_list, self->groups->len + index)
                                  : NULL;
}

static void
collect_groups (HsLeaksView *self, HsLeakReport *report)
{
  g_ptr_array_set_size (self->groups, 0);
  if (report == NULL)
    return;
  for (guint i = 0; i < report->application_leaks->len; i++)
    g_ptr_array_add (self->groups, g_ptr_array_index (report->application_leaks, i));
  for (guint i = 0; i < report->library_leaks->len; i++)
    g_ptr_array_add (self->groups, g_ptr_array_index (report->library_leaks, i));
}

/* The list of a report; analysis NULL while retained sizes are pending. */
static void
build (HsLeaksView *self, HsLeakReport *report, HsAnalysis *analysis)
{
  hs_clear_box (GTK_WIDGET (self->leak_list));
  hs_leak_trace_view_show (self->trace_view, NULL, 0, NULL);
  collect_groups (self, report);
  for (guint i = 0; i < self->groups->len; i++)
    gtk_list_box_append (self->leak_list, row_new (g_ptr_array_index (self->groups, i), i, analysis != NULL));
  append_suspects (self, analysis);
  update_empty (self, report, analysis);
  hs_leaks_view_select_first (self);
}

/* The report shown early now has its retained sizes (and the order they
 * give): updated in place, the selection and the trace shown stay. */
static void
refresh_retained (HsLeaksView *self, HsAnalysis *analysis)
{
  GtkListBoxRow *row;

  collect_groups (self, analysis->leaks);
  for (guint i = 0; (row = gtk_list_box_get_row_at_index (self->leak_list, i)) != NULL; i++)
    {
      HsLeakGroup *g = row_group (row);
      g_autofree char *text = row_subtitle (g, TRUE);
      guint position = 0;

      g_ptr_array_find (self->groups, g, &position);
      g_object_set_data (G_OBJECT (row), "hs-position", GUINT_TO_POINTER (position));
      gtk_label_set_text (GTK_LABEL (g_object_get_data (G_OBJECT (row), "hs-subtitle")), text);
    }
  append_suspects (self, analysis);
  gtk_list_box_invalidate_sort (self->leak_list);
  gtk_list_box_invalidate_headers (self->leak_list);
  hs_leak_trace_view_set_analysis (self->trace_view, analysis);
}

/* HEAPSCOPE_DEBUG_TIMES: from a selection (a click, or the first leak
 * selected when the list is built) to the first frame painted with its
 * trace shown: a leak trace should appear within 4 s of asking. */
static void
drop_clock (HsLeaksView *self)
{
  if (self->clock != NULL && self->paint_id != 0
      && g_signal_handler_is_connected (self->clock, self->paint_id))
    g_signal_handler_disconnect (self->clock, self->paint_id);
  self->paint_id = 0;
  g_clear_object (&self->clock);
}

static void
on_after_paint (GdkFrameClock *clock, HsLeaksView *self)
{
  GtkWidget *trace = GTK_WIDGET (self->trace_view);

  if (hs_leak_trace_view_get_n_nodes (self->trace_view) == 0 || !gtk_widget_get_mapped (trace)
      || gtk_widget_get_width (trace) == 0)
    return;
  hs_timing_mark ("leak trace (%u rows) drawn %.3f s after the leak was selected",
                  hs_leak_trace_view_get_n_nodes (self->trace_view),
                  (g_get_monotonic_time () - self->selected_at) / 1e6);
  self->selected_at = 0;
  drop_clock (self);
}

static void time_on_map (GtkWidget *widget, gpointer data);

/* The view may not be on screen yet (the first leak is selected while the
 * window still shows the progress): then from when it is mapped. */
static void
watch_clock (HsLeaksView *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (clock == NULL)
    {
      g_signal_handlers_disconnect_by_func (self, time_on_map, NULL);
      g_signal_connect (self, "map", G_CALLBACK (time_on_map), NULL);
      return;
    }
  if (clock == self->clock)
    return;
  drop_clock (self);
  self->clock = g_object_ref (clock);
  self->paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), self);
}

static void
time_on_map (GtkWidget *widget, gpointer data)
{
  HsLeaksView *self = HS_LEAKS_VIEW (widget);

  g_signal_handlers_disconnect_by_func (self, time_on_map, NULL);
  if (self->selected_at > 0)
    watch_clock (self);
}

static void
time_selection (HsLeaksView *self)
{
  if (!hs_timing_enabled ())
    return;
  self->selected_at = g_get_monotonic_time ();
  watch_clock (self);
}

static void
on_row_selected (GtkListBox *list, GtkListBoxRow *row, HsLeaksView *self)
{
  HsAnalysis *a = hs_view_get_analysis (HS_VIEW (self));

  if (row != NULL)
    time_selection (self);
  if (row_is_suspect (row) && a != NULL)
    {
      gboolean object = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "hs-suspect-kind")) == 1;
      gpointer s = g_object_get_data (G_OBJECT (row), "hs-suspect");
      hs_leak_trace_view_show_suspect (self->trace_view, a, object ? s : NULL, object ? NULL : s);
    }
  else
    hs_leak_trace_view_show (self->trace_view, row_group (row), 0, a);
  if (row != NULL) /* for back and forward */
    gtk_widget_activate_action (GTK_WIDGET (self), "win.visited", "(st)", "leaks",
                                (guint64)gtk_list_box_row_get_index (row));
}

/* The threshold spin button shows the app's setting (10 without one). */
static void
read_threshold (HsLeaksView *self)
{
  GApplication *app = g_application_get_default ();
  g_autoptr (GVariant) v
      = app != NULL ? g_action_group_get_action_state (G_ACTION_GROUP (app), "suspects-percent") : NULL;

  self->setting_threshold = TRUE;
  gtk_spin_button_set_value (self->threshold_spin, v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_INT32)
                                                       ? g_variant_get_int32 (v)
                                                       : HS_SUSPECTS_DEFAULT_PERCENT);
  self->setting_threshold = FALSE;
}

#define THRESHOLD_PAUSE_MS 300

static gboolean
apply_threshold (gpointer data)
{
  HsLeaksView *self = data;
  GApplication *app = g_application_get_default ();
  int value = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->threshold_spin));

  self->threshold_source = 0;
  if (app != NULL && g_action_group_has_action (G_ACTION_GROUP (app), "suspects-percent"))
    g_action_group_activate_action (G_ACTION_GROUP (app), "suspects-percent", g_variant_new_int32 (value));
  return G_SOURCE_REMOVE;
}

/* Changing it finds the suspects again (hs-dump-tab-suspects.c), once the
 * clicks pause: three clicks on + are one change. */
static void
on_threshold_changed (GtkSpinButton *spin, HsLeaksView *self)
{
  if (self->setting_threshold)
    return;
  g_clear_handle_id (&self->threshold_source, g_source_remove);
  self->threshold_source = g_timeout_add (THRESHOLD_PAUSE_MS, apply_threshold, self);
}

static void
hs_leaks_view_show_early (HsView *view, HsLoader *loader)
{
  HsLeaksView *self = HS_LEAKS_VIEW (view);

  build (self, hs_loader_get_leaks (loader), NULL);
  self->shown_early = TRUE;
}

static void
hs_leaks_view_fill (HsView *view, HsLoader *loader)
{
  HsLeaksView *self = HS_LEAKS_VIEW (view);
  HsAnalysis *a = hs_loader_get_analysis (loader);

  if (self->shown_early)
    {
      gint64 start = g_get_monotonic_time ();
      refresh_retained (self, a);
      hs_timing_span (start, "retained sizes shown");
    }
  else
    build (self, a->leaks, a);
  if (self->shown_early)
    update_empty (self, a->leaks, a);
  self->shown_early = FALSE;
  read_threshold (self);
}

static void
hs_leaks_view_clear (HsView *view)
{
  HsLeaksView *self = HS_LEAKS_VIEW (view);

  hs_leak_trace_view_show (self->trace_view, NULL, 0, NULL);
  hs_clear_box (GTK_WIDGET (self->leak_list));
  g_ptr_array_set_size (self->groups, 0);
  self->n_suspects = 0;
  hs_selection_bar_reset (self->selection_bar);
  gtk_widget_set_visible (GTK_WIDGET (self->empty_box), FALSE);
  self->shown_early = FALSE;
}

/* A class suspect's row: its members' precise retained size together
 * (more than the suspect's sum when they share what they hold). */
static void
members_retained_size_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsLeaksView *self = HS_LEAKS_VIEW (widget);
  HsLoader *loader = hs_view_get_loader (HS_VIEW (self));

  if (loader != NULL && hs_loader_get_analysis (loader) != NULL)
    hs_selection_bar_compute_members (self->selection_bar, loader, g_variant_get_string (param, NULL));
}

static void
hs_leaks_view_dispose (GObject *object)
{
  g_clear_handle_id (&HS_LEAKS_VIEW (object)->threshold_source, g_source_remove);
  g_clear_handle_id (&HS_LEAKS_VIEW (object)->orient_source, g_source_remove);
  drop_clock (HS_LEAKS_VIEW (object));
  gtk_widget_dispose_template (GTK_WIDGET (object), HS_TYPE_LEAKS_VIEW);
  G_OBJECT_CLASS (hs_leaks_view_parent_class)->dispose (object);
}

/* Below this width the list goes above the trace: side by side, the
 * trace's cards would be cut on the right. */
#define NARROW_WIDTH 760

static gboolean
turn_paned (gpointer data)
{
  HsLeaksView *self = data;
  int width = gtk_widget_get_width (GTK_WIDGET (self));

  self->orient_source = 0;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->paned), width < NARROW_WIDTH
                                                                    ? GTK_ORIENTATION_VERTICAL
                                                                    : GTK_ORIENTATION_HORIZONTAL);
  gtk_paned_set_position (self->paned, width < NARROW_WIDTH ? 260 : 280);
  return G_SOURCE_REMOVE;
}

/* The view lays its one child (the paned) out itself, as a bin layout
 * would, to see its width. */
static void
hs_leaks_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                       int *natural, int *minimum_baseline, int *natural_baseline)
{
  GtkPaned *paned = HS_LEAKS_VIEW (widget)->paned;

  gtk_widget_measure (GTK_WIDGET (paned), orientation, for_size, minimum, natural, minimum_baseline,
                      natural_baseline);
  if (orientation == GTK_ORIENTATION_HORIZONTAL
      && gtk_orientable_get_orientation (GTK_ORIENTABLE (paned)) == GTK_ORIENTATION_HORIZONTAL)
    {
      /* Side by side needs both parts' widths; stacked (below
       * NARROW_WIDTH) only the wider one's. The view asks no more, or a
       * narrow window would be made as wide as both and never stack them. */
      int start = 0, end = 0;

      gtk_widget_measure (gtk_paned_get_start_child (paned), orientation, -1, &start, NULL, NULL, NULL);
      gtk_widget_measure (gtk_paned_get_end_child (paned), orientation, -1, &end, NULL, NULL, NULL);
      *minimum = MIN (*minimum, MAX (start, end));
      *natural = MAX (*natural, *minimum);
    }
}

static void
hs_leaks_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  HsLeaksView *self = HS_LEAKS_VIEW (widget);
  GtkOrientation want = width < NARROW_WIDTH ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;

  gtk_widget_allocate (GTK_WIDGET (self->paned), width, height, baseline, NULL);
  /* Turned before the next frame is laid out and drawn (GTK's layout runs
   * at a lower priority): not a frame shown cut. */
  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->paned)) != want && self->orient_source == 0)
    self->orient_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, turn_paned, self, NULL);
}

gboolean
hs_leaks_view_is_stacked (HsLeaksView *self)
{
  g_return_val_if_fail (HS_IS_LEAKS_VIEW (self), FALSE);
  return gtk_orientable_get_orientation (GTK_ORIENTABLE (self->paned)) == GTK_ORIENTATION_VERTICAL;
}

static void
hs_leaks_view_finalize (GObject *object)
{
  HsLeaksView *self = HS_LEAKS_VIEW (object);

  g_clear_pointer (&self->groups, g_ptr_array_unref);
  G_OBJECT_CLASS (hs_leaks_view_parent_class)->finalize (object);
}

static void
hs_leaks_view_class_init (HsLeaksViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  HsViewClass *view_class = HS_VIEW_CLASS (klass);

  object_class->dispose = hs_leaks_view_dispose;
  object_class->finalize = hs_leaks_view_finalize;
  widget_class->size_allocate = hs_leaks_view_size_allocate;
  widget_class->measure = hs_leaks_view_measure;
  view_class->fill = hs_leaks_view_fill;
  view_class->clear = hs_leaks_view_clear;
  view_class->show_early = hs_leaks_view_show_early;
  hs_view_class_set_page (view_class, "leaks", _ ("Leaks & Suspects"), NULL, FALSE, "leaks filled");

  g_type_ensure (HS_TYPE_LEAK_TRACE_VIEW);
  g_type_ensure (HS_TYPE_SELECTION_BAR);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-leaks-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsLeaksView, leak_list);
  gtk_widget_class_bind_template_child (widget_class, HsLeaksView, empty_box);
  gtk_widget_class_bind_template_child (widget_class, HsLeaksView, empty_label);
  gtk_widget_class_bind_template_child (widget_class, HsLeaksView, threshold_spin);
  gtk_widget_class_bind_template_child (widget_class, HsLeaksView, trace_view);
  gtk_widget_class_bind_template_child (widget_class, HsLeaksView, paned);
  gtk_widget_class_bind_template_child (widget_class, HsLeaksView, selection_bar);
  gtk_widget_class_install_action (widget_class, "leaks.members-retained-size", "s",
                                   members_retained_size_action);
  gtk_widget_class_bind_template_callback (widget_class, on_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_threshold_changed);
}

static void
hs_leaks_view_init (HsLeaksView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
  hs_selection_bar_set_compact (self->selection_bar, TRUE);
  self->groups = g_ptr_array_new ();
  gtk_list_box_set_header_func (self->leak_list, header_func, NULL, NULL);
  gtk_list_box_set_sort_func (self->leak_list, sort_func, NULL, NULL);
  read_threshold (self);
}

guint
hs_leaks_view_get_n_rows (HsLeaksView *self)
{
  g_return_val_if_fail (HS_IS_LEAKS_VIEW (self), 0);
  return self->groups->len;
}

void
hs_leaks_view_select (HsLeaksView *self, guint index)
{
  GtkListBoxRow *row;

  g_return_if_fail (HS_IS_LEAKS_VIEW (self));
  row = gtk_list_box_get_row_at_index (self->leak_list, index);
  if (row != NULL)
    gtk_list_box_select_row (self->leak_list, row);
}

/* Whichever has content: the leaks, else the first suspect. */
void
hs_leaks_view_select_first (HsLeaksView *self)
{
  g_return_if_fail (HS_IS_LEAKS_VIEW (self));
  if (self->groups->len > 0)
    hs_leaks_view_select (self, 0);
  else if (self->n_suspects > 0)
    hs_leaks_view_select_suspect (self, 0);
}

HsLeakGroup *
hs_leaks_view_get_group (HsLeaksView *self, guint index)
{
  g_return_val_if_fail (HS_IS_LEAKS_VIEW (self), NULL);
  return row_group (gtk_list_box_get_row_at_index (self->leak_list, index));
}

const char *
hs_leaks_view_get_row_subtitle (HsLeaksView *self, guint index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (HS_IS_LEAKS_VIEW (self), NULL);
  row = gtk_list_box_get_row_at_index (self->leak_list, index);
  return row != NULL ? gtk_label_get_text (g_object_get_data (G_OBJECT (row), "hs-subtitle")) : NULL;
}

HsLeakTraceView *
hs_leaks_view_get_trace_view (HsLeaksView *self)
{
  g_return_val_if_fail (HS_IS_LEAKS_VIEW (self), NULL);
  return self->trace_view;
}

guint
hs_leaks_view_get_n_suspects (HsLeaksView *self)
{
  g_return_val_if_fail (HS_IS_LEAKS_VIEW (self), 0);
  return self->n_suspects;
}

void
hs_leaks_view_select_suspect (HsLeaksView *self, guint index)
{
  GtkListBoxRow *row;

  g_return_if_fail (HS_IS_LEAKS_VIEW (self));
  if ((row = suspect_row (self, index)) != NULL)
    gtk_list_box_select_row (self->leak_list, row);
}

const char *
hs_leaks_view_get_suspect_subtitle (HsLeaksView *self, guint index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (HS_IS_LEAKS_VIEW (self), NULL);
  row = suspect_row (self, index);
  return row != NULL ? gtk_label_get_text (g_object_get_data (G_OBJECT (row), "hs-subtitle")) : NULL;
}

const char *
hs_leaks_view_get_suspect_title (HsLeaksView *self, guint index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (HS_IS_LEAKS_VIEW (self), NULL);
  row = suspect_row (self, index);
  return row != NULL ? g_object_get_data (G_OBJECT (row), "hs-title-text") : NULL;
}

void
hs_leaks_view_refresh_suspects (HsLeaksView *self)
{
  HsAnalysis *a;
  GtkListBoxRow *selected, *row;
  int selected_suspect = -1;

  g_return_if_fail (HS_IS_LEAKS_VIEW (self));
  a = hs_view_get_analysis (HS_VIEW (self));
  if (a == NULL || !hs_view_is_filled (HS_VIEW (self)))
    return;
  selected = gtk_list_box_get_selected_row (GTK_LIST_BOX (self->leak_list));
  if (row_is_suspect (selected))
    selected_suspect = gtk_list_box_row_get_index (selected) - (int)self->groups->len;
  /* The trace view lets go of the old suspect before it goes. */
  if (selected_suspect >= 0)
    hs_leak_trace_view_show (self->trace_view, NULL, 0, NULL);
  while ((row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->leak_list), self->groups->len)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->leak_list), GTK_WIDGET (row));
  append_suspects (self, a);
  gtk_list_box_invalidate_headers (GTK_LIST_BOX (self->leak_list));
  update_empty (self, a->leaks, a);
  read_threshold (self);
  /* The same place: the same suspect row if there is one, else the first
   * row; a leak selected stays selected. */
  if (selected_suspect >= 0)
    {
      if ((guint)selected_suspect < self->n_suspects)
        hs_leaks_view_select_suspect (self, selected_suspect);
      else if (self->n_suspects > 0)
        hs_leaks_view_select_suspect (self, self->n_suspects - 1);
      else if (self->groups->len > 0)
        hs_leaks_view_select (self, 0);
    }
}
