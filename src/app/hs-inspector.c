/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-inspector.c: the object inspector. Its layout is the template
 * ui/hs-inspector.ui: the header, the sizes and GC root (rows shown when
 * they apply), and three lists (the fields, the path to a GC root, the
 * referrers) of HsInspectorRow that the row template ui/hs-inspector-row.ui
 * shows. For each object shown this file sets the values and fills the
 * lists. Referrers and the path to a GC root need the referrer index
 * (built on first use, which can take a while on a big dump), so they are
 * computed on a worker thread. */
#include "config.h"
#include "hs-inspector.h"
#include "hs-inspector-link.h"
#include "hs-inspector-row.h"
#include "hs-heap-mapping.h"
#include "hs-object-menu.h"
#include "hs-bitmap-widget.h"
#include "hs-format.h"
#include "hs-leaks.h"
#include "hs-query.h"
#include "hs-threads.h"
#include "hs-ui-util-private.h"
#include "hs-timing.h"

#include <glib/gi18n.h>
#include <string.h>

#define MAX_FIELDS 500
#define MAX_REFERRERS 200
#define MAX_VISITS 2000000

struct _HsInspector
{
  GtkWidget parent_instance;

  /* Template children. */
  GtkBox *box;
  GtkButton *back_button;
  GtkMenuButton *copy_button;
  GtkLabel *title;
  GtkLabel *subtitle;
  GtkBox *body;
  GtkWidget *shallow_row, *obfuscated_row, *retained_row, *count_row, *dominator_row, *reachable_row;
  GtkWidget *native_row, *value_row, *bitmap_row, *picture_row, *root_row, *thread_row;
  GtkLabel *shallow_value, *obfuscated_value, *retained_value, *count_value, *native_value, *value_value;
  GtkLabel *bitmap_value, *root_value;
  GtkLabel *dominator_root;
  HsInspectorLink *dominator_link;
  GtkLabel *dominator_text;
  GtkBox *picture_slot;
  GtkLabel *thread_name;
  GtkButton *thread_button;
  GtkLabel *thread_text;
  GtkLabel *fields_title;
  GtkListBox *fields_list;
  GtkListBox *paths_list;
  GtkListBox *referrers_list;
  GtkButton *outgoing_button;
  GtkButton *referrers_button;

  /* What the three lists show, and the closures of their rows' template. */
  GListStore *fields_store;
  GListStore *paths_store;
  GListStore *referrers_store;
  GtkBuilderScope *row_scope;

  HsLoader *loader;
  HsObj obj;
  GArray *root_path;
  HsObj root_thread; /* the thread the path starts at (a local's), or NONE */
  char *root_text;   /* the shown object's GC root, for people, or NULL */
  guint serial;
  gboolean busy;
  GCancellable *cancellable; /* the path search's, for the object shown */
};

G_DEFINE_FINAL_TYPE (HsInspector, hs_inspector, GTK_TYPE_WIDGET)

static HsAnalysis *
get_analysis (HsInspector *self)
{
  return self->loader != NULL ? hs_loader_get_analysis (self->loader) : NULL;
}

/* What a link to obj says: a string its text, else its label and what
 * it holds; its tooltip the whole of both. */
static void
object_text (HsHeap *heap, HsObj obj, char **text, char **tip)
{
  g_autofree char *label = hs_heap_object_label (heap, obj);
  g_autofree char *desc = hs_describe_object (heap, obj);
  const char *cls = hs_heap_object_class_name (heap, obj);

  if (desc != NULL && g_strcmp0 (cls, "java.lang.String") == 0)
    *text = g_strdup (desc);
  else if (desc != NULL)
    *text = g_strdup_printf ("%s  %s", label, desc);
  else
    *text = g_strdup (label);
  *tip = desc != NULL ? g_strdup_printf ("%s\n%s", label, desc) : g_strdup (label);
}

/* A row linking to obj: a "link" across the row after prefix, or a
 * "pair" named name. */
static HsInspectorRow *
object_row (HsHeap *heap, const char *kind, const char *name, HsObj obj, const char *prefix)
{
  g_autofree char *text = NULL, *tip = NULL;

  object_text (heap, obj, &text, &tip);
  return hs_inspector_row_new_link (kind, name, obj, text, tip, prefix);
}

static void
append_row (GListStore *store, HsInspectorRow *row)
{
  g_list_store_append (store, row);
  g_object_unref (row);
}

static void
add_pair (GListStore *store, const char *name, const char *value)
{
  append_row (store, hs_inspector_row_new ("pair", name, value));
}

/* A fixed row of the size section, shown with its value (the whole of it
 * in its tooltip, for a value too long for the pane is shortened). */
static void
show_pair (GtkWidget *row, GtkLabel *label, const char *value)
{
  gtk_label_set_text (label, value);
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), value != NULL && *value != '\0' ? value : NULL);
  gtk_widget_set_visible (row, TRUE);
}

static char *
format_value (const HsFieldValue *f)
{
  switch (f->type)
    {
      case HS_TYPE_BOOLEAN: return g_strdup (f->value.z ? "true" : "false");
      case HS_TYPE_CHAR:
        {
          char buf[8] = { 0 };
          if (f->value.c >= 32 && g_unichar_validate (f->value.c))
            {
              g_unichar_to_utf8 (f->value.c, buf);
              return g_strdup_printf ("'%s'", buf);
            }
          return g_strdup_printf ("\\u%04x", f->value.c);
        }
      case HS_TYPE_FLOAT: return g_strdup_printf ("%g", f->value.f);
      case HS_TYPE_DOUBLE: return g_strdup_printf ("%g", f->value.d);
      case HS_TYPE_BYTE: return g_strdup_printf ("%d", f->value.b);
      case HS_TYPE_SHORT: return g_strdup_printf ("%d", f->value.s);
      case HS_TYPE_INT: return g_strdup_printf ("%d", f->value.i);
      case HS_TYPE_LONG: return g_strdup_printf ("%" G_GINT64_FORMAT, f->value.j);
      case HS_TYPE_OBJECT:
      default: return g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", f->value.id);
    }
}

#define HEX_BYTES 64

/* A byte[] that is not text (a control character, or not UTF-8): its
 * first HEX_BYTES bytes in hex, as MAT and Android Studio show binary
 * data. NULL for text, other arrays, or no data in the dump. */
static char *
byte_array_hex (HsHeap *heap, HsObj o)
{
  const guint8 *data;
  guint32 len;
  gboolean text;
  GString *s;

  if (hs_heap_array_elem_type (heap, o) != HS_TYPE_BYTE || (data = hs_heap_prim_array_data (heap, o)) == NULL)
    return NULL;
  len = hs_heap_array_length (heap, o);
  text = g_utf8_validate ((const char *)data, len, NULL);
  for (guint32 i = 0; i < len && text; i++)
    if (data[i] < 0x20 && data[i] != '\t' && data[i] != '\n' && data[i] != '\r')
      text = FALSE;
  if (text)
    return NULL;
  s = g_string_new (NULL);
  for (guint32 i = 0; i < len && i < HEX_BYTES; i++)
    g_string_append_printf (s, i == 0 ? "%02x" : i % 8 == 0 ? "  %02x" : " %02x", data[i]);
  if (len > HEX_BYTES)
    g_string_append (s, " …");
  return g_string_free (s, FALSE);
}

static void
add_fields (HsInspector *self, HsAnalysis *a)
{
  HsHeap *heap = a->heap;
  HsKind kind = hs_heap_object_kind (heap, self->obj);
  GListStore *list = self->fields_store;

  if (kind == HS_KIND_OBJ_ARRAY)
    {
      guint32 len = hs_heap_array_length (heap, self->obj);
      g_autofree char *n = hs_format_count (len);
      g_autofree char *title = g_strdup_printf (_ ("Elements (%s)"), n);
      gtk_label_set_text (self->fields_title, title);
      for (guint32 i = 0; i < len && i < MAX_FIELDS; i++)
        {
          guint64 id = hs_heap_obj_array_get (heap, self->obj, i);
          HsObj t = id != 0 ? hs_heap_find (heap, id) : HS_OBJ_NONE;
          g_autofree char *name = g_strdup_printf ("[%u]", i);
          if (t != HS_OBJ_NONE)
            append_row (list, object_row (heap, "pair", name, t, NULL));
          else
            add_pair (list, name, id == 0 ? "null" : _ ("(missing)"));
        }
      return;
    }
  if (kind == HS_KIND_PRIM_ARRAY)
    {
      g_autofree char *hex = byte_array_hex (heap, self->obj);
      g_autofree char *text = hex == NULL ? hs_heap_read_string (heap, self->obj, 2000) : NULL;
      gtk_label_set_text (self->fields_title, _ ("Contents"));
      if (hex != NULL)
        append_row (list, hs_inspector_row_new ("hex", _ ("As hex"), hex));
      else if (text != NULL)
        {
          g_autofree char *quoted = g_strdup_printf ("\"%s\"", text);
          add_pair (list, _ ("As text"), quoted);
        }
      {
        g_autofree char *len = hs_format_count (hs_heap_array_length (heap, self->obj));
        add_pair (list, _ ("Length"), len);
      }
      return;
    }

  {
    g_autoptr (GArray) fields = hs_heap_object_fields (heap, self->obj);
    gtk_label_set_text (self->fields_title, kind == HS_KIND_CLASS ? _ ("Static fields") : _ ("Fields"));
    if (fields == NULL || fields->len == 0)
      {
        add_pair (list, _ ("No fields"), "");
        return;
      }
    for (guint i = 0; i < fields->len && i < MAX_FIELDS; i++)
      {
        const HsFieldValue *f = &g_array_index (fields, HsFieldValue, i);
        const char *obf
            = f->name != NULL ? hs_heap_field_obfuscated_name (heap, f->declared_in, f->name) : NULL;
        /* Renamed by a mapping: the dump's own name beside the real one. */
        g_autofree char *shown = obf != NULL ? g_strdup_printf ("%s (%s)", f->name, obf) : NULL;
        const char *name = shown != NULL ? shown : f->name != NULL ? f->name : "?";
        if (f->type == HS_TYPE_OBJECT)
          {
            HsObj t = f->value.id != 0 ? hs_heap_find (heap, f->value.id) : HS_OBJ_NONE;
            if (t != HS_OBJ_NONE)
              append_row (list, object_row (heap, "pair", name, t, NULL));
            else
              add_pair (list, name, f->value.id == 0 ? "null" : _ ("(missing)"));
          }
        else
          {
            g_autofree char *v = format_value (f);
            add_pair (list, name, v);
          }
      }
  }
}

typedef struct
{
  HsLoader *loader;
  HsObj obj;
  guint serial;
  GArray *path;
  GArray *referrers;
  gsize n_referrers;
} PathJob;

static void
path_job_free (PathJob *job)
{
  g_clear_object (&job->loader);
  g_clear_pointer (&job->path, g_array_unref);
  g_clear_pointer (&job->referrers, g_array_unref);
  g_free (job);
}

static void
path_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  PathJob *job = data;
  if (g_task_return_error_if_cancelled (task))
    return; /* another object, another dump, or the tab closed */
  HsHeap *heap = hs_loader_get_analysis (job->loader)->heap;
  const HsObj *refs;
  gsize n = 0;

  refs = hs_heap_referrers (heap, job->obj, &n);
  job->n_referrers = n;
  job->referrers = g_array_new (FALSE, FALSE, sizeof (HsObj));
  g_array_append_vals (job->referrers, refs, MIN (n, MAX_REFERRERS));
  job->path = hs_query_root_path (heap, job->obj, MAX_VISITS);
  g_task_return_boolean (task, TRUE);
}

static void
path_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsInspector *self = HS_INSPECTOR (source);
  PathJob *job = g_task_get_task_data (G_TASK (result));
  HsAnalysis *a = get_analysis (self);

  gint64 start = g_get_monotonic_time (), cpu = hs_timing_thread_cpu ();

  if (job->serial != self->serial || a == NULL || job->loader != self->loader)
    return;
  self->busy = FALSE;
  g_clear_pointer (&self->root_path, g_array_unref);
  self->root_path = g_steal_pointer (&job->path);
  self->root_thread = HS_OBJ_NONE;
  if (self->root_path != NULL && self->root_path->len > 0)
    {
      g_autoptr (GArray) roots = hs_heap_roots_of (a->heap, g_array_index (self->root_path, HsObj, 0));
      for (guint i = 0; roots != NULL && i < roots->len && self->root_thread == HS_OBJ_NONE; i++)
        {
          const HsRoot *r = hs_heap_root (a->heap, g_array_index (roots, gsize, i));
          if ((r->type == HS_ROOT_JAVA_FRAME || r->type == HS_ROOT_JNI_LOCAL) && r->thread_obj != HS_OBJ_NONE
              && r->thread_obj != g_array_index (self->root_path, HsObj, 0))
            self->root_thread = r->thread_obj;
        }
    }

  g_list_store_remove_all (self->paths_store);
  if (self->root_path == NULL)
    add_pair (self->paths_store, _ ("No path to a GC root"), _ ("unreachable or too far"));
  else
    for (guint i = 0; i < self->root_path->len; i++)
      {
        HsObj o = g_array_index (self->root_path, HsObj, i);
        guint n = self->root_path->len;
        HsInspectorRow *row;
        /* A path of 100,000 objects is 100,000 rows: past
         * HS_LEAK_TRACE_MAX_NODES, the first and last objects as leak
         * traces keep them, and one line for the rest. */
        if (n > HS_LEAK_TRACE_MAX_NODES && i == HS_LEAK_TRACE_HEAD)
          {
            guint gap = n - HS_LEAK_TRACE_HEAD - HS_LEAK_TRACE_TAIL;
            g_autofree char *count = hs_format_count (gap);
            g_autofree char *text = g_strdup_printf (
                g_dngettext (GETTEXT_PACKAGE, "… %s more reference", "… %s more references", gap), count);
            append_row (self->paths_store, hs_inspector_row_new ("note", text, NULL));
            i += gap - 1;
            continue;
          }
        const char *prefix = i == 0 && self->root_thread == HS_OBJ_NONE ? "⬤ " : "↳ ";
        if (i == 0)
          {
            g_autoptr (GArray) roots = hs_heap_roots_of (a->heap, o);
            const HsRoot *r = roots != NULL && roots->len > 0
                                  ? hs_heap_root (a->heap, g_array_index (roots, gsize, 0))
                                  : NULL;
            g_autofree char *root = r != NULL ? hs_heap_root_text (a->heap, r) : NULL;
            g_autofree char *tip = root != NULL ? g_strdup_printf (_ ("GC root: %s"), root) : NULL;
            g_autofree char *text = NULL, *name = NULL, *both = NULL;
            /* A local starts at its thread, and says in which frame. */
            if (self->root_thread != HS_OBJ_NONE)
              {
                g_autofree char *ttext = NULL, *ttip = NULL;
                object_text (a->heap, self->root_thread, &ttext, &ttip);
                append_row (self->paths_store,
                            hs_inspector_row_new_link ("link", NULL, self->root_thread, ttext, tip, "⬤ "));
              }
            /* The whole name (a shortened link's tooltip), then the root. */
            object_text (a->heap, o, &text, &name);
            both = tip != NULL ? g_strdup_printf ("%s\n%s", name, tip) : g_strdup (name);
            row = hs_inspector_row_new_link ("link", NULL, o, text, both, prefix);
          }
        else
          row = object_row (a->heap, "link", NULL, o, prefix);
        if (o == self->obj)
          hs_inspector_row_set_sensitive (row, FALSE);
        append_row (self->paths_store, row);
      }

  hs_timing_span_cpu (start, cpu, "root path shown (%u objects)",
                      self->root_path != NULL ? self->root_path->len : 0);

  g_list_store_remove_all (self->referrers_store);
  if (job->n_referrers == 0)
    add_pair (self->referrers_store, _ ("No referrers"), "");
  for (guint i = 0; i < job->referrers->len; i++)
    append_row (self->referrers_store,
                object_row (a->heap, "link", NULL, g_array_index (job->referrers, HsObj, i), NULL));
  if (job->n_referrers > job->referrers->len)
    {
      g_autofree char *count = hs_format_count (job->n_referrers - job->referrers->len);
      g_autofree char *more = g_strdup_printf (_ ("and %s more"), count);
      add_pair (self->referrers_store, more, "");
    }
}

/* A thread object's stack, after its fields: its frames with
 * their locals, each a link. Only thread objects of dumps with stacks. */
static void
add_thread_stack (HsInspector *self, HsAnalysis *a)
{
  if (!hs_heap_has_stacks (a->heap)
      || !hs_class_is_subclass_of (a->heap, hs_heap_object_class (a->heap, self->obj), "java.lang.Thread"))
    return;
  g_autoptr (HsThreads) ts = hs_threads_read (a->heap, a->dom);
  const HsThread *t = hs_threads_find_object (ts, self->obj);
  if (t == NULL)
    return;
  GListStore *list = self->fields_store;
  append_row (list, hs_inspector_row_new ("heading", _ ("Stack"), NULL));
  if (t->n_frames == 0)
    add_pair (list, _ ("No frames and no locals"), "");
  for (guint k = 0; k < t->n_frames; k++)
    {
      g_autofree char *text = NULL, *line = NULL;

      text = hs_thread_frame_text (&t->frames[k]);
      line = g_strdup_printf ("at %s", text);
      append_row (list, hs_inspector_row_new ("frame", line, NULL));
      for (guint j = 0; j < t->frames[k].n_locals; j++)
        if (t->frames[k].locals[j].obj != HS_OBJ_NONE)
          append_row (list, object_row (a->heap, "link", NULL, t->frames[k].locals[j].obj, _ ("    local ")));
    }
}

/* A root held by a thread (a local of one of its frames, its object, a
 * block or a native stack): the thread by name, and the frame when the
 * dump gives it, as a link to the Threads view ("win.show-thread"). */
static void
add_root_thread (HsInspector *self, HsHeap *heap, const HsRoot *r)
{
  g_autofree char *name = NULL, *frame = NULL, *text = NULL, *shown = NULL, *tip = NULL;
  gboolean local = r->type == HS_ROOT_JAVA_FRAME || r->type == HS_ROOT_JNI_LOCAL;

  if (r->thread_obj == HS_OBJ_NONE)
    return;
  name = hs_heap_thread_name (heap, r->thread_serial);
  if (name == NULL)
    name = hs_heap_object_label (heap, r->thread_obj);
  if (local)
    frame = hs_heap_root_frame_text (heap, r->thread_serial, r->frame);
  /* Translators: a thread's name and one of its stack frames */
  text = frame != NULL ? g_strdup_printf (_ ("%s at %s"), name, frame) : g_strdup (name);
  shown = hs_name_breakable (text);
  gtk_label_set_text (self->thread_text, shown);
  tip = g_strdup_printf (_ ("%s\nShow this thread in the Threads view"), text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->thread_button), tip);
  gtk_label_set_text (self->thread_name, local ? _ ("Local of") : _ ("Thread"));
  /* The target first: the action takes a "u". */
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (self->thread_button),
                                          g_variant_new_uint32 (r->thread_obj));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->thread_button), "win.show-thread");
  gtk_widget_set_visible (self->thread_row, TRUE);
}

/* Every row of the size section hidden, every list empty. */
static void
clear (HsInspector *self)
{
  GtkWidget *rows[] = { self->shallow_row,   self->obfuscated_row, self->retained_row, self->count_row,
                        self->dominator_row, self->reachable_row,  self->native_row,   self->value_row,
                        self->bitmap_row,    self->picture_row,    self->root_row,     self->thread_row };
  GtkWidget *picture;

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    gtk_widget_set_visible (rows[i], FALSE);
  while ((picture = gtk_widget_get_first_child (GTK_WIDGET (self->picture_slot))) != NULL)
    gtk_box_remove (self->picture_slot, picture);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->thread_button), NULL);
  g_list_store_remove_all (self->fields_store);
  g_list_store_remove_all (self->paths_store);
  g_list_store_remove_all (self->referrers_store);
}

static void
rebuild (HsInspector *self)
{
  HsAnalysis *a = get_analysis (self);
  HsHeap *heap;
  g_autofree char *id = NULL;

  clear (self);
  gtk_widget_set_visible (GTK_WIDGET (self->copy_button), a != NULL && self->obj != HS_OBJ_NONE);
  if (a == NULL || self->obj == HS_OBJ_NONE || self->obj >= hs_heap_n_objects (a->heap))
    {
      gtk_label_set_text (self->title, _ ("No object selected"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->title), NULL);
      gtk_label_set_text (self->subtitle, "");
      gtk_widget_set_visible (GTK_WIDGET (self->body), FALSE);
      return;
    }
  heap = a->heap;
  gtk_widget_set_visible (GTK_WIDGET (self->body), TRUE);
  {
    g_autoptr (GMenuModel) menu = hs_object_menu_model (self->obj);
    gtk_menu_button_set_menu_model (self->copy_button, menu);
  }
  /* The References view on this object: all its references, every
   * referrer (the section lists the first MAX_REFERRERS). */
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (self->outgoing_button),
                                          g_variant_new_uint32 (self->obj));
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (self->referrers_button),
                                          g_variant_new_uint32 (self->obj));

  {
    const char *cls = hs_heap_object_class_name (heap, self->obj);
    g_autofree char *shown = hs_name_breakable (cls != NULL ? cls : "?");
    gtk_label_set_text (self->title, shown);
    /* A dump's class name may be 1 MiB: its start, as the title shows. */
    if (cls != NULL && strlen (cls) > 2000)
      {
        g_autofree char *start = g_utf8_make_valid (cls, 2000);
        g_autofree char *tip = g_strdup_printf ("%s…", start);
        gtk_widget_set_tooltip_text (GTK_WIDGET (self->title), tip);
      }
    else
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->title), cls);
  }
  id = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", hs_heap_object_id (heap, self->obj));
  gtk_label_set_text (self->subtitle, id);

  {
    g_autofree char *shallow = hs_format_bytes (hs_heap_object_shallow (heap, self->obj));
    show_pair (self->shallow_row, self->shallow_value, shallow);
  }
  {
    HsKind k = hs_heap_object_kind (heap, self->obj);
    const char *obf
        = hs_class_obfuscated_name (heap, k == HS_KIND_CLASS ? hs_heap_object_as_class (heap, self->obj)
                                                             : hs_heap_object_class (heap, self->obj));
    if (obf != NULL)
      show_pair (self->obfuscated_row, self->obfuscated_value, obf);
  }
  if (a->dom != NULL && hs_heap_object_reachable (heap, self->obj))
    {
      g_autofree char *retained = hs_format_bytes (hs_dom_tree_retained (a->dom, self->obj));
      g_autofree char *count = hs_format_count (hs_dom_tree_retained_count (a->dom, self->obj));
      HsObj dom = a->dom->idom[self->obj];
      gboolean linked = dom != HS_OBJ_NONE && (guint64)dom < a->dom->n;
      show_pair (self->retained_row, self->retained_value, retained);
      show_pair (self->count_row, self->count_value, count);
      gtk_widget_set_visible (GTK_WIDGET (self->dominator_root), !linked);
      gtk_widget_set_visible (GTK_WIDGET (self->dominator_link), linked);
      if (linked)
        {
          g_autofree char *text = NULL, *tip = NULL, *shown = NULL;
          object_text (heap, dom, &text, &tip);
          shown = hs_name_breakable (text);
          gtk_label_set_text (self->dominator_text, shown);
          gtk_widget_set_tooltip_text (GTK_WIDGET (self->dominator_link), tip);
          hs_inspector_link_set_obj (self->dominator_link, dom);
        }
      gtk_widget_set_visible (self->dominator_row, TRUE);
    }
  else
    gtk_widget_set_visible (self->reachable_row, TRUE);
  if (hs_analysis_native_size (a, self->obj) > 0)
    {
      g_autofree char *native = hs_format_bytes (hs_analysis_native_size (a, self->obj));
      show_pair (self->native_row, self->native_value, native);
    }
  {
    g_autofree char *desc = hs_describe_object (heap, self->obj);
    if (desc != NULL)
      show_pair (self->value_row, self->value_value, desc);
  }
  /* An android.graphics.Bitmap is drawn (hs-bitmap-widget.c). */
  {
    HsWasteBitmap bm;
    if (hs_waste_bitmap_read (a, self->obj, &bm))
      {
        g_autofree char *problem = NULL;
        g_autofree char *size = g_strdup_printf ("%" G_GINT64_FORMAT " × %" G_GINT64_FORMAT " · %s", bm.width,
                                                 bm.height, bm.config);
        cairo_surface_t *surface = hs_bitmap_surface_new (heap, &bm, 256, &problem);
        show_pair (self->bitmap_row, self->bitmap_value, size);
        gtk_box_append (self->picture_slot, hs_bitmap_widget_new (surface, problem, 160));
        gtk_widget_set_visible (self->picture_row, TRUE);
        g_free (bm.problem);
      }
  }
  g_clear_pointer (&self->root_text, g_free);
  {
    g_autoptr (GArray) roots = hs_heap_roots_of (heap, self->obj);
    if (roots != NULL && roots->len > 0)
      {
        const HsRoot *r = hs_heap_root (heap, g_array_index (roots, gsize, 0));
        self->root_text = hs_heap_root_text (heap, r);
        show_pair (self->root_row, self->root_value, self->root_text);
        add_root_thread (self, heap, r);
      }
  }

  add_fields (self, a);
  add_thread_stack (self, a);

  add_pair (self->paths_store, _ ("Searching…"), "");
  add_pair (self->referrers_store, _ ("Searching…"), "");

  {
    if (self->cancellable != NULL)
      g_cancellable_cancel (self->cancellable);
    g_clear_object (&self->cancellable);
    self->cancellable = g_cancellable_new ();
    g_autoptr (GTask) task = g_task_new (self, self->cancellable, path_done, NULL);
    PathJob *job = g_new0 (PathJob, 1);
    job->loader = g_object_ref (self->loader);
    job->obj = self->obj;
    job->serial = ++self->serial;
    g_clear_pointer (&self->root_path, g_array_unref);
    self->root_thread = HS_OBJ_NONE;
    self->busy = TRUE;
    g_task_set_task_data (task, job, (GDestroyNotify)path_job_free);
    g_task_run_in_thread (task, path_thread);
  }
}

/* Following a field, a referrer or a path step (an HsInspectorLink) is a
 * jump of the window's history: through "win.inspect" (the Back button is
 * "win.back"). Without the window (a lone inspector), the object is shown
 * here. */
static void
follow_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsInspector *self = HS_INSPECTOR (widget);
  HsObj obj = g_variant_get_uint32 (param);

  if (!gtk_widget_activate_action (widget, "win.inspect", "u", (guint32)obj))
    hs_inspector_show (self, obj);
}

/* The row template's closures (ui/hs-inspector-row.ui). */
static gboolean
kind_is (gpointer item, const char *kind, const char *want)
{
  return g_strcmp0 (kind, want) == 0;
}

static gboolean
invert (gpointer item, gboolean value)
{
  return !value;
}

static gboolean
has_text (gpointer item, const char *text)
{
  return text != NULL && *text != '\0';
}

/* A list's row: the row template bound to item. A GtkListBox, not a
 * GtkListView: GTK 4.8's list view, unless it is itself what scrolls,
 * makes the widgets of its first 200 or so rows only, and gives a row
 * whose label wraps the height of one line; the pane scrolls these lists
 * with the sections around them, and a link wraps up to three lines. */
static GtkWidget *
create_row (gpointer item, gpointer data)
{
  HsInspector *self = HS_INSPECTOR (data);
  g_autoptr (GtkBuilder) builder = gtk_builder_new ();
  g_autoptr (GError) error = NULL;

  gtk_builder_set_scope (builder, self->row_scope);
  gtk_builder_set_current_object (builder, G_OBJECT (item));
  if (!gtk_builder_add_from_resource (builder, "/org/heapscope/Heapscope/ui/hs-inspector-row.ui", &error))
    g_error ("the inspector's row template: %s", error->message);
  return g_object_ref (GTK_WIDGET (gtk_builder_get_object (builder, "row")));
}

static void
bind_list (HsInspector *self, GtkListBox *list, GListStore **store)
{
  *store = g_list_store_new (HS_TYPE_INSPECTOR_ROW);
  gtk_list_box_bind_model (list, G_LIST_MODEL (*store), create_row, self, NULL);
}

static HsObj
header_object (GtkWidget *widget, double x, double y, gpointer data)
{
  return HS_INSPECTOR (data)->obj;
}

static void
on_close (GtkButton *button, HsInspector *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

static void
hs_inspector_dispose (GObject *object)
{
  HsInspector *self = HS_INSPECTOR (object);
  /* A path search still running finds nothing to fill when it ends. */
  self->serial++;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->loader);
  /* It NULLs the template children: run it once, whatever dispose does. */
  if (self->box != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_INSPECTOR);
  G_OBJECT_CLASS (hs_inspector_parent_class)->dispose (object);
}

static void
hs_inspector_finalize (GObject *object)
{
  HsInspector *self = HS_INSPECTOR (object);
  g_clear_object (&self->loader);
  g_clear_pointer (&self->root_path, g_array_unref);
  g_clear_pointer (&self->root_text, g_free);
  g_clear_object (&self->fields_store);
  g_clear_object (&self->paths_store);
  g_clear_object (&self->referrers_store);
  g_clear_object (&self->row_scope);
  G_OBJECT_CLASS (hs_inspector_parent_class)->finalize (object);
}

static void
hs_inspector_class_init (HsInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hs_inspector_dispose;
  object_class->finalize = hs_inspector_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "inspector");

  g_type_ensure (HS_TYPE_INSPECTOR_LINK);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, HsInspector, box);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, back_button);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, copy_button);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, title);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, subtitle);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, body);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, shallow_row);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, obfuscated_row);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, retained_row);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, count_row);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, dominator_row);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, reachable_row);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, native_row);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, value_row);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, bitmap_row);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, picture_row);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, root_row);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, thread_row);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, shallow_value);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, obfuscated_value);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, retained_value);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, count_value);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, native_value);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, value_value);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, bitmap_value);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, root_value);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, dominator_root);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, dominator_link);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, dominator_text);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, picture_slot);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, thread_name);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, thread_button);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, thread_text);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, fields_title);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, fields_list);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, paths_list);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, referrers_list);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, outgoing_button);
  gtk_widget_class_bind_template_child (widget_class, HsInspector, referrers_button);
  gtk_widget_class_bind_template_callback (widget_class, on_close);
  gtk_widget_class_install_action (widget_class, "inspector.follow", "u", follow_action);
}

static void
hs_inspector_init (HsInspector *self)
{
  self->obj = HS_OBJ_NONE;
  self->root_thread = HS_OBJ_NONE;
  gtk_widget_init_template (GTK_WIDGET (self));
  hs_label_no_hyphens (self->title);
  self->row_scope = gtk_builder_cscope_new ();
  gtk_builder_cscope_add_callback_symbols (GTK_BUILDER_CSCOPE (self->row_scope), "kind_is",
                                           G_CALLBACK (kind_is), "invert", G_CALLBACK (invert), "has_text",
                                           G_CALLBACK (has_text), NULL);
  bind_list (self, self->fields_list, &self->fields_store);
  bind_list (self, self->paths_list, &self->paths_store);
  bind_list (self, self->referrers_list, &self->referrers_store);
  /* No object yet: the target first, for the action takes a "u". */
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (self->outgoing_button),
                                          g_variant_new_uint32 (HS_OBJ_NONE));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->outgoing_button), "win.list-outgoing");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (self->referrers_button),
                                          g_variant_new_uint32 (HS_OBJ_NONE));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->referrers_button), "win.list-incoming");
  hs_object_menu_attach (GTK_WIDGET (self->title), header_object, self);
  hs_object_menu_attach (GTK_WIDGET (self->subtitle), header_object, self);
}

GtkWidget *
hs_inspector_new (void)
{
  return g_object_new (HS_TYPE_INSPECTOR, NULL);
}

void
hs_inspector_set_loader (HsInspector *self, HsLoader *loader)
{
  g_return_if_fail (HS_IS_INSPECTOR (self));
  g_return_if_fail (loader == NULL || HS_IS_LOADER (loader));

  g_set_object (&self->loader, loader);
  self->obj = HS_OBJ_NONE;
  self->serial++;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->busy = FALSE;
  g_clear_pointer (&self->root_path, g_array_unref);
  g_clear_pointer (&self->root_text, g_free);
  self->root_thread = HS_OBJ_NONE;
  rebuild (self);
}

void
hs_inspector_show (HsInspector *self, HsObj obj)
{
  g_return_if_fail (HS_IS_INSPECTOR (self));

  self->obj = obj;
  rebuild (self);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
}

HsObj
hs_inspector_get_obj (HsInspector *self)
{
  g_return_val_if_fail (HS_IS_INSPECTOR (self), HS_OBJ_NONE);
  return self->obj;
}

const char *
hs_inspector_get_gc_root_text (HsInspector *self)
{
  g_return_val_if_fail (HS_IS_INSPECTOR (self), NULL);
  return self->root_text;
}

HsObj
hs_inspector_get_root_thread (HsInspector *self)
{
  g_return_val_if_fail (HS_IS_INSPECTOR (self), HS_OBJ_NONE);
  return self->root_thread;
}

GArray *
hs_inspector_get_root_path (HsInspector *self)
{
  g_return_val_if_fail (HS_IS_INSPECTOR (self), NULL);
  return self->root_path;
}

guint
hs_inspector_get_n_path_rows (HsInspector *self)
{
  g_return_val_if_fail (HS_IS_INSPECTOR (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->paths_store));
}

gboolean
hs_inspector_is_busy (HsInspector *self)
{
  g_return_val_if_fail (HS_IS_INSPECTOR (self), FALSE);
  return self->busy;
}
