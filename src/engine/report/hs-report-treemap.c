/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-treemap.c: the report's inline SVG treemap of the dominator
 * tree: the layout fitted to a box budget, the boxes (objects, and grey
 * "N more" boxes for what is too small to see) and the package legend. */
#include "config.h"

#include "hs-report-private.h"
#include "hs-treemap-layout.h"

#include <string.h>

/* Treemap geometry (SVG user units). */
#define TM_W 1200.0
#define TM_H 720.0
#define TM_DEPTH 4
#define TM_MIN_AREA 36.0
#define TM_PAD 2.0
#define TM_HEADER 15.0
#define TM_MAX_RECTS 1500
#define TM_CHAR_W 6.6 /* rough advance of an 11px sans-serif character */
#define TM_LEGEND_MAX 12

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

/* Cuts label to at most max_chars characters (UTF-8 aware), with "…". */
static char *
fit_label (const char *label, double width)
{
  glong max_chars = (glong)(width / TM_CHAR_W);
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

/* The layout stops at max_rects breadth first, which would draw the
 * children of a wide node as one big "more" box. Raise the smallest box
 * size until everything fits instead, so that what is left out is only
 * what is too small to see (still shown, together, as "N more"). */
static GArray *
fitted_layout (const HsDomTree *dom)
{
  double min_area = TM_MIN_AREA;

  for (;;)
    {
      GArray *rects = hs_treemap_layout_full (dom, dom->n, 0, 0, TM_W, TM_H, TM_DEPTH, min_area, TM_PAD,
                                              TM_HEADER, TM_MAX_RECTS + 1, TRUE);
      if (rects->len <= TM_MAX_RECTS || min_area > TM_W * TM_H)
        return rects;
      g_array_unref (rects);
      min_area *= 1.5;
    }
}

/* What each parent shows: how many boxes and their retained bytes, for
 * the "N more" boxes. Keys point into the rects, which no longer change. */
typedef struct
{
  GHashTable *slot_of; /* &rect->parent -> index + 1 into acc */
  GArray *acc;         /* guint64[3]: parent, boxes, bytes */
} Shown;

static void
shown_init (Shown *shown, GArray *rects, const HsDomTree *dom)
{
  shown->slot_of = g_hash_table_new (g_int64_hash, g_int64_equal);
  shown->acc = g_array_new (FALSE, TRUE, sizeof (guint64) * 3);
  for (guint i = 0; i < rects->len; i++)
    {
      const HsTreemapRect *r = &g_array_index (rects, HsTreemapRect, i);
      if (r->depth == 0 || r->node >= dom->n)
        continue;
      gpointer slot = g_hash_table_lookup (shown->slot_of, &r->parent);
      if (slot == NULL)
        {
          guint64 z[3] = { r->parent, 0, 0 };
          g_array_append_vals (shown->acc, z, 1);
          slot = GUINT_TO_POINTER (shown->acc->len);
          g_hash_table_insert (shown->slot_of, (gpointer)&r->parent, slot);
        }
      guint64 *acc = (guint64 *)(void *)shown->acc->data + 3 * (GPOINTER_TO_UINT (slot) - 1);
      acc[1]++;
      acc[2] += hs_dom_tree_retained (dom, r->node);
    }
}

static void
shown_get (const Shown *shown, const guint64 *parent, guint64 *n_shown, guint64 *shown_bytes)
{
  gpointer slot = g_hash_table_lookup (shown->slot_of, parent);

  *n_shown = *shown_bytes = 0;
  if (slot)
    {
      const guint64 *acc
          = (const guint64 *)(const void *)shown->acc->data + 3 * (GPOINTER_TO_UINT (slot) - 1);
      *n_shown = acc[1];
      *shown_bytes = acc[2];
    }
}

static void
shown_clear (Shown *shown)
{
  g_clear_pointer (&shown->slot_of, g_hash_table_unref);
  g_clear_pointer (&shown->acc, g_array_unref);
}

/* One box with its tooltip and, where there is room, its label; FALSE
 * when r is not drawn. */
static gboolean
append_box (GString *out, HsHeap *heap, const HsDomTree *dom, const Shown *shown, const HsTreemapRect *r)
{
  guint64 total = hs_dom_tree_retained (dom, dom->n);
  guint64 n_obj = hs_heap_n_objects (heap);
  g_autoptr (GString) title = g_string_new (NULL);
  g_autofree char *label_name = NULL;
  const char *fill;
  guint64 ret;

  if (r->depth == 0)
    return FALSE;
  if (r->node == HS_TREEMAP_REST)
    {
      /* Children of r->parent too small to draw, together. */
      gsize nk = 0;
      const HsObj *kids;
      guint64 kid_bytes = 0, n_shown = 0, shown_bytes = 0;
      if (r->parent > dom->n)
        return FALSE;
      kids = hs_dom_tree_children (dom, r->parent, &nk);
      for (gsize k = 0; k < nk; k++)
        if (kids[k] < dom->n)
          kid_bytes += hs_dom_tree_retained (dom, kids[k]);
      shown_get (shown, &r->parent, &n_shown, &shown_bytes);
      guint64 n_more = nk > n_shown ? nk - n_shown : 0;
      ret = kid_bytes > shown_bytes ? kid_bytes - shown_bytes : 0;
      fill = "#d4d4da";
      label_name = g_strdup_printf ("%" G_GUINT64_FORMAT " more", n_more);
      hs_format_append_grouped (title, n_more);
      g_string_append (title, n_more == 1 ? " smaller object" : " smaller objects");
      g_string_append (title, "\nRetained together: ");
      hs_html_append_bytes (title, ret);
    }
  else if (r->node < n_obj && r->node < dom->n)
    {
      HsObj o = (HsObj)r->node;
      const char *cls = hs_heap_object_class_name (heap, o);
      const char *pkg_of = colour_name (heap, o);
      ret = hs_dom_tree_retained (dom, o);
      fill = hs_format_package_colour (pkg_of);
      label_name = g_strdup (hs_format_simple_name (pkg_of));
      hs_html_escape (title, cls);
      g_string_append (title, " @ ");
      hs_html_append_id (title, hs_heap_object_id (heap, o));
      g_string_append (title, "\nShallow: ");
      hs_html_append_bytes (title, hs_heap_object_shallow (heap, o));
      g_string_append (title, "\nRetained: ");
      hs_html_append_bytes (title, ret);
      g_string_append (title, " (");
      hs_html_append_double (title, 100.0 * (double)ret / (double)total);
      g_string_append (title, "% of the reachable heap) in ");
      hs_format_append_grouped (title, hs_dom_tree_retained_count (dom, o));
      g_string_append (title, hs_dom_tree_retained_count (dom, o) == 1 ? " object" : " objects");
    }
  else
    return FALSE;

  g_string_append_printf (out, "<g class=\"d%u\"><rect x=\"", r->depth);
  hs_html_append_double (out, r->x);
  g_string_append (out, "\" y=\"");
  hs_html_append_double (out, r->y);
  g_string_append (out, "\" width=\"");
  hs_html_append_double (out, r->w);
  g_string_append (out, "\" height=\"");
  hs_html_append_double (out, r->h);
  g_string_append_printf (out, "\" fill=\"%s\"", fill);
  if (r->depth > 1)
    g_string_append (out, " fill-opacity=\"0.85\"");
  g_string_append (out, "><title>");
  g_string_append_len (out, title->str, title->len); /* escaped above */
  g_string_append (out, "</title></rect>");

  /* A label on the header strip (boxes with children) or in the middle of
   * the box, where there is room. */
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
          hs_html_append_double (out, r->x + 3);
          g_string_append (out, "\" y=\"");
          hs_html_append_double (out, ty);
          g_string_append (out, "\">");
          hs_html_escape (out, lbl);
          g_string_append (out, "</text>");
        }
    }
  g_string_append (out, "</g>\n");
  return TRUE;
}

/* The packages of the top-level boxes, largest first, unique. */
static void
append_legend (GString *out, HsHeap *heap, GArray *rects)
{
  guint64 n_obj = hs_heap_n_objects (heap);
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);

  g_string_append (out, "<p class=\"legend\">");
  for (guint i = 0; i < rects->len && seen->len < TM_LEGEND_MAX; i++)
    {
      const HsTreemapRect *r = &g_array_index (rects, HsTreemapRect, i);
      if (r->depth != 1 || r->node >= n_obj)
        continue;
      const char *cls = colour_name (heap, (HsObj)r->node);
      g_autofree char *pkg = hs_format_package (cls);
      gboolean dup = FALSE;
      for (guint j = 0; j < seen->len && !dup; j++)
        dup = strcmp (g_ptr_array_index (seen, j), pkg) == 0;
      if (dup)
        continue;
      g_string_append_printf (out, "<span><i style=\"background:%s\"></i>", hs_format_package_colour (cls));
      hs_html_escape (out, pkg[0] ? pkg : "(primitive arrays, default package)");
      g_string_append (out, "</span>");
      g_ptr_array_add (seen, g_steal_pointer (&pkg));
    }
  g_string_append (out, "</p>\n");
}

void
hs_report_section_treemap (GString *out, const HsReportContext *ctx)
{
  HsHeap *heap = ctx->analysis->heap;
  const HsDomTree *dom = ctx->analysis->dom;
  Shown shown;
  guint drawn = 0;

  g_string_append (out, "<section id=\"treemap\">\n<h2>Treemap of the dominator tree</h2>\n");
  if (dom == NULL || hs_dom_tree_retained (dom, dom->n) == 0)
    {
      g_string_append (out, "<p class=\"none\">No dominator tree to draw.</p>\n</section>\n");
      return;
    }
  g_autoptr (GArray) rects = fitted_layout (dom);

  g_string_append (out, "<p>Each box is an object; its area is proportional to its retained size and "
                        "boxes nest as the dominator tree does, ");
  g_string_append_printf (out,
                          "%u levels deep from the GC roots (the outer boxes). Colours stand for "
                          "packages. Hover a box for details.</p>\n",
                          TM_DEPTH);
  g_string_append (out, "<svg class=\"treemap\" viewBox=\"0 0 ");
  hs_html_append_double (out, TM_W);
  g_string_append_c (out, ' ');
  hs_html_append_double (out, TM_H);
  g_string_append (out, "\" role=\"img\" aria-label=\"Treemap of retained sizes\">\n");

  shown_init (&shown, rects, dom);
  for (guint i = 0; i < rects->len; i++)
    if (append_box (out, heap, dom, &shown, &g_array_index (rects, HsTreemapRect, i)))
      drawn++;
  shown_clear (&shown);

  g_string_append (out, "</svg>\n");
  g_string_append_printf (out,
                          "<p class=\"muted\" id=\"treemap-count\" data-boxes=\"%u\">%u boxes drawn; "
                          "objects too small to see are grouped in grey boxes.</p>\n",
                          drawn, drawn);
  append_legend (out, heap, rects);
  g_string_append (out, "</section>\n");
}
