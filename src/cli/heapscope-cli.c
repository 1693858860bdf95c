/* heapscope-cli: the engine, headless. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "hs-analysis.h"
#include "hs-json.h"
#include "hs-report.h"

typedef struct {
  gboolean json;
  gint dump;
  gboolean follow_weak;
  char *sort;
  gint limit;
  gint top;
  char *class_name;
  char *output;
  gboolean no_timestamp;
  gboolean timings;
  gboolean android_leaks;
  char *matchers;
  gboolean quiet;
  double threshold;
} CliOptions;

static CliOptions o = { .limit = -1, .top = 25 };

static GOptionEntry entries[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &o.json, "Print JSON", NULL },
  { "dump", 0, 0, G_OPTION_ARG_INT, &o.dump, "Analyse dump N of the file (0-based)", "N" },
  { "follow-weak", 0, 0, G_OPTION_ARG_NONE, &o.follow_weak, "Count Reference.referent as a reference (Eclipse MAT's way)", NULL },
  { "sort", 0, 0, G_OPTION_ARG_STRING, &o.sort, "classes: sort by count, shallow or retained", "KEY" },
  { "limit", 0, 0, G_OPTION_ARG_INT, &o.limit, "classes: print at most N rows", "N" },
  { "top", 0, 0, G_OPTION_ARG_INT, &o.top, "dominators: the N biggest objects (default 25)", "N" },
  { "class", 0, 0, G_OPTION_ARG_STRING, &o.class_name, "objects, retained-set: the class", "NAME" },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output, "report: the HTML file to write", "FILE" },
  { "no-timestamp", 0, 0, G_OPTION_ARG_NONE, &o.no_timestamp, "report: leave the generation time out", NULL },
  { "timings", 0, 0, G_OPTION_ARG_NONE, &o.timings, "analyze: print each phase's time and the peak RSS", NULL },
  { "android-leaks", 0, 0, G_OPTION_ARG_NONE, &o.android_leaks, "leaks: objects the Android inspectors find leaking are leaks without a KeyedWeakReference", NULL },
  { "matchers", 0, 0, G_OPTION_ARG_FILENAME, &o.matchers, "leaks: library-leak matcher file instead of the built-in one", "FILE" },
  { "quiet", 'q', 0, G_OPTION_ARG_NONE, &o.quiet, "No progress or warnings on stderr", NULL },
  { "threshold", 0, 0, G_OPTION_ARG_DOUBLE, &o.threshold, "suspects: percent of the reachable heap a suspect retains (default 10)", "P" },
  { NULL }
};

static void
print_hex (GString *s, guint64 id)
{
  g_string_append_printf (s, "\"0x%" G_GINT64_MODIFIER "x\"", id);
}

static HsAnalysis *
load (const char *path, gboolean dominators, gboolean leaks, GError **error)
{
  HsAnalysisOptions opts = { 0 };
  opts.open.dump = o.dump;
  opts.open.follow_weak = o.follow_weak;
  opts.skip_dominators = !dominators;
  opts.skip_leaks = !leaks;
  opts.leaks.android_inspectors_as_leaks = o.android_leaks;
  opts.leaks.matchers_path = o.matchers;
  HsAnalysis *a = hs_analysis_run (path, &opts, NULL, NULL, NULL, error);
  if (a && hs_heap_warning (a->heap) && !o.quiet)
    g_printerr ("warning: %s\n", hs_heap_warning (a->heap));
  return a;
}

/* Long listings go out in pieces. */
static void
flush_big (GString *out)
{
  if (out->len > (1 << 20)) {
    fputs (out->str, stdout);
    g_string_truncate (out, 0);
  }
}

static void
finish_list (GString *out)
{
  if (o.json)
    g_string_append (out, "\n]\n");
  fputs (out->str, stdout);
  g_string_free (out, TRUE);
}

/* ---- summary ------------------------------------------------------------ */

static int
cmd_summary (const char *path, GError **error)
{
  g_autoptr (HsAnalysis) a = load (path, FALSE, FALSE, error);
  if (!a)
    return 2;
  HsHeap *h = a->heap;
  const HsSummary *s = hs_heap_summary (h);
  GString *out = g_string_new (NULL);
  if (o.json) {
    g_string_append (out, "{\n  \"file\": ");
    hs_json_string (out, path);
    g_string_append (out, ",\n  \"format\": ");
    hs_json_string (out, hs_heap_format (h));
    g_string_append_printf (out,
      ",\n  \"id_size\": %u,\n  \"ref_size\": %u,\n  \"object_align\": %u,\n  \"android\": %s,\n  \"gzip\": %s,"
      "\n  \"dumps\": %u,\n  \"dump\": %u,\n  \"timestamp_ms\": %" G_GUINT64_FORMAT ",\n  \"follow_weak\": %s,"
      "\n  \"objects\": %" G_GUINT64_FORMAT ",\n  \"instances\": %" G_GUINT64_FORMAT
      ",\n  \"object_arrays\": %" G_GUINT64_FORMAT ",\n  \"primitive_arrays\": %" G_GUINT64_FORMAT
      ",\n  \"class_objects\": %" G_GUINT64_FORMAT ",\n  \"classes\": %" G_GUINT64_FORMAT
      ",\n  \"gc_roots\": %" G_GUINT64_FORMAT ",\n  \"root_records\": %" G_GUINT64_FORMAT
      ",\n  \"roots_missing\": %" G_GUINT64_FORMAT ",\n  \"gc_roots_by_type\": {",
      hs_heap_id_size (h), hs_heap_ref_size (h), hs_heap_object_align (h),
      hs_heap_is_android (h) ? "true" : "false", hs_heap_is_compressed_file (h) ? "true" : "false",
      hs_heap_n_dumps (h), hs_heap_dump_index (h), hs_heap_timestamp_ms (h), o.follow_weak ? "true" : "false",
      s->objects, s->instances, s->object_arrays, s->primitive_arrays, s->class_objects, s->classes,
      s->gc_roots, s->root_records, s->roots_missing);
    gboolean first = TRUE;
    for (guint t = 0; t < 256; t++) {
      if (!s->roots_by_type[t])
        continue;
      g_string_append (out, first ? "\n    " : ",\n    ");
      hs_json_string (out, hs_root_type_name (t));
      g_string_append_printf (out, ": %" G_GUINT64_FORMAT, s->roots_by_type[t]);
      first = FALSE;
    }
    g_string_append_printf (out, "%s},\n  \"reachable_objects\": %" G_GUINT64_FORMAT
      ",\n  \"unreachable_objects\": %" G_GUINT64_FORMAT ",\n  \"shallow_bytes\": %" G_GUINT64_FORMAT
      ",\n  \"reachable_bytes\": %" G_GUINT64_FORMAT ",\n  \"unreachable_bytes\": %" G_GUINT64_FORMAT
      ",\n  \"dangling_references\": %" G_GUINT64_FORMAT ",\n  \"warning\": ",
      first ? "" : "\n  ", s->reachable_objects, s->unreachable_objects, s->shallow_bytes,
      s->reachable_bytes, s->unreachable_bytes, s->dangling_references);
    if (hs_heap_warning (h))
      hs_json_string (out, hs_heap_warning (h));
    else
      g_string_append (out, "null");
    g_string_append (out, "\n}\n");
  } else {
    g_autofree char *sb = hs_format_bytes (s->shallow_bytes), *rb = hs_format_bytes (s->reachable_bytes),
                    *ub = hs_format_bytes (s->unreachable_bytes);
    g_string_append_printf (out, "File:          %s\nFormat:        %s, %u-byte ids%s%s\n", path,
                            hs_heap_format (h), hs_heap_id_size (h),
                            hs_heap_is_android (h) ? ", Android" : "", hs_heap_is_compressed_file (h) ? ", gzip" : "");
    g_string_append_printf (out, "Dumps:         %u (analysing #%u)\n", hs_heap_n_dumps (h), hs_heap_dump_index (h));
    g_string_append_printf (out, "References:    %u bytes, objects aligned to %u\n", hs_heap_ref_size (h), hs_heap_object_align (h));
    g_string_append_printf (out, "Objects:       %" G_GUINT64_FORMAT " (%" G_GUINT64_FORMAT " instances, %" G_GUINT64_FORMAT
                            " object arrays, %" G_GUINT64_FORMAT " primitive arrays, %" G_GUINT64_FORMAT " class objects)\n",
                            s->objects, s->instances, s->object_arrays, s->primitive_arrays, s->class_objects);
    g_string_append_printf (out, "Classes:       %" G_GUINT64_FORMAT "\n", s->classes);
    g_string_append_printf (out, "GC roots:      %" G_GUINT64_FORMAT " objects from %" G_GUINT64_FORMAT " root records\n",
                            s->gc_roots, s->root_records);
    for (guint t = 0; t < 256; t++)
      if (s->roots_by_type[t])
        g_string_append_printf (out, "  %-18s %" G_GUINT64_FORMAT "\n", hs_root_type_name (t), s->roots_by_type[t]);
    g_string_append_printf (out, "Shallow size:  %s (%" G_GUINT64_FORMAT " bytes)\n", sb, s->shallow_bytes);
    g_string_append_printf (out, "Reachable:     %" G_GUINT64_FORMAT " objects, %s\n", s->reachable_objects, rb);
    g_string_append_printf (out, "Unreachable:   %" G_GUINT64_FORMAT " objects, %s\n", s->unreachable_objects, ub);
    g_string_append_printf (out, "Dangling refs: %" G_GUINT64_FORMAT "\n", s->dangling_references);
  }
  fputs (out->str, stdout);
  g_string_free (out, TRUE);
  return 0;
}

/* ---- classes ------------------------------------------------------------ */

static const guint64 *sort_key;
static HsHeap *sort_heap;
static guint sort_field;

static guint64
class_value (HsClass c)
{
  switch (sort_field) {
  case 0: return hs_class_count (sort_heap, c);
  case 1: return hs_class_shallow (sort_heap, c);
  default: return sort_key ? sort_key[c] : 0;
  }
}

static int
cmp_class (gconstpointer pa, gconstpointer pb)
{
  HsClass a = *(const HsClass *) pa, b = *(const HsClass *) pb;
  guint64 va = class_value (a), vb = class_value (b);
  if (va != vb)
    return va > vb ? -1 : 1;
  int r = strcmp (hs_class_name (sort_heap, a), hs_class_name (sort_heap, b));
  return r ? r : (a < b ? -1 : a > b);
}

static int
cmd_classes (const char *path, GError **error)
{
  /* The argument is checked before the dump is read. */
  if (!o.sort || g_str_equal (o.sort, "retained"))
    sort_field = 2;
  else if (g_str_equal (o.sort, "count"))
    sort_field = 0;
  else if (g_str_equal (o.sort, "shallow"))
    sort_field = 1;
  else {
    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "--sort takes count, shallow or retained, not \"%s\"", o.sort);
    return 2;
  }
  g_autoptr (HsAnalysis) a = load (path, TRUE, FALSE, error);
  if (!a)
    return 2;
  HsHeap *h = a->heap;
  guint nc = hs_heap_n_classes (h);
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (HsClass));
  for (HsClass c = 0; c < nc; c++)
    if (hs_class_count (h, c) > 0 || hs_class_object (h, c) != HS_OBJ_NONE)
      g_array_append_val (rows, c);
  sort_heap = h;
  sort_key = a->class_retained;
  g_array_sort (rows, cmp_class);
  guint n = o.limit >= 0 ? MIN ((guint) o.limit, rows->len) : rows->len;
  GString *out = g_string_new (o.json ? "[" : NULL);
  if (!o.json)
    g_string_append_printf (out, "%12s %12s %14s %14s  %s\n", "count", "reachable", "shallow", "retained", "class");
  for (guint i = 0; i < n; i++) {
    HsClass c = g_array_index (rows, HsClass, i);
    if (o.json) {
      g_string_append (out, i ? ",\n {\"name\": " : "\n {\"name\": ");
      hs_json_string (out, hs_class_name (h, c));
      g_string_append (out, ", \"id\": ");
      print_hex (out, hs_class_id (h, c));
      g_string_append (out, ", \"loader\": ");
      print_hex (out, hs_class_loader_id (h, c));
      g_string_append_printf (out, ", \"count\": %" G_GUINT64_FORMAT ", \"reachable_count\": %" G_GUINT64_FORMAT
                              ", \"shallow\": %" G_GUINT64_FORMAT ", \"retained\": %" G_GUINT64_FORMAT "}",
                              hs_class_count (h, c), hs_class_reachable_count (h, c), hs_class_shallow (h, c),
                              a->class_retained[c]);
    } else {
      g_string_append_printf (out, "%12" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT "  %s\n",
                              hs_class_count (h, c), hs_class_reachable_count (h, c), hs_class_shallow (h, c),
                              a->class_retained[c], hs_class_name (h, c));
    }
    flush_big (out);
  }
  finish_list (out);
  return 0;
}

/* ---- objects / dominators ------------------------------------------------ */

static void
object_row (GString *out, HsAnalysis *a, HsObj obj, gboolean with_reachable)
{
  HsHeap *h = a->heap;
  gboolean reach = hs_heap_object_reachable (h, obj);
  HsObj dom = a->dom->idom[obj];
  if (o.json) {
    g_string_append (out, "{\"id\": ");
    print_hex (out, hs_heap_object_id (h, obj));
    g_string_append (out, ", \"class\": ");
    hs_json_string (out, hs_heap_object_class_name (h, obj));
    g_string_append_printf (out, ", \"shallow\": %u, \"retained\": %" G_GUINT64_FORMAT ", \"retained_count\": %" G_GUINT64_FORMAT,
                            hs_heap_object_shallow (h, obj), reach ? a->dom->retained[obj] : 0,
                            reach ? a->dom->retained_count[obj] : 0);
    g_string_append (out, ", \"dominator\": ");
    if (dom == HS_OBJ_NONE)
      g_string_append (out, "null");
    else if ((guint64) dom == a->dom->n)
      g_string_append (out, "\"root\"");
    else
      print_hex (out, hs_heap_object_id (h, dom));
    guint64 native = hs_analysis_retained_native (a, obj);
    if (native)
      g_string_append_printf (out, ", \"native_size\": %" G_GUINT64_FORMAT ", \"retained_native\": %" G_GUINT64_FORMAT,
                              hs_analysis_native_size (a, obj), native);
    if (with_reachable)
      g_string_append_printf (out, ", \"reachable\": %s", reach ? "true" : "false");
    g_string_append (out, "}");
  } else {
    g_autofree char *label = hs_heap_object_label (h, obj);
    g_autofree char *desc = hs_heap_describe (h, obj);
    g_string_append_printf (out, "%12u %14" G_GUINT64_FORMAT " %10" G_GUINT64_FORMAT "  %s%s%s%s\n",
                            hs_heap_object_shallow (h, obj), reach ? a->dom->retained[obj] : 0,
                            reach ? a->dom->retained_count[obj] : 0, label,
                            desc ? "  " : "", desc ? desc : "", reach ? "" : "  (unreachable)");
  }
}

static int
cmd_dominators (const char *path, GError **error)
{
  g_autoptr (HsAnalysis) a = load (path, TRUE, FALSE, error);
  if (!a)
    return 2;
  g_autoptr (GArray) top = hs_analysis_top_objects (a, o.top > 0 ? o.top : 25);
  GString *out = g_string_new (o.json ? "[" : NULL);
  if (!o.json)
    g_string_append_printf (out, "%12s %14s %10s  %s\n", "shallow", "retained", "objects", "object");
  for (guint i = 0; i < top->len; i++) {
    if (o.json)
      g_string_append (out, i ? ",\n " : "\n ");
    object_row (out, a, g_array_index (top, HsObj, i), FALSE);
  }
  finish_list (out);
  return 0;
}

static GArray *
classes_named (HsHeap *h, const char *name, GError **error)
{
  GArray *cs = g_array_new (FALSE, FALSE, sizeof (HsClass));
  for (HsClass c = 0; c < hs_heap_n_classes (h); c++)
    if (g_str_equal (hs_class_name (h, c), name))
      g_array_append_val (cs, c);
  if (cs->len == 0) {
    g_array_unref (cs);
    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s: no class named \"%s\"", hs_heap_path (h), name);
    return NULL;
  }
  return cs;
}

/* The commands that take --class: the analysis and the classes of that
 * name (several loaders may define one), or NULL with error set. */
static GArray *
load_class_set (const char *path, const char *command, HsAnalysis **analysis, GError **error)
{
  if (!o.class_name) {
    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s needs --class NAME", command);
    return NULL;
  }
  *analysis = load (path, TRUE, FALSE, error);
  if (!*analysis)
    return NULL;
  return classes_named ((*analysis)->heap, o.class_name, error);
}

/* One byte per object: 1 for instances of the classes in cs. */
static guint8 *
instances_of (HsHeap *h, GArray *cs, guint64 *count)
{
  guint64 n = hs_heap_n_objects (h), k = 0;
  guint8 *in_class = g_new0 (guint8, hs_heap_n_classes (h) + 1);
  guint8 *in_set = g_new0 (guint8, n + 1);
  for (guint i = 0; i < cs->len; i++)
    in_class[g_array_index (cs, HsClass, i)] = 1;
  for (guint64 i = 0; i < n; i++) {
    HsClass c = hs_heap_object_class (h, (HsObj) i);
    if (c != HS_CLASS_NONE && in_class[c]) {
      in_set[i] = 1;
      k++;
    }
  }
  g_free (in_class);
  if (count)
    *count = k;
  return in_set;
}

static const guint64 *obj_sort_ret;
static int
cmp_obj_retained (gconstpointer pa, gconstpointer pb)
{
  HsObj a = *(const HsObj *) pa, b = *(const HsObj *) pb;
  if (obj_sort_ret[a] != obj_sort_ret[b])
    return obj_sort_ret[a] > obj_sort_ret[b] ? -1 : 1;
  return a < b ? -1 : a > b;
}

static int
cmd_objects (const char *path, GError **error)
{
  g_autoptr (HsAnalysis) a = NULL;
  g_autoptr (GArray) cs = load_class_set (path, "objects", &a, error);
  if (!cs)
    return 2;
  HsHeap *h = a->heap;
  g_autoptr (GArray) objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  guint64 n = hs_heap_n_objects (h);
  g_autofree guint8 *in_set = instances_of (h, cs, NULL);
  for (guint64 i = 0; i < n; i++)
    if (in_set[i]) {
      HsObj x = (HsObj) i;
      g_array_append_val (objs, x);
    }
  obj_sort_ret = a->dom->retained;
  g_array_sort (objs, cmp_obj_retained);
  guint lim = o.limit >= 0 ? MIN ((guint) o.limit, objs->len) : objs->len;
  GString *out = g_string_new (o.json ? "[" : NULL);
  for (guint i = 0; i < lim; i++) {
    if (o.json)
      g_string_append (out, i ? ",\n " : "\n ");
    object_row (out, a, g_array_index (objs, HsObj, i), TRUE);
    flush_big (out);
  }
  finish_list (out);
  return 0;
}

static int
cmd_retained_set (const char *path, GError **error)
{
  g_autoptr (HsAnalysis) a = NULL;
  g_autoptr (GArray) cs = load_class_set (path, "retained-set", &a, error);
  if (!cs)
    return 2;
  HsHeap *h = a->heap;
  guint64 n = hs_heap_n_objects (h), count = 0;
  guint8 *in_set = instances_of (h, cs, &count);
  guint64 class_ret = 0;
  for (guint k = 0; k < cs->len; k++)
    class_ret += a->class_retained[g_array_index (cs, HsClass, k)];
  g_autoptr (GArray) roots = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (gsize i = 0; i < hs_heap_n_roots (h); i++)
    if (hs_heap_root (h, i)->obj != HS_OBJ_NONE)
      g_array_append_val (roots, hs_heap_root (h, i)->obj);
  guint64 bytes = 0, objs = 0;
  hs_retained_set_precise (n, hs_heap_ref_offsets (h), hs_heap_ref_targets (h), (const HsObj *) roots->data,
                           roots->len, hs_heap_shallow_sizes (h), in_set, &bytes, &objs);
  g_free (in_set);
  if (o.json) {
    GString *out = g_string_new ("{\"class\": ");
    hs_json_string (out, o.class_name);
    g_string_append_printf (out, ", \"count\": %" G_GUINT64_FORMAT ", \"retained\": %" G_GUINT64_FORMAT
                            ", \"retained_count\": %" G_GUINT64_FORMAT ", \"class_retained_lower_bound\": %" G_GUINT64_FORMAT "}\n",
                            count, bytes, objs, class_ret);
    fputs (out->str, stdout);
    g_string_free (out, TRUE);
  } else {
    g_print ("%s: %" G_GUINT64_FORMAT " instances retain %" G_GUINT64_FORMAT " bytes in %" G_GUINT64_FORMAT
             " objects (class table lower bound: %" G_GUINT64_FORMAT ")\n",
             o.class_name, count, bytes, objs, class_ret);
  }
  return 0;
}

/* ---- leaks, report, analyze ---------------------------------------------- */

/* Leak instances (traces) in a list of groups. */
static guint
n_traces (GPtrArray *groups)
{
  guint n = 0;
  for (guint g = 0; g < groups->len; g++)
    n += ((HsLeakGroup *) groups->pdata[g])->traces->len;
  return n;
}

static int
cmd_leaks (const char *path, GError **error)
{
  g_autoptr (HsAnalysis) a = load (path, TRUE, TRUE, error);
  if (!a)
    return 2;
  GString *out = g_string_new (NULL);
  if (o.json) {
    hs_leak_report_to_json (a->leaks, out);
    g_string_append_c (out, '\n');
  } else {
    GPtrArray *lists[2] = { a->leaks->application_leaks, a->leaks->library_leaks };
    const char *titles[2] = { "APPLICATION LEAKS", "LIBRARY LEAKS" };
    for (guint l = 0; l < 2; l++) {
      guint total = n_traces (lists[l]);
      g_string_append_printf (out, "====================================\n%s\n\n", titles[l]);
      if (lists[l]->len == 0)
        g_string_append_printf (out, "No %s leaks found.\n\n", l == 0 ? "application" : "library");
      for (guint g = 0; g < lists[l]->len; g++) {
        HsLeakGroup *grp = lists[l]->pdata[g];
        HsLeakTrace *first = grp->traces->pdata[0];
        g_autofree char *sz = hs_format_bytes (first->retained_bytes);
        g_string_append_printf (out, "%s retained by %s: %u instance%s (first retains %s)\n",
                                sz, grp->description ? grp->description : "", grp->traces->len,
                                grp->traces->len == 1 ? "" : "s", sz);
        if (grp->library_pattern)
          g_string_append_printf (out, "Library leak match: %s\n", grp->library_pattern);
        g_string_append_printf (out, "Signature: %s\n", grp->fingerprint);
        for (guint t = 0; t < grp->traces->len; t++) {
          g_autofree char *txt = hs_leak_trace_to_text (grp->traces->pdata[t]);
          g_string_append (out, txt);
          g_string_append (out, "\n");
        }
      }
      if (total)
        g_string_append_printf (out, "%u %s leak%s in %u group%s.\n\n", total, l == 0 ? "application" : "library",
                                total == 1 ? "" : "s", lists[l]->len, lists[l]->len == 1 ? "" : "s");
    }
    g_string_append_printf (out, "====================================\n%" G_GUINT64_FORMAT " watched reference%s, %" G_GUINT64_FORMAT " leaking object%s.\n",
                            a->leaks->n_watched, a->leaks->n_watched == 1 ? "" : "s",
                            a->leaks->n_leaking_objects, a->leaks->n_leaking_objects == 1 ? "" : "s");
  }
  fputs (out->str, stdout);
  g_string_free (out, TRUE);
  return 0;
}

static int
cmd_report (const char *path, GError **error)
{
  if (!o.output) {
    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "report needs -o FILE");
    return 2;
  }
  g_autoptr (HsAnalysis) a = load (path, TRUE, TRUE, error);
  if (!a)
    return 2;
  HsReportOptions ropts = { .include_generation_time = !o.no_timestamp };
  if (!hs_report_write (a, &ropts, o.output, error))
    return 2;
  if (!o.quiet)
    g_printerr ("Wrote %s\n", o.output);
  return 0;
}

static int
cmd_analyze (const char *path, GError **error)
{
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (HsAnalysis) a = load (path, TRUE, TRUE, error);
  if (!a)
    return 2;
  double total = (g_get_monotonic_time () - t0) / 1e6;
  struct rusage ru;
  getrusage (RUSAGE_SELF, &ru);
  const HsSummary *s = hs_heap_summary (a->heap);
  guint leaks = n_traces (a->leaks->application_leaks) + n_traces (a->leaks->library_leaks);
  if (o.json) {
    g_print ("{\"objects\": %" G_GUINT64_FORMAT ", \"references\": %" G_GUINT64_FORMAT ", \"reachable_bytes\": %" G_GUINT64_FORMAT
             ", \"leaks\": %u, \"total_s\": %.3f, \"peak_rss_kb\": %ld, \"phases\": {",
             s->objects, hs_heap_ref_offsets (a->heap)[s->objects], s->reachable_bytes, leaks, total, ru.ru_maxrss);
    for (guint i = 0; i < a->timings->len; i++) {
      HsPhaseTime *t = &g_array_index (a->timings, HsPhaseTime, i);
      g_print ("%s\"%s\": %.3f", i ? ", " : "", t->phase, t->seconds);
    }
    g_print ("}}\n");
    return 0;
  }
  g_print ("%" G_GUINT64_FORMAT " objects, %" G_GUINT64_FORMAT " references, %" G_GUINT64_FORMAT " reachable bytes, %u leak%s\n",
           s->objects, hs_heap_ref_offsets (a->heap)[s->objects], s->reachable_bytes, leaks, leaks == 1 ? "" : "s");
  if (o.timings) {
    for (guint i = 0; i < a->timings->len; i++) {
      HsPhaseTime *t = &g_array_index (a->timings, HsPhaseTime, i);
      g_print ("  %-16s %8.3f s\n", t->phase, t->seconds);
    }
    g_print ("  %-16s %8.3f s\n", "total", total);
    g_print ("  %-16s %8.1f MiB\n", "peak RSS", ru.ru_maxrss / 1024.0);
  }
  return 0;
}

static int
cmd_suspects (const char *path, GError **error)
{
  HsAnalysisOptions opts = { 0 };
  GString *out;
  if (!(o.threshold >= 0 && o.threshold <= 100))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "--threshold must be a percentage in (0, 100] (0: the default, 10)");
      return 2;
    }
  opts.open.dump = o.dump;
  opts.open.follow_weak = o.follow_weak;
  opts.leaks.android_inspectors_as_leaks = o.android_leaks;
  opts.leaks.matchers_path = o.matchers;
  opts.suspects_percent = o.threshold;
  g_autoptr (HsAnalysis) a = hs_analysis_run (path, &opts, NULL, NULL, NULL, error);
  if (!a)
    return 2;
  if (hs_heap_warning (a->heap) && !o.quiet)
    g_printerr ("warning: %s\n", hs_heap_warning (a->heap));
  out = g_string_new (NULL);
  if (o.json)
    {
      hs_suspects_to_json (a->suspects, out);
      g_string_append_c (out, '\n');
    }
  else
    {
      g_autofree char *txt = hs_suspects_to_text (a->suspects);
      g_string_append (out, txt);
    }
  fputs (out->str, stdout);
  g_string_free (out, TRUE);
  return 0;
}

static const struct {
  const char *name;
  int (*run) (const char *path, GError **error);
  const char *help;
} commands[] = {
  { "summary", cmd_summary, "format, object counts, GC roots, reachable and unreachable bytes" },
  { "classes", cmd_classes, "one row per class: count, reachable, shallow, retained" },
  { "dominators", cmd_dominators, "the biggest objects by retained size (--top N)" },
  { "objects", cmd_objects, "the instances of --class NAME, largest retained first" },
  { "retained-set", cmd_retained_set, "the precise retained size of all instances of --class NAME" },
  { "leaks", cmd_leaks, "leak traces, LeakCanary style (--json for data)" },
  { "suspects", cmd_suspects, "problem suspects: what holds the memory and the path to it (--threshold P)" },
  { "report", cmd_report, "write the HTML leak report (-o FILE)" },
  { "analyze", cmd_analyze, "run the whole pipeline (--timings: per phase, peak RSS)" },
};

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  setlocale (LC_ALL, "");
  GString *summary = g_string_new ("Commands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (summary, "  %-13s %s\n", commands[i].name, commands[i].help);
  g_autoptr (GOptionContext) ctx = g_option_context_new ("COMMAND DUMP - analyse a Java or Android heap dump (.hprof)");
  g_option_context_set_summary (ctx, summary->str);
  g_string_free (summary, TRUE);
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    g_printerr ("heapscope-cli: %s\n", error->message);
    return 2;
  }
  if (argc != 3) {
    g_autofree char *help = g_option_context_get_help (ctx, TRUE, NULL);
    g_printerr ("%s", help);
    return 2;
  }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++) {
    if (!g_str_equal (argv[1], commands[i].name))
      continue;
    int rc = commands[i].run (argv[2], &error);
    if (rc != 0 && error)
      g_printerr ("heapscope-cli: %s\n", error->message);
    return rc;
  }
  g_printerr ("heapscope-cli: unknown command \"%s\" (try --help)\n", argv[1]);
  return 2;
}
