/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-overview-view.c: the Overview view (template ui/hs-overview-view.ui):
 * its lists (the facts of the Dump, Memory and JVM cards, the system
 * properties, the biggest objects, the bytes retained by heap) are
 * GListStores of HsOverviewRow shown through the row templates of
 * ui/hs-overview-rows.ui; the Leaks card is filled from the analysis. */
#include "config.h"
#include "hs-overview-view.h"
#include "hs-overview-row.h"
#include "hs-query.h"
#include "hs-query-heaps.h"
#include "hs-runtime.h"
#include "hs-system-props.h"
#include "hs-ui-util-private.h"
#include "hs-sentence.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hs-search.h"

struct _HsOverviewView
{
  HsView parent_instance;

  GtkLabel *file_label;
  GtkLabel *kind_label;
  GtkLabel *warning_label;
  GtkListBox *dump_list;
  GtkListBox *memory_list;
  GtkLabel *leaks_number;
  GtkLabel *leaks_detail;
  GtkLabel *suspects_detail;
  GtkButton *answer_button; /* the first leak's or suspect's sentence */
  GtkLabel *answer_label;
  GtkButton *leaks_button;
  GtkLabel *leaks_skipped;
  GtkBox *biggest_card;
  GtkListBox *biggest_list;
  GtkBox *heaps_card;
  GtkListBox *heaps_list;
  GtkBox *jvm_card;
  GtkListBox *jvm_list;
  GtkExpander *props_expander;
  GtkSearchEntry *props_search;
  GtkListBox *props_list;
  GtkLabel *props_more;
  HsSystemProps *props;
  GListStore *dump_rows;
  GListStore *memory_rows;
  GListStore *jvm_rows;
  GListStore *props_rows;
  GListStore *biggest_rows;
  GListStore *heaps_rows; /* the columns' titles, then a row per heap */
  /* The cells that line up across a list's rows, as a grid's columns. */
  GtkSizeGroup *dump_names;
  GtkSizeGroup *memory_names;
  GtkSizeGroup *jvm_names;
  GtkSizeGroup *biggest_cols[2];
  GtkSizeGroup *heaps_cols[5];
};

/* Rows of the System Properties list at once; a search finds the others. */
#define PROPS_SHOWN 500

G_DEFINE_FINAL_TYPE (HsOverviewView, hs_overview_view, HS_TYPE_VIEW)

/* The row template `id` of ui/hs-overview-rows.ui bound to item, its
 * cells named in cells[] (NULL-terminated) added to groups[]. */
static GtkWidget *
build_row (gpointer item, const char *id, const char *const *cells, GtkSizeGroup **groups)
{
  g_autoptr (GtkBuilder) builder = gtk_builder_new ();
  g_autoptr (GError) error = NULL;
  const char *ids[] = { id, NULL };

  gtk_builder_set_current_object (builder, G_OBJECT (item));
  if (!gtk_builder_add_objects_from_resource (builder, "/org/heapscope/Heapscope/ui/hs-overview-rows.ui", ids,
                                              &error))
    g_error ("ui/hs-overview-rows.ui: %s", error->message);
  for (guint i = 0; cells != NULL && cells[i] != NULL; i++)
    gtk_size_group_add_widget (groups[i], GTK_WIDGET (gtk_builder_get_object (builder, cells[i])));
  return g_object_ref (GTK_WIDGET (gtk_builder_get_object (builder, id)));
}

static GtkWidget *
create_dump_row (gpointer item, gpointer data)
{
  HsOverviewView *self = data;
  const char *cells[] = { "fact_name", NULL };

  return build_row (item, "fact", cells, &self->dump_names);
}

static GtkWidget *
create_memory_row (gpointer item, gpointer data)
{
  HsOverviewView *self = data;
  const char *cells[] = { "fact_name", NULL };

  return build_row (item, "fact", cells, &self->memory_names);
}

static GtkWidget *
create_jvm_row (gpointer item, gpointer data)
{
  HsOverviewView *self = data;
  const char *cells[] = { "jvm_name", NULL };

  return build_row (item, "jvm", cells, &self->jvm_names);
}

static GtkWidget *
create_prop_row (gpointer item, gpointer data)
{
  return build_row (item, "prop", NULL, NULL);
}

static GtkWidget *
create_object_row (gpointer item, gpointer data)
{
  HsOverviewView *self = data;
  const char *cells[] = { "object_retained", "object_percent", NULL };

  return build_row (item, "object", cells, self->biggest_cols);
}

static GtkWidget *
create_heap_row (gpointer item, gpointer data)
{
  HsOverviewView *self = data;
  const char *cells[]
      = { "heap_name", "heap_objects", "heap_shallow", "heap_reachable", "heap_retained", NULL };
  GtkWidget *row = build_row (item, "heap", cells, self->heaps_cols);
  const char *css_class = hs_overview_row_get_css_class (item);

  /* The style of the row's cells: the titles dim, the heap shown bold. */
  for (GtkWidget *c = gtk_widget_get_first_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)));
       c != NULL && css_class != NULL; c = gtk_widget_get_next_sibling (c))
    gtk_widget_add_css_class (c, css_class);
  return row;
}

static void
add_fact (GListStore *store, const char *name, const char *value)
{
  g_autoptr (HsOverviewRow) row = hs_overview_row_new (name, value, NULL, NULL);

  g_list_store_append (store, row);
}

static guint
count_traces (GPtrArray *groups)
{
  guint n = 0;

  for (guint i = 0; groups != NULL && i < groups->len; i++)
    n += ((HsLeakGroup *)g_ptr_array_index (groups, i))->traces->len;
  return n;
}

/* What the dump says about the VM, where it says it (an Android dump's
 * release, API level and device are in its runtime label). */
static void
add_runtime_details (GListStore *store, HsRuntimeInfo *info)
{
  if (info->kind != HS_RUNTIME_ANDROID && info->java_version != NULL)
    add_fact (store, _ ("Java version"), info->java_version);
}

/* The Headers row: the rest of the object layout (docs/semantics.md). */
static char *
layout_text (const HsObjectLayout *l)
{
  const char *kind;
  if (l->source == HS_LAYOUT_ANDROID)
    kind = _ ("Android runtime");
  else if (l->class_pointer == HS_CLASS_POINTER_COMPACT)
    kind = _ ("compact object headers");
  else if (l->class_pointer == HS_CLASS_POINTER_COMPRESSED)
    kind = _ ("compressed class pointers");
  else
    kind = _ ("full class pointers");
  /* Translators: the Headers row of the Overview: "12 bytes (compressed
   * class pointers), objects aligned to 8" */
  return g_strdup_printf (_ ("%u bytes (%s), objects aligned to %u%s"), l->header_size, kind, l->align,
                          l->source == HS_LAYOUT_GUESSED ? _ (" (guessed)") : "");
}

static void
fill_dump (HsOverviewView *self, HsHeap *heap, const char *size)
{
  GListStore *store = self->dump_rows;
  g_autofree char *ids = g_strdup_printf (_ ("%u bytes"), hs_heap_id_size (heap));
  g_autofree char *refs = g_strdup_printf (_ ("%u bytes"), hs_heap_object_layout (heap)->ref_size);
  g_autofree char *headers = layout_text (hs_heap_object_layout (heap));
  g_autofree char *file
      = g_strdup_printf ("%s%s", size, hs_heap_is_compressed_file (heap) ? _ (" (gzip)") : "");

  add_fact (store, _ ("Format"), hs_heap_format (heap));
  g_autoptr (HsRuntimeInfo) info = hs_runtime_info_read (heap);
  g_autofree char *runtime = hs_runtime_label (info, _ ("Java (HotSpot)"));
  add_fact (store, _ ("Runtime"), runtime);
  add_runtime_details (store, info);
  add_fact (store, _ ("Identifier size"), ids);
  add_fact (store, _ ("References"), refs);
  add_fact (store, _ ("Headers"), headers);
  if (hs_heap_timestamp_ms (heap) > 0)
    {
      g_autoptr (GDateTime) dt = g_date_time_new_from_unix_local (hs_heap_timestamp_ms (heap) / 1000);
      g_autofree char *date = dt != NULL ? g_date_time_format (dt, "%x %X") : NULL;
      if (date != NULL)
        add_fact (store, _ ("Written"), date);
    }
  add_fact (store, _ ("File size"), file);
  if (hs_heap_n_dumps (heap) > 1)
    {
      g_autofree char *d
          = g_strdup_printf (_ ("%u of %u"), hs_heap_dump_index (heap) + 1, hs_heap_n_dumps (heap));
      add_fact (store, _ ("Dump"), d);
    }
}

static void
fill_memory (HsOverviewView *self, HsAnalysis *a)
{
  const HsSummary *s = hs_heap_summary (a->heap);
  GListStore *store = self->memory_rows;
  g_autofree char *objects = hs_format_count (s->objects);
  g_autofree char *classes = hs_format_count (s->classes);
  g_autofree char *roots = hs_format_count (s->gc_roots);
  g_autofree char *rb = hs_format_bytes (s->reachable_bytes);
  g_autofree char *rn = hs_format_count (s->reachable_objects);
  g_autofree char *ub = hs_format_bytes (s->unreachable_bytes);
  g_autofree char *un = hs_format_count (s->unreachable_objects);
  g_autofree char *reach = g_strdup_printf (_ ("%s in %s objects"), rb, rn);
  g_autofree char *unreach = g_strdup_printf (_ ("%s in %s objects"), ub, un);
  g_autofree char *total = hs_format_bytes (s->shallow_bytes);

  add_fact (store, _ ("Objects"), objects);
  add_fact (store, _ ("Classes"), classes);
  add_fact (store, _ ("GC roots"), roots);
  add_fact (store, _ ("Heap size"), total);
  add_fact (store, _ ("Reachable"), reach);
  add_fact (store, _ ("Unreachable"), unreach);
  if (a->native_total > 0)
    {
      g_autofree char *native = hs_format_bytes (a->native_total);
      add_fact (store, _ ("Native memory"), native);
    }
}

/* The sentence the Leaks view leads with: its first leak group's, else
 * its first suspect's (objects before classes), NULL when it has none. */
static const char *
first_finding (HsAnalysis *a)
{
  HsLeakReport *r = a->leaks;
  HsSuspects *s = a->suspects;

  if (r != NULL && r->application_leaks->len > 0)
    return ((HsLeakGroup *)g_ptr_array_index (r->application_leaks, 0))->description;
  if (r != NULL && r->library_leaks->len > 0)
    return ((HsLeakGroup *)g_ptr_array_index (r->library_leaks, 0))->description;
  if (s != NULL && s->objects->len > 0)
    return ((HsObjectSuspect *)g_ptr_array_index (s->objects, 0))->description;
  if (s != NULL && s->classes->len > 0)
    return ((HsClassSuspect *)g_ptr_array_index (s->classes, 0))->description;
  return NULL;
}

static void
fill_answer (HsOverviewView *self, HsAnalysis *a)
{
  const char *sentence = a->leaks != NULL ? first_finding (a) : NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->answer_button), sentence != NULL);
  if (sentence != NULL)
    {
      PangoAttrList *attrs;
      hs_label_set_sentence (self->answer_label, sentence);
      /* Bold over the sentence's attributes (no hyphens). */
      attrs = pango_attr_list_copy (gtk_label_get_attributes (self->answer_label));
      pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
      gtk_label_set_attributes (self->answer_label, attrs);
      pango_attr_list_unref (attrs);
    }
  else
    gtk_label_set_text (self->answer_label, "");
}

static void
fill_leaks (HsOverviewView *self, HsAnalysis *a)
{
  gboolean searched = a->leaks != NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->leaks_number), searched);
  gtk_widget_set_visible (GTK_WIDGET (self->leaks_detail), searched);
  gtk_widget_set_visible (GTK_WIDGET (self->leaks_button), searched);
  gtk_widget_set_visible (GTK_WIDGET (self->leaks_skipped), !searched);
  gtk_widget_set_visible (GTK_WIDGET (self->suspects_detail), searched && a->suspects != NULL);
  if (searched)
    {
      guint app = count_traces (a->leaks->application_leaks);
      guint lib = count_traces (a->leaks->library_leaks);
      guint sus = a->suspects != NULL ? a->suspects->objects->len + a->suspects->classes->len : 0;
      g_autofree char *n = hs_format_count (app + lib + sus);
      g_autofree char *app_n = hs_format_count (app);
      g_autofree char *lib_n = hs_format_count (lib);
      g_autofree char *app_text = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%s application leak", "%s application leaks", app), app_n);
      g_autofree char *lib_text = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%s library leak", "%s library leaks", lib), lib_n);
      /* Translators: the application leaks, then the library leaks. */
      g_autofree char *detail = g_strdup_printf (_ ("%s, %s"), app_text, lib_text);
      /* Never a bare zero: say what was looked for. */
      g_autofree char *suspects
          = a->suspects == NULL ? g_strdup ("")
            : sus == 0          ? g_strdup_printf (_ ("No suspects above %g%%"), a->suspects->percent)
                                : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                "%u problem suspect (%g%% of the heap or more)",
                                                                "%u problem suspects (%g%% of the heap or more)", sus),
                                                   sus, a->suspects->percent);

      gtk_label_set_text (self->leaks_number, n);
      gtk_label_set_text (self->leaks_detail, detail);
      gtk_label_set_text (self->suspects_detail, suspects);
      if (app > 0)
        gtk_widget_add_css_class (GTK_WIDGET (self->leaks_number), "error");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self->leaks_number), "error");
    }
}

static void
fill_biggest (HsOverviewView *self, HsAnalysis *a)
{
  g_autoptr (GArray) top = NULL;
  guint64 total;

  gtk_widget_set_visible (GTK_WIDGET (self->biggest_card), a->dom != NULL);
  if (a->dom == NULL)
    return;
  /* What no other object retains: ten nested objects of one chain would
   * say the same thing ten times (the dominator tree shows the nesting). */
  top = hs_query_top_level_objects_in_heap (a, 10, hs_view_get_heap (HS_VIEW (self)));
  total = hs_dom_tree_retained (a->dom, a->dom->n);
  for (guint i = 0; top != NULL && i < top->len; i++)
    {
      HsObj o = g_array_index (top, HsObj, i);
      g_autofree char *label = hs_heap_object_label (a->heap, o);
      g_autofree char *desc = hs_describe_object (a->heap, o);
      g_autofree char *retained = hs_format_bytes (hs_dom_tree_retained (a->dom, o));
      double frac = total > 0 ? (double)hs_dom_tree_retained (a->dom, o) / total : 0;
      g_autofree char *pct = g_strdup_printf ("%.1f%%", 100 * frac);
      g_autoptr (HsOverviewRow) row = hs_overview_row_new_object (o, label, desc, retained, pct, frac);

      g_list_store_append (self->biggest_rows, row);
    }
}

/* ahat's "bytes retained by heap", with each heap's objects and sizes;
 * the heap the views show in bold. */
static void
fill_heaps (HsOverviewView *self, HsAnalysis *a)
{
  guint n = 0;
  g_autofree HsHeapRow *rows = NULL;
  int shown = hs_view_get_heap (HS_VIEW (self));

  if (hs_heap_n_heaps (a->heap) > 1 && a->dom != NULL)
    rows = hs_query_heaps (a->heap, a->dom, &n, NULL, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->heaps_card), rows != NULL);
  if (rows == NULL)
    return;
  {
    g_autoptr (HsOverviewRow) titles = hs_overview_row_new_heap (
        _ ("Heap"), _ ("Objects"), _ ("Shallow Size"), _ ("Reachable"), _ ("Retained"), "dim-label");
    g_list_store_append (self->heaps_rows, titles);
  }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *objects = hs_format_count (rows[i].objects);
      g_autofree char *shallow = hs_format_bytes (rows[i].shallow);
      g_autofree char *reach = hs_format_bytes (rows[i].reachable_shallow);
      g_autofree char *retained = hs_format_bytes (rows[i].retained);
      g_autoptr (HsOverviewRow) row = hs_overview_row_new_heap (rows[i].name, objects, shallow, reach,
                                                                retained, (int)i == shown ? "heading" : NULL);
      g_list_store_append (self->heaps_rows, row);
    }
}

/* ---- the JVM card: system properties, read on a worker ------------------- */

static void
props_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  HsAnalysis *a = data;

  if (g_task_return_error_if_cancelled (task))
    return;
  hs_analysis_hold (a);
  HsSystemProps *p = hs_system_props_read (a->heap);
  hs_analysis_release (a);
  g_task_return_pointer (task, p, (GDestroyNotify)hs_system_props_free);
}

/* A value as one line: control characters as C escapes ("\\n" for the
 * line separator), so no row grows tall with an invisible value. */
static char *
one_line (const char *text)
{
  GString *s = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; p++)
    switch (*p)
      {
        case '\n': g_string_append (s, "\\n"); break;
        case '\r': g_string_append (s, "\\r"); break;
        case '\t': g_string_append (s, "\\t"); break;
        default:
          if ((guchar)*p < 0x20 || *p == 0x7f)
            g_string_append_printf (s, "\\x%02x", (guchar)*p);
          else
            g_string_append_c (s, *p);
      }
  return g_string_free (s, FALSE);
}

static void
jvm_add (HsOverviewView *self, const char *key, const char *name, const char *value)
{
  if (value == NULL || *value == '\0')
    return;
  g_autofree char *shown = one_line (value);
  g_autoptr (HsOverviewRow) row = hs_overview_row_new (name, shown, key, shown);
  g_list_store_append (self->jvm_rows, row);
}

/* The properties whose key or value contains the search text (ASCII
 * letters without case), the first PROPS_SHOWN of them. */
static void
fill_props_list (HsOverviewView *self)
{
  const char *needle = gtk_editable_get_text (GTK_EDITABLE (self->props_search));
  gsize nlen = strlen (needle);
  guint shown = 0, matched = 0;
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  if (self->props == NULL)
    {
      g_list_store_remove_all (self->props_rows);
      return;
    }
  for (guint i = 0; i < self->props->n_props; i++)
    {
      const HsSystemProp *p = &self->props->props[i];
      if (nlen > 0 && !hs_search_contains (p->key, strlen (p->key), needle, nlen)
          && !hs_search_contains (p->value, strlen (p->value), needle, nlen))
        continue;
      matched++;
      if (shown >= PROPS_SHOWN)
        continue;
      g_autofree char *key = one_line (p->key);
      g_autofree char *value = one_line (p->value);
      g_ptr_array_add (rows, hs_overview_row_new (key, value, p->key, value));
      shown++;
    }
  /* One change of the model for the whole search. */
  g_list_store_splice (self->props_rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->props_rows)),
                       rows->pdata, rows->len);
  gtk_widget_set_visible (GTK_WIDGET (self->props_more), shown < matched || matched == 0);
  if (matched == 0)
    gtk_label_set_text (self->props_more, _ ("No property matches."));
  else if (shown < matched)
    {
      g_autofree char *more
          = g_strdup_printf (_ ("The first %u of %u properties; search to find the others."), shown, matched);
      gtk_label_set_text (self->props_more, more);
    }
}

static void
on_props_search_changed (GtkSearchEntry *entry, HsOverviewView *self)
{
  fill_props_list (self);
}

static void
props_done (GObject *source, GAsyncResult *res, gpointer data)
{
  HsOverviewView *self = HS_OVERVIEW_VIEW (source);
  g_autoptr (GError) error = NULL;
  /* The view's cancellable is cancelled when it is cleared or goes: a
   * result for an older loader comes back cancelled. */
  HsSystemProps *p = g_task_propagate_pointer (G_TASK (res), &error);

  if (hs_task_failed (GTK_WIDGET (self), error, _ ("Could not read the system properties")))
    return;
  g_clear_pointer (&self->props, hs_system_props_free);
  self->props = p;
  gtk_widget_set_visible (GTK_WIDGET (self->jvm_card), p->n_props > 0 || p->n_jvm_args > 0);
  jvm_add (self, "java.version", _ ("Java version"), hs_system_props_get (p, "java.version"));
  jvm_add (self, "java.vm.name", _ ("Virtual machine"), hs_system_props_get (p, "java.vm.name"));
  jvm_add (self, "os.name", _ ("Operating system"), hs_system_props_get (p, "os.name"));
  jvm_add (self, "os.arch", _ ("Architecture"), hs_system_props_get (p, "os.arch"));
  jvm_add (self, "user.dir", _ ("Working folder"), hs_system_props_get (p, "user.dir"));
  jvm_add (self, "sun.java.command", _ ("Command"), hs_system_props_get (p, "sun.java.command"));
  if (p->n_jvm_args > 0)
    {
      g_autofree char *args = g_strjoinv (" ", p->jvm_args);
      jvm_add (self, "jvm-arguments", _ ("JVM arguments"), args);
    }
  {
    g_autofree char *title = g_strdup_printf (_ ("System Properties (%u)"), p->n_props);
    gtk_expander_set_label (self->props_expander, title);
  }
  gtk_widget_set_visible (GTK_WIDGET (self->props_expander), p->n_props > 0);
  fill_props_list (self);
}

static void
fill_jvm (HsOverviewView *self, HsLoader *loader)
{
  HsAnalysis *a = hs_loader_get_analysis (loader);
  g_autoptr (GTask) task = g_task_new (self, hs_view_get_cancellable (HS_VIEW (self)), props_done, NULL);

  g_task_set_task_data (task, a, NULL);
  /* The loader must outlive the worker's use of its analysis. */
  g_object_set_data_full (G_OBJECT (task), "hs-loader", g_object_ref (loader), g_object_unref);
  g_task_run_in_thread (task, props_thread);
}

static void
hs_overview_view_fill (HsView *view, HsLoader *loader)
{
  HsOverviewView *self = HS_OVERVIEW_VIEW (view);
  HsAnalysis *a = hs_loader_get_analysis (loader);
  HsHeap *heap = a->heap;
  g_autofree char *size = hs_format_bytes (hs_heap_file_size (heap));
  g_autofree char *kind = g_strdup_printf (_ ("%s · %s heap dump"), size,
                                           hs_heap_is_android (heap) ? _ ("Android") : _ ("Java"));

  gtk_label_set_text (self->file_label, hs_loader_get_file_name (loader));
  gtk_label_set_text (self->kind_label, kind);
  gtk_label_set_text (self->warning_label, hs_heap_warning (heap));
  gtk_widget_set_visible (GTK_WIDGET (self->warning_label), hs_heap_warning (heap) != NULL);
  fill_dump (self, heap, size);
  fill_memory (self, a);
  fill_leaks (self, a);
  fill_answer (self, a);
  fill_heaps (self, a);
  fill_biggest (self, a);
  fill_jvm (self, loader);
}

static void
hs_overview_view_clear (HsView *view)
{
  HsOverviewView *self = HS_OVERVIEW_VIEW (view);

  g_list_store_remove_all (self->dump_rows);
  g_list_store_remove_all (self->memory_rows);
  g_list_store_remove_all (self->biggest_rows);
  g_list_store_remove_all (self->heaps_rows);
  g_list_store_remove_all (self->jvm_rows);
  g_clear_pointer (&self->props, hs_system_props_free);
  g_list_store_remove_all (self->props_rows);
  gtk_widget_set_visible (GTK_WIDGET (self->jvm_card), FALSE);
}

static void
hs_overview_view_dispose (GObject *object)
{
  HsOverviewView *self = HS_OVERVIEW_VIEW (object);

  g_clear_pointer (&self->props, hs_system_props_free);
  gtk_widget_dispose_template (GTK_WIDGET (object), HS_TYPE_OVERVIEW_VIEW);
  g_clear_object (&self->dump_rows);
  g_clear_object (&self->memory_rows);
  g_clear_object (&self->jvm_rows);
  g_clear_object (&self->props_rows);
  g_clear_object (&self->biggest_rows);
  g_clear_object (&self->heaps_rows);
  g_clear_object (&self->dump_names);
  g_clear_object (&self->memory_names);
  g_clear_object (&self->jvm_names);
  for (guint i = 0; i < G_N_ELEMENTS (self->biggest_cols); i++)
    g_clear_object (&self->biggest_cols[i]);
  for (guint i = 0; i < G_N_ELEMENTS (self->heaps_cols); i++)
    g_clear_object (&self->heaps_cols[i]);
  G_OBJECT_CLASS (hs_overview_view_parent_class)->dispose (object);
}

static void
hs_overview_view_class_init (HsOverviewViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  HsViewClass *view_class = HS_VIEW_CLASS (klass);

  object_class->dispose = hs_overview_view_dispose;
  view_class->fill = hs_overview_view_fill;
  view_class->clear = hs_overview_view_clear;
  hs_view_class_set_page (view_class, "overview", _ ("Overview"), NULL, TRUE, "overview filled");
  hs_view_class_set_uses_heap (view_class);

  g_type_ensure (HS_TYPE_OVERVIEW_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/heapscope/Heapscope/ui/hs-overview-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, file_label);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, kind_label);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, warning_label);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, dump_list);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, memory_list);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, leaks_number);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, leaks_detail);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, suspects_detail);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, answer_button);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, answer_label);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, leaks_button);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, leaks_skipped);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, biggest_card);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, biggest_list);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, heaps_card);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, heaps_list);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, jvm_card);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, jvm_list);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, props_expander);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, props_search);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, props_list);
  gtk_widget_class_bind_template_child (widget_class, HsOverviewView, props_more);
  gtk_widget_class_bind_template_callback (widget_class, on_props_search_changed);
}

static void
hs_overview_view_init (HsOverviewView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->dump_names = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->memory_names = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->jvm_names = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  for (guint i = 0; i < G_N_ELEMENTS (self->biggest_cols); i++)
    self->biggest_cols[i] = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  for (guint i = 0; i < G_N_ELEMENTS (self->heaps_cols); i++)
    self->heaps_cols[i] = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->dump_rows = g_list_store_new (HS_TYPE_OVERVIEW_ROW);
  self->memory_rows = g_list_store_new (HS_TYPE_OVERVIEW_ROW);
  self->jvm_rows = g_list_store_new (HS_TYPE_OVERVIEW_ROW);
  self->props_rows = g_list_store_new (HS_TYPE_OVERVIEW_ROW);
  self->biggest_rows = g_list_store_new (HS_TYPE_OVERVIEW_ROW);
  self->heaps_rows = g_list_store_new (HS_TYPE_OVERVIEW_ROW);
  gtk_list_box_bind_model (self->dump_list, G_LIST_MODEL (self->dump_rows), create_dump_row, self, NULL);
  gtk_list_box_bind_model (self->memory_list, G_LIST_MODEL (self->memory_rows), create_memory_row, self,
                           NULL);
  gtk_list_box_bind_model (self->jvm_list, G_LIST_MODEL (self->jvm_rows), create_jvm_row, self, NULL);
  gtk_list_box_bind_model (self->props_list, G_LIST_MODEL (self->props_rows), create_prop_row, self, NULL);
  gtk_list_box_bind_model (self->biggest_list, G_LIST_MODEL (self->biggest_rows), create_object_row, self,
                           NULL);
  gtk_list_box_bind_model (self->heaps_list, G_LIST_MODEL (self->heaps_rows), create_heap_row, self, NULL);
}

guint
hs_overview_view_get_n_heap_rows (HsOverviewView *self)
{
  guint n;

  g_return_val_if_fail (HS_IS_OVERVIEW_VIEW (self), 0);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->heaps_rows));
  return n > 0 ? n - 1 : 0; /* not the titles */
}

guint
hs_overview_view_get_n_biggest (HsOverviewView *self)
{
  g_return_val_if_fail (HS_IS_OVERVIEW_VIEW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->biggest_rows));
}

const char *
hs_overview_view_get_leaks_number (HsOverviewView *self)
{
  g_return_val_if_fail (HS_IS_OVERVIEW_VIEW (self), NULL);
  return gtk_label_get_text (self->leaks_number);
}

const char *
hs_overview_view_get_suspects_text (HsOverviewView *self)
{
  g_return_val_if_fail (HS_IS_OVERVIEW_VIEW (self), NULL);
  return gtk_label_get_text (self->suspects_detail);
}

const char *
hs_overview_view_get_jvm_value (HsOverviewView *self, const char *key)
{
  g_return_val_if_fail (HS_IS_OVERVIEW_VIEW (self), NULL);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->jvm_rows)); i++)
    {
      g_autoptr (HsOverviewRow) row = g_list_model_get_item (G_LIST_MODEL (self->jvm_rows), i);
      if (g_strcmp0 (hs_overview_row_get_key (row), key) == 0)
        return hs_overview_row_get_value (row); /* the store holds the row */
    }
  return NULL;
}

gboolean
hs_overview_view_props_ready (HsOverviewView *self)
{
  g_return_val_if_fail (HS_IS_OVERVIEW_VIEW (self), FALSE);
  return self->props != NULL;
}

guint
hs_overview_view_get_n_props_rows (HsOverviewView *self)
{
  g_return_val_if_fail (HS_IS_OVERVIEW_VIEW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->props_rows));
}

GtkExpander *
hs_overview_view_get_props_expander (HsOverviewView *self)
{
  g_return_val_if_fail (HS_IS_OVERVIEW_VIEW (self), NULL);
  return self->props_expander;
}

GtkSearchEntry *
hs_overview_view_get_props_search (HsOverviewView *self)
{
  g_return_val_if_fail (HS_IS_OVERVIEW_VIEW (self), NULL);
  return self->props_search;
}

GtkButton *
hs_overview_view_get_answer_button (HsOverviewView *self)
{
  g_return_val_if_fail (HS_IS_OVERVIEW_VIEW (self), NULL);
  return self->answer_button;
}
