/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-trace-view.c: one leak trace or suspect path (template
 * ui/hs-leak-trace-view.ui). The nodes are the rows of a GtkListView over
 * HsTraceRows, a model that makes its items on demand: one row per node
 * (its card and the reference to the next node) and one for an elided
 * run; the factory builds a row's widgets only when the row is visible. */
#include "config.h"
#include "hs-palette.h"
#include "hs-leak-trace-view.h"
#include "hs-object-menu.h"
#include "hs-trace-rows.h"
#include "hs-ui-util-private.h"
#include "hs-timing.h"
#include "hs-sentence.h"

#include <glib/gi18n.h>

/* --- the view ---------------------------------------------------------- */

struct _HsLeakTraceView
{
  GtkWidget parent_instance;

  GtkBox *box;
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkLabel *watch_label;
  GtkLabel *library_label;
  GtkDropDown *trace_dropdown;
  GtkButton *treemap_button;
  GtkButton *copy_button;
  GtkListView *node_list;
  GtkLabel *no_path_label;
  GtkScrolledWindow *extras_scroll;
  GtkBox *also_box;
  GtkBox *suspect_box;
  GtkBox *accumulation_box;
  GtkLabel *classes_heading;
  GtkGrid *classes_grid;
  GtkLabel *members_heading;
  GtkBox *members_box;

  HsTraceRows *rows;
  HsLeakGroup *group;      /* borrowed from the loader's report */
  HsObjectSuspect *object; /* or a suspect, borrowed from the analysis */
  HsClassSuspect *klass;
  HsLeakTrace *trace; /* the group's trace shown, or the suspect's path */
  /* Or a growing node's path (hs-growth-trace.h), owned: */
  HsLeakTrace *growth_trace;
  GPtrArray *growth_refs; /* char*: the reference from each node to the next */
  char *growth_subtitle;
  HsAnalysis *analysis; /* NULL while retained sizes are pending */
  guint n_classes, n_members;
  gboolean setting_trace; /* the dropdown is being set, not chosen */
  gboolean trace_chosen;  /* the group's trace shown was picked in the dropdown */
  char *title_text;       /* the title as read: without break points */
};

G_DEFINE_FINAL_TYPE (HsLeakTraceView, hs_leak_trace_view, GTK_TYPE_WIDGET)

static gboolean
is_growth (HsLeakTraceView *self)
{
  return self->growth_trace != NULL;
}

static guint
n_nodes (HsLeakTraceView *self)
{
  return self->trace != NULL && self->trace->nodes != NULL ? self->trace->nodes->len : 0;
}

static guint
n_rows (HsLeakTraceView *self)
{
  return n_nodes (self) + (self->trace != NULL && self->trace->n_elided > 0 ? 1 : 0);
}

/* The node index of a row; FALSE for the elided row (or past the end). */
static gboolean
row_node_index (HsLeakTraceView *self, guint row, guint *index)
{
  guint at = self->trace != NULL ? MIN (self->trace->elided_at, n_nodes (self)) : 0;

  if (row >= n_rows (self))
    return FALSE;
  if (self->trace->n_elided > 0 && row >= at)
    {
      if (row == at)
        return FALSE;
      row--;
    }
  *index = row;
  return TRUE;
}

static char *
elided_text (guint64 n)
{
  g_autofree char *count = hs_format_count (n);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "… %s more reference", "… %s more references",
                                       n > G_MAXULONG ? G_MAXULONG : (gulong)n),
                          count);
}

static GtkWidget *
status_badge (HsLeaking leaking)
{
  const char *text, *css;
  GtkWidget *badge;

  switch (leaking)
    {
      case HS_LEAKING_YES:
        text = _ ("Leaking");
        css = "hs-badge-yes";
        break;
      case HS_LEAKING_NO:
        text = _ ("Not leaking");
        css = "hs-badge-no";
        break;
      case HS_LEAKING_UNKNOWN:
      default:
        text = _ ("Unknown");
        css = "hs-badge-unknown";
        break;
    }
  badge = hs_label_new (text, "hs-badge", 0.5);
  gtk_widget_add_css_class (badge, css);
  gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
  return badge;
}

static GtkWidget *
wrapped_label (const char *text, const char *css_class)
{
  GtkWidget *label = hs_label_new (text, css_class, 0);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  return label;
}

static char *
retained_text (guint64 bytes, guint64 count)
{
  g_autofree char *b = hs_format_bytes (bytes);
  g_autofree char *c = hs_format_count (count);

  /* Translators: retained bytes, then the number of objects. */
  return g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "Retaining %s in %s object", "Retaining %s in %s objects", count), b, c);
}

/* What a node retains: every node of a suspect's path (the memory gathers
 * along it), the leaking object of a leak (once known). */
static char *
node_retained (HsLeakTraceView *self, HsLeakNode *node, gboolean last)
{
  HsDomTree *dom = self->analysis != NULL ? self->analysis->dom : NULL;

  if (self->group == NULL && dom != NULL && node->obj < dom->n && dom->idom[node->obj] != HS_OBJ_NONE)
    return retained_text (hs_dom_tree_retained (dom, node->obj), hs_dom_tree_retained_count (dom, node->obj));
  if (self->group != NULL && last && self->analysis != NULL && self->trace->retained_bytes > 0)
    return retained_text (self->trace->retained_bytes, self->trace->retained_count);
  return NULL;
}

static void
fill_card (HsLeakTraceView *self, GtkWidget *card, guint index)
{
  HsLeakTrace *trace = self->trace;
  HsLeakNode *node = g_ptr_array_index (trace->nodes, index);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  g_autofree char *class_text
      = node->is_class ? g_strdup_printf (_ ("class %s"), node->class_name) : g_strdup (node->class_name);
  g_autofree char *retained = node_retained (self, node, index + 1 == trace->nodes->len);
  GtkWidget *name = hs_label_new (class_text, "hs-trace-class", 0);

  gtk_widget_add_css_class (card, "hs-trace-node");
  if (node->leaking == HS_LEAKING_YES)
    gtk_widget_add_css_class (card, "hs-trace-node-yes");
  gtk_box_append (GTK_BOX (card), top);
  if (!is_growth (self))
    gtk_box_append (GTK_BOX (top), status_badge (node->leaking));
  else if (node->leaking == HS_LEAKING_YES)
    {
      /* The growing node of a growth path. */
      GtkWidget *badge = hs_label_new (_ ("Growing"), "hs-badge", 0.5);
      gtk_widget_add_css_class (badge, "hs-badge-yes");
      gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (top), badge);
    }
  /* A name may be 1 MB long: cut, whole in the tooltip. */
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_tooltip_text (name, class_text);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_box_append (GTK_BOX (top), name);
  /* Android's heaps: which one each node is in (app, image, zygote). */
  if (self->analysis != NULL && hs_heap_n_heaps (self->analysis->heap) > 1 && node->obj != HS_OBJ_NONE
      && node->obj < hs_heap_n_objects (self->analysis->heap))
    {
      HsHeap *heap = self->analysis->heap;
      GtkWidget *mark
          = hs_label_new (hs_heap_heap_name (heap, hs_heap_object_heap (heap, node->obj)), "dim-label", 1);
      gtk_widget_add_css_class (mark, "caption");
      gtk_widget_set_tooltip_text (mark, _ ("The heap this object is in"));
      gtk_box_append (GTK_BOX (top), mark);
    }
  /* A growth step that merges several objects has none to inspect. */
  if (!is_growth (self) || node->obj != HS_OBJ_NONE)
    gtk_box_append (GTK_BOX (top), hs_inspect_button_new (node->obj));
  if (node->obj != HS_OBJ_NONE) /* Copy id / path to GC root */
    gtk_box_append (GTK_BOX (top), hs_object_menu_button_new (node->obj));
  if (index == 0 && trace->root_type != 0)
    {
      /* A local names its thread and frame, as the text report does. */
      g_autofree char *local = trace->root_type == HS_ROOT_JAVA_FRAME || trace->root_type == HS_ROOT_JNI_LOCAL
                                   ? hs_sentence_plain (hs_leak_trace_root_description (trace))
                                   : NULL;
      g_autofree char *root
          = local != NULL ? g_strdup_printf (_ ("GC root: %s"), local)
            : trace->root_thread_name != NULL
                ? g_strdup_printf (_ ("GC root: %s (thread “%s”)"), hs_root_type_name (trace->root_type),
                                   trace->root_thread_name)
                : g_strdup_printf (_ ("GC root: %s"), hs_root_type_name (trace->root_type));
      gtk_box_append (GTK_BOX (card), wrapped_label (root, "hs-root-label"));
    }
  if (node->description != NULL && node->description[0] != '\0')
    {
      GtkWidget *d = wrapped_label (node->description, "dim-label");
      gtk_label_set_selectable (GTK_LABEL (d), TRUE);
      gtk_box_append (GTK_BOX (card), d);
    }
  for (guint i = 0; node->reasons != NULL && i < node->reasons->len; i++)
    {
      g_autofree char *text = g_strdup_printf ("• %s", (const char *)g_ptr_array_index (node->reasons, i));
      gtk_box_append (GTK_BOX (card), wrapped_label (text, "hs-reason"));
    }
  if (retained != NULL)
    gtk_box_append (GTK_BOX (card), hs_label_new (retained, "hs-reason", 0));
}

/* "Exclude This Reference": the path's object shown in the Paths view
 * without this reference (fields and statics; win.exclude-reference). */
static GtkWidget *
exclude_button_new (HsLeakNode *node, HsObj target)
{
  g_autofree char *ref = NULL;
  GtkWidget *button;

  if ((node->ref_kind != HS_PATH_REF_FIELD && node->ref_kind != HS_PATH_REF_STATIC) || node->ref_name == NULL
      || node->ref_owner_class == NULL || target == HS_OBJ_NONE)
    return NULL;
  ref = g_strdup_printf ("%s.%s", node->ref_owner_class, node->ref_name);
  button = gtk_button_new_from_icon_name ("edit-cut-symbolic");
  gtk_button_set_has_frame (GTK_BUTTON (button), FALSE);
  gtk_widget_set_tooltip_text (button, _ ("Exclude This Reference: the other paths without it"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Exclude This Reference"), -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.exclude-reference");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button),
                                          g_variant_new ("(us)", (guint32)target, ref));
  return button;
}

/* text: the reference as named elsewhere (a growth path's), or NULL. */
static GtkWidget *
reference_row (HsLeakNode *node, gboolean leak, HsObj target, const char *text)
{
  GtkWidget *exclude = text == NULL ? exclude_button_new (node, target) : NULL;
  g_autofree char *ref = text != NULL ? g_strdup (text) : hs_leak_node_ref_label (node);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = hs_label_new (ref != NULL ? ref : "?", "monospace", 0);

  gtk_widget_add_css_class (row, "hs-trace-ref");
  gtk_box_append (GTK_BOX (row), hs_label_new ("↓", "hs-trace-arrow", 0.5));
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (row), label);
  if (node->suspect)
    {
      /* LeakCanary's ~~~ as a wavy underline (style.css). */
      GtkWidget *tag
          = hs_label_new (leak ? _ ("suspect") : _ ("into the accumulation point"), "hs-suspect", 0);
      gtk_widget_add_css_class (label, "hs-suspect-ref");
      gtk_widget_set_tooltip_text (
          tag, leak ? _ ("This reference is between the last object that is not leaking and the first that "
                         "is: one of these is likely the cause of the leak")
                    : _ ("This reference is on the way from the suspect into where its memory accumulates"));
      gtk_box_append (GTK_BOX (row), tag);
    }
  if (exclude != NULL)
    gtk_box_append (GTK_BOX (row), exclude);
  return row;
}

static void
on_row_setup (GtkSignalListItemFactory *factory, GtkListItem *item, HsLeakTraceView *self)
{
  gtk_list_item_set_activatable (item, FALSE);
  gtk_list_item_set_selectable (item, FALSE);
  gtk_list_item_set_child (item, gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
}

static void
on_row_bind (GtkSignalListItemFactory *factory, GtkListItem *item, HsLeakTraceView *self)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  HsTraceRow *row = gtk_list_item_get_item (item);
  guint index;

  hs_clear_box (box);
  if (row == NULL || self->trace == NULL || hs_trace_row_get_position (row) >= n_rows (self))
    return;
  if (!row_node_index (self, hs_trace_row_get_position (row), &index))
    {
      g_autofree char *text = elided_text (self->trace->n_elided);
      GtkWidget *label = hs_label_new (text, "dim-label", 0);
      gtk_widget_add_css_class (label, "hs-trace-ref");
      gtk_box_append (GTK_BOX (box), label);
      return;
    }
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  fill_card (self, card, index);
  gtk_box_append (GTK_BOX (box), card);
  if (index + 1 < n_nodes (self))
    gtk_box_append (
        GTK_BOX (box),
        reference_row (
            g_ptr_array_index (self->trace->nodes, index), self->group != NULL,
            ((HsLeakNode *)g_ptr_array_index (self->trace->nodes, self->trace->nodes->len - 1))->obj,
            is_growth (self) ? g_ptr_array_index (self->growth_refs, index) : NULL));
}

static void
on_row_unbind (GtkSignalListItemFactory *factory, GtkListItem *item, HsLeakTraceView *self)
{
  hs_clear_box (gtk_list_item_get_child (item));
}

/* --- header and extras ------------------------------------------------- */

static char *
subtitle_text (HsLeakTraceView *self)
{
  g_autofree char *retained = NULL, *count = NULL;

  if (is_growth (self))
    return g_strdup (self->growth_subtitle);
  if (self->object != NULL)
    {
      retained = hs_format_bytes (self->object->retained);
      count = hs_format_count (self->object->retained_count);
      return g_strdup_printf (_ ("Object suspect · retaining %s (%.0f%%) in %s objects"), retained,
                              self->object->percent, count);
    }
  if (self->klass != NULL)
    {
      retained = hs_format_bytes (self->klass->retained);
      count = hs_format_count (self->klass->count);
      return g_strdup_printf (_ ("Class suspect · %s objects retaining %s (%.0f%%)"), count, retained,
                              self->klass->percent);
    }
  const char *kind = self->group->library ? _ ("Library") : _ ("Application");
  if (self->analysis == NULL)
    return g_strdup_printf (_ ("%s leak · retained size pending"), kind);
  retained = hs_format_bytes (self->trace->retained_bytes);
  count = hs_format_count (self->trace->retained_count);
  return g_strdup_printf (_ ("%s leak · retaining %s in %s objects"), kind, retained, count);
}

static char *
watch_text (HsLeakTrace *trace)
{
  GString *w = g_string_new (NULL);

  if (trace == NULL)
    return g_string_free (w, FALSE);
  if (trace->watch_description != NULL && trace->watch_description[0] != '\0')
    g_string_append_printf (w, _ ("Watched: %s"), trace->watch_description);
  if (trace->retained_duration_ms >= 0)
    {
      if (w->len > 0)
        g_string_append (w, " · ");
      g_string_append_printf (w, _ ("retained for %.1f s"), trace->retained_duration_ms / 1000.0);
    }
  return g_string_free (w, FALSE);
}

/* A line of an object: its label, a size, the inspect button. */
static GtkWidget *
object_line (HsAnalysis *a, HsObj o, const char *prefix)
{
  g_autofree char *label = hs_heap_object_label (a->heap, o);
  g_autofree char *text = prefix != NULL ? g_strdup_printf ("%s %s", prefix, label) : g_strdup (label);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *l = hs_label_new (text, NULL, 0);

  gtk_label_set_ellipsize (GTK_LABEL (l), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_tooltip_text (l, label);
  gtk_box_append (GTK_BOX (row), l);
  if (a->dom != NULL && o < a->dom->n)
    {
      g_autofree char *b = hs_format_bytes (hs_dom_tree_retained (a->dom, o));
      gtk_box_append (GTK_BOX (row), hs_label_new (b, "dim-label", 0));
    }
  gtk_box_append (GTK_BOX (row), hs_inspect_button_new (o));
  return row;
}

/* Labels of other leaking objects this one retains (they need the heap:
 * once the analysis is done). */
static void
fill_also_leaking (HsLeakTraceView *self)
{
  GtkWidget *child;
  GArray *also = self->group != NULL ? self->trace->also_leaking : NULL;

  /* Everything after the heading. */
  while ((child = gtk_widget_get_last_child (GTK_WIDGET (self->also_box)))
         != gtk_widget_get_first_child (GTK_WIDGET (self->also_box)))
    gtk_box_remove (self->also_box, child);
  gtk_widget_set_visible (GTK_WIDGET (self->also_box),
                          self->analysis != NULL && also != NULL && also->len > 0);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->also_box)))
    return;
  for (guint i = 0; i < also->len && i < 50; i++)
    gtk_box_append (self->also_box, object_line (self->analysis, g_array_index (also, HsObj, i), NULL));
}

static void
grid_cell (GtkWidget *grid, const char *text, int col, int row, float xalign, const char *css)
{
  GtkWidget *l = hs_label_new (text, css, xalign);

  if (col == 0)
    {
      gtk_label_set_ellipsize (GTK_LABEL (l), PANGO_ELLIPSIZE_START);
      gtk_widget_set_hexpand (l, TRUE);
      gtk_widget_set_tooltip_text (l, text);
    }
  gtk_grid_attach (GTK_GRID (grid), l, col, row, 1, 1);
}

/* The suspect's accumulation point, retained classes and biggest members. */
static void
fill_suspect (HsLeakTraceView *self)
{
  HsAnalysis *a = self->analysis;
  GArray *classes = self->object != NULL ? self->object->retained_classes : NULL;
  GArray *members = self->klass != NULL ? self->klass->biggest : NULL;

  hs_clear_box (GTK_WIDGET (self->accumulation_box));
  hs_clear_box (GTK_WIDGET (self->members_box));
  while (gtk_widget_get_first_child (GTK_WIDGET (self->classes_grid)) != NULL)
    gtk_grid_remove (self->classes_grid, gtk_widget_get_first_child (GTK_WIDGET (self->classes_grid)));
  self->n_classes = classes != NULL ? classes->len : 0;
  self->n_members = members != NULL ? members->len : 0;
  gtk_widget_set_visible (GTK_WIDGET (self->suspect_box), self->object != NULL || self->klass != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->treemap_button), self->object != NULL || self->n_members > 0);
  if (self->object == NULL && self->klass == NULL)
    return;

  if (self->object != NULL)
    gtk_box_append (self->accumulation_box,
                    object_line (a, self->object->accumulation, _ ("Memory accumulates in")));
  gtk_widget_set_visible (GTK_WIDGET (self->classes_heading), self->n_classes > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->classes_grid), self->n_classes > 0);
  if (self->n_classes > 0)
    {
      grid_cell (GTK_WIDGET (self->classes_grid), _ ("Class"), 0, 0, 0, "heading");
      grid_cell (GTK_WIDGET (self->classes_grid), _ ("Objects"), 1, 0, 1, "heading");
      grid_cell (GTK_WIDGET (self->classes_grid), _ ("Retained"), 2, 0, 1, "heading");
    }
  for (guint i = 0, row = 1; i < self->n_classes; i++)
    {
      HsSuspectClass *c = &g_array_index (classes, HsSuspectClass, i);
      g_autofree char *count = hs_format_count (c->count);
      g_autofree char *bytes = hs_format_bytes (c->retained);

      grid_cell (GTK_WIDGET (self->classes_grid), c->class_name, 0, row, 0, NULL);
      grid_cell (GTK_WIDGET (self->classes_grid), count, 1, row, 1, "numeric");
      grid_cell (GTK_WIDGET (self->classes_grid), bytes, 2, row, 1, "numeric");
      row++;
      /* Where the bytes are: what those objects hold, one level down. */
      for (guint j = 0; c->below != NULL && j < c->below->len; j++)
        {
          HsSuspectClass *b = &g_array_index (c->below, HsSuspectClass, j);
          g_autofree char *name = g_strdup_printf (_ ("↳ %s"), b->class_name);
          g_autofree char *bcount = hs_format_count (b->count);
          g_autofree char *bbytes = hs_format_bytes (b->retained);

          grid_cell (GTK_WIDGET (self->classes_grid), name, 0, row, 0, "dim-label");
          grid_cell (GTK_WIDGET (self->classes_grid), bcount, 1, row, 1, "numeric");
          grid_cell (GTK_WIDGET (self->classes_grid), bbytes, 2, row, 1, "numeric");
          gtk_widget_set_margin_start (gtk_grid_get_child_at (self->classes_grid, 0, row), 18);
          row++;
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->members_heading), self->n_members > 0);
  for (guint i = 0; i < self->n_members; i++)
    gtk_box_append (self->members_box, object_line (a, g_array_index (members, HsObj, i), NULL));
}

/* The instance chooser of a group of several traces, on the trace shown. */
static void
set_dropdown (HsLeakTraceView *self)
{
  guint index = 0, n = self->group != NULL ? self->group->traces->len : 0;

  gtk_widget_set_visible (GTK_WIDGET (self->trace_dropdown), n > 1);
  if (n == 0)
    return;
  g_ptr_array_find (self->group->traces, self->trace, &index);
  self->setting_trace = TRUE;
  if (n > 1)
    {
      GListModel *model = gtk_drop_down_get_model (self->trace_dropdown);
      if (model == NULL || g_list_model_get_n_items (model) != n)
        {
          g_autoptr (GtkStringList) items = gtk_string_list_new (NULL);
          for (guint i = 0; i < n; i++)
            {
              g_autofree char *at = hs_format_count (i + 1);
              g_autofree char *of = hs_format_count (n);
              g_autofree char *s = g_strdup_printf (_ ("Instance %s of %s"), at, of);
              gtk_string_list_append (items, s);
            }
          gtk_drop_down_set_model (self->trace_dropdown, G_LIST_MODEL (items));
        }
      gtk_drop_down_set_selected (self->trace_dropdown, index);
    }
  self->setting_trace = FALSE;
}

/* Header, rows and extras of what the fields say is shown. */
static void
refresh (HsLeakTraceView *self, const char *title)
{
  g_autofree char *subtitle = NULL, *watch = NULL;
  gboolean any = self->group != NULL || self->object != NULL || self->klass != NULL || is_growth (self);

  gtk_widget_set_visible (GTK_WIDGET (self->box), any);
  hs_trace_rows_reset (self->rows, any ? n_rows (self) : 0);
  if (!any)
    return;
  /* The engine's names between backticks, shown plainly. */
  hs_label_set_sentence (self->title_label, title);
  g_free (self->title_text);
  self->title_text = hs_sentence_plain (title);
  subtitle = subtitle_text (self);
  gtk_label_set_text (self->subtitle_label, subtitle);
  watch = self->group != NULL ? watch_text (self->trace) : g_strdup ("");
  gtk_label_set_text (self->watch_label, watch);
  gtk_widget_set_visible (GTK_WIDGET (self->watch_label), watch[0] != '\0');
  if (self->group != NULL && self->group->library && self->group->library_pattern != NULL)
    {
      g_autofree char *m = g_strdup_printf (_ ("Known library leak: %s"), self->group->library_pattern);
      gtk_label_set_text (self->library_label, m);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->library_label), self->group != NULL && self->group->library
                                                                && self->group->library_pattern != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->copy_button), self->trace != NULL);
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->node_list)), self->trace != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->no_path_label), self->trace == NULL);
  /* Without a path the members take the height. */
  gtk_widget_set_vexpand (GTK_WIDGET (self->extras_scroll), self->trace == NULL);
  gtk_scrolled_window_set_max_content_height (self->extras_scroll, self->trace == NULL ? -1 : 260);
  /* A leak's description is a short name, a suspect's a sentence. */
  gtk_widget_remove_css_class (GTK_WIDGET (self->title_label), self->group != NULL ? "title-4" : "title-2");
  gtk_widget_add_css_class (GTK_WIDGET (self->title_label), self->group != NULL ? "title-2" : "title-4");
  set_dropdown (self);
  fill_also_leaking (self);
  fill_suspect (self);
}

static void
forget (HsLeakTraceView *self)
{
  self->group = NULL;
  self->object = NULL;
  self->klass = NULL;
  self->trace = NULL;
  self->trace_chosen = FALSE;
  g_clear_pointer (&self->growth_trace, hs_leak_trace_free);
  g_clear_pointer (&self->growth_refs, g_ptr_array_unref);
  g_clear_pointer (&self->growth_subtitle, g_free);
}

void
hs_leak_trace_view_show (HsLeakTraceView *self, HsLeakGroup *group, guint trace_index, HsAnalysis *analysis)
{
  gint64 start = g_get_monotonic_time (), cpu = hs_timing_thread_cpu ();

  g_return_if_fail (HS_IS_LEAK_TRACE_VIEW (self));

  forget (self);
  self->analysis = analysis;
  if (group != NULL && group->traces->len > 0)
    {
      self->group = group;
      self->trace = g_ptr_array_index (group->traces, MIN (trace_index, group->traces->len - 1));
    }
  refresh (self, group != NULL && group->description != NULL ? group->description : _ ("Leak"));
  /* The app's mark for the trace shown (tests/ui/test-suspects-ui.c). */
  hs_timing_span_cpu (start, cpu, "leak trace shown (%u rows)", n_rows (self));
}

void
hs_leak_trace_view_show_suspect (HsLeakTraceView *self, HsAnalysis *analysis, HsObjectSuspect *object,
                                 HsClassSuspect *klass)
{
  gint64 start = g_get_monotonic_time (), cpu = hs_timing_thread_cpu ();

  g_return_if_fail (HS_IS_LEAK_TRACE_VIEW (self));
  g_return_if_fail (analysis != NULL);

  forget (self);
  self->analysis = analysis;
  self->object = object;
  self->klass = object == NULL ? klass : NULL;
  self->trace = object != NULL ? object->path : klass != NULL ? klass->common_path : NULL;
  refresh (self, object != NULL ? object->description : klass != NULL ? klass->description : "");
  hs_timing_span_cpu (start, cpu, "suspect path shown (%u rows)", n_rows (self));
}

void
hs_leak_trace_view_show_growth (HsLeakTraceView *self, HsAnalysis *analysis, HsLeakTrace *trace,
                                GPtrArray *refs, const char *title, const char *subtitle)
{
  g_return_if_fail (HS_IS_LEAK_TRACE_VIEW (self));
  g_return_if_fail (trace != NULL && trace->nodes != NULL && refs != NULL && refs->len == trace->nodes->len);

  forget (self);
  self->analysis = analysis;
  self->growth_trace = trace;
  self->growth_refs = refs;
  self->growth_subtitle = g_strdup (subtitle ? subtitle : "");
  self->trace = trace;
  refresh (self, title ? title : "");
}

void
hs_leak_trace_view_set_analysis (HsLeakTraceView *self, HsAnalysis *analysis)
{
  g_autofree char *subtitle = NULL;

  g_return_if_fail (HS_IS_LEAK_TRACE_VIEW (self));

  if (self->analysis == analysis)
    return;
  self->analysis = analysis;
  if (self->trace == NULL)
    return;
  /* Traces of a group are ordered by retained size too: a group opens on
   * its first, as now ordered; a trace picked in the dropdown stays. */
  if (self->group != NULL && !self->trace_chosen && self->trace != g_ptr_array_index (self->group->traces, 0))
    {
      hs_leak_trace_view_show (self, self->group, 0, analysis);
      return;
    }
  subtitle = subtitle_text (self);
  gtk_label_set_text (self->subtitle_label, subtitle);
  set_dropdown (self);
  /* The visible rows are bound again, with their sizes. */
  hs_trace_rows_reset (self->rows, n_rows (self));
  fill_also_leaking (self);
}

static void
on_trace_selected (GtkDropDown *dropdown, GParamSpec *pspec, HsLeakTraceView *self)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (!self->setting_trace && self->group != NULL && selected != GTK_INVALID_LIST_POSITION)
    {
      hs_leak_trace_view_show (self, self->group, selected, self->analysis);
      self->trace_chosen = TRUE;
    }
}

static void
on_copy_clicked (GtkButton *button, HsLeakTraceView *self)
{
  g_autofree char *text = NULL;

  if (self->trace == NULL)
    return;
  if (is_growth (self))
    {
      /* The rows as shown, under the title. */
      GString *s = g_string_new (self->title_text);
      for (guint i = 0; i < n_rows (self); i++)
        {
          g_autofree char *row = hs_leak_trace_view_get_row_text (self, i);
          g_string_append_printf (s, "\n%s", row);
        }
      text = g_string_free (s, FALSE);
    }
  else
    text = hs_leak_trace_to_text (self->trace);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.toast", "s", _ ("Leak trace copied to the clipboard"));
}

/* The treemap zoomed to where the memory is: the accumulation point, or a
 * class suspect's biggest member. */
static void
on_treemap_clicked (GtkButton *button, HsLeakTraceView *self)
{
  HsObj o = HS_OBJ_NONE;

  if (self->object != NULL)
    o = self->object->accumulation;
  else if (self->klass != NULL && self->klass->biggest->len > 0)
    o = g_array_index (self->klass->biggest, HsObj, 0);
  if (o != HS_OBJ_NONE)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.zoom-treemap", "u", (guint32)o);
}

HsLeakGroup *
hs_leak_trace_view_get_group (HsLeakTraceView *self)
{
  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), NULL);
  return self->group;
}

HsLeakTrace *
hs_leak_trace_view_get_trace (HsLeakTraceView *self)
{
  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), NULL);
  return self->trace;
}

HsObjectSuspect *
hs_leak_trace_view_get_object_suspect (HsLeakTraceView *self)
{
  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), NULL);
  return self->object;
}

HsClassSuspect *
hs_leak_trace_view_get_class_suspect (HsLeakTraceView *self)
{
  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), NULL);
  return self->klass;
}

guint
hs_leak_trace_view_get_n_nodes (HsLeakTraceView *self)
{
  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), 0);
  return n_nodes (self);
}

guint
hs_leak_trace_view_get_n_rows (HsLeakTraceView *self)
{
  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->rows));
}

HsLeakNode *
hs_leak_trace_view_get_row_node (HsLeakTraceView *self, guint i)
{
  guint index;

  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), NULL);
  return row_node_index (self, i, &index) ? g_ptr_array_index (self->trace->nodes, index) : NULL;
}

char *
hs_leak_trace_view_get_row_text (HsLeakTraceView *self, guint i)
{
  guint index;
  HsLeakNode *node;

  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), NULL);
  if (i >= n_rows (self))
    return NULL;
  if (!row_node_index (self, i, &index))
    return elided_text (self->trace->n_elided);
  node = g_ptr_array_index (self->trace->nodes, index);
  if (index + 1 < n_nodes (self))
    {
      g_autofree char *ref = is_growth (self) ? g_strdup (g_ptr_array_index (self->growth_refs, index))
                                              : hs_leak_node_ref_label (node);
      return g_strdup_printf ("%s ↓ %s", node->class_name, ref != NULL ? ref : "?");
    }
  return g_strdup (node->class_name);
}

guint
hs_leak_trace_view_get_n_row_widgets (HsLeakTraceView *self)
{
  guint n = 0;

  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), 0);
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->node_list)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}

const char *
hs_leak_trace_view_get_title (HsLeakTraceView *self)
{
  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->box)) ? self->title_text : NULL;
}

const char *
hs_leak_trace_view_get_subtitle (HsLeakTraceView *self)
{
  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->box)) ? gtk_label_get_text (self->subtitle_label) : NULL;
}

guint
hs_leak_trace_view_get_n_retained_classes (HsLeakTraceView *self)
{
  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), 0);
  return self->n_classes;
}

const char *
hs_leak_trace_view_get_retained_class_row (HsLeakTraceView *self, guint row)
{
  GtkWidget *cell;

  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), NULL);
  cell = gtk_grid_get_child_at (GTK_GRID (self->classes_grid), 0, (int)row + 1);
  return GTK_IS_LABEL (cell) ? gtk_label_get_text (GTK_LABEL (cell)) : NULL;
}

guint
hs_leak_trace_view_get_n_members (HsLeakTraceView *self)
{
  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), 0);
  return self->n_members;
}

static void
hs_leak_trace_view_dispose (GObject *object)
{
  HsLeakTraceView *self = HS_LEAK_TRACE_VIEW (object);

  forget (self);
  gtk_widget_dispose_template (GTK_WIDGET (object), HS_TYPE_LEAK_TRACE_VIEW);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->title_text, g_free);
  G_OBJECT_CLASS (hs_leak_trace_view_parent_class)->dispose (object);
}

static void
hs_leak_trace_view_class_init (HsLeakTraceViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hs_leak_trace_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/heapscope/Heapscope/ui/hs-leak-trace-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, box);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, title_label);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, watch_label);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, library_label);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, trace_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, treemap_button);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, copy_button);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, node_list);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, no_path_label);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, extras_scroll);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, also_box);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, suspect_box);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, accumulation_box);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, classes_heading);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, classes_grid);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, members_heading);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, members_box);
  gtk_widget_class_bind_template_callback (widget_class, on_trace_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_copy_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_treemap_clicked);
}

static void
hs_leak_trace_view_init (HsLeakTraceView *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  hs_palette_ensure (); /* the badges' @hs_* colours */
  self->rows = hs_trace_rows_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (on_row_setup), self);
  g_signal_connect (factory, "bind", G_CALLBACK (on_row_bind), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (on_row_unbind), self);
  gtk_list_view_set_factory (self->node_list, factory);
  g_object_unref (factory);
  GtkNoSelection *selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->rows)));
  gtk_list_view_set_model (self->node_list, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
}
