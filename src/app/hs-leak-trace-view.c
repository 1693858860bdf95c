/* hs-leak-trace-view.c: one leak trace (template ui/hs-leak-trace-view.ui);
 * the node cards and references depend on the trace and are built here. */
#include "config.h"
#include "hs-leak-trace-view.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

struct _HsLeakTraceView
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkWidget *title_label;
  GtkWidget *subtitle_label;
  GtkWidget *watch_label;
  GtkWidget *library_label;
  GtkWidget *trace_dropdown;
  GtkWidget *nodes_box;
  GtkWidget *also_box;

  HsLeakGroup *group;       /* borrowed from the loader's report */
  HsLeakTrace *trace;
  HsAnalysis *analysis;     /* NULL while retained sizes are pending */
  GtkWidget *last_card;     /* the leaking object's, for its retained size */
  guint n_nodes;
  gboolean setting_trace;   /* the dropdown is being set, not chosen */
};

G_DEFINE_FINAL_TYPE (HsLeakTraceView, hs_leak_trace_view, GTK_TYPE_WIDGET)

static GtkWidget *
status_badge (HsLeaking leaking)
{
  const char *text, *css;
  GtkWidget *badge;

  switch (leaking)
    {
    case HS_LEAKING_YES: text = _("Leaking"); css = "hs-badge-yes"; break;
    case HS_LEAKING_NO: text = _("Not leaking"); css = "hs-badge-no"; break;
    case HS_LEAKING_UNKNOWN:
    default: text = _("Unknown"); css = "hs-badge-unknown"; break;
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

/* What the leaking object retains, under its card (once known). */
static void
append_retained (HsLeakTraceView *self)
{
  g_autofree char *bytes = NULL, *count = NULL, *text = NULL;

  if (self->last_card == NULL || self->analysis == NULL || self->trace->retained_bytes == 0)
    return;
  bytes = hs_format_bytes (self->trace->retained_bytes);
  count = hs_format_count (self->trace->retained_count);
  text = g_strdup_printf (_("Retaining %s in %s objects"), bytes, count);
  gtk_box_append (GTK_BOX (self->last_card), hs_label_new (text, "hs-reason", 0));
}

static GtkWidget *
node_card (HsLeakTraceView *self, guint index)
{
  HsLeakTrace *trace = self->trace;
  HsLeakNode *node = g_ptr_array_index (trace->nodes, index);
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  g_autofree char *class_text = node->is_class ? g_strdup_printf (_("class %s"), node->class_name)
                                               : g_strdup (node->class_name);
  GtkWidget *name = wrapped_label (class_text, "hs-trace-class");

  gtk_widget_add_css_class (card, "hs-trace-node");
  if (node->leaking == HS_LEAKING_YES)
    gtk_widget_add_css_class (card, "hs-trace-node-yes");
  gtk_box_append (GTK_BOX (card), top);
  gtk_box_append (GTK_BOX (top), status_badge (node->leaking));
  gtk_widget_set_hexpand (name, TRUE);
  gtk_box_append (GTK_BOX (top), name);
  gtk_box_append (GTK_BOX (top), hs_inspect_button_new (node->obj));
  if (index == 0 && trace->root_type != 0)
    {
      g_autofree char *root = trace->root_thread_name != NULL
        ? g_strdup_printf (_("GC root: %s (thread “%s”)"), hs_root_type_name (trace->root_type), trace->root_thread_name)
        : g_strdup_printf (_("GC root: %s"), hs_root_type_name (trace->root_type));
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
      g_autofree char *text = g_strdup_printf ("• %s", (const char *) g_ptr_array_index (node->reasons, i));
      gtk_box_append (GTK_BOX (card), wrapped_label (text, "hs-reason"));
    }
  if (index + 1 == trace->nodes->len)
    {
      self->last_card = card;
      append_retained (self);
    }
  return card;
}

static GtkWidget *
reference_row (HsLeakNode *node)
{
  g_autofree char *ref = hs_leak_node_ref_label (node);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = hs_label_new (ref != NULL ? ref : "?", "monospace", 0);

  gtk_widget_add_css_class (row, "hs-trace-ref");
  gtk_box_append (GTK_BOX (row), hs_label_new ("↓", "hs-trace-arrow", 0.5));
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (row), label);
  if (node->suspect)
    {
      /* LeakCanary's ~~~ as a wavy underline (style.css). */
      GtkWidget *tag = hs_label_new (_("suspect"), "hs-suspect", 0);
      gtk_widget_add_css_class (label, "hs-suspect-ref");
      gtk_widget_set_tooltip_text (tag, _("This reference is between the last object that is not leaking and the first that is: one of these is likely the cause of the leak"));
      gtk_box_append (GTK_BOX (row), tag);
    }
  return row;
}

static char *
subtitle_text (HsLeakTraceView *self)
{
  const char *kind = self->group->library ? _("Library") : _("Application");
  g_autofree char *retained = NULL, *count = NULL;

  if (self->analysis == NULL)
    return g_strdup_printf (_("%s leak · retained size pending"), kind);
  retained = hs_format_bytes (self->trace->retained_bytes);
  count = hs_format_count (self->trace->retained_count);
  return g_strdup_printf (_("%s leak · retaining %s in %s objects"), kind, retained, count);
}

static char *
watch_text (HsLeakTrace *trace)
{
  GString *w = g_string_new (NULL);

  if (trace->watch_description != NULL && trace->watch_description[0] != '\0')
    g_string_append_printf (w, _("Watched: %s"), trace->watch_description);
  if (trace->retained_duration_ms >= 0)
    {
      if (w->len > 0)
        g_string_append (w, " · ");
      g_string_append_printf (w, _("retained for %.1f s"), trace->retained_duration_ms / 1000.0);
    }
  return g_string_free (w, FALSE);
}

/* Labels of other leaking objects this one retains (they need the heap:
 * once the analysis is done). */
static void
fill_also_leaking (HsLeakTraceView *self)
{
  GtkWidget *child;
  GArray *also = self->trace->also_leaking;

  /* Everything after the heading. */
  while ((child = gtk_widget_get_last_child (self->also_box)) != gtk_widget_get_first_child (self->also_box))
    gtk_box_remove (GTK_BOX (self->also_box), child);
  gtk_widget_set_visible (self->also_box, self->analysis != NULL && also != NULL && also->len > 0);
  if (!gtk_widget_get_visible (self->also_box))
    return;
  for (guint i = 0; i < also->len && i < 50; i++)
    {
      HsObj o = g_array_index (also, HsObj, i);
      g_autofree char *label = hs_heap_object_label (self->analysis->heap, o);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

      gtk_box_append (GTK_BOX (row), hs_label_new (label, NULL, 0));
      gtk_box_append (GTK_BOX (row), hs_inspect_button_new (o));
      gtk_box_append (GTK_BOX (self->also_box), row);
    }
}

/* The instance chooser of a group of several traces, on the trace shown. */
static void
set_dropdown (HsLeakTraceView *self)
{
  guint index = 0, n = self->group->traces->len;

  gtk_widget_set_visible (self->trace_dropdown, n > 1);
  g_ptr_array_find (self->group->traces, self->trace, &index);
  self->setting_trace = TRUE;
  if (n > 1)
    {
      GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (self->trace_dropdown));
      if (model == NULL || g_list_model_get_n_items (model) != n)
        {
          g_autoptr(GtkStringList) items = gtk_string_list_new (NULL);
          for (guint i = 0; i < n; i++)
            {
              g_autofree char *s = g_strdup_printf (_("Instance %u of %u"), i + 1, n);
              gtk_string_list_append (items, s);
            }
          gtk_drop_down_set_model (GTK_DROP_DOWN (self->trace_dropdown), G_LIST_MODEL (items));
        }
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->trace_dropdown), index);
    }
  self->setting_trace = FALSE;
}

void
hs_leak_trace_view_show (HsLeakTraceView *self,
                         HsLeakGroup     *group,
                         guint            trace_index,
                         HsAnalysis      *analysis)
{
  g_autofree char *subtitle = NULL, *watch = NULL;

  g_return_if_fail (HS_IS_LEAK_TRACE_VIEW (self));

  hs_clear_box (self->nodes_box);
  self->n_nodes = 0;
  self->last_card = NULL;
  self->group = group;
  self->analysis = analysis;
  self->trace = NULL;
  gtk_widget_set_visible (self->box, group != NULL && group->traces->len > 0);
  if (!gtk_widget_get_visible (self->box))
    {
      self->group = NULL;
      return;
    }
  self->trace = g_ptr_array_index (group->traces, MIN (trace_index, group->traces->len - 1));

  gtk_label_set_text (GTK_LABEL (self->title_label), group->description != NULL ? group->description : _("Leak"));
  subtitle = subtitle_text (self);
  gtk_label_set_text (GTK_LABEL (self->subtitle_label), subtitle);
  watch = watch_text (self->trace);
  gtk_label_set_text (GTK_LABEL (self->watch_label), watch);
  gtk_widget_set_visible (self->watch_label, watch[0] != '\0');
  if (group->library && group->library_pattern != NULL)
    {
      g_autofree char *m = g_strdup_printf (_("Known library leak: %s"), group->library_pattern);
      gtk_label_set_text (GTK_LABEL (self->library_label), m);
    }
  gtk_widget_set_visible (self->library_label, group->library && group->library_pattern != NULL);
  set_dropdown (self);

  for (guint i = 0; i < self->trace->nodes->len; i++)
    {
      gtk_box_append (GTK_BOX (self->nodes_box), node_card (self, i));
      self->n_nodes++;
      if (i + 1 < self->trace->nodes->len)
        gtk_box_append (GTK_BOX (self->nodes_box), reference_row (g_ptr_array_index (self->trace->nodes, i)));
    }
  fill_also_leaking (self);
}

void
hs_leak_trace_view_set_analysis (HsLeakTraceView *self,
                                 HsAnalysis      *analysis)
{
  g_autofree char *subtitle = NULL;

  g_return_if_fail (HS_IS_LEAK_TRACE_VIEW (self));

  if (self->analysis == analysis)
    return;
  self->analysis = analysis;
  if (self->trace == NULL)
    return;
  subtitle = subtitle_text (self);
  gtk_label_set_text (GTK_LABEL (self->subtitle_label), subtitle);
  /* Traces of a group are ordered by retained size too. */
  set_dropdown (self);
  append_retained (self);
  fill_also_leaking (self);
}

static void
on_trace_selected (GtkDropDown *dropdown, GParamSpec *pspec, HsLeakTraceView *self)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (!self->setting_trace && self->group != NULL && selected != GTK_INVALID_LIST_POSITION)
    hs_leak_trace_view_show (self, self->group, selected, self->analysis);
}

static void
on_copy_clicked (GtkButton *button, HsLeakTraceView *self)
{
  g_autofree char *text = NULL;

  if (self->trace == NULL)
    return;
  text = hs_leak_trace_to_text (self->trace);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.toast", "s", _("Leak trace copied to the clipboard"));
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

guint
hs_leak_trace_view_get_n_nodes (HsLeakTraceView *self)
{
  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), 0);
  return self->n_nodes;
}

const char *
hs_leak_trace_view_get_subtitle (HsLeakTraceView *self)
{
  g_return_val_if_fail (HS_IS_LEAK_TRACE_VIEW (self), NULL);
  return self->trace != NULL ? gtk_label_get_text (GTK_LABEL (self->subtitle_label)) : NULL;
}

static void
hs_leak_trace_view_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), HS_TYPE_LEAK_TRACE_VIEW);
  G_OBJECT_CLASS (hs_leak_trace_view_parent_class)->dispose (object);
}

static void
hs_leak_trace_view_class_init (HsLeakTraceViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hs_leak_trace_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-leak-trace-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, box);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, title_label);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, watch_label);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, library_label);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, trace_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, nodes_box);
  gtk_widget_class_bind_template_child (widget_class, HsLeakTraceView, also_box);
  gtk_widget_class_bind_template_callback (widget_class, on_trace_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_copy_clicked);
}

static void
hs_leak_trace_view_init (HsLeakTraceView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
