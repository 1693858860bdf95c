/* hs-window.c: the main window. The skeleton (header bar, the welcome,
 * loading, error and content pages, the toast) is the template
 * ui/hs-window.ui; the five views are built in code because most of their
 * content depends on the loaded dump. */
#include "config.h"
#include "hs-window-private.h"
#include "hs-application.h"
#include "hs-report.h"
#include "hs-timing.h"

#include <glib/gi18n.h>
#include <string.h>

struct _HsWindow
{
  GtkApplicationWindow parent_instance;

  /* template */
  GtkWidget *title_stack;
  GtkWidget *title_label;
  GtkWidget *view_switcher;
  GtkWidget *inspector_button;
  GtkWidget *export_button;
  GtkWidget *main_stack;
  GtkWidget *recent_label;
  GtkWidget *recent_list;
  GtkWidget *loading_title;
  GtkWidget *loading_size;
  GtkWidget *loading_phase;
  GtkWidget *loading_progress;
  GtkWidget *error_message;
  GtkWidget *analysis_bar;
  GtkWidget *analysis_phase;
  GtkWidget *analysis_progress;
  GtkWidget *dumps_revealer;
  GtkWidget *dumps_label;
  GtkWidget *dumps_dropdown;
  GtkWidget *view_stack;
  GtkWidget *inspector;
  GtkWidget *toast_revealer;
  GtkWidget *toast_label;
  GtkWidget *toast_button;

  GSettings *settings;
  gboolean disposed;       /* async results arriving later are dropped */
  HsLoader *loader;
  GBinding *fraction_binding;
  GBinding *phase_binding;
  GBinding *bar_fraction_binding;
  GBinding *bar_phase_binding;
  /* The leaks are shown (from the loader's early report) while the
   * analysis still runs: the other views wait, retained sizes are pending. */
  gboolean early;
  /* Views not filled yet for this dump: each is filled when first shown. */
  guint stale_views;
  char *error_text;
  char *toast_uri;
  guint toast_timeout;
  gboolean setting_dump;

  /* overview */
  GtkWidget *overview_box;

  /* leaks */
  GtkWidget *leak_list;
  GtkWidget *trace_box;
  GtkWidget *trace_scrolled;
  GPtrArray *leak_groups;      /* HsLeakGroup* (borrowed from the loader's report) */
  guint n_trace_nodes;
  /* The trace shown, and what changes in it when retained sizes arrive. */
  HsLeakGroup *shown_group;
  HsLeakTrace *shown_trace;
  GtkWidget *trace_subtitle;
  GtkWidget *trace_dropdown;
  GtkWidget *trace_last_card;

  /* classes */
  GtkWidget *class_search;
  GtkWidget *class_status;
  GtkWidget *class_view;
  GtkColumnViewColumn *class_columns[HS_CLASS_N_COLUMNS];
  GtkCustomFilter *class_filter;
  GtkFilterListModel *class_filter_model;
  GtkSortListModel *class_sort_model;
  char *class_query;
  HsClassColumn sort_column;
  GtkSortType sort_order;
  GtkWidget *instances_box;
  GtkWidget *instances_label;
  GtkWidget *instances_view;
  guint instances_serial;      /* the instance list asked for last */
  gboolean instances_pending;  /* being found on a worker */
  HsClass instances_class;     /* whose instances are listed or pending */

  /* dominators */
  GtkWidget *dom_view;
  GtkWidget *dom_label;
  GtkTreeListModel *dom_model;

  GtkDropTarget *drop_target;   /* owned by the window's controllers */

  /* treemap */
  GtkWidget *treemap;
  GtkWidget *breadcrumbs;

  /* HEAPSCOPE_DEBUG_TIMES: what is still to be reported as drawn. */
  GdkFrameClock *timing_clock;
  gulong timing_paint_id;
  gboolean timing_trace_pending;
  gboolean timing_content_pending;
  guint timing_frames;
  /* HEAPSCOPE_DEBUG_VISIT_VIEWS: the view asked for, and when. */
  guint timing_visit;
  gint64 timing_visit_start;
};

G_DEFINE_FINAL_TYPE (HsWindow, hs_window, GTK_TYPE_APPLICATION_WINDOW)

static void ensure_view (HsWindow *self, const char *name);
static void clear_views (HsWindow *self);
static void timing_visit_views (HsWindow *self);

static HsAnalysis *
get_analysis (HsWindow *self)
{
  if (self->loader == NULL || hs_loader_get_state (self->loader) != HS_LOADER_DONE)
    return NULL;
  return hs_loader_get_analysis (self->loader);
}

/* The leak report, also while the analysis runs (retained sizes are known
 * once get_analysis is not NULL). */
static HsLeakReport *
get_leaks (HsWindow *self)
{
  return self->loader != NULL ? hs_loader_get_leaks (self->loader) : NULL;
}

static char *
format_count (guint64 n)
{
  /* Digit grouping by the user's locale. */
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, n);
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  if (GTK_IS_LIST_BOX (box))
    {
      GtkListBoxRow *row;
      while ((row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (box), 0)) != NULL)
        gtk_list_box_remove (GTK_LIST_BOX (box), GTK_WIDGET (row));
      return;
    }
  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
}

static GtkWidget *
label_new (const char *text, const char *css_class, float xalign)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* ---------------------------------------------------------------------- */
/* toast                                                                  */

static gboolean
toast_timeout_cb (gpointer data)
{
  HsWindow *self = data;
  self->toast_timeout = 0;
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->toast_revealer), FALSE);
  return G_SOURCE_REMOVE;
}

static void
show_toast (HsWindow *self, const char *text, const char *uri)
{
  gtk_label_set_text (GTK_LABEL (self->toast_label), text);
  g_free (self->toast_uri);
  self->toast_uri = g_strdup (uri);
  gtk_widget_set_visible (self->toast_button, uri != NULL);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->toast_revealer), TRUE);
  g_clear_handle_id (&self->toast_timeout, g_source_remove);
  self->toast_timeout = g_timeout_add_seconds (8, toast_timeout_cb, self);
}

static void
launch_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    g_warning ("Could not open the report: %s", error->message);
}

static void
on_toast_open (GtkButton *button, HsWindow *self)
{
  if (self->toast_uri != NULL)
    {
      g_autoptr(GAppLaunchContext) ctx =
        G_APP_LAUNCH_CONTEXT (gdk_display_get_app_launch_context (gtk_widget_get_display (GTK_WIDGET (self))));
      g_app_info_launch_default_for_uri_async (self->toast_uri, ctx, NULL, launch_done, NULL);
    }
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->toast_revealer), FALSE);
}

static void
on_toast_close (GtkButton *button, HsWindow *self)
{
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->toast_revealer), FALSE);
}

/* ---------------------------------------------------------------------- */
/* inspector                                                              */

void
hs_window_inspect (HsWindow *self, HsObj obj)
{
  if (get_analysis (self) == NULL || obj == HS_OBJ_NONE)
    return;
  hs_inspector_show (HS_INSPECTOR (self->inspector), obj);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->inspector_button), TRUE);
}

static void
on_inspector_visible (GObject *object, GParamSpec *pspec, HsWindow *self)
{
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->inspector_button),
                                gtk_widget_get_visible (self->inspector));
}

static void
on_inspector_toggled (GtkToggleButton *button, HsWindow *self)
{
  gtk_widget_set_visible (self->inspector, gtk_toggle_button_get_active (button));
}

static void
inspect_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  hs_window_inspect (HS_WINDOW (widget), g_variant_get_uint32 (param));
}

/* Through win.inspect, which is disabled (the buttons insensitive) until
 * the analysis is done: leaks are shown before. */
static GtkWidget *
inspect_button_new (HsWindow *self, HsObj obj)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("edit-find-symbolic");
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Inspect this object"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.inspect");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_uint32 (obj));
  return button;
}

/* ---------------------------------------------------------------------- */
/* overview                                                               */

static GtkWidget *
card_new (const char *title, GtkWidget **grid_out)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *grid = gtk_grid_new ();

  gtk_widget_add_css_class (card, "hs-card");
  gtk_box_append (GTK_BOX (card), label_new (title, "heading", 0));
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_box_append (GTK_BOX (card), grid);
  *grid_out = grid;
  return card;
}

static void
grid_add (GtkWidget *grid, int row, const char *name, const char *value)
{
  GtkWidget *v = label_new (value, NULL, 1);
  gtk_widget_set_hexpand (v, TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (v), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (v, "hs-numeric");
  gtk_grid_attach (GTK_GRID (grid), label_new (name, "dim-label", 0), 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), v, 1, row, 1, 1);
}

static void
on_show_leaks (GtkButton *button, HsWindow *self)
{
  hs_window_set_view (self, "leaks");
}

static guint
count_traces (GPtrArray *groups)
{
  guint n = 0;
  for (guint i = 0; groups != NULL && i < groups->len; i++)
    n += ((HsLeakGroup *) g_ptr_array_index (groups, i))->traces->len;
  return n;
}

/* A static field of a class, as text (strings and ints), or NULL. */
static char *
static_value (HsHeap *heap, const char *class_name, const char *field)
{
  HsValue v;

  if (!hs_heap_read_static (heap, class_name, field, &v))
    return NULL;
  switch (v.type)
    {
    case HS_TYPE_OBJECT:
      {
        HsObj o = v.id != 0 ? hs_heap_find (heap, v.id) : HS_OBJ_NONE;
        return o != HS_OBJ_NONE ? hs_heap_read_string (heap, o, 80) : NULL;
      }
    case HS_TYPE_INT:
      return g_strdup_printf ("%d", v.i);
    case HS_TYPE_BOOLEAN:
    case HS_TYPE_CHAR:
    case HS_TYPE_FLOAT:
    case HS_TYPE_DOUBLE:
    case HS_TYPE_BYTE:
    case HS_TYPE_SHORT:
    case HS_TYPE_LONG:
    default:
      return NULL;
    }
}

/* What the dump says about the VM or the device, where it says it. */
static void
add_runtime_details (GtkWidget *grid, int *r, HsHeap *heap)
{
  if (hs_heap_is_android (heap))
    {
      g_autofree char *manufacturer = static_value (heap, "android.os.Build", "MANUFACTURER");
      g_autofree char *model = static_value (heap, "android.os.Build", "MODEL");
      g_autofree char *release = static_value (heap, "android.os.Build$VERSION", "RELEASE");
      g_autofree char *sdk = static_value (heap, "android.os.Build$VERSION", "SDK_INT");

      if (manufacturer != NULL || model != NULL)
        {
          g_autofree char *device = g_strdup_printf ("%s %s", manufacturer ? manufacturer : "", model ? model : "");
          grid_add (grid, (*r)++, _("Device"), g_strstrip (device));
        }
      if (release != NULL || sdk != NULL)
        {
          g_autofree char *version = g_strdup_printf (_("Android %s (API %s)"), release ? release : "?", sdk ? sdk : "?");
          grid_add (grid, (*r)++, _("Android version"), version);
        }
    }
  else
    {
      /* JDK 9+ keeps it in VersionProps, older JDKs in sun.misc.Version. */
      g_autofree char *version = static_value (heap, "java.lang.VersionProps", "java_runtime_version");
      if (version == NULL)
        version = static_value (heap, "sun.misc.Version", "java_runtime_version");
      if (version == NULL)
        version = static_value (heap, "java.lang.VersionProps", "java_version");
      if (version == NULL)
        version = static_value (heap, "sun.misc.Version", "java_version");
      if (version != NULL)
        grid_add (grid, (*r)++, _("Java version"), version);
    }
}

static void
build_overview (HsWindow *self, HsAnalysis *a)
{
  HsHeap *heap = a->heap;
  const HsSummary *s = hs_heap_summary (heap);
  GtkWidget *row, *card, *grid, *header;
  g_autofree char *size = hs_format_bytes (hs_heap_file_size (heap));
  int r = 0;

  clear_box (self->overview_box);

  header = label_new (hs_loader_get_file_name (self->loader), "title-1", 0);
  gtk_label_set_ellipsize (GTK_LABEL (header), PANGO_ELLIPSIZE_MIDDLE);
  gtk_box_append (GTK_BOX (self->overview_box), header);
  {
    g_autofree char *sub = g_strdup_printf (_("%s · %s heap dump"), size,
                                            hs_heap_is_android (heap) ? _("Android") : _("Java"));
    gtk_box_append (GTK_BOX (self->overview_box), label_new (sub, "dim-label", 0));
  }
  if (hs_heap_warning (heap) != NULL)
    {
      GtkWidget *w = label_new (hs_heap_warning (heap), "warning", 0);
      gtk_label_set_wrap (GTK_LABEL (w), TRUE);
      gtk_box_append (GTK_BOX (self->overview_box), w);
    }

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
  gtk_box_set_homogeneous (GTK_BOX (row), TRUE);
  gtk_widget_set_margin_top (row, 12);
  gtk_box_append (GTK_BOX (self->overview_box), row);

  /* The dump */
  card = card_new (_("Dump"), &grid);
  gtk_box_append (GTK_BOX (row), card);
  grid_add (grid, r++, _("Format"), hs_heap_format (heap));
  grid_add (grid, r++, _("Runtime"), hs_heap_is_android (heap) ? _("Android (ART)") : _("Java (HotSpot)"));
  add_runtime_details (grid, &r, heap);
  {
    g_autofree char *ids = g_strdup_printf (_("%u bytes"), hs_heap_id_size (heap));
    g_autofree char *refs = g_strdup_printf (_("%u bytes, objects aligned to %u"),
                                             hs_heap_ref_size (heap), hs_heap_object_align (heap));
    grid_add (grid, r++, _("Identifier size"), ids);
    grid_add (grid, r++, _("References"), refs);
  }
  if (hs_heap_timestamp_ms (heap) > 0)
    {
      g_autoptr(GDateTime) dt = g_date_time_new_from_unix_local (hs_heap_timestamp_ms (heap) / 1000);
      g_autofree char *date = dt != NULL ? g_date_time_format (dt, "%x %X") : NULL;
      if (date != NULL)
        grid_add (grid, r++, _("Written"), date);
    }
  {
    g_autofree char *file = g_strdup_printf ("%s%s", size,
                                             hs_heap_is_compressed_file (heap) ? _(" (gzip)") : "");
    grid_add (grid, r++, _("File size"), file);
  }
  if (hs_heap_n_dumps (heap) > 1)
    {
      g_autofree char *d = g_strdup_printf (_("%u of %u"), hs_heap_dump_index (heap) + 1, hs_heap_n_dumps (heap));
      grid_add (grid, r++, _("Dump"), d);
    }

  /* Memory */
  r = 0;
  card = card_new (_("Memory"), &grid);
  gtk_box_append (GTK_BOX (row), card);
  {
    g_autofree char *objects = format_count (s->objects);
    g_autofree char *classes = format_count (s->classes);
    g_autofree char *roots = format_count (s->gc_roots);
    g_autofree char *rb = hs_format_bytes (s->reachable_bytes);
    g_autofree char *rn = format_count (s->reachable_objects);
    g_autofree char *ub = hs_format_bytes (s->unreachable_bytes);
    g_autofree char *un = format_count (s->unreachable_objects);
    g_autofree char *reach = g_strdup_printf (_("%s in %s objects"), rb, rn);
    g_autofree char *unreach = g_strdup_printf (_("%s in %s objects"), ub, un);
    g_autofree char *total = hs_format_bytes (s->shallow_bytes);
    grid_add (grid, r++, _("Objects"), objects);
    grid_add (grid, r++, _("Classes"), classes);
    grid_add (grid, r++, _("GC roots"), roots);
    grid_add (grid, r++, _("Heap size"), total);
    grid_add (grid, r++, _("Reachable"), reach);
    grid_add (grid, r++, _("Unreachable"), unreach);
    if (a->native_total > 0)
      {
        g_autofree char *native = hs_format_bytes (a->native_total);
        grid_add (grid, r++, _("Native memory"), native);
      }
  }

  /* Leaks */
  card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_add_css_class (card, "hs-card");
  gtk_box_append (GTK_BOX (row), card);
  gtk_box_append (GTK_BOX (card), label_new (_("Leaks"), "heading", 0));
  if (a->leaks != NULL)
    {
      guint app = count_traces (a->leaks->application_leaks);
      guint lib = count_traces (a->leaks->library_leaks);
      g_autofree char *n = g_strdup_printf ("%u", app + lib);
      g_autofree char *detail = g_strdup_printf (_("%u application leaks, %u library leaks"), app, lib);
      GtkWidget *big = label_new (n, "hs-big-number", 0);
      GtkWidget *button;

      if (app > 0)
        gtk_widget_add_css_class (big, "error");
      gtk_box_append (GTK_BOX (card), big);
      gtk_box_append (GTK_BOX (card), label_new (detail, "dim-label", 0));
      button = gtk_button_new_with_mnemonic (_("Show _Leaks"));
      gtk_widget_set_halign (button, GTK_ALIGN_START);
      gtk_widget_set_valign (button, GTK_ALIGN_END);
      gtk_widget_set_vexpand (button, TRUE);
      g_signal_connect (button, "clicked", G_CALLBACK (on_show_leaks), self);
      gtk_box_append (GTK_BOX (card), button);
    }
  else
    gtk_box_append (GTK_BOX (card), label_new (_("Leak search was skipped"), "dim-label", 0));

  /* Biggest objects */
  if (a->dom != NULL)
    {
      g_autoptr(GArray) top = hs_analysis_top_objects (a, 10);
      guint64 total = a->dom->retained[a->dom->n];
      GtkWidget *list;

      card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
      gtk_widget_add_css_class (card, "hs-card");
      gtk_widget_set_margin_top (card, 18);
      gtk_box_append (GTK_BOX (self->overview_box), card);
      gtk_box_append (GTK_BOX (card), label_new (_("Biggest Objects"), "heading", 0));
      list = gtk_grid_new ();
      gtk_grid_set_column_spacing (GTK_GRID (list), 12);
      gtk_grid_set_row_spacing (GTK_GRID (list), 2);
      gtk_box_append (GTK_BOX (card), list);
      for (guint i = 0; top != NULL && i < top->len; i++)
        {
          HsObj o = g_array_index (top, HsObj, i);
          g_autofree char *label = hs_heap_object_label (heap, o);
          g_autofree char *desc = hs_heap_describe (heap, o);
          g_autofree char *retained = hs_format_bytes (a->dom->retained[o]);
          double frac = total > 0 ? (double) a->dom->retained[o] / total : 0;
          g_autofree char *pct = g_strdup_printf ("%.1f%%", 100 * frac);
          GtkWidget *name, *bar;

          name = label_new (label, NULL, 0);
          gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_MIDDLE);
          gtk_widget_set_hexpand (name, TRUE);
          if (desc != NULL)
            gtk_widget_set_tooltip_text (name, desc);
          bar = gtk_level_bar_new_for_interval (0, 1);
          gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), frac);
          gtk_widget_set_size_request (bar, 160, -1);
          gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
          gtk_grid_attach (GTK_GRID (list), name, 0, i, 1, 1);
          gtk_grid_attach (GTK_GRID (list), label_new (retained, "hs-numeric", 1), 1, i, 1, 1);
          gtk_grid_attach (GTK_GRID (list), label_new (pct, "dim-label", 1), 2, i, 1, 1);
          gtk_grid_attach (GTK_GRID (list), bar, 3, i, 1, 1);
          gtk_grid_attach (GTK_GRID (list), inspect_button_new (self, o), 4, i, 1, 1);
        }
    }
}

static GtkWidget *
build_overview_page (HsWindow *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  self->overview_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_top (self->overview_box, 24);
  gtk_widget_set_margin_bottom (self->overview_box, 24);
  gtk_widget_set_margin_start (self->overview_box, 24);
  gtk_widget_set_margin_end (self->overview_box, 24);
  gtk_widget_set_size_request (self->overview_box, 640, -1);
  gtk_widget_set_halign (self->overview_box, GTK_ALIGN_FILL);
  gtk_box_append (GTK_BOX (clamp), self->overview_box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  return scrolled;
}

/* ---------------------------------------------------------------------- */
/* leaks                                                                  */

static guint64
group_retained (HsLeakGroup *g)
{
  guint64 sum = 0;
  for (guint i = 0; i < g->traces->len; i++)
    sum += ((HsLeakTrace *) g_ptr_array_index (g->traces, i))->retained_bytes;
  return sum;
}

static void
leak_header_func (GtkListBoxRow *row, GtkListBoxRow *before, gpointer user_data)
{
  HsLeakGroup *g = g_object_get_data (G_OBJECT (row), "hs-group");
  HsLeakGroup *prev = before != NULL ? g_object_get_data (G_OBJECT (before), "hs-group") : NULL;

  if (g != NULL && (prev == NULL || prev->library != g->library))
    {
      GtkWidget *header = label_new (g->library ? _("Library Leaks") : _("Application Leaks"),
                                     "hs-list-header", 0);
      gtk_list_box_row_set_header (row, header);
    }
  else
    gtk_list_box_row_set_header (row, NULL);
}

static void
on_copy_trace (GtkButton *button, HsWindow *self)
{
  HsLeakTrace *trace = g_object_get_data (G_OBJECT (button), "hs-trace");
  g_autofree char *text = NULL;

  if (trace == NULL)
    return;
  text = hs_leak_trace_to_text (trace);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  show_toast (self, _("Leak trace copied to the clipboard"), NULL);
}

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
  badge = gtk_label_new (text);
  gtk_widget_add_css_class (badge, "hs-badge");
  gtk_widget_add_css_class (badge, css);
  gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
  return badge;
}

/* What the leaking object retains, under its card (once known). */
static void
append_trace_retained (HsWindow *self, HsLeakTrace *trace)
{
  g_autofree char *bytes = NULL, *count = NULL, *text = NULL;

  if (self->trace_last_card == NULL || get_analysis (self) == NULL || trace->retained_bytes == 0)
    return;
  bytes = hs_format_bytes (trace->retained_bytes);
  count = format_count (trace->retained_count);
  text = g_strdup_printf (_("Retaining %s in %s objects"), bytes, count);
  gtk_box_append (GTK_BOX (self->trace_last_card), label_new (text, "hs-reason", 0));
}

static GtkWidget *
trace_node_card (HsWindow *self, HsLeakTrace *trace, guint index)
{
  HsLeakNode *node = g_ptr_array_index (trace->nodes, index);
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  g_autofree char *class_text = NULL;
  GtkWidget *name;

  gtk_widget_add_css_class (card, "hs-trace-node");
  if (node->leaking == HS_LEAKING_YES)
    gtk_widget_add_css_class (card, "hs-trace-node-yes");
  gtk_box_append (GTK_BOX (card), top);
  gtk_box_append (GTK_BOX (top), status_badge (node->leaking));

  class_text = node->is_class ? g_strdup_printf (_("class %s"), node->class_name)
                              : g_strdup (node->class_name);
  name = label_new (class_text, "hs-trace-class", 0);
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (name), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_box_append (GTK_BOX (top), name);
  gtk_box_append (GTK_BOX (top), inspect_button_new (self, node->obj));
  if (index == 0 && trace->root_type != 0)
    {
      g_autofree char *root = trace->root_thread_name != NULL
        ? g_strdup_printf (_("GC root: %s (thread “%s”)"), hs_root_type_name (trace->root_type), trace->root_thread_name)
        : g_strdup_printf (_("GC root: %s"), hs_root_type_name (trace->root_type));
      GtkWidget *l = label_new (root, "hs-root-label", 0);
      gtk_label_set_wrap (GTK_LABEL (l), TRUE);
      gtk_box_append (GTK_BOX (card), l);
    }

  if (node->description != NULL && node->description[0] != '\0')
    {
      GtkWidget *d = label_new (node->description, "dim-label", 0);
      gtk_label_set_wrap (GTK_LABEL (d), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (d), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_selectable (GTK_LABEL (d), TRUE);
      gtk_box_append (GTK_BOX (card), d);
    }
  for (guint i = 0; node->reasons != NULL && i < node->reasons->len; i++)
    {
      g_autofree char *text = g_strdup_printf ("• %s", (const char *) g_ptr_array_index (node->reasons, i));
      GtkWidget *reason = label_new (text, "hs-reason", 0);
      gtk_label_set_wrap (GTK_LABEL (reason), TRUE);
      gtk_box_append (GTK_BOX (card), reason);
    }
  if (index + 1 == trace->nodes->len)
    {
      self->trace_last_card = card;
      append_trace_retained (self, trace);
    }
  return card;
}

static GtkWidget *
trace_reference (HsLeakNode *node)
{
  g_autofree char *ref = hs_leak_node_ref_label (node);
  g_autofree char *escaped = g_markup_escape_text (ref != NULL ? ref : "?", -1);
  g_autofree char *markup = NULL;
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label;

  gtk_widget_add_css_class (row, "hs-trace-ref");
  gtk_box_append (GTK_BOX (row), label_new ("↓", "hs-trace-arrow", 0.5));
  /* Suspect references get LeakCanary's ~~~ as a red wavy underline. */
  if (node->suspect)
    markup = g_strdup_printf ("<span underline=\"error\" underline_color=\"#e01b24\">%s</span>", escaped);
  else
    markup = g_strdup (escaped);
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "monospace");
  gtk_box_append (GTK_BOX (row), label);
  if (node->suspect)
    {
      GtkWidget *tag = label_new (_("suspect"), "hs-suspect", 0);
      gtk_widget_set_tooltip_text (tag, _("This reference is between the last object that is not leaking and the first that is: one of these is likely the cause of the leak"));
      gtk_box_append (GTK_BOX (row), tag);
    }
  return row;
}

static void show_trace (HsWindow *self, HsLeakGroup *g, guint trace_index);

static void
on_trace_instance_changed (GObject *dropdown, GParamSpec *pspec, HsWindow *self)
{
  HsLeakGroup *g = g_object_get_data (dropdown, "hs-group");
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));
  if (g != NULL && selected != GTK_INVALID_LIST_POSITION)
    show_trace (self, g, selected);
}

static void
clear_trace (HsWindow *self)
{
  clear_box (self->trace_box);
  self->n_trace_nodes = 0;
  self->shown_group = NULL;
  self->shown_trace = NULL;
  self->trace_subtitle = NULL;
  self->trace_dropdown = NULL;
  self->trace_last_card = NULL;
}

static char *
trace_subtitle_text (HsWindow *self, HsLeakGroup *g, HsLeakTrace *trace)
{
  const char *kind = g->library ? _("Library") : _("Application");
  g_autofree char *retained = NULL, *count = NULL;

  if (get_analysis (self) == NULL)
    return g_strdup_printf (_("%s leak · retained size pending"), kind);
  retained = hs_format_bytes (trace->retained_bytes);
  count = format_count (trace->retained_count);
  return g_strdup_printf (_("%s leak · retaining %s in %s objects"), kind, retained, count);
}

/* Labels of other leaking objects this one retains (they need the heap:
 * once the analysis is done). */
static void
append_also_leaking (HsWindow *self, HsLeakTrace *trace)
{
  HsAnalysis *a = get_analysis (self);
  GtkWidget *also;

  if (a == NULL || trace->also_leaking == NULL || trace->also_leaking->len == 0)
    return;
  also = label_new (_("Also retains these leaking objects"), "heading", 0);
  gtk_widget_set_margin_top (also, 12);
  gtk_box_append (GTK_BOX (self->trace_box), also);
  for (guint i = 0; i < trace->also_leaking->len && i < 50; i++)
    {
      HsObj o = g_array_index (trace->also_leaking, HsObj, i);
      g_autofree char *label = hs_heap_object_label (a->heap, o);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      gtk_box_append (GTK_BOX (row), label_new (label, NULL, 0));
      gtk_box_append (GTK_BOX (row), inspect_button_new (self, o));
      gtk_box_append (GTK_BOX (self->trace_box), row);
    }
}

static void
show_trace (HsWindow *self, HsLeakGroup *g, guint trace_index)
{
  HsLeakTrace *trace;
  GtkWidget *header, *titles, *title, *copy, *nodes;
  g_autofree char *subtitle = NULL;

  clear_trace (self);
  if (g == NULL || g->traces->len == 0)
    return;
  trace_index = MIN (trace_index, g->traces->len - 1);
  trace = g_ptr_array_index (g->traces, trace_index);
  self->shown_group = g;
  self->shown_trace = trace;

  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  titles = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (titles, TRUE);
  title = label_new (g->description != NULL ? g->description : _("Leak"), "title-2", 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
  gtk_box_append (GTK_BOX (titles), title);
  subtitle = trace_subtitle_text (self, g, trace);
  self->trace_subtitle = label_new (subtitle, "dim-label", 0);
  gtk_label_set_wrap (GTK_LABEL (self->trace_subtitle), TRUE);
  gtk_box_append (GTK_BOX (titles), self->trace_subtitle);
  if ((trace->watch_description != NULL && trace->watch_description[0] != '\0')
      || trace->retained_duration_ms >= 0)
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
      if (w->len > 0)
        {
          GtkWidget *l = label_new (w->str, "dim-label", 0);
          gtk_label_set_wrap (GTK_LABEL (l), TRUE);
          gtk_box_append (GTK_BOX (titles), l);
        }
      g_string_free (w, TRUE);
    }
  if (g->library && g->library_pattern != NULL)
    {
      g_autofree char *m = g_strdup_printf (_("Known library leak: %s"), g->library_pattern);
      GtkWidget *l = label_new (m, "warning", 0);
      gtk_label_set_wrap (GTK_LABEL (l), TRUE);
      gtk_box_append (GTK_BOX (titles), l);
    }
  gtk_box_append (GTK_BOX (header), titles);

  if (g->traces->len > 1)
    {
      g_autoptr(GtkStringList) items = gtk_string_list_new (NULL);
      GtkWidget *dropdown;
      for (guint i = 0; i < g->traces->len; i++)
        {
          g_autofree char *s = g_strdup_printf (_("Instance %u of %u"), i + 1, g->traces->len);
          gtk_string_list_append (items, s);
        }
      dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&items)), NULL);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), trace_index);
      gtk_widget_set_valign (dropdown, GTK_ALIGN_START);
      g_object_set_data (G_OBJECT (dropdown), "hs-group", g);
      g_signal_connect (dropdown, "notify::selected", G_CALLBACK (on_trace_instance_changed), self);
      gtk_box_append (GTK_BOX (header), dropdown);
      self->trace_dropdown = dropdown;
    }

  copy = gtk_button_new_with_mnemonic (_("_Copy Trace"));
  gtk_widget_set_valign (copy, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (copy, _("Copy the trace as text, as LeakCanary prints it"));
  g_object_set_data (G_OBJECT (copy), "hs-trace", trace);
  g_signal_connect (copy, "clicked", G_CALLBACK (on_copy_trace), self);
  gtk_box_append (GTK_BOX (header), copy);
  gtk_box_append (GTK_BOX (self->trace_box), header);

  nodes = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_margin_top (nodes, 12);
  gtk_box_append (GTK_BOX (self->trace_box), nodes);
  for (guint i = 0; i < trace->nodes->len; i++)
    {
      gtk_box_append (GTK_BOX (nodes), trace_node_card (self, trace, i));
      self->n_trace_nodes++;
      if (i + 1 < trace->nodes->len)
        gtk_box_append (GTK_BOX (nodes), trace_reference (g_ptr_array_index (trace->nodes, i)));
    }

  append_also_leaking (self, trace);
}

static void
on_leak_selected (GtkListBox *list, GtkListBoxRow *row, HsWindow *self)
{
  HsLeakGroup *g = row != NULL ? g_object_get_data (G_OBJECT (row), "hs-group") : NULL;
  show_trace (self, g, 0);
}

static char *
leak_row_subtitle (HsWindow *self, HsLeakGroup *g)
{
  g_autofree char *bytes = NULL;

  if (get_analysis (self) == NULL)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u instance · retained size pending",
                                         "%u instances · retained size pending", g->traces->len),
                            g->traces->len);
  bytes = hs_format_bytes (group_retained (g));
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u instance · %s retained",
                                       "%u instances · %s retained", g->traces->len),
                          g->traces->len, bytes);
}

static GtkWidget *
leak_row_new (HsWindow *self, HsLeakGroup *g, guint position)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *text = leak_row_subtitle (self, g);
  GtkWidget *title = label_new (g->description != NULL ? g->description : _("Leak"), NULL, 0);
  GtkWidget *sub = label_new (text, "dim-label", 0);

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

/* Rows in the order of leak_groups (which changes once retained sizes are
 * known: groups are ordered by them). */
static int
leak_sort_func (GtkListBoxRow *a, GtkListBoxRow *b, gpointer user_data)
{
  guint pa = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (a), "hs-position"));
  guint pb = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (b), "hs-position"));
  return pa < pb ? -1 : pa > pb;
}

static void
collect_leak_groups (HsWindow *self, HsLeakReport *report)
{
  g_ptr_array_set_size (self->leak_groups, 0);
  if (report == NULL)
    return;
  for (guint i = 0; i < report->application_leaks->len; i++)
    g_ptr_array_add (self->leak_groups, g_ptr_array_index (report->application_leaks, i));
  for (guint i = 0; i < report->library_leaks->len; i++)
    g_ptr_array_add (self->leak_groups, g_ptr_array_index (report->library_leaks, i));
}

/* The analysis is done and the report shown early now has its retained
 * sizes (and the order they give): updated in place, the selection and
 * the trace shown stay. */
static void
refresh_leaks_retained (HsWindow *self)
{
  HsLeakTrace *trace = self->shown_trace;
  GtkListBoxRow *row;

  collect_leak_groups (self, get_leaks (self));
  for (guint i = 0; (row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->leak_list), i)) != NULL; i++)
    {
      HsLeakGroup *g = g_object_get_data (G_OBJECT (row), "hs-group");
      g_autofree char *text = leak_row_subtitle (self, g);
      guint position = 0;

      g_ptr_array_find (self->leak_groups, g, &position);
      g_object_set_data (G_OBJECT (row), "hs-position", GUINT_TO_POINTER (position));
      gtk_label_set_text (GTK_LABEL (g_object_get_data (G_OBJECT (row), "hs-subtitle")), text);
    }
  gtk_list_box_invalidate_sort (GTK_LIST_BOX (self->leak_list));
  gtk_list_box_invalidate_headers (GTK_LIST_BOX (self->leak_list));

  if (trace == NULL)
    return;
  {
    g_autofree char *subtitle = trace_subtitle_text (self, self->shown_group, trace);
    gtk_label_set_text (GTK_LABEL (self->trace_subtitle), subtitle);
  }
  /* Traces of a group are ordered by retained size too. */
  if (self->trace_dropdown != NULL)
    {
      guint index = 0;
      g_ptr_array_find (self->shown_group->traces, trace, &index);
      g_signal_handlers_block_by_func (self->trace_dropdown, on_trace_instance_changed, self);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->trace_dropdown), index);
      g_signal_handlers_unblock_by_func (self->trace_dropdown, on_trace_instance_changed, self);
    }
  append_trace_retained (self, trace);
  append_also_leaking (self, trace);
}

static void
build_leaks (HsWindow *self, HsLeakReport *report)
{
  clear_box (self->leak_list);
  clear_trace (self);
  collect_leak_groups (self, report);
  if (report == NULL)
    return;
  for (guint i = 0; i < self->leak_groups->len; i++)
    gtk_list_box_append (GTK_LIST_BOX (self->leak_list),
                         leak_row_new (self, g_ptr_array_index (self->leak_groups, i), i));

  if (self->leak_groups->len == 0)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
      GtkWidget *icon = gtk_image_new_from_icon_name ("emblem-ok-symbolic");
      GtkWidget *text;
      gtk_widget_set_vexpand (box, TRUE);
      gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
      gtk_image_set_pixel_size (GTK_IMAGE (icon), 96);
      gtk_widget_add_css_class (icon, "dim-label");
      gtk_box_append (GTK_BOX (box), icon);
      gtk_box_append (GTK_BOX (box), label_new (_("No Leaks Found"), "title-1", 0.5));
      text = label_new (_("No watched object is retained and no inspected object is leaking. "
                          "The Classes, Dominator tree and Treemap views show what holds the memory."),
                        "dim-label", 0.5);
      gtk_label_set_wrap (GTK_LABEL (text), TRUE);
      gtk_label_set_justify (GTK_LABEL (text), GTK_JUSTIFY_CENTER);
      gtk_box_append (GTK_BOX (box), text);
      gtk_box_append (GTK_BOX (self->trace_box), box);
    }
  else
    hs_window_select_leak (self, 0);
}

static GtkWidget *
build_leaks_page (HsWindow *self)
{
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *side = gtk_scrolled_window_new ();
  GtkWidget *main = gtk_scrolled_window_new ();

  self->leak_list = gtk_list_box_new ();
  gtk_widget_add_css_class (self->leak_list, "navigation-sidebar");
  gtk_list_box_set_header_func (GTK_LIST_BOX (self->leak_list), leak_header_func, NULL, NULL);
  gtk_list_box_set_sort_func (GTK_LIST_BOX (self->leak_list), leak_sort_func, NULL, NULL);
  g_signal_connect (self->leak_list, "row-selected", G_CALLBACK (on_leak_selected), self);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (side), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (side), self->leak_list);
  gtk_widget_set_size_request (side, 220, -1);
  gtk_widget_add_css_class (side, "hs-sidebar");

  self->trace_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_top (self->trace_box, 18);
  gtk_widget_set_margin_bottom (self->trace_box, 18);
  gtk_widget_set_margin_start (self->trace_box, 24);
  gtk_widget_set_margin_end (self->trace_box, 24);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (main), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (main), self->trace_box);
  self->trace_scrolled = main;

  gtk_paned_set_start_child (GTK_PANED (paned), side);
  gtk_paned_set_end_child (GTK_PANED (paned), main);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_position (GTK_PANED (paned), 280);
  return paned;
}

guint
hs_window_get_n_leak_rows (HsWindow *self)
{
  return self->leak_groups->len;
}

void
hs_window_select_leak (HsWindow *self, guint index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->leak_list), index);
  if (row != NULL)
    gtk_list_box_select_row (GTK_LIST_BOX (self->leak_list), row);
}

guint
hs_window_get_n_trace_nodes (HsWindow *self)
{
  return self->n_trace_nodes;
}

HsLeakGroup *
hs_window_get_leak_group (HsWindow *self, guint index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->leak_list), index);
  return row != NULL ? g_object_get_data (G_OBJECT (row), "hs-group") : NULL;
}

const char *
hs_window_get_leak_row_subtitle (HsWindow *self, guint index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->leak_list), index);
  return row != NULL ? gtk_label_get_text (g_object_get_data (G_OBJECT (row), "hs-subtitle")) : NULL;
}

HsLeakTrace *
hs_window_get_shown_trace (HsWindow *self)
{
  return self->shown_trace;
}

const char *
hs_window_get_trace_subtitle (HsWindow *self)
{
  return self->trace_subtitle != NULL ? gtk_label_get_text (GTK_LABEL (self->trace_subtitle)) : NULL;
}

const char *
hs_window_get_view (HsWindow *self)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (self->view_stack));
}

gboolean
hs_window_is_analysing (HsWindow *self)
{
  return self->early;
}

/* ---------------------------------------------------------------------- */
/* classes                                                                */

static const char *
class_column_title (HsClassColumn c)
{
  switch (c)
    {
    case HS_CLASS_COLUMN_NAME: return _("Class");
    case HS_CLASS_COLUMN_COUNT: return _("Objects");
    case HS_CLASS_COLUMN_REACHABLE: return _("Reachable");
    case HS_CLASS_COLUMN_UNREACHABLE: return _("Unreachable");
    case HS_CLASS_COLUMN_SHALLOW: return _("Shallow Size");
    case HS_CLASS_COLUMN_RETAINED: return _("Retained Size");
    case HS_CLASS_N_COLUMNS:
    default: return "";
    }
}

static void
setup_text_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *cell = gtk_inscription_new (NULL);
  gboolean numeric = GPOINTER_TO_INT (data);

  gtk_inscription_set_xalign (GTK_INSCRIPTION (cell), numeric ? 1.0 : 0.0);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell),
                                     numeric ? GTK_INSCRIPTION_OVERFLOW_CLIP
                                             : GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_START);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), numeric ? 8 : 20);
  if (numeric)
    gtk_widget_add_css_class (cell, "hs-numeric");
  gtk_list_item_set_child (item, cell);
}

static void
bind_class_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  HsClassColumn column = GPOINTER_TO_UINT (data);
  HsClassRow *row = gtk_list_item_get_item (item);
  GtkInscription *cell = GTK_INSCRIPTION (gtk_list_item_get_child (item));
  g_autofree char *text = NULL;
  guint64 v;

  switch (column)
    {
    case HS_CLASS_COLUMN_NAME:
      gtk_inscription_set_text (cell, hs_class_row_get_name (row));
      gtk_widget_set_tooltip_text (GTK_WIDGET (cell), hs_class_row_get_name (row));
      return;
    case HS_CLASS_COLUMN_SHALLOW:
    case HS_CLASS_COLUMN_RETAINED:
      v = hs_class_row_get_value (row, column);
      text = hs_format_bytes (v);
      break;
    case HS_CLASS_COLUMN_COUNT:
    case HS_CLASS_COLUMN_REACHABLE:
    case HS_CLASS_COLUMN_UNREACHABLE:
    case HS_CLASS_N_COLUMNS:
    default:
      v = hs_class_row_get_value (row, column);
      text = format_count (v);
      break;
    }
  gtk_inscription_set_text (cell, text);
  if (column == HS_CLASS_COLUMN_UNREACHABLE)
    gtk_widget_set_opacity (GTK_WIDGET (cell), v > 0 ? 1.0 : 0.45);
}

static gboolean
class_filter_func (gpointer item, gpointer data)
{
  HsWindow *self = data;
  const char *name;

  if (self->class_query == NULL || self->class_query[0] == '\0')
    return TRUE;
  name = hs_class_row_get_name (HS_CLASS_ROW (item));
  /* Case-insensitive substring; the query is already casefolded. */
  {
    g_autofree char *folded = g_utf8_casefold (name, -1);
    return strstr (folded, self->class_query) != NULL;
  }
}

static void
update_class_status (HsWindow *self)
{
  HsAnalysis *a = get_analysis (self);
  g_autofree char *text = NULL;
  guint shown, total;

  if (a == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->class_status), "");
      return;
    }
  shown = g_list_model_get_n_items (G_LIST_MODEL (self->class_sort_model));
  total = hs_heap_n_classes (a->heap);
  {
    const HsSummary *s = hs_heap_summary (a->heap);
    g_autofree char *un = format_count (s->unreachable_objects);
    g_autofree char *ub = hs_format_bytes (s->unreachable_bytes);
    if (shown == total)
      text = g_strdup_printf (_("%u classes · %s unreachable objects (%s)"), total, un, ub);
    else
      text = g_strdup_printf (_("%u of %u classes · %s unreachable objects (%s)"), shown, total, un, ub);
  }
  gtk_label_set_text (GTK_LABEL (self->class_status), text);
}

static void
on_class_search_changed (GtkSearchEntry *entry, HsWindow *self)
{
  hs_window_set_class_filter (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

void
hs_window_set_class_filter (HsWindow *self, const char *text)
{
  g_free (self->class_query);
  self->class_query = text != NULL ? g_utf8_casefold (text, -1) : NULL;
  gtk_filter_changed (GTK_FILTER (self->class_filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_class_status (self);
}

static void
setup_object_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  setup_text_cell (factory, item, data);
}

/* Object label with its short description: HashMap@0x12 "value". */
static char *
object_text (HsAnalysis *a, HsObj o)
{
  g_autofree char *label = hs_heap_object_label (a->heap, o);
  g_autofree char *desc = hs_heap_describe (a->heap, o);
  if (desc != NULL)
    return g_strdup_printf ("%s  %s", label, desc);
  return g_steal_pointer (&label);
}

enum { OBJ_COL_NAME, OBJ_COL_SHALLOW, OBJ_COL_RETAINED, OBJ_COL_PERCENT };

static HsObjectRow *
item_object_row (GtkListItem *item)
{
  gpointer it = gtk_list_item_get_item (item);
  if (GTK_IS_TREE_LIST_ROW (it))
    return HS_OBJECT_ROW (gtk_tree_list_row_get_item (GTK_TREE_LIST_ROW (it)));
  return g_object_ref (HS_OBJECT_ROW (it));
}

static void
bind_object_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  guint column = GPOINTER_TO_UINT (data);
  g_autoptr(HsObjectRow) row = item_object_row (item);
  HsAnalysis *a = hs_loader_get_analysis (hs_object_row_get_loader (row));
  GtkWidget *child = gtk_list_item_get_child (item);
  GtkInscription *cell;
  g_autofree char *text = NULL;
  HsObj o = hs_object_row_get_obj (row);

  if (GTK_IS_TREE_EXPANDER (child))
    {
      gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (child), gtk_list_item_get_item (item));
      cell = GTK_INSCRIPTION (gtk_tree_expander_get_child (GTK_TREE_EXPANDER (child)));
    }
  else
    cell = GTK_INSCRIPTION (child);

  switch (column)
    {
    case OBJ_COL_NAME:
      text = object_text (a, o);
      gtk_widget_set_tooltip_text (GTK_WIDGET (cell), text);
      break;
    case OBJ_COL_SHALLOW:
      text = hs_format_bytes (hs_object_row_get_shallow (row));
      break;
    case OBJ_COL_RETAINED:
      text = hs_format_bytes (hs_object_row_get_retained (row));
      break;
    case OBJ_COL_PERCENT:
    default:
      {
        guint64 total = a->dom != NULL ? a->dom->retained[a->dom->n] : 0;
        text = g_strdup_printf ("%.2f%%", total > 0 ? 100.0 * hs_object_row_get_retained (row) / total : 0.0);
      }
      break;
    }
  gtk_inscription_set_text (cell, text);
}

static GtkColumnViewColumn *
add_column (GtkWidget *view, const char *title, GCallback setup, GCallback bind,
            gpointer setup_data, gpointer bind_data, gboolean expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_signal_connect (factory, "setup", setup, setup_data);
  g_signal_connect (factory, "bind", bind, bind_data);
  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (view), column);
  g_object_unref (column);
  return column;
}

static GtkWidget *
object_column_view_new (void)
{
  GtkWidget *view = gtk_column_view_new (NULL);
  gtk_column_view_set_show_column_separators (GTK_COLUMN_VIEW (view), FALSE);
  gtk_widget_add_css_class (view, "data-table");
  add_column (view, _("Object"), G_CALLBACK (setup_object_cell), G_CALLBACK (bind_object_cell),
              GINT_TO_POINTER (FALSE), GUINT_TO_POINTER (OBJ_COL_NAME), TRUE);
  add_column (view, _("Shallow Size"), G_CALLBACK (setup_object_cell), G_CALLBACK (bind_object_cell),
              GINT_TO_POINTER (TRUE), GUINT_TO_POINTER (OBJ_COL_SHALLOW), FALSE);
  add_column (view, _("Retained Size"), G_CALLBACK (setup_object_cell), G_CALLBACK (bind_object_cell),
              GINT_TO_POINTER (TRUE), GUINT_TO_POINTER (OBJ_COL_RETAINED), FALSE);
  return view;
}

static HsObj
selection_object (GtkSingleSelection *selection)
{
  gpointer item = gtk_single_selection_get_selected_item (selection);
  if (item == NULL)
    return HS_OBJ_NONE;
  if (GTK_IS_TREE_LIST_ROW (item))
    {
      g_autoptr(HsObjectRow) row = gtk_tree_list_row_get_item (item);
      return hs_object_row_get_obj (row);
    }
  return hs_object_row_get_obj (HS_OBJECT_ROW (item));
}

static void
on_object_selection_changed (GtkSingleSelection *selection, GParamSpec *pspec, HsWindow *self)
{
  /* Follow the selection only while the inspector is open. */
  if (gtk_widget_get_visible (self->inspector))
    hs_window_inspect (self, selection_object (selection));
}

static void
on_object_activate (GtkColumnView *view, guint position, HsWindow *self)
{
  GtkSelectionModel *model = gtk_column_view_get_model (view);
  hs_window_inspect (self, selection_object (GTK_SINGLE_SELECTION (model)));
}

static void
set_object_model (HsWindow *self, GtkWidget *view, GListModel *model)
{
  GtkSingleSelection *selection = NULL;

  if (model != NULL)
    {
      selection = gtk_single_selection_new (g_object_ref (model));
      gtk_single_selection_set_autoselect (selection, FALSE);
      gtk_single_selection_set_can_unselect (selection, TRUE);
      gtk_single_selection_set_selected (selection, GTK_INVALID_LIST_POSITION);
      g_signal_connect (selection, "notify::selected", G_CALLBACK (on_object_selection_changed), self);
    }
  gtk_column_view_set_model (GTK_COLUMN_VIEW (view), GTK_SELECTION_MODEL (selection));
  g_clear_object (&selection);
}

/* Empties the instances list; a search still running is ignored. */
static void
forget_instances (HsWindow *self)
{
  set_object_model (self, self->instances_view, NULL);
  self->instances_serial++;
  self->instances_pending = FALSE;
  self->instances_class = HS_CLASS_NONE;
}

/* The instances of a class come from a scan over every object and a sort
 * by retained size (seconds for a class with millions of instances): on a
 * worker, the list shows them when done. */
typedef struct {
  HsLoader *loader;
  HsClass klass;
  guint serial;
} InstancesJob;

static void
instances_job_free (InstancesJob *job)
{
  g_clear_object (&job->loader);
  g_free (job);
}

static void
instances_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  InstancesJob *job = data;
  HsAnalysis *a = hs_loader_get_analysis (job->loader);
  gint64 start = g_get_monotonic_time ();
  GArray *instances = hs_instances_of_class (a, job->klass);

  hs_timing_mark ("worker: %u instances found and sorted in %.3f s", instances->len,
                  (g_get_monotonic_time () - start) / 1e6);
  g_task_return_pointer (task, instances, (GDestroyNotify) g_array_unref);
}

static void
instances_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsWindow *self = HS_WINDOW (source);
  InstancesJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GArray) instances = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autoptr(HsObjectList) list = NULL;
  g_autofree char *text = NULL;
  HsAnalysis *a;

  /* Another class was asked for since, or another dump opened. */
  if (self->disposed || instances == NULL || job->serial != self->instances_serial
      || job->loader != self->loader || (a = get_analysis (self)) == NULL)
    return;
  self->instances_pending = FALSE;
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u instance of %s, largest retained size first",
                                       "%u instances of %s, largest retained size first", instances->len),
                          instances->len, hs_class_name (a->heap, job->klass));
  gtk_label_set_text (GTK_LABEL (self->instances_label), text);
  list = hs_object_list_new_take (self->loader, g_steal_pointer (&instances));
  set_object_model (self, self->instances_view, G_LIST_MODEL (list));
}

void
hs_window_show_instances (HsWindow *self, guint position)
{
  HsAnalysis *a = get_analysis (self);
  g_autoptr(HsClassRow) row = NULL;
  g_autoptr(GTask) task = NULL;
  g_autofree char *text = NULL;
  InstancesJob *job;

  if (a == NULL)
    return;
  ensure_view (self, "classes");
  row = g_list_model_get_item (G_LIST_MODEL (self->class_sort_model), position);
  if (row == NULL)
    return;
  /* Listed or being found already: a double click selects the row (which
   * lists its instances) and then activates it. */
  if (gtk_widget_get_visible (self->instances_box) && hs_class_row_get_class (row) == self->instances_class)
    return;
  job = g_new0 (InstancesJob, 1);
  job->loader = g_object_ref (self->loader);
  job->klass = self->instances_class = hs_class_row_get_class (row);
  job->serial = ++self->instances_serial;
  self->instances_pending = TRUE;
  text = g_strdup_printf (_("Finding the instances of %s…"), hs_class_row_get_name (row));
  gtk_label_set_text (GTK_LABEL (self->instances_label), text);
  set_object_model (self, self->instances_view, NULL);
  gtk_widget_set_visible (self->instances_box, TRUE);

  task = g_task_new (self, NULL, instances_done, NULL);
  g_task_set_name (task, "[heapscope] instances of a class");
  g_task_set_task_data (task, job, (GDestroyNotify) instances_job_free);
  g_task_run_in_thread (task, instances_thread);
}

static void
on_class_activate (GtkColumnView *view, guint position, HsWindow *self)
{
  hs_window_show_instances (self, position);
}

/* Selecting a class lists its instances below, as activating it does. */
static void
on_class_selected (GtkSingleSelection *selection, GParamSpec *pspec, HsWindow *self)
{
  guint position = gtk_single_selection_get_selected (selection);
  if (position != GTK_INVALID_LIST_POSITION)
    hs_window_show_instances (self, position);
}

static void
on_instances_close (GtkButton *button, HsWindow *self)
{
  gtk_widget_set_visible (self->instances_box, FALSE);
}

static GtkWidget *
build_classes_page (HsWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *iscrolled = gtk_scrolled_window_new ();
  GtkWidget *iheader = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *close;

  gtk_widget_add_css_class (bar, "toolbar");
  self->class_search = gtk_search_entry_new ();
  g_object_set (self->class_search, "placeholder-text", _("Filter classes"), NULL);
  gtk_widget_set_size_request (self->class_search, 320, -1);
  g_signal_connect (self->class_search, "search-changed", G_CALLBACK (on_class_search_changed), self);
  gtk_box_append (GTK_BOX (bar), self->class_search);
  self->class_status = label_new ("", "dim-label", 1);
  gtk_widget_set_hexpand (self->class_status, TRUE);
  gtk_box_append (GTK_BOX (bar), self->class_status);
  gtk_box_append (GTK_BOX (box), bar);

  self->class_view = gtk_column_view_new (NULL);
  gtk_widget_add_css_class (self->class_view, "data-table");
  for (guint c = 0; c < HS_CLASS_N_COLUMNS; c++)
    {
      g_autoptr(GtkSorter) sorter = hs_class_sorter_new (c);
      self->class_columns[c] = add_column (self->class_view, class_column_title (c),
                                           G_CALLBACK (setup_text_cell), G_CALLBACK (bind_class_cell),
                                           GINT_TO_POINTER (c != HS_CLASS_COLUMN_NAME),
                                           GUINT_TO_POINTER (c), c == HS_CLASS_COLUMN_NAME);
      gtk_column_view_column_set_sorter (self->class_columns[c], sorter);
    }
  g_signal_connect (self->class_view, "activate", G_CALLBACK (on_class_activate), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->class_view);
  gtk_widget_set_vexpand (scrolled, TRUE);

  self->class_filter = gtk_custom_filter_new (class_filter_func, self, NULL);
  self->class_filter_model = gtk_filter_list_model_new (NULL, g_object_ref (GTK_FILTER (self->class_filter)));
  self->class_sort_model = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->class_filter_model)),
                                                    g_object_ref (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->class_view))));
  {
    GtkSingleSelection *selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->class_sort_model)));
    gtk_single_selection_set_autoselect (selection, FALSE);
    gtk_single_selection_set_can_unselect (selection, TRUE);
    gtk_single_selection_set_selected (selection, GTK_INVALID_LIST_POSITION);
    g_signal_connect (selection, "notify::selected", G_CALLBACK (on_class_selected), self);
    gtk_column_view_set_model (GTK_COLUMN_VIEW (self->class_view), GTK_SELECTION_MODEL (selection));
    g_object_unref (selection);
  }
  hs_window_sort_classes (self, HS_CLASS_COLUMN_RETAINED, GTK_SORT_DESCENDING);
  gtk_search_entry_set_key_capture_widget (GTK_SEARCH_ENTRY (self->class_search), box);

  /* Instances of the activated class. */
  self->instances_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_visible (self->instances_box, FALSE);
  gtk_widget_add_css_class (iheader, "toolbar");
  self->instances_label = label_new ("", "heading", 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->instances_label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (self->instances_label, TRUE);
  gtk_box_append (GTK_BOX (iheader), self->instances_label);
  close = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_add_css_class (close, "flat");
  gtk_widget_set_tooltip_text (close, _("Close the instance list"));
  g_signal_connect (close, "clicked", G_CALLBACK (on_instances_close), self);
  gtk_box_append (GTK_BOX (iheader), close);
  gtk_box_append (GTK_BOX (self->instances_box), iheader);
  self->instances_view = object_column_view_new ();
  g_signal_connect (self->instances_view, "activate", G_CALLBACK (on_object_activate), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (iscrolled), self->instances_view);
  gtk_widget_set_vexpand (iscrolled, TRUE);
  gtk_box_append (GTK_BOX (self->instances_box), iscrolled);

  gtk_paned_set_start_child (GTK_PANED (paned), scrolled);
  gtk_paned_set_end_child (GTK_PANED (paned), self->instances_box);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_position (GTK_PANED (paned), 380);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (box), paned);
  return box;
}

static void
build_classes (HsWindow *self, HsAnalysis *a)
{
  g_autoptr(HsClassModel) model = a != NULL ? hs_class_model_new (self->loader) : NULL;

  gtk_filter_list_model_set_model (self->class_filter_model, G_LIST_MODEL (model));
  gtk_widget_set_visible (self->instances_box, FALSE);
  forget_instances (self);
  update_class_status (self);
}

GListModel *
hs_window_get_class_model (HsWindow *self)
{
  ensure_view (self, "classes");
  return G_LIST_MODEL (self->class_sort_model);
}

void
hs_window_sort_classes (HsWindow *self, HsClassColumn column, GtkSortType order)
{
  g_return_if_fail (column < HS_CLASS_N_COLUMNS);
  /* GTK 4.8 has no getters on GtkColumnViewSorter: keep the state here. */
  self->sort_column = column;
  self->sort_order = order;
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->class_view), self->class_columns[column], order);
}

void
hs_window_get_class_sort (HsWindow *self, HsClassColumn *column, GtkSortType *order)
{
  *column = self->sort_column;
  *order = self->sort_order;
}

/* ---------------------------------------------------------------------- */
/* dominator tree                                                         */

static GListModel *
dom_create_child_model (gpointer item, gpointer user_data)
{
  HsObjectRow *row = item;
  HsLoader *loader = hs_object_row_get_loader (row);
  HsAnalysis *a = hs_loader_get_analysis (loader);
  const HsObj *children;
  gsize n = 0;

  if (a == NULL || a->dom == NULL)
    return NULL;
  children = hs_dom_tree_children (a->dom, hs_object_row_get_obj (row), &n);
  if (n == 0)
    return NULL;
  /* Children lists live in the dominator tree: borrowed, never copied. */
  return G_LIST_MODEL (hs_object_list_new_borrowed (loader, children, n));
}

static void
setup_tree_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *cell = gtk_inscription_new (NULL);

  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 30);
  gtk_widget_set_hexpand (cell, TRUE);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), cell);
  gtk_list_item_set_child (item, expander);
}

static GtkWidget *
build_dominators_page (HsWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_widget_add_css_class (bar, "toolbar");
  self->dom_label = label_new ("", "dim-label", 0);
  gtk_widget_set_hexpand (self->dom_label, TRUE);
  gtk_box_append (GTK_BOX (bar), self->dom_label);
  gtk_box_append (GTK_BOX (box), bar);

  self->dom_view = gtk_column_view_new (NULL);
  gtk_widget_add_css_class (self->dom_view, "data-table");
  add_column (self->dom_view, _("Object"), G_CALLBACK (setup_tree_cell), G_CALLBACK (bind_object_cell),
              NULL, GUINT_TO_POINTER (OBJ_COL_NAME), TRUE);
  add_column (self->dom_view, _("Shallow Size"), G_CALLBACK (setup_text_cell), G_CALLBACK (bind_object_cell),
              GINT_TO_POINTER (TRUE), GUINT_TO_POINTER (OBJ_COL_SHALLOW), FALSE);
  add_column (self->dom_view, _("Retained Size"), G_CALLBACK (setup_text_cell), G_CALLBACK (bind_object_cell),
              GINT_TO_POINTER (TRUE), GUINT_TO_POINTER (OBJ_COL_RETAINED), FALSE);
  /* xgettext:no-c-format */
  add_column (self->dom_view, _("% of Heap"), G_CALLBACK (setup_text_cell), G_CALLBACK (bind_object_cell),
              GINT_TO_POINTER (TRUE), GUINT_TO_POINTER (OBJ_COL_PERCENT), FALSE);
  g_signal_connect (self->dom_view, "activate", G_CALLBACK (on_object_activate), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->dom_view);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);
  return box;
}

static void
build_dominators (HsWindow *self, HsAnalysis *a)
{
  g_autoptr(HsObjectList) roots = NULL;
  const HsObj *children;
  gsize n = 0;

  g_clear_object (&self->dom_model);
  if (a == NULL || a->dom == NULL)
    {
      set_object_model (self, self->dom_view, NULL);
      gtk_label_set_text (GTK_LABEL (self->dom_label), _("The dominator tree was not computed"));
      return;
    }
  children = hs_dom_tree_children (a->dom, a->dom->n, &n);
  roots = hs_object_list_new_borrowed (self->loader, children, n);
  self->dom_model = gtk_tree_list_model_new (G_LIST_MODEL (g_steal_pointer (&roots)), FALSE, FALSE,
                                             dom_create_child_model, NULL, NULL);
  set_object_model (self, self->dom_view, G_LIST_MODEL (self->dom_model));
  {
    g_autofree char *bytes = hs_format_bytes (a->dom->retained[a->dom->n]);
    g_autofree char *count = format_count (a->dom->n_reachable);
    g_autofree char *tops = format_count (n);
    g_autofree char *text = g_strdup_printf (_("All reachable objects: %s in %s objects, "
                                               "%s top-level dominators. "
                                               "Children are sorted by retained size."),
                                             bytes, count, tops);
    gtk_label_set_text (GTK_LABEL (self->dom_label), text);
  }
}

GtkTreeListModel *
hs_window_get_dominator_model (HsWindow *self)
{
  ensure_view (self, "dominators");
  return self->dom_model;
}

/* ---------------------------------------------------------------------- */
/* treemap                                                                */

static void
on_breadcrumb (GtkButton *button, HsWindow *self)
{
  guint depth = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "hs-depth"));
  hs_treemap_widget_zoom_to (HS_TREEMAP_WIDGET (self->treemap), depth);
}

static void
on_treemap_zoom (HsTreemapWidget *treemap, HsWindow *self)
{
  HsAnalysis *a = get_analysis (self);
  const guint64 *path;
  guint n;

  clear_box (self->breadcrumbs);
  if (a == NULL || a->dom == NULL)
    return;
  path = hs_treemap_widget_get_path (treemap, &n);
  /* Long paths show their first and last steps only. */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = NULL;
      GtkWidget *button;

      if (n > 8 && i == 2)
        {
          gtk_box_append (GTK_BOX (self->breadcrumbs), label_new ("…", "dim-label", 0.5));
          i = n - 5;
          continue;
        }
      if (i > 0)
        gtk_box_append (GTK_BOX (self->breadcrumbs), label_new ("›", "dim-label", 0.5));
      if (path[i] >= a->dom->n)
        text = g_strdup (_("All Objects"));
      else
        {
          const char *name = hs_heap_object_class_name (a->heap, (HsObj) path[i]);
          const char *dot = name != NULL ? strrchr (name, '.') : NULL;
          text = g_strdup (dot != NULL ? dot + 1 : (name != NULL ? name : "?"));
        }
      button = gtk_button_new_with_label (text);
      gtk_widget_add_css_class (button, "flat");
      if (i + 1 == n)
        gtk_widget_add_css_class (button, "hs-breadcrumb-current");
      if (path[i] < a->dom->n)
        {
          g_autofree char *tip = hs_heap_object_label (a->heap, (HsObj) path[i]);
          gtk_widget_set_tooltip_text (button, tip);
        }
      g_object_set_data (G_OBJECT (button), "hs-depth", GUINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (on_breadcrumb), self);
      gtk_box_append (GTK_BOX (self->breadcrumbs), button);
    }
}

static void
on_treemap_inspect (HsTreemapWidget *treemap, guint64 node, HsWindow *self)
{
  hs_window_inspect (self, (HsObj) node);
}

static GtkWidget *
build_treemap_page (HsWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *hint;

  gtk_widget_add_css_class (bar, "toolbar");
  self->breadcrumbs = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  gtk_widget_set_hexpand (self->breadcrumbs, TRUE);
  gtk_box_append (GTK_BOX (bar), self->breadcrumbs);
  hint = label_new (_("Click to zoom in · Backspace to zoom out · Right-click to inspect"), "dim-label", 1);
  gtk_widget_add_css_class (hint, "caption");
  gtk_box_append (GTK_BOX (bar), hint);
  gtk_box_append (GTK_BOX (box), bar);

  self->treemap = hs_treemap_widget_new ();
  gtk_widget_set_vexpand (self->treemap, TRUE);
  gtk_widget_set_hexpand (self->treemap, TRUE);
  g_signal_connect (self->treemap, "zoom-changed", G_CALLBACK (on_treemap_zoom), self);
  g_signal_connect (self->treemap, "inspect", G_CALLBACK (on_treemap_inspect), self);
  gtk_box_append (GTK_BOX (box), self->treemap);
  return box;
}

HsTreemapWidget *
hs_window_get_treemap (HsWindow *self)
{
  return HS_TREEMAP_WIDGET (self->treemap);
}

HsInspector *
hs_window_get_inspector (HsWindow *self)
{
  return HS_INSPECTOR (self->inspector);
}

/* ---------------------------------------------------------------------- */
/* loading                                                                */

static void
show_page (HsWindow *self, const char *page)
{
  gboolean content = g_str_equal (page, "content");
  /* Early leaks: no export, search or inspection before the analysis. */
  gboolean ready = content && !self->early;

  /* The content at once, not faded in: what the user waits for is shown
   * in the first frame, and no frames are spent on the fade. */
  gtk_stack_set_visible_child_full (GTK_STACK (self->main_stack), page,
                                    content ? GTK_STACK_TRANSITION_TYPE_NONE
                                            : gtk_stack_get_transition_type (GTK_STACK (self->main_stack)));
  gtk_stack_set_visible_child_name (GTK_STACK (self->title_stack), content ? "switcher" : "title");
  gtk_widget_set_visible (self->export_button, content);
  gtk_widget_set_visible (self->inspector_button, ready);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", ready);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.find", ready);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.inspect", ready);
}

/* The loader's fraction and phase on a progress bar and a label (the
 * loading page's, or the bar over the leaks shown early). */
static void
bind_progress (HsWindow *self, GtkWidget *bar, GtkWidget *label, GBinding **fraction, GBinding **phase)
{
  *fraction = g_object_ref (g_object_bind_property (self->loader, "fraction", bar, "fraction",
                                                    G_BINDING_SYNC_CREATE));
  *phase = g_object_ref (g_object_bind_property (self->loader, "phase", label, "label",
                                                 G_BINDING_SYNC_CREATE));
}

/* The views that need the whole analysis; hidden from the switcher while
 * only the leaks are there. */
static const char *const later_views[] = { "overview", "classes", "dominators", "treemap" };

static void
set_early (HsWindow *self, gboolean early)
{
  self->early = early;
  for (guint i = 0; i < G_N_ELEMENTS (later_views); i++)
    gtk_widget_set_visible (gtk_stack_get_child_by_name (GTK_STACK (self->view_stack), later_views[i]), !early);
  g_clear_object (&self->bar_fraction_binding);
  g_clear_object (&self->bar_phase_binding);
  if (early)
    bind_progress (self, self->analysis_progress, self->analysis_phase,
                   &self->bar_fraction_binding, &self->bar_phase_binding);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->analysis_bar), early);
}

/* The leak thread is done, the dominators are not: the leaks are shown now,
 * their retained sizes and the other views when the analysis is done. */
static void
on_loader_leaks_ready (HsLoader *loader, HsWindow *self)
{
  HsLeakReport *report = hs_loader_get_leaks (loader);
  gint64 start = g_get_monotonic_time ();
  g_autofree char *title = NULL;

  if (loader != self->loader || hs_loader_get_state (loader) != HS_LOADER_LOADING || report == NULL)
    return;
  /* No leak: nothing worth showing before the other views. */
  if (report->application_leaks->len + report->library_leaks->len == 0)
    return;
  build_leaks (self, report);
  hs_window_set_view (self, "leaks");
  set_early (self, TRUE);
  title = g_strdup_printf ("%s — Heapscope", hs_loader_get_file_name (loader));
  gtk_window_set_title (GTK_WINDOW (self), title);
  show_page (self, "content");
  hs_timing_span (start, "leaks shown early");
}

/* The views filled the first time they are shown for a dump: bit i of
 * stale_views stands for lazy_views[i]. */
static const struct {
  const char *name;
  void (*build) (HsWindow *self, HsAnalysis *a);
  const char *timing;   /* tools/ui-timing.sh looks for these */
} lazy_views[] = {
  { "overview", build_overview, "overview filled" },
  { "classes", build_classes, "classes filled" },
  { "dominators", build_dominators, "dominator tree filled" },
};
#define ALL_LAZY_VIEWS ((1u << G_N_ELEMENTS (lazy_views)) - 1)

static void
ensure_view (HsWindow *self, const char *name)
{
  HsAnalysis *a = get_analysis (self);
  gint64 start = g_get_monotonic_time ();

  if (a == NULL || name == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (lazy_views); i++)
    if ((self->stale_views & (1u << i)) && g_str_equal (name, lazy_views[i].name))
      {
        self->stale_views &= ~(1u << i);
        lazy_views[i].build (self, a);
        hs_timing_span (start, "%s", lazy_views[i].timing);
      }
}

static void
on_view_changed (GtkStack *stack, GParamSpec *pspec, HsWindow *self)
{
  ensure_view (self, gtk_stack_get_visible_child_name (stack));
}

/* Sorts the top level of the dominator tree (the longest list) on a worker
 * while the user reads the leaks, so that the Dominator Tree view opens
 * without the wait. The task holds the loader, which holds the analysis. */
static void
warm_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  HsAnalysis *a = hs_loader_get_analysis (HS_LOADER (source));
  gint64 start = g_get_monotonic_time ();

  hs_dom_tree_children (a->dom, a->dom->n, NULL);
  hs_timing_mark ("worker: top-level dominators sorted in %.3f s", (g_get_monotonic_time () - start) / 1e6);
  g_task_return_boolean (task, TRUE);
}

static void
warm_dominators (HsWindow *self)
{
  g_autoptr(GTask) task = NULL;
  HsAnalysis *a = get_analysis (self);

  if (a == NULL || a->dom == NULL)
    return;
  task = g_task_new (self->loader, NULL, NULL, NULL);
  g_task_set_name (task, "[heapscope] sort top-level dominators");
  g_task_set_priority (task, G_PRIORITY_LOW);
  g_task_run_in_thread (task, warm_thread);
}

static void
populate (HsWindow *self)
{
  HsAnalysis *a = get_analysis (self);
  HsHeap *heap = a->heap;
  g_autofree char *title = NULL;
  gint64 start = g_get_monotonic_time ();
  gboolean was_early = self->early;
  gint64 t;

  set_early (self, FALSE);
  t = g_get_monotonic_time ();
  if (was_early)
    {
      refresh_leaks_retained (self);
      hs_timing_span (t, "retained sizes shown");
    }
  else
    {
      build_leaks (self, get_leaks (self));
      hs_timing_span (t, "leaks filled");
    }
  /* The other views are filled when first shown. */
  self->stale_views = ALL_LAZY_VIEWS;
  warm_dominators (self);
  t = g_get_monotonic_time ();
  hs_treemap_widget_set_loader (HS_TREEMAP_WIDGET (self->treemap), self->loader);
  hs_timing_span (t, "treemap given the dump");
  t = g_get_monotonic_time ();
  hs_inspector_set_loader (HS_INSPECTOR (self->inspector), self->loader);
  hs_timing_span (t, "inspector given the dump");
  gtk_widget_set_visible (self->inspector, FALSE);

  title = g_strdup_printf ("%s — Heapscope", hs_loader_get_file_name (self->loader));
  gtk_window_set_title (GTK_WINDOW (self), title);

  /* A file with several dumps: say so and offer the others. */
  if (hs_heap_n_dumps (heap) > 1)
    {
      g_autoptr(GtkStringList) items = gtk_string_list_new (NULL);
      g_autofree char *text = g_strdup_printf (_("This file holds %u heap dumps. Choose the one to analyse:"),
                                               hs_heap_n_dumps (heap));
      for (guint i = 0; i < hs_heap_n_dumps (heap); i++)
        {
          g_autofree char *s = g_strdup_printf (_("Dump %u"), i + 1);
          gtk_string_list_append (items, s);
        }
      self->setting_dump = TRUE;
      gtk_drop_down_set_model (GTK_DROP_DOWN (self->dumps_dropdown), G_LIST_MODEL (items));
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->dumps_dropdown), hs_heap_dump_index (heap));
      self->setting_dump = FALSE;
      gtk_label_set_text (GTK_LABEL (self->dumps_label), text);
      gtk_revealer_set_reveal_child (GTK_REVEALER (self->dumps_revealer), TRUE);
    }
  else
    gtk_revealer_set_reveal_child (GTK_REVEALER (self->dumps_revealer), FALSE);

  /* Leaks first when there are any: that is what the dump was taken for.
   * Shown early, they stay where the user is. */
  if (!was_early)
    {
      if (self->leak_groups->len > 0)
        hs_window_set_view (self, "leaks");
      else
        hs_window_set_view (self, "overview");
    }
  ensure_view (self, gtk_stack_get_visible_child_name (GTK_STACK (self->view_stack)));
  show_page (self, "content");
  hs_timing_span (start, "all views filled");
  hs_timing_cpu_report ();
  timing_visit_views (self);
}

static void
add_recent (HsWindow *self, GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = { 0 };
  static char *groups[] = { (char *) "heapscope", NULL };

  data.mime_type = (char *) "application/x-java-hprof";
  data.app_name = (char *) g_get_application_name ();
  data.app_exec = (char *) "heapscope %u";
  data.groups = groups;
  if (data.app_name == NULL)
    data.app_name = (char *) "Heapscope";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static void
on_loader_state (HsLoader *loader, GParamSpec *pspec, HsWindow *self)
{
  const GError *error;

  if (loader != self->loader)
    return;
  switch (hs_loader_get_state (loader))
    {
    case HS_LOADER_DONE:
      hs_timing_mark ("analysis finished (seen on the UI thread; frame %u since the open)", self->timing_frames);
      add_recent (self, hs_loader_get_file (loader));
      populate (self);
      break;
    case HS_LOADER_FAILED:
      if (self->early)
        clear_views (self);
      error = hs_loader_get_error (loader);
      g_free (self->error_text);
      self->error_text = g_strdup (error != NULL ? error->message : _("Unknown error"));
      gtk_label_set_text (GTK_LABEL (self->error_message), self->error_text);
      gtk_window_set_title (GTK_WINDOW (self), _("Heapscope"));
      show_page (self, "error");
      break;
    case HS_LOADER_CANCELLED:
      if (self->early)
        clear_views (self);
      gtk_window_set_title (GTK_WINDOW (self), _("Heapscope"));
      show_page (self, "welcome");
      show_toast (self, _("Loading was cancelled"), NULL);
      break;
    case HS_LOADER_IDLE:
    case HS_LOADER_LOADING:
    default:
      break;
    }
}

/* HEAPSCOPE_DEBUG_VISIT_VIEWS=1 (with HEAPSCOPE_DEBUG_TIMES): once the
 * views are filled, shows each in turn, as a click on the switcher would,
 * and reports when each was drawn (its first fill is lazy). */
static const char *const visit_order[] = { "overview", "classes", "dominators", "treemap", "leaks" };

static gboolean
visit_next_view (gpointer data)
{
  HsWindow *self = data;
  const char *name = visit_order[self->timing_visit];
  gint64 start = g_get_monotonic_time ();

  self->timing_visit_start = start;
  hs_window_set_view (self, name);
  hs_timing_span (start, "view %s asked for", name);
  return G_SOURCE_REMOVE;
}

static void
timing_visit_views (HsWindow *self)
{
  if (!hs_timing_enabled () || g_getenv ("HEAPSCOPE_DEBUG_VISIT_VIEWS") == NULL)
    return;
  self->timing_visit = 0;
  g_timeout_add_full (G_PRIORITY_DEFAULT, 1000, visit_next_view, g_object_ref (self), g_object_unref);
}

/* HEAPSCOPE_DEBUG_TIMES: after each frame, whether the content page and
 * the first leak trace have been drawn yet (mapped before this paint), and
 * whether the view being visited has been. */
static void
on_timing_after_paint (GdkFrameClock *clock, HsWindow *self)
{
  GtkWidget *first = gtk_widget_get_first_child (self->trace_box);

  if (self->timing_visit_start > 0
      && g_strcmp0 (hs_window_get_view (self), visit_order[self->timing_visit]) == 0)
    {
      hs_timing_mark ("view %s drawn %.3f s after it was asked for", visit_order[self->timing_visit],
                      (g_get_monotonic_time () - self->timing_visit_start) / 1e6);
      self->timing_visit_start = 0;
      /* The class table's first class (the largest retained): its
       * instance list, found on a worker. */
      if (g_str_equal (visit_order[self->timing_visit], "classes"))
        {
          gint64 start = g_get_monotonic_time ();
          hs_window_show_instances (self, 0);
          hs_timing_span (start, "instances of the first class asked for");
        }
      if (++self->timing_visit < G_N_ELEMENTS (visit_order))
        g_timeout_add_full (G_PRIORITY_DEFAULT, 500, visit_next_view, g_object_ref (self), g_object_unref);
      else
        hs_timing_mark ("views visited");
    }

  self->timing_frames++;
  if (self->timing_content_pending && g_strcmp0 (hs_window_get_page (self), "content") == 0
      && gtk_widget_get_mapped (self->view_stack))
    {
      self->timing_content_pending = FALSE;
      hs_timing_mark ("content page drawn (view %s)",
                      gtk_stack_get_visible_child_name (GTK_STACK (self->view_stack)));
    }
  if (self->timing_trace_pending && self->n_trace_nodes > 0 && first != NULL
      && gtk_widget_get_mapped (first) && gtk_widget_get_width (first) > 0)
    {
      self->timing_trace_pending = FALSE;
      hs_timing_mark ("first leak trace drawn (frame %u since the open)", self->timing_frames);
      hs_timing_cpu_report ();
    }
}

static void
timing_start (HsWindow *self)
{
  GdkFrameClock *clock;

  hs_timing_start ();
  if (!hs_timing_enabled ())
    return;
  self->timing_trace_pending = TRUE;
  self->timing_content_pending = TRUE;
  self->timing_frames = 0;
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  if (clock == self->timing_clock)
    return;
  if (self->timing_clock != NULL)
    g_clear_signal_handler (&self->timing_paint_id, self->timing_clock);
  g_clear_object (&self->timing_clock);
  if (clock == NULL)
    {
      hs_timing_mark ("the window has no frame clock yet: nothing drawn will be reported");
      return;
    }
  self->timing_clock = g_object_ref (clock);
  self->timing_paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_timing_after_paint), self);
}

static void
clear_views (HsWindow *self)
{
  set_early (self, FALSE);
  self->stale_views = 0;
  clear_box (self->overview_box);
  clear_box (self->leak_list);
  clear_trace (self);
  g_ptr_array_set_size (self->leak_groups, 0);
  gtk_filter_list_model_set_model (self->class_filter_model, NULL);
  forget_instances (self);
  g_clear_object (&self->dom_model);
  set_object_model (self, self->dom_view, NULL);
  hs_treemap_widget_set_loader (HS_TREEMAP_WIDGET (self->treemap), NULL);
  hs_inspector_set_loader (HS_INSPECTOR (self->inspector), NULL);
  gtk_widget_set_visible (self->inspector, FALSE);
}

static void
drop_loader (HsWindow *self)
{
  if (self->loader == NULL)
    return;
  g_clear_object (&self->fraction_binding);
  g_clear_object (&self->phase_binding);
  g_signal_handlers_disconnect_by_data (self->loader, self);
  hs_loader_cancel (self->loader);
  clear_views (self);
  g_clear_object (&self->loader);
}

static void
read_options (HsWindow *self, HsAnalysisOptions *opts)
{
  GApplication *app = g_application_get_default ();

  memset (opts, 0, sizeof *opts);
  if (app != NULL)
    {
      g_autoptr(GVariant) weak = g_action_group_get_action_state (G_ACTION_GROUP (app), "follow-weak");
      g_autoptr(GVariant) inspectors = g_action_group_get_action_state (G_ACTION_GROUP (app),
                                                                       "android-inspectors-as-leaks");
      if (weak != NULL && g_variant_is_of_type (weak, G_VARIANT_TYPE_BOOLEAN))
        opts->open.follow_weak = g_variant_get_boolean (weak);
      if (inspectors != NULL && g_variant_is_of_type (inspectors, G_VARIANT_TYPE_BOOLEAN))
        opts->leaks.android_inspectors_as_leaks = g_variant_get_boolean (inspectors);
    }
}

void
hs_window_open (HsWindow *self, GFile *file, int dump)
{
  HsAnalysisOptions opts;
  g_autofree char *size = NULL;

  g_return_if_fail (HS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  timing_start (self);
  drop_loader (self);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->toast_revealer), FALSE);
  read_options (self, &opts);
  opts.open.dump = MAX (dump, 0);
  self->loader = hs_loader_new (file, &opts);
  g_signal_connect (self->loader, "notify::state", G_CALLBACK (on_loader_state), self);
  g_signal_connect (self->loader, "leaks-ready", G_CALLBACK (on_loader_leaks_ready), self);
  bind_progress (self, self->loading_progress, self->loading_phase,
                 &self->fraction_binding, &self->phase_binding);
  gtk_label_set_text (GTK_LABEL (self->loading_title), hs_loader_get_file_name (self->loader));
  gtk_label_set_text (GTK_LABEL (self->loading_size), "");
  show_page (self, "loading");
  hs_loader_start (self->loader);
  if (hs_loader_get_file_size (self->loader) > 0)
    {
      size = hs_format_bytes (hs_loader_get_file_size (self->loader));
      gtk_label_set_text (GTK_LABEL (self->loading_size), size);
    }
}

static void
on_cancel_clicked (GtkButton *button, HsWindow *self)
{
  if (self->loader != NULL)
    hs_loader_cancel (self->loader);
}

static void
on_dump_selected (GObject *dropdown, GParamSpec *pspec, HsWindow *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));

  if (self->setting_dump || self->loader == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  if ((int) selected != hs_loader_get_dump (self->loader))
    {
      g_autoptr(GFile) file = g_object_ref (hs_loader_get_file (self->loader));
      hs_window_open (self, file, selected);
    }
}

/* ---------------------------------------------------------------------- */
/* recent files                                                           */

static gboolean
is_dump_uri (const char *uri, const char *mime)
{
  return (mime != NULL && g_str_equal (mime, "application/x-java-hprof"))
         || g_str_has_suffix (uri, ".hprof") || g_str_has_suffix (uri, ".hprof.gz");
}

static void
refresh_recent (HsWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  guint n = 0;

  clear_box (self->recent_list);
  for (GList *l = items; l != NULL && n < 6; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autoptr(GFile) file = NULL;
      g_autofree char *path = NULL;
      GtkWidget *row, *box, *titles, *name, *where;

      if (!is_dump_uri (uri, gtk_recent_info_get_mime_type (info)) || !gtk_recent_info_exists (info))
        continue;
      file = g_file_new_for_uri (uri);
      path = g_file_get_parse_name (file);
      row = gtk_list_box_row_new ();
      box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      gtk_widget_add_css_class (box, "hs-row");
      gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("document-open-recent-symbolic"));
      titles = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      name = label_new (gtk_recent_info_get_display_name (info), NULL, 0);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_MIDDLE);
      where = label_new (path, "dim-label", 0);
      gtk_widget_add_css_class (where, "caption");
      gtk_label_set_ellipsize (GTK_LABEL (where), PANGO_ELLIPSIZE_START);
      gtk_box_append (GTK_BOX (titles), name);
      gtk_box_append (GTK_BOX (titles), where);
      gtk_box_append (GTK_BOX (box), titles);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
      g_object_set_data_full (G_OBJECT (row), "hs-uri", g_strdup (uri), g_free);
      gtk_list_box_append (GTK_LIST_BOX (self->recent_list), row);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  gtk_widget_set_visible (self->recent_list, n > 0);
  gtk_widget_set_visible (self->recent_label, n > 0);
}

static void
on_recent_activated (GtkListBox *list, GtkListBoxRow *row, HsWindow *self)
{
  const char *uri = g_object_get_data (G_OBJECT (row), "hs-uri");
  if (uri != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_uri (uri);
      hs_window_open (self, file, 0);
    }
}

/* ---------------------------------------------------------------------- */
/* actions                                                                */

static void
open_response (GtkNativeDialog *dialog, int response, HsWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      if (file != NULL)
        hs_window_open (self, file, 0);
    }
  g_object_unref (dialog);
}

static void
open_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) dumps = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  dialog = gtk_file_chooser_native_new (_("Open a Heap Dump"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (dumps, _("Heap dumps"));
  gtk_file_filter_add_pattern (dumps, "*.hprof");
  gtk_file_filter_add_pattern (dumps, "*.hprof.gz");
  gtk_file_filter_add_mime_type (dumps, "application/x-java-hprof");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), dumps);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), all);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (dialog), dumps);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

typedef struct {
  HsLoader *loader;
  char *path;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_clear_object (&job->loader);
  g_free (job->path);
  g_free (job);
}

static void
export_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ExportJob *job = data;
  HsReportOptions opts = { .include_generation_time = TRUE };
  GError *error = NULL;

  if (hs_report_write (hs_loader_get_analysis (job->loader), &opts, job->path, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
export_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsWindow *self = HS_WINDOW (source);
  ExportJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);

  if (self->disposed)
    return;
  if (ok)
    {
      g_autoptr(GFile) file = g_file_new_for_path (job->path);
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *text = g_strdup_printf (_("Report saved as %s"), name);
      show_toast (self, text, uri);
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_("Could not save the report: %s"), error->message);
      show_toast (self, text, NULL);
    }
}

void
hs_window_export_to (HsWindow *self, const char *path)
{
  g_autoptr(GTask) task = NULL;
  ExportJob *job;

  if (get_analysis (self) == NULL)
    return;
  job = g_new0 (ExportJob, 1);
  job->loader = g_object_ref (self->loader);
  job->path = g_strdup (path);
  task = g_task_new (self, NULL, export_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  g_task_run_in_thread (task, export_thread);
}

static void
export_response (GtkNativeDialog *dialog, int response, HsWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      if (path != NULL)
        hs_window_export_to (self, path);
    }
  g_object_unref (dialog);
}

static void
export_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) html = gtk_file_filter_new ();
  g_autofree char *base = NULL, *name = NULL;
  const char *fname;

  if (get_analysis (self) == NULL)
    return;
  fname = hs_loader_get_file_name (self->loader);
  base = g_strdup (fname);
  if (g_str_has_suffix (base, ".gz"))
    base[strlen (base) - 3] = '\0';
  if (g_str_has_suffix (base, ".hprof"))
    base[strlen (base) - 6] = '\0';
  name = g_strdup_printf ("%s-leaks.html", base);

  dialog = gtk_file_chooser_native_new (_("Export the Leak Report"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_filter_set_name (html, _("HTML files"));
  gtk_file_filter_add_mime_type (html, "text/html");
  gtk_file_filter_add_pattern (html, "*.html");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), html);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (export_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
find_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  if (get_analysis (self) == NULL)
    return;
  hs_window_set_view (self, "classes");
  gtk_widget_grab_focus (self->class_search);
}

static void
close_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  gtk_window_close (GTK_WINDOW (widget));
}

static void
view_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  if (get_analysis (self) != NULL)
    hs_window_set_view (self, g_variant_get_string (param, NULL));
}

void
hs_window_set_view (HsWindow *self, const char *name)
{
  gtk_stack_set_visible_child_name (GTK_STACK (self->view_stack), name);
}

/* ---------------------------------------------------------------------- */
/* drag and drop                                                          */

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, HsWindow *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = g_value_get_boxed (value);
  if (files == NULL)
    return FALSE;
  hs_window_open (self, G_FILE (files->data), 0);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* window                                                                 */

static gboolean
hs_window_close_request (GtkWindow *window)
{
  HsWindow *self = HS_WINDOW (window);

  if (self->settings != NULL)
    {
      int width = 0, height = 0;
      gtk_window_get_default_size (window, &width, &height);
      g_settings_delay (self->settings);
      if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
        {
          g_settings_set_int (self->settings, "window-width", width);
          g_settings_set_int (self->settings, "window-height", height);
        }
      g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
      g_settings_apply (self->settings);
    }
  return GTK_WINDOW_CLASS (hs_window_parent_class)->close_request (window);
}

static void
hs_window_dispose (GObject *object)
{
  HsWindow *self = HS_WINDOW (object);

  self->disposed = TRUE;
  /* Empty the views before the loader goes: leak rows point into its
   * analysis. Cancels a load still running. */
  drop_loader (self);
  if (self->timing_clock != NULL)
    g_clear_signal_handler (&self->timing_paint_id, self->timing_clock);
  g_clear_object (&self->timing_clock);
  g_clear_handle_id (&self->toast_timeout, g_source_remove);
  g_clear_object (&self->settings);
  g_clear_object (&self->dom_model);
  g_clear_object (&self->class_sort_model);
  g_clear_object (&self->class_filter_model);
  g_clear_object (&self->class_filter);
  G_OBJECT_CLASS (hs_window_parent_class)->dispose (object);
}

static void
hs_window_finalize (GObject *object)
{
  HsWindow *self = HS_WINDOW (object);

  g_clear_pointer (&self->leak_groups, g_ptr_array_unref);
  g_free (self->error_text);
  g_free (self->toast_uri);
  g_free (self->class_query);
  G_OBJECT_CLASS (hs_window_parent_class)->finalize (object);
}

static void
hs_window_class_init (HsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);
  static const char *views[] = { "overview", "leaks", "classes", "dominators", "treemap" };

  object_class->dispose = hs_window_dispose;
  object_class->finalize = hs_window_finalize;
  window_class->close_request = hs_window_close_request;

  g_type_ensure (HS_TYPE_INSPECTOR);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-window.ui");
  gtk_widget_class_bind_template_child (widget_class, HsWindow, title_stack);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, view_switcher);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, inspector_button);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, export_button);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, recent_label);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, loading_title);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, loading_size);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, loading_phase);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, loading_progress);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, error_message);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, analysis_bar);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, analysis_phase);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, analysis_progress);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, dumps_revealer);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, dumps_label);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, dumps_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, inspector);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, toast_revealer);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, toast_label);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, toast_button);
  gtk_widget_class_bind_template_callback (widget_class, on_recent_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_toast_open);
  gtk_widget_class_bind_template_callback (widget_class, on_toast_close);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "win.view", "s", view_action);
  gtk_widget_class_install_action (widget_class, "win.inspect", "u", inspect_action);
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK,
                                         "win.view", "s", views[i]);
}

static GSettings *
settings_new_if_installed (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  /* Tests and uninstalled runs may have no compiled schema: do without. */
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  return schema != NULL ? g_settings_new (APP_ID) : NULL;
}

/* Our style sheet and icons, once per display. Done here rather than by
 * GtkApplication's automatic resources so that a window shown without an
 * application (tests, the screenshot tool) looks the same. */
static void
ensure_style (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);
  GtkCssProvider *provider;

  if (g_object_get_data (G_OBJECT (display), "hs-style") != NULL)
    return;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/org/heapscope/Heapscope/css/heapscope.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_data_full (G_OBJECT (display), "hs-style", provider, g_object_unref);
  if (g_application_get_default () == NULL)
    gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (display),
                                      "/org/heapscope/Heapscope/icons");
}

static void
hs_window_init (HsWindow *self)
{
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));
  ensure_style (GTK_WIDGET (self));
  self->leak_groups = g_ptr_array_new ();
  self->instances_class = HS_CLASS_NONE;

  gtk_stack_add_titled (GTK_STACK (self->view_stack), build_overview_page (self), "overview", _("Overview"));
  gtk_stack_add_titled (GTK_STACK (self->view_stack), build_leaks_page (self), "leaks", _("Leaks"));
  gtk_stack_add_titled (GTK_STACK (self->view_stack), build_classes_page (self), "classes", _("Classes"));
  gtk_stack_add_titled (GTK_STACK (self->view_stack), build_dominators_page (self), "dominators", _("Dominator Tree"));
  gtk_stack_add_titled (GTK_STACK (self->view_stack), build_treemap_page (self), "treemap", _("Treemap"));

  g_signal_connect (self->inspector, "notify::visible", G_CALLBACK (on_inspector_visible), self);
  g_signal_connect (self->inspector_button, "toggled", G_CALLBACK (on_inspector_toggled), self);
  g_signal_connect (self->dumps_dropdown, "notify::selected", G_CALLBACK (on_dump_selected), self);
  g_signal_connect (self->view_stack, "notify::visible-child", G_CALLBACK (on_view_changed), self);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  self->drop_target = drop;
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  self->settings = settings_new_if_installed ();
  if (self->settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (self->settings, "window-width"),
                                   g_settings_get_int (self->settings, "window-height"));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
    }

  refresh_recent (self);
  show_page (self, "welcome");
}

HsWindow *
hs_window_new (GtkApplication *application)
{
  return g_object_new (HS_TYPE_WINDOW, "application", application, NULL);
}

void
hs_window_reload (HsWindow *self)
{
  HsLoaderState state = self->loader != NULL ? hs_loader_get_state (self->loader) : HS_LOADER_IDLE;

  /* A load still running was started with the old options: it starts over. */
  if (state == HS_LOADER_DONE || state == HS_LOADER_LOADING)
    {
      g_autoptr(GFile) file = g_object_ref (hs_loader_get_file (self->loader));
      hs_window_open (self, file, hs_loader_get_dump (self->loader));
    }
}

gboolean
hs_window_is_empty (HsWindow *self)
{
  return self->loader == NULL
         || g_str_equal (hs_window_get_page (self), "welcome");
}

HsLoader *
hs_window_get_loader (HsWindow *self)
{
  return self->loader;
}

const char *
hs_window_get_page (HsWindow *self)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (self->main_stack));
}

const char *
hs_window_get_error_text (HsWindow *self)
{
  return self->error_text;
}

guint
hs_window_get_n_dumps_offered (HsWindow *self)
{
  GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (self->dumps_dropdown));

  if (!gtk_revealer_get_reveal_child (GTK_REVEALER (self->dumps_revealer)) || model == NULL)
    return 0;
  return g_list_model_get_n_items (model);
}

void
hs_window_choose_dump (HsWindow *self, guint index)
{
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->dumps_dropdown), index);
}

const char *
hs_window_get_toast (HsWindow *self)
{
  if (!gtk_revealer_get_reveal_child (GTK_REVEALER (self->toast_revealer)))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->toast_label));
}

GtkDropTarget *
hs_window_get_drop_target (HsWindow *self)
{
  return self->drop_target;
}

void
hs_window_select_class (HsWindow *self, guint position)
{
  GtkSelectionModel *model;

  ensure_view (self, "classes");
  model = gtk_column_view_get_model (GTK_COLUMN_VIEW (self->class_view));
  gtk_selection_model_select_item (model, position, TRUE);
}

GListModel *
hs_window_get_instances (HsWindow *self)
{
  GtkSelectionModel *model = gtk_column_view_get_model (GTK_COLUMN_VIEW (self->instances_view));

  if (!gtk_widget_get_visible (self->instances_box) || model == NULL)
    return NULL;
  return G_LIST_MODEL (model);
}

gboolean
hs_window_instances_pending (HsWindow *self)
{
  return self->instances_pending;
}
