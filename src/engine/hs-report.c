/* hs-report.c: the self-contained HTML leak report.
 *
 * One file, no network: inline CSS, an inline SVG treemap and one small
 * inline script (table sorting) that the page does not need to be read.
 * A Content-Security-Policy allows nothing but that script (by its hash)
 * and inline styles, as a second line of defence behind escaping: every
 * string that comes from the dump goes through esc() (text and attribute
 * values alike: it escapes quotes too).
 *
 * Deterministic: the output depends only on the analysis (and the options);
 * the file is named by its base name, never its full path, and the only
 * clock read is the optional generation time.
 */
#include "config.h"
#include "hs-report.h"
#include "hs-treemap.h"
#include "hs-json.h"

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>
#include <unistd.h>
#include <fcntl.h>

#define DEFAULT_TOP_CLASSES 50
#define DEFAULT_TOP_OBJECTS 25
#define MAX_TRACES_PER_GROUP 50

/* Treemap geometry (SVG user units). */
#define TM_W 1200.0
#define TM_H 720.0
#define TM_DEPTH 4
#define TM_MIN_AREA 36.0
#define TM_PAD 2.0
#define TM_HEADER 15.0
#define TM_MAX_RECTS 1500
#define TM_CHAR_W 6.6   /* rough advance of an 11px sans-serif character */

/* --- escaping ---------------------------------------------------------- */

/* Dump-derived text, escaped for HTML text and attribute values. Invalid
 * UTF-8 is repaired and control characters (which HTML forbids) become
 * U+FFFD before escaping. */
static void
esc (GString *out, const char *s)
{
  g_autofree char *valid = NULL;
  g_autoptr(GString) clean = NULL;

  if (s == NULL)
    return;
  if (!g_utf8_validate (s, -1, NULL))
    s = valid = g_utf8_make_valid (s, -1);
  for (const char *p = s; *p; p++)
    if (((guchar) *p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
      {
        clean = g_string_sized_new (strlen (s) + 8);
        for (const char *q = s; *q; q++)
          {
            if (((guchar) *q < 0x20 && *q != '\n' && *q != '\t') || *q == 0x7f)
              g_string_append (clean, "\xef\xbf\xbd");
            else
              g_string_append_c (clean, *q);
          }
        s = clean->str;
        break;
      }
  hs_html_escape (out, s);
}

/* --- small formatting helpers (locale-independent) -------------------- */

static void
append_u64 (GString *out, guint64 v)
{
  g_string_append_printf (out, "%" G_GUINT64_FORMAT, v);
}

/* 1234567 -> "1,234,567" */
static void
append_grouped (GString *out, guint64 v)
{
  char buf[32];
  int len = g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, v);
  for (int i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, buf[i]);
    }
}

static void
append_bytes (GString *out, guint64 v)
{
  g_autofree char *h = hs_format_bytes (v);
  esc (out, h);
}

/* A sortable numeric cell: human text, exact value in data-v and title. */
static void
td_bytes (GString *out, guint64 v)
{
  g_string_append (out, "<td class=\"num\" data-v=\"");
  append_u64 (out, v);
  g_string_append (out, "\" title=\"");
  append_grouped (out, v);
  g_string_append (out, " bytes\">");
  append_bytes (out, v);
  g_string_append (out, "</td>");
}

static void
td_count (GString *out, guint64 v)
{
  g_string_append (out, "<td class=\"num\" data-v=\"");
  append_u64 (out, v);
  g_string_append (out, "\">");
  append_grouped (out, v);
  g_string_append (out, "</td>");
}

static void
append_id (GString *out, guint64 id)
{
  g_string_append_printf (out, "0x%" G_GINT64_MODIFIER "x", id);
}

static void
append_double (GString *out, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.1f", v));
}

/* 950 -> "950 ms", 45000 -> "45.0 s" (exact milliseconds in a title). */
static void
append_duration (GString *out, gint64 ms)
{
  g_string_append_printf (out, "<span title=\"%" G_GINT64_FORMAT " ms\">", ms);
  if (ms < 1000)
    g_string_append_printf (out, "%" G_GINT64_FORMAT " ms", ms);
  else
    {
      append_double (out, (double) ms / 1000.0);
      g_string_append (out, " s");
    }
  g_string_append (out, "</span>");
}

static void
kv_row_text (GString *out, const char *key, const char *value)
{
  g_string_append_printf (out, "<tr><th scope=\"row\">%s</th><td>", key);
  esc (out, value);
  g_string_append (out, "</td></tr>\n");
}

static void
kv_row_count (GString *out, const char *key, guint64 v)
{
  g_string_append_printf (out, "<tr><th scope=\"row\">%s</th><td class=\"num\">", key);
  append_grouped (out, v);
  g_string_append (out, "</td></tr>\n");
}

static void
kv_row_bytes (GString *out, const char *key, guint64 v)
{
  g_string_append_printf (out, "<tr><th scope=\"row\">%s</th><td class=\"num\">", key);
  append_bytes (out, v);
  g_string_append (out, " <span class=\"exact\">(");
  append_grouped (out, v);
  g_string_append (out, " bytes)</span></td></tr>\n");
}

/* "com.example.Foo$Bar" -> "Foo$Bar"; arrays keep their brackets. */
static const char *
simple_name (const char *name)
{
  const char *dot;
  if (name == NULL)
    return "";
  dot = strrchr (name, '.');
  return dot ? dot + 1 : name;
}

/* --- fixed parts -------------------------------------------------------- */

static const char css[] =
  ":root{color-scheme:light;--fg:#1d1d1f;--muted:#5e5e66;--line:#d6d6dc;--bg:#fff;--alt:#f5f5f8;"
  "--yes:#c01c28;--no:#26a269;--unknown:#77767b}\n"
  "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Cantarell,sans-serif;color:var(--fg);"
  "background:var(--bg);margin:0 auto;max-width:1240px;padding:0 20px 40px}\n"
  "header{border-bottom:2px solid var(--line);margin-bottom:12px}\n"
  "h1{font-size:24px;margin:20px 0 4px;word-break:break-all}\n"
  "h2{font-size:19px;margin:28px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}\n"
  "h3{font-size:16px;margin:20px 0 8px}\n"
  "nav a{margin-right:14px}\n"
  "code,.mono{font-family:ui-monospace,'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:13px}\n"
  "table{border-collapse:collapse;margin:6px 0 12px}\n"
  "th,td{padding:3px 10px;text-align:left;vertical-align:top;border-bottom:1px solid var(--line)}\n"
  "td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
  "table.data tbody tr:nth-child(even){background:var(--alt)}\n"
  "table.data td.name{word-break:break-all}\n"
  "table.kv th{font-weight:600;color:var(--muted)}\n"
  ".exact{color:var(--muted);font-size:12px}\n"
  ".muted{color:var(--muted)}\n"
  ".leak-group{border:1px solid var(--line);border-radius:8px;padding:4px 14px 10px;margin:12px 0}\n"
  ".leak-group>h4{font-size:15px;margin:8px 0 2px;word-break:break-all}\n"
  ".leak-group .meta{color:var(--muted);margin:0 0 6px}\n"
  "details.trace{margin:6px 0}\n"
  "details.trace>summary{cursor:pointer;font-weight:600}\n"
  "ol.trace{list-style:none;margin:6px 0;padding:0 0 0 4px;font-family:ui-monospace,'DejaVu Sans Mono',Menlo,monospace;font-size:13px}\n"
  "ol.trace>li{border-left:2px solid var(--line);padding:2px 0 6px 14px;position:relative;word-break:break-all}\n"
  "ol.trace>li::before{content:'\\251C\\2500';position:absolute;left:-1px;top:1px;color:var(--muted)}\n"
  "ol.trace>li.root::before{content:'\\252C';}\n"
  "ol.trace>li.leaking-obj::before{content:'\\2570\\2192';}\n"
  "ol.trace>li.leaking-obj{border-left-color:transparent}\n"
  ".node-head .cls{font-weight:600}\n"
  ".kind,.oid{color:var(--muted)}\n"
  ".desc{color:#1c71d8}\n"
  ".status{display:inline-block;font-weight:600;border-radius:4px;padding:0 6px;margin:2px 0;color:#fff}\n"
  ".status.yes{background:var(--yes)}.status.no{background:var(--no)}.status.unknown{background:var(--unknown)}\n"
  ".reasons{color:var(--muted)}\n"
  ".ref{margin:2px 0 0}\n"
  ".suspect{text-decoration:underline wavy var(--yes);text-decoration-skip-ink:none;text-underline-offset:3px;color:var(--yes)}\n"
  ".retained{color:var(--muted)}\n"
  "svg.treemap{width:100%;height:auto;border:1px solid var(--line);background:#fafafa}\n"
  "svg.treemap rect{stroke:#fff;stroke-width:1}\n"
  "svg.treemap text{font:11px system-ui,sans-serif;fill:#111;pointer-events:none}\n"
  "svg.treemap text.hdr{font-weight:600}\n"
  ".legend span{display:inline-block;margin:2px 12px 2px 0}\n"
  ".legend i{display:inline-block;width:12px;height:12px;border-radius:2px;vertical-align:-1px;margin-right:4px}\n"
  "th[data-sort]{cursor:pointer}\n"
  "footer{margin-top:32px;color:var(--muted);font-size:12px}\n"
  "@media print{details.trace{display:block}nav{display:none}}\n";

/* Sorting for tables with class="data sortable": click a header. The page
 * reads the same without it (tables come sorted by retained size). */
static const char script[] =
  "document.querySelectorAll('table.sortable').forEach(function(t){"
  "t.querySelectorAll('th').forEach(function(th,i){th.setAttribute('data-sort','');"
  "th.addEventListener('click',function(){var b=t.tBodies[0],r=Array.from(b.rows),"
  "d=th.getAttribute('data-dir')==='asc'?-1:1;th.setAttribute('data-dir',d>0?'asc':'desc');"
  "r.sort(function(x,y){var p=x.cells[i],q=y.cells[i],"
  "u=p.getAttribute('data-v'),v=q.getAttribute('data-v');"
  "if(u!==null&&v!==null)return d*(Number(u)-Number(v));"
  "return d*p.textContent.localeCompare(q.textContent);});"
  "r.forEach(function(e){b.appendChild(e);});});});});";

/* Fixed palette, packages hashed onto it (FNV-1a: stable across runs and
 * platforms, unlike a seeded hash). */
static const char *const palette[] = {
  "#8fb8de", "#f2b880", "#9bd3a8", "#e6a0c4", "#c3b1e1", "#f7dc6f",
  "#a3d9e0", "#f0a6a0", "#b5cf8a", "#d9b99b", "#a8b8f0", "#e8c3a0",
};

static guint32
fnv1a (const char *s, gsize len)
{
  guint32 h = 2166136261u;
  for (gsize i = 0; i < len; i++)
    {
      h ^= (guchar) s[i];
      h *= 16777619u;
    }
  return h;
}

/* The package of a class name: "java.util.HashMap" -> "java.util",
 * "int[]" -> "" (primitives), "java.lang.String[]" -> "java.lang". */
static gsize
package_len (const char *name)
{
  const char *dot = name ? strrchr (name, '.') : NULL;
  return dot ? (gsize) (dot - name) : 0;
}

static const char *
package_colour (const char *name)
{
  gsize len = package_len (name);
  return palette[fnv1a (name ? name : "", len) % G_N_ELEMENTS (palette)];
}

/* The class name a box is coloured by: for class objects, the class they
 * define (so that com.example.Foo's statics look like com.example). */
static const char *
colour_name (HsHeap *heap, HsObj o)
{
  if (hs_heap_object_kind (heap, o) == HS_KIND_CLASS)
    {
      HsClass c = hs_heap_object_as_class (heap, o);
      if (c != HS_CLASS_NONE)
        return hs_class_name (heap, c);
    }
  return hs_heap_object_class_name (heap, o);
}

/* --- sections ------------------------------------------------------------ */

static void
section_dump (GString *out, HsAnalysis *a)
{
  HsHeap *heap = a->heap;
  g_autofree char *base = g_path_get_basename (hs_heap_path (heap));
  guint64 ts = hs_heap_timestamp_ms (heap);

  g_string_append (out, "<section id=\"dump\">\n<h2>Dump</h2>\n<table class=\"kv\">\n");
  kv_row_text (out, "File", base);
  kv_row_bytes (out, "Size on disk", hs_heap_file_size (heap));
  kv_row_text (out, "Format", hs_heap_format (heap));
  g_string_append (out, "<tr><th scope=\"row\">Identifier size</th><td>");
  g_string_append_printf (out, "%u bytes", hs_heap_id_size (heap));
  if (hs_heap_is_compressed_file (heap))
    g_string_append (out, " (gzip-compressed file)");
  g_string_append (out, "</td></tr>\n");
  g_string_append (out, "<tr><th scope=\"row\">Date</th><td>");
  if (ts > 0 && ts / 1000 < (guint64) G_MAXINT64 / 2)
    {
      g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc ((gint64) (ts / 1000));
      g_autofree char *s = dt ? g_date_time_format (dt, "%Y-%m-%d %H:%M:%S UTC") : NULL;
      esc (out, s ? s : "unknown");
    }
  else
    g_string_append (out, "unknown");
  g_string_append (out, "</td></tr>\n");
  kv_row_text (out, "Runtime", hs_heap_is_android (heap) ? "Android (ART)" : "HotSpot JVM");
  g_string_append_printf (out,
                          "<tr><th scope=\"row\">Reference size</th><td>%u bytes%s</td></tr>\n",
                          hs_heap_ref_size (heap),
                          hs_heap_ref_size (heap) < hs_heap_id_size (heap) ? " (compressed references)" : "");
  g_string_append_printf (out, "<tr><th scope=\"row\">Object alignment</th><td>%u bytes</td></tr>\n",
                          hs_heap_object_align (heap));
  g_string_append_printf (out, "<tr><th scope=\"row\">Dumps in the file</th><td>%u (this report: dump %u)</td></tr>\n",
                          hs_heap_n_dumps (heap), hs_heap_dump_index (heap) + 1);
  kv_row_text (out, "Weak references",
               hs_heap_follow_weak (heap)
                 ? "followed (Reference.referent counts, as in Eclipse MAT)"
                 : "not followed (Reference.referent does not keep objects alive)");
  if (hs_heap_warning (heap) != NULL)
    {
      g_string_append (out, "<tr><th scope=\"row\">Warning</th><td class=\"warning\">");
      esc (out, hs_heap_warning (heap));
      g_string_append (out, "</td></tr>\n");
    }
  g_string_append (out, "</table>\n</section>\n");
}

static void
section_totals (GString *out, HsAnalysis *a)
{
  const HsSummary *s = hs_heap_summary (a->heap);
  gboolean any_type = FALSE;

  g_string_append (out, "<section id=\"totals\">\n<h2>Totals</h2>\n<table class=\"kv\">\n");
  kv_row_count (out, "Objects", s->objects);
  kv_row_count (out, "Instances", s->instances);
  kv_row_count (out, "Object arrays", s->object_arrays);
  kv_row_count (out, "Primitive arrays", s->primitive_arrays);
  kv_row_count (out, "Class objects", s->class_objects);
  kv_row_count (out, "Classes", s->classes);
  kv_row_count (out, "GC roots (distinct objects)", s->gc_roots);
  kv_row_count (out, "Reachable objects", s->reachable_objects);
  kv_row_count (out, "Unreachable objects", s->unreachable_objects);
  kv_row_bytes (out, "Shallow size of all objects", s->shallow_bytes);
  kv_row_bytes (out, "Reachable bytes", s->reachable_bytes);
  kv_row_bytes (out, "Unreachable bytes", s->unreachable_bytes);
  kv_row_bytes (out, "Native memory (outside the Java heap)", a->native_total);
  if (s->dangling_references > 0)
    kv_row_count (out, "Dangling references", s->dangling_references);
  g_string_append (out, "</table>\n");

  for (guint t = 0; t < 256; t++)
    if (s->roots_by_type[t] > 0)
      any_type = TRUE;
  if (any_type)
    {
      g_string_append (out, "<h3>GC roots by type</h3>\n<table class=\"data\" id=\"roots-by-type\">\n"
                            "<thead><tr><th>Type</th><th class=\"num\">Objects</th></tr></thead>\n<tbody>\n");
      for (guint t = 0; t < 256; t++)
        if (s->roots_by_type[t] > 0)
          {
            g_string_append (out, "<tr><td>");
            esc (out, hs_root_type_name ((guint8) t));
            g_string_append (out, "</td>");
            td_count (out, s->roots_by_type[t]);
            g_string_append (out, "</tr>\n");
          }
      g_string_append (out, "</tbody></table>\n");
    }
  g_string_append (out, "</section>\n");
}

/* The reference from a trace node to the next, as LeakCanary writes it,
 * with the referring name marked when it is a suspect. */
static void
append_reference (GString *out, const HsLeakNode *node)
{
  const char *owner = node->ref_owner_class ? node->ref_owner_class : node->class_name;

  g_string_append (out, "<div class=\"ref\">\xe2\x86\x93 ");
  switch (node->ref_kind)
    {
    case HS_PATH_REF_STATIC:
    case HS_PATH_REF_FIELD:
      if (node->ref_kind == HS_PATH_REF_STATIC)
        g_string_append (out, "<span class=\"kw\">static</span> ");
      g_string_append (out, "<span class=\"owner\" title=\"");
      esc (out, owner);
      g_string_append (out, "\">");
      esc (out, simple_name (owner));
      g_string_append (out, "</span>.");
      g_string_append_printf (out, "<span class=\"field%s\">", node->suspect ? " suspect" : "");
      esc (out, node->ref_name ? node->ref_name : "?");
      g_string_append (out, "</span>");
      break;
    case HS_PATH_REF_ELEMENT:
      g_string_append (out, "<span class=\"owner\" title=\"");
      esc (out, owner);
      g_string_append (out, "\">");
      esc (out, simple_name (owner));
      g_string_append_printf (out, "</span><span class=\"field%s\">[%u]</span>",
                              node->suspect ? " suspect" : "", node->ref_index);
      break;
    case HS_PATH_REF_LOCAL:
    default:
      g_string_append_printf (out, "<span class=\"field%s\">&lt;Java Local&gt;</span>",
                              node->suspect ? " suspect" : "");
      break;
    }
  if (node->suspect)
    g_string_append (out, " <span class=\"sr\" title=\"suspect reference\">(suspect)</span>");
  g_string_append (out, "</div>\n");
}

static const char *
node_kind_label (HsAnalysis *a, const HsLeakNode *node)
{
  if (node->is_class)
    return "class";
  if (node->obj != HS_OBJ_NONE && node->obj < hs_heap_n_objects (a->heap))
    switch (hs_heap_object_kind (a->heap, node->obj))
      {
      case HS_KIND_OBJ_ARRAY:
      case HS_KIND_PRIM_ARRAY:
        return "array";
      case HS_KIND_CLASS:
        return "class";
      case HS_KIND_INSTANCE:
      default:
        return "instance";
      }
  return "instance";
}

static void
append_trace (GString *out, HsAnalysis *a, const HsLeakTrace *tr, guint number, gboolean open)
{
  guint n = tr->nodes ? tr->nodes->len : 0;
  guint64 n_obj = hs_heap_n_objects (a->heap);

  g_string_append_printf (out, "<details class=\"trace\" data-retained=\"%" G_GUINT64_FORMAT
                          "\" data-retained-count=\"%" G_GUINT64_FORMAT "\"%s>\n<summary>Trace %u: retaining ",
                          tr->retained_bytes, tr->retained_count, open ? " open" : "", number);
  append_bytes (out, tr->retained_bytes);
  g_string_append (out, " in ");
  append_grouped (out, tr->retained_count);
  g_string_append (out, tr->retained_count == 1 ? " object" : " objects");
  g_string_append (out, "</summary>\n");

  gboolean has_desc = tr->watch_description && *tr->watch_description;
  gboolean has_key = tr->key && *tr->key;
  if (has_key || has_desc || tr->retained_duration_ms >= 0 || tr->watch_duration_ms >= 0)
    {
      g_string_append (out, "<p class=\"watch muted\">");
      if (has_desc)
        {
          g_string_append (out, "Watched: <span class=\"watch-desc\">");
          esc (out, tr->watch_description);
          g_string_append (out, "</span>. ");
        }
      if (has_key)
        {
          g_string_append (out, "Key: <code>");
          esc (out, tr->key);
          g_string_append (out, "</code>. ");
        }
      if (tr->watch_duration_ms >= 0)
        {
          g_string_append (out, "Watched ");
          append_duration (out, tr->watch_duration_ms);
          g_string_append (out, " before the dump. ");
        }
      if (tr->retained_duration_ms >= 0)
        {
          g_string_append (out, "Retained for ");
          append_duration (out, tr->retained_duration_ms);
          g_string_append (out, ". ");
        }
      g_string_append (out, "</p>\n");
    }

  g_string_append (out, "<ol class=\"trace\">\n<li class=\"root\"><span class=\"gc-root\">GC Root: ");
  esc (out, hs_root_type_name (tr->root_type));
  if (tr->root_thread_name)
    {
      g_string_append (out, " on thread \xe2\x80\x9c");
      esc (out, tr->root_thread_name);
      g_string_append (out, "\xe2\x80\x9d");
    }
  g_string_append (out, "</span></li>\n");

  for (guint i = 0; i < n; i++)
    {
      const HsLeakNode *node = g_ptr_array_index (tr->nodes, i);
      gboolean last = i + 1 == n;
      const char *st = node->leaking == HS_LEAKING_YES ? "yes"
                       : node->leaking == HS_LEAKING_NO ? "no" : "unknown";

      g_string_append_printf (out, "<li class=\"node%s\" data-leaking=\"%s\">\n"
                                   "<div class=\"node-head\"><span class=\"cls\">",
                              last ? " leaking-obj" : "", hs_leaking_name (node->leaking));
      esc (out, node->class_name);
      g_string_append_printf (out, "</span> <span class=\"kind\">%s</span>", node_kind_label (a, node));
      if (node->obj != HS_OBJ_NONE && node->obj < n_obj)
        {
          g_string_append (out, " <span class=\"oid\">");
          append_id (out, hs_heap_object_id (a->heap, node->obj));
          g_string_append (out, "</span>");
        }
      g_string_append (out, "</div>\n");
      if (node->description)
        {
          g_string_append (out, "<div class=\"desc\">");
          esc (out, node->description);
          g_string_append (out, "</div>\n");
        }
      g_string_append_printf (out, "<div><span class=\"status %s\">Leaking: %s</span>",
                              st, hs_leaking_name (node->leaking));
      if (node->reasons && node->reasons->len > 0)
        {
          g_string_append (out, " <span class=\"reasons\">(");
          for (guint r = 0; r < node->reasons->len; r++)
            {
              if (r > 0)
                g_string_append (out, "; ");
              esc (out, g_ptr_array_index (node->reasons, r));
            }
          g_string_append (out, ")</span>");
        }
      g_string_append (out, "</div>\n");

      if (a->dom && node->obj != HS_OBJ_NONE && node->obj < n_obj && node->obj < a->dom->n &&
          a->dom->idom[node->obj] != HS_OBJ_NONE)
        {
          g_string_append (out, "<div class=\"retained\">Retaining ");
          append_bytes (out, a->dom->retained[node->obj]);
          g_string_append (out, " in ");
          append_grouped (out, a->dom->retained_count[node->obj]);
          g_string_append (out, a->dom->retained_count[node->obj] == 1 ? " object" : " objects");
          g_string_append (out, "</div>\n");
        }
      if (!last)
        append_reference (out, node);
      g_string_append (out, "</li>\n");
    }
  g_string_append (out, "</ol>\n");

  if (tr->also_leaking && tr->also_leaking->len > 0)
    {
      g_string_append (out, "<p class=\"also\">Also retains leaking object");
      if (tr->also_leaking->len > 1)
        g_string_append_c (out, 's');
      g_string_append (out, ": ");
      for (guint i = 0; i < tr->also_leaking->len; i++)
        {
          HsObj o = g_array_index (tr->also_leaking, HsObj, i);
          if (i > 0)
            g_string_append (out, ", ");
          if (o < n_obj)
            {
              g_string_append (out, "<code>");
              esc (out, hs_heap_object_class_name (a->heap, o));
              g_string_append (out, "@");
              append_id (out, hs_heap_object_id (a->heap, o));
              g_string_append (out, "</code>");
            }
        }
      g_string_append (out, "</p>\n");
    }
  g_string_append (out, "</details>\n");
}

static void
append_groups (GString *out, HsAnalysis *a, GPtrArray *groups, const char *kind)
{
  guint n = groups ? groups->len : 0;

  if (n == 0)
    {
      g_string_append_printf (out, "<p class=\"none\">No %s leaks.</p>\n", kind);
      return;
    }
  for (guint g = 0; g < n; g++)
    {
      const HsLeakGroup *grp = g_ptr_array_index (groups, g);
      guint nt = grp->traces ? grp->traces->len : 0;
      guint64 bytes = 0;

      for (guint t = 0; t < nt; t++)
        bytes += ((const HsLeakTrace *) g_ptr_array_index (grp->traces, t))->retained_bytes;

      g_string_append_printf (out, "<article class=\"leak-group %s\" id=\"leak-%s-%u\" data-fingerprint=\"",
                              kind, kind, g + 1);
      esc (out, grp->fingerprint);
      g_string_append_printf (out, "\" data-count=\"%u\">\n<h4>", nt);
      esc (out, grp->description ? grp->description : "(no description)");
      g_string_append (out, "</h4>\n<p class=\"meta\">");
      g_string_append_printf (out, "<span class=\"count\">%u</span> leak instance%s, retaining ",
                              nt, nt == 1 ? "" : "s");
      append_bytes (out, bytes);
      g_string_append (out, " in all. Fingerprint <code class=\"fp\">");
      esc (out, grp->fingerprint);
      g_string_append (out, "</code>");
      if (grp->library_pattern)
        {
          g_string_append (out, ". Known library leak, matched by <code>");
          esc (out, grp->library_pattern);
          g_string_append (out, "</code>");
        }
      g_string_append (out, ".</p>\n");

      for (guint t = 0; t < nt && t < MAX_TRACES_PER_GROUP; t++)
        append_trace (out, a, g_ptr_array_index (grp->traces, t), t + 1, t == 0);
      if (nt > MAX_TRACES_PER_GROUP)
        g_string_append_printf (out, "<p class=\"muted\">%u more instances with the same suspect references are not shown.</p>\n",
                                nt - MAX_TRACES_PER_GROUP);
      g_string_append (out, "</article>\n");
    }
}

static void
section_leaks (GString *out, HsAnalysis *a)
{
  const HsLeakReport *r = a->leaks;
  guint na = r && r->application_leaks ? r->application_leaks->len : 0;
  guint nl = r && r->library_leaks ? r->library_leaks->len : 0;

  g_string_append_printf (out, "<section id=\"leaks\" data-application-groups=\"%u\" data-library-groups=\"%u\">\n"
                               "<h2>Leaks</h2>\n", na, nl);
  if (r == NULL)
    {
      g_string_append (out, "<p class=\"none\">Leak detection was not run for this report.</p>\n</section>\n");
      return;
    }
  g_string_append_printf (out, "<p class=\"leak-summary\"><strong>%u</strong> application leak%s and "
                               "<strong>%u</strong> library leak%s (groups of instances with the same suspect references). ",
                          na, na == 1 ? "" : "s", nl, nl == 1 ? "" : "s");
  g_string_append (out, "Watched references seen: ");
  append_grouped (out, r->n_watched);
  g_string_append (out, "; leaking objects found: ");
  append_grouped (out, r->n_leaking_objects);
  g_string_append (out, ".</p>\n");
  g_string_append_printf (out, "<h3 id=\"application-leaks\">Application leaks (%u)</h3>\n", na);
  append_groups (out, a, r->application_leaks, "application");
  g_string_append_printf (out, "<h3 id=\"library-leaks\">Library leaks (%u)</h3>\n", nl);
  append_groups (out, a, r->library_leaks, "library");

  if (r->unreachable_leaking && r->unreachable_leaking->len > 0)
    {
      g_string_append (out, "<h3 id=\"unreachable-leaking\">Watched objects with no path from a GC root</h3>\n<ul>\n");
      for (guint i = 0; i < r->unreachable_leaking->len; i++)
        {
          g_string_append (out, "<li>");
          esc (out, g_ptr_array_index (r->unreachable_leaking, i));
          g_string_append (out, "</li>\n");
        }
      g_string_append (out, "</ul>\n");
    }
  g_string_append (out, "</section>\n");
}

typedef struct {
  HsClass c;
  guint64 key;
} ClassKey;

static int
cmp_class_key (gconstpointer pa, gconstpointer pb, gpointer user_data)
{
  const ClassKey *x = pa, *y = pb;
  HsHeap *heap = user_data;
  if (x->key != y->key)
    return x->key > y->key ? -1 : 1;
  int c = g_strcmp0 (hs_class_name (heap, x->c), hs_class_name (heap, y->c));
  if (c != 0)
    return c;
  return x->c < y->c ? -1 : x->c > y->c;
}

static void
section_classes (GString *out, HsAnalysis *a, guint limit)
{
  HsHeap *heap = a->heap;
  guint nc = hs_heap_n_classes (heap);
  g_autofree ClassKey *keys = g_new (ClassKey, MAX (nc, 1));
  gboolean by_retained = a->class_retained != NULL;
  guint shown = MIN (nc, limit);

  for (guint c = 0; c < nc; c++)
    {
      keys[c].c = c;
      keys[c].key = by_retained ? a->class_retained[c] : hs_class_shallow (heap, c);
    }
  g_qsort_with_data (keys, nc, sizeof (ClassKey), cmp_class_key, heap);

  g_string_append_printf (out, "<section id=\"classes\">\n<h2>Classes with the largest retained size</h2>\n"
                               "<p>The top %u of %u classes, by %s. ", shown, nc,
                          by_retained ? "retained size" : "shallow size (retained sizes were not computed)");
  g_string_append (out, "A class's retained size sums its reachable instances that no other instance of the "
                        "same class dominates (a lower bound of what freeing them all would free).</p>\n"
                        "<table class=\"data sortable\" id=\"class-table\">\n<thead><tr><th>Class</th>"
                        "<th class=\"num\">Objects</th><th class=\"num\">Reachable</th>"
                        "<th class=\"num\">Shallow</th><th class=\"num\">Retained</th></tr></thead>\n<tbody>\n");
  for (guint i = 0; i < shown; i++)
    {
      HsClass c = keys[i].c;
      g_string_append (out, "<tr><td class=\"name\"><code>");
      esc (out, hs_class_name (heap, c));
      g_string_append (out, "</code></td>");
      td_count (out, hs_class_count (heap, c));
      td_count (out, hs_class_reachable_count (heap, c));
      td_bytes (out, hs_class_shallow (heap, c));
      if (by_retained)
        td_bytes (out, a->class_retained[c]);
      else
        g_string_append (out, "<td class=\"num\">\xe2\x80\x94</td>");
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody></table>\n</section>\n");
}

static void
section_objects (GString *out, HsAnalysis *a, guint limit)
{
  HsHeap *heap = a->heap;
  guint64 n_obj = hs_heap_n_objects (heap);

  g_string_append (out, "<section id=\"objects\">\n<h2>Biggest objects</h2>\n");
  if (a->dom == NULL)
    {
      g_string_append (out, "<p class=\"none\">Retained sizes were not computed for this report.</p>\n</section>\n");
      return;
    }
  g_autoptr(GArray) top = hs_analysis_top_objects (a, limit);
  gboolean native = a->native_total > 0;

  g_string_append_printf (out, "<p>The %u reachable objects with the largest retained size "
                               "(all reachable objects retain ", top->len);
  append_bytes (out, a->dom->retained[a->dom->n]);
  g_string_append (out, ").</p>\n<table class=\"data sortable\" id=\"object-table\">\n<thead><tr>"
                        "<th>Object</th><th>Class</th><th>Description</th><th class=\"num\">Shallow</th>"
                        "<th class=\"num\">Retained</th><th class=\"num\">Retained objects</th>");
  if (native)
    g_string_append (out, "<th class=\"num\">Retained native</th>");
  g_string_append (out, "</tr></thead>\n<tbody>\n");
  for (guint i = 0; i < top->len; i++)
    {
      HsObj o = g_array_index (top, HsObj, i);
      if (o >= n_obj || o >= a->dom->n)
        continue;
      g_autofree char *desc = hs_heap_describe (heap, o);
      g_string_append (out, "<tr><td class=\"mono\">");
      append_id (out, hs_heap_object_id (heap, o));
      g_string_append (out, "</td><td class=\"name\"><code>");
      esc (out, hs_heap_object_class_name (heap, o));
      g_string_append (out, "</code></td><td class=\"name\">");
      esc (out, desc);
      g_string_append (out, "</td>");
      td_bytes (out, hs_heap_object_shallow (heap, o));
      td_bytes (out, a->dom->retained[o]);
      td_count (out, a->dom->retained_count[o]);
      if (native)
        td_bytes (out, hs_analysis_retained_native (a, o));
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody></table>\n</section>\n");
}

/* Cuts label to at most max_chars characters (UTF-8 aware), with "…". */
static char *
fit_label (const char *label, double width)
{
  glong max_chars = (glong) (width / TM_CHAR_W);
  g_autofree char *valid = g_utf8_make_valid (label ? label : "", -1);
  glong len = g_utf8_strlen (valid, -1);

  if (max_chars < 3)
    return NULL;
  if (len <= max_chars)
    return g_steal_pointer (&valid);
  const char *end = g_utf8_offset_to_pointer (valid, max_chars - 1);
  g_autofree char *head = g_strndup (valid, end - valid);
  return g_strconcat (head, "\xe2\x80\xa6", NULL);
}

static void
section_treemap (GString *out, HsAnalysis *a)
{
  HsHeap *heap = a->heap;
  HsDomTree *dom = a->dom;

  g_string_append (out, "<section id=\"treemap\">\n<h2>Treemap of the dominator tree</h2>\n");
  if (dom == NULL || dom->retained[dom->n] == 0)
    {
      g_string_append (out, "<p class=\"none\">No dominator tree to draw.</p>\n</section>\n");
      return;
    }
  /* The layout stops at max_rects breadth first, which would draw the
   * children of a wide node as one big "more" box. Raise the smallest box
   * size until everything fits instead, so that what is left out is only
   * what is too small to see (still shown, together, as "N more"). */
  double min_area = TM_MIN_AREA;
  g_autoptr(GArray) rects = NULL;
  for (;;)
    {
      rects = hs_treemap_layout_full (dom, dom->n, 0, 0, TM_W, TM_H, TM_DEPTH,
                                      min_area, TM_PAD, TM_HEADER, TM_MAX_RECTS + 1, TRUE);
      if (rects->len <= TM_MAX_RECTS || min_area > TM_W * TM_H)
        break;
      g_array_unref (g_steal_pointer (&rects));
      min_area *= 1.5;
    }
  guint64 total = dom->retained[dom->n];
  guint64 n_obj = hs_heap_n_objects (heap);
  guint drawn = 0;

  g_string_append (out, "<p>Each box is an object; its area is proportional to its retained size and "
                        "boxes nest as the dominator tree does, ");
  g_string_append_printf (out, "%u levels deep from the GC roots (the outer boxes). Colours stand for "
                               "packages. Hover a box for details.</p>\n", TM_DEPTH);
  g_string_append (out, "<svg class=\"treemap\" viewBox=\"0 0 ");
  append_double (out, TM_W);
  g_string_append_c (out, ' ');
  append_double (out, TM_H);
  g_string_append (out, "\" role=\"img\" aria-label=\"Treemap of retained sizes\">\n");

  /* What each parent shows, for the "N more" boxes. */
  g_autoptr(GHashTable) shown_n = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) shown_acc = g_array_new (FALSE, TRUE, sizeof (guint64) * 3);
  for (guint i = 0; i < rects->len; i++)
    {
      const HsTreemapRect *r = &g_array_index (rects, HsTreemapRect, i);
      if (r->depth == 0 || r->node >= dom->n)
        continue;
      gpointer slot = g_hash_table_lookup (shown_n, &r->parent);
      if (slot == NULL)
        {
          guint64 z[3] = { r->parent, 0, 0 };
          g_array_append_vals (shown_acc, z, 1);
          slot = GUINT_TO_POINTER (shown_acc->len);
          /* Keys point into rects, which no longer changes. */
          g_hash_table_insert (shown_n, (gpointer) &r->parent, slot);
        }
      guint64 *acc = (guint64 *) (void *) shown_acc->data + 3 * (GPOINTER_TO_UINT (slot) - 1);
      acc[1]++;
      acc[2] += dom->retained[r->node];
    }

  for (guint i = 0; i < rects->len; i++)
    {
      const HsTreemapRect *r = &g_array_index (rects, HsTreemapRect, i);
      g_autoptr(GString) title = g_string_new (NULL);
      g_autofree char *label_name = NULL;
      const char *fill;
      guint64 ret;

      if (r->depth == 0)
        continue;
      if (r->node == HS_TREEMAP_REST)
        {
          /* Children of r->parent too small to draw, together. */
          gsize nk = 0;
          const HsObj *kids;
          guint64 kid_bytes = 0, n_shown = 0, shown_bytes = 0;
          if (r->parent > dom->n)
            continue;
          kids = hs_dom_tree_children (dom, r->parent, &nk);
          for (gsize k = 0; k < nk; k++)
            if (kids[k] < dom->n)
              kid_bytes += dom->retained[kids[k]];
          gpointer slot = g_hash_table_lookup (shown_n, &r->parent);
          if (slot)
            {
              const guint64 *acc = (const guint64 *) (const void *) shown_acc->data + 3 * (GPOINTER_TO_UINT (slot) - 1);
              n_shown = acc[1];
              shown_bytes = acc[2];
            }
          guint64 n_more = nk > n_shown ? nk - n_shown : 0;
          ret = kid_bytes > shown_bytes ? kid_bytes - shown_bytes : 0;
          fill = "#d4d4da";
          label_name = g_strdup_printf ("%" G_GUINT64_FORMAT " more", n_more);
          append_grouped (title, n_more);
          g_string_append (title, n_more == 1 ? " smaller object" : " smaller objects");
          g_string_append (title, "\nRetained together: ");
          append_bytes (title, ret);
        }
      else if (r->node < n_obj && r->node < dom->n)
        {
          HsObj o = (HsObj) r->node;
          const char *cls = hs_heap_object_class_name (heap, o);
          const char *pkg_of = colour_name (heap, o);
          ret = dom->retained[o];
          fill = package_colour (pkg_of);
          label_name = g_strdup (simple_name (pkg_of));
          esc (title, cls);
          g_string_append (title, " @ ");
          append_id (title, hs_heap_object_id (heap, o));
          g_string_append (title, "\nShallow: ");
          append_bytes (title, hs_heap_object_shallow (heap, o));
          g_string_append (title, "\nRetained: ");
          append_bytes (title, ret);
          g_string_append (title, " (");
          append_double (title, 100.0 * (double) ret / (double) total);
          g_string_append (title, "% of the reachable heap) in ");
          append_grouped (title, dom->retained_count[o]);
          g_string_append (title, dom->retained_count[o] == 1 ? " object" : " objects");
        }
      else
        continue;

      g_string_append_printf (out, "<g class=\"d%u\"><rect x=\"", r->depth);
      append_double (out, r->x);
      g_string_append (out, "\" y=\"");
      append_double (out, r->y);
      g_string_append (out, "\" width=\"");
      append_double (out, r->w);
      g_string_append (out, "\" height=\"");
      append_double (out, r->h);
      g_string_append_printf (out, "\" fill=\"%s\"", fill);
      if (r->depth > 1)
        g_string_append (out, " fill-opacity=\"0.85\"");
      g_string_append (out, "><title>");
      g_string_append_len (out, title->str, title->len);   /* escaped above */
      g_string_append (out, "</title></rect>");

      /* A label on the header strip (boxes with children) or in the
       * middle of the box, where there is room. */
      if (r->h >= 13)
        {
          g_autofree char *size = hs_format_bytes (ret);
          g_autofree char *full = g_strdup_printf ("%s %s", label_name, size);
          g_autofree char *lbl = fit_label (full, r->w - 6);
          if (lbl == NULL || g_str_has_suffix (lbl, "\xe2\x80\xa6"))
            {
              g_free (lbl);
              lbl = fit_label (label_name, r->w - 6);
            }
          if (lbl)
            {
              double ty = r->has_children_shown ? r->y + 12 : r->y + MIN (r->h / 2 + 4, 13);
              g_string_append_printf (out, "<text%s x=\"", r->has_children_shown ? " class=\"hdr\"" : "");
              append_double (out, r->x + 3);
              g_string_append (out, "\" y=\"");
              append_double (out, ty);
              g_string_append (out, "\">");
              esc (out, lbl);
              g_string_append (out, "</text>");
            }
        }
      g_string_append (out, "</g>\n");
      drawn++;
    }
  g_string_append (out, "</svg>\n");
  g_string_append_printf (out, "<p class=\"muted\" id=\"treemap-count\" data-boxes=\"%u\">%u boxes drawn; "
                               "objects too small to see are grouped in grey boxes.</p>\n", drawn, drawn);

  /* Legend: the packages of the top-level boxes, largest first, unique. */
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  g_string_append (out, "<p class=\"legend\">");
  for (guint i = 0; i < rects->len && seen->len < 12; i++)
    {
      const HsTreemapRect *r = &g_array_index (rects, HsTreemapRect, i);
      if (r->depth != 1 || r->node >= n_obj)
        continue;
      const char *cls = colour_name (heap, (HsObj) r->node);
      g_autofree char *pkg = g_strndup (cls ? cls : "", package_len (cls));
      gboolean dup = FALSE;
      for (guint j = 0; j < seen->len && !dup; j++)
        dup = strcmp (g_ptr_array_index (seen, j), pkg) == 0;
      if (dup)
        continue;
      g_string_append_printf (out, "<span><i style=\"background:%s\"></i>", package_colour (cls));
      esc (out, pkg[0] ? pkg : "(primitive arrays, default package)");
      g_string_append (out, "</span>");
      g_ptr_array_add (seen, g_steal_pointer (&pkg));
    }
  g_string_append (out, "</p>\n</section>\n");
}

/* base64 SHA-256 of the inline script, for the Content-Security-Policy. */
static char *
script_hash (void)
{
  guint8 digest[32];
  gsize len = sizeof digest;
  g_autoptr(GChecksum) ck = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (ck, (const guchar *) script, strlen (script));
  g_checksum_get_digest (ck, digest, &len);
  return g_base64_encode (digest, len);
}

GString *
hs_report_build (HsAnalysis *analysis, const HsReportOptions *opts)
{
  HsReportOptions defaults = { FALSE, 0, 0 };
  GString *out;

  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);
  if (opts == NULL)
    opts = &defaults;

  guint top_classes = opts->top_classes ? opts->top_classes : DEFAULT_TOP_CLASSES;
  guint top_objects = opts->top_objects ? opts->top_objects : DEFAULT_TOP_OBJECTS;
  g_autofree char *base = g_path_get_basename (hs_heap_path (analysis->heap));
  g_autofree char *hash = script_hash ();
  const HsLeakReport *r = analysis->leaks;
  guint na = r && r->application_leaks ? r->application_leaks->len : 0;
  guint nl = r && r->library_leaks ? r->library_leaks->len : 0;

  out = g_string_sized_new (64 * 1024);
  g_string_append (out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
  g_string_append_printf (out, "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                               "style-src 'unsafe-inline'; script-src 'sha256-%s'\">\n", hash);
  g_string_append (out, "<meta name=\"generator\" content=\"Heapscope " PACKAGE_VERSION "\">\n<title>Heap report: ");
  esc (out, base);
  g_string_append (out, "</title>\n<style>\n");
  g_string_append (out, css);
  g_string_append (out, "</style>\n</head>\n<body>\n<header>\n<h1>Heap report: <span class=\"file\">");
  esc (out, base);
  g_string_append_printf (out, "</span></h1>\n<p class=\"headline\"><strong>%u</strong> application leak%s, "
                               "<strong>%u</strong> library leak%s; ",
                          na, na == 1 ? "" : "s", nl, nl == 1 ? "" : "s");
  append_bytes (out, hs_heap_summary (analysis->heap)->reachable_bytes);
  g_string_append (out, " reachable in ");
  append_grouped (out, hs_heap_summary (analysis->heap)->reachable_objects);
  g_string_append (out, " objects.</p>\n<nav><a href=\"#dump\">Dump</a><a href=\"#totals\">Totals</a>"
                        "<a href=\"#leaks\">Leaks</a><a href=\"#classes\">Classes</a>"
                        "<a href=\"#objects\">Biggest objects</a><a href=\"#treemap\">Treemap</a></nav>\n"
                        "</header>\n<main>\n");

  section_dump (out, analysis);
  section_totals (out, analysis);
  section_leaks (out, analysis);
  section_classes (out, analysis, top_classes);
  section_objects (out, analysis, top_objects);
  section_treemap (out, analysis);

  g_string_append (out, "</main>\n<footer>Made by Heapscope " PACKAGE_VERSION);
  if (opts->include_generation_time)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
      g_autofree char *s = g_date_time_format (now, "%Y-%m-%d %H:%M:%S UTC");
      g_string_append (out, " on <time class=\"generated\">");
      esc (out, s);
      g_string_append (out, "</time>");
    }
  g_string_append (out, ". Sizes in SI units (1 kB = 1000 bytes); exact byte counts in the tooltips.</footer>\n<script>");
  g_string_append (out, script);
  g_string_append (out, "</script>\n</body>\n</html>\n");
  return out;
}

/* --- atomic writing ------------------------------------------------------ */

static gboolean
write_all (int fd, const char *data, gsize len, int *err)
{
  while (len > 0)
    {
      gssize w = write (fd, data, len);
      if (w < 0)
        {
          if (errno == EINTR)
            continue;
          *err = errno;
          return FALSE;
        }
      data += w;
      len -= (gsize) w;
    }
  return TRUE;
}

gboolean
hs_report_write (HsAnalysis *analysis, const HsReportOptions *opts,
                 const char *path, GError **error)
{
  g_return_val_if_fail (analysis != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *tmp = g_strdup_printf ("%s%c.%s.XXXXXX", dir, G_DIR_SEPARATOR, base);
  int err = 0;

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                   "Cannot write the report to “%s”: it is a folder", path);
      return FALSE;
    }

  /* Build first: nothing touches the disk until the report exists. */
  g_autoptr(GString) html = hs_report_build (analysis, opts);
  if (html == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "Cannot build the report for “%s”", path);
      return FALSE;
    }

  /* 0666 minus the umask, like any new file (mkstemp alone gives 0600). */
  int fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      err = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err),
                   "Cannot write the report to “%s”: cannot create a file in the folder “%s”: %s",
                   path, dir, g_strerror (err));
      return FALSE;
    }

  if (!write_all (fd, html->str, html->len, &err) || fsync (fd) != 0)
    {
      if (err == 0)
        err = errno;
      close (fd);
      g_unlink (tmp);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err),
                   "Cannot write the report to “%s”: %s", path, g_strerror (err));
      return FALSE;
    }
  if (close (fd) != 0)
    {
      err = errno;
      g_unlink (tmp);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err),
                   "Cannot write the report to “%s”: %s", path, g_strerror (err));
      return FALSE;
    }
  if (g_rename (tmp, path) != 0)
    {
      err = errno;
      g_unlink (tmp);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err),
                   "Cannot write the report to “%s”: %s", path, g_strerror (err));
      return FALSE;
    }
  return TRUE;
}
