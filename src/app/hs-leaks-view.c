/* hs-leaks-view.c: the Leaks view (template ui/hs-leaks-view.ui): one row
 * per leak group, a header over each kind, rows kept in the report's
 * order (which changes once retained sizes are known). */
#include "config.h"
#include "hs-leaks-view.h"
#include "hs-timing.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

struct _HsLeaksView
{
  HsView parent_instance;

  GtkWidget *leak_list;
  GtkWidget *empty_box;
  HsLeakTraceView *trace_view;

  GPtrArray *groups;       /* HsLeakGroup* (borrowed from the loader's report) */
  gboolean shown_early;    /* the list was built before the analysis ended */
};

G_DEFINE_FINAL_TYPE (HsLeaksView, hs_leaks_view, HS_TYPE_VIEW)

static HsLeakGroup *
row_group (GtkListBoxRow *row)
{
  return row != NULL ? g_object_get_data (G_OBJECT (row), "hs-group") : NULL;
}

static void
header_func (GtkListBoxRow *row, GtkListBoxRow *before, gpointer user_data)
{
  HsLeakGroup *g = row_group (row);
  HsLeakGroup *prev = row_group (before);

  if (g != NULL && (prev == NULL || prev->library != g->library))
    gtk_list_box_row_set_header (row, hs_label_new (g->library ? _("Library Leaks") : _("Application Leaks"),
                                                    "hs-list-header", 0));
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

  if (!retained_known)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u instance · retained size pending",
                                         "%u instances · retained size pending", g->traces->len),
                            g->traces->len);
  bytes = hs_format_bytes (hs_leak_group_get_retained (g));
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u instance · %s retained",
                                       "%u instances · %s retained", g->traces->len),
                          g->traces->len, bytes);
}

static GtkWidget *
row_new (HsLeakGroup *g, guint position, gboolean retained_known)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *text = row_subtitle (g, retained_known);
  GtkWidget *title = hs_label_new (g->description != NULL ? g->description : _("Leak"), NULL, 0);
  GtkWidget *sub = hs_label_new (text, "dim-label", 0);

  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_START);
  gtk_widget_set_tooltip_text (title, g->description);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), sub);
  gtk_widget_add_css_class (box, "hs-leak-row");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data (G_OBJECT (row), "hs-group", g);
  g_object_set_data (G_OBJECT (row), "hs-subtitle", sub);
  g_object_set_data (G_OBJECT (row), "hs-position", GUINT_TO_POINTER (position));
  return row;
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
  hs_clear_box (self->leak_list);
  hs_leak_trace_view_show (self->trace_view, NULL, 0, NULL);
  collect_groups (self, report);
  gtk_widget_set_visible (self->empty_box, report != NULL && self->groups->len == 0);
  for (guint i = 0; i < self->groups->len; i++)
    gtk_list_box_append (GTK_LIST_BOX (self->leak_list),
                         row_new (g_ptr_array_index (self->groups, i), i, analysis != NULL));
  if (self->groups->len > 0)
    hs_leaks_view_select (self, 0);
}

/* The report shown early now has its retained sizes (and the order they
 * give): updated in place, the selection and the trace shown stay. */
static void
refresh_retained (HsLeaksView *self, HsAnalysis *analysis)
{
  GtkListBoxRow *row;

  collect_groups (self, analysis->leaks);
  for (guint i = 0; (row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->leak_list), i)) != NULL; i++)
    {
      HsLeakGroup *g = row_group (row);
      g_autofree char *text = row_subtitle (g, TRUE);
      guint position = 0;

      g_ptr_array_find (self->groups, g, &position);
      g_object_set_data (G_OBJECT (row), "hs-position", GUINT_TO_POINTER (position));
      gtk_label_set_text (GTK_LABEL (g_object_get_data (G_OBJECT (row), "hs-subtitle")), text);
    }
  gtk_list_box_invalidate_sort (GTK_LIST_BOX (self->leak_list));
  gtk_list_box_invalidate_headers (GTK_LIST_BOX (self->leak_list));
  hs_leak_trace_view_set_analysis (self->trace_view, analysis);
}

static void
on_row_selected (GtkListBox *list, GtkListBoxRow *row, HsLeaksView *self)
{
  hs_leak_trace_view_show (self->trace_view, row_group (row), 0, hs_view_get_analysis (HS_VIEW (self)));
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
  self->shown_early = FALSE;
}

static void
hs_leaks_view_clear (HsView *view)
{
  HsLeaksView *self = HS_LEAKS_VIEW (view);

  hs_leak_trace_view_show (self->trace_view, NULL, 0, NULL);
  hs_clear_box (self->leak_list);
  g_ptr_array_set_size (self->groups, 0);
  gtk_widget_set_visible (self->empty_box, FALSE);
  self->shown_early = FALSE;
}

static void
hs_leaks_view_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), HS_TYPE_LEAKS_VIEW);
  G_OBJECT_CLASS (hs_leaks_view_parent_class)->dispose (object);
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
  view_class->fill = hs_leaks_view_fill;
  view_class->clear = hs_leaks_view_clear;
  view_class->show_early = hs_leaks_view_show_early;
  hs_view_class_set_page (view_class, "leaks", _("Leaks"), NULL, FALSE, "leaks filled");

  g_type_ensure (HS_TYPE_LEAK_TRACE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-leaks-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsLeaksView, leak_list);
  gtk_widget_class_bind_template_child (widget_class, HsLeaksView, empty_box);
  gtk_widget_class_bind_template_child (widget_class, HsLeaksView, trace_view);
  gtk_widget_class_bind_template_callback (widget_class, on_row_selected);
}

static void
hs_leaks_view_init (HsLeaksView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->groups = g_ptr_array_new ();
  gtk_list_box_set_header_func (GTK_LIST_BOX (self->leak_list), header_func, NULL, NULL);
  gtk_list_box_set_sort_func (GTK_LIST_BOX (self->leak_list), sort_func, NULL, NULL);
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
  row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->leak_list), index);
  if (row != NULL)
    gtk_list_box_select_row (GTK_LIST_BOX (self->leak_list), row);
}

HsLeakGroup *
hs_leaks_view_get_group (HsLeaksView *self, guint index)
{
  g_return_val_if_fail (HS_IS_LEAKS_VIEW (self), NULL);
  return row_group (gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->leak_list), index));
}

const char *
hs_leaks_view_get_row_subtitle (HsLeaksView *self, guint index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (HS_IS_LEAKS_VIEW (self), NULL);
  row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->leak_list), index);
  return row != NULL ? gtk_label_get_text (g_object_get_data (G_OBJECT (row), "hs-subtitle")) : NULL;
}

HsLeakTraceView *
hs_leaks_view_get_trace_view (HsLeaksView *self)
{
  g_return_val_if_fail (HS_IS_LEAKS_VIEW (self), NULL);
  return self->trace_view;
}
