/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-waste.c: heapscope-cli waste DUMP (what is wasted: duplicate
 * strings, collections, arrays, boxes, bitmaps) and
 * heapscope-cli bitmap DUMP ID -o FILE (one bitmap as PNG). */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "hs-cli.h"
#include "hs-waste.h"

static void
text_kind (GString *out, const char *title)
{
  g_string_append_printf (out, "\n%s\n", title);
}

/* a: loaded with the waste pass beside it (hs_cli_load_full's
 * find_waste), or the pass runs now. */
int
hs_cli_waste_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error)
{
  (void)path;
  g_autoptr (HsWaste) w = hs_waste_find (a, NULL, error);
  if (!w)
    return 2;
  if (o->timings)
    g_printerr ("waste: %.3f s%s\n", w->seconds, w->beside ? " (beside the dominators)" : "");
  GString *out = g_string_new (NULL);
  int limit = o->limit < 0 ? (o->json || o->csv ? -1 : 10) : o->limit;
  if (o->csv)
    {
      hs_waste_to_csv (w, a->heap, limit, out);
      hs_cli_write (out);
      g_string_free (out, TRUE);
      return 0;
    }
  if (o->json)
    {
      hs_waste_to_json (w, a->heap, limit, out);
      hs_cli_write_raw (out);
      g_string_free (out, TRUE);
      return 0;
    }
  HsHeap *heap = a->heap;
  g_autofree char *line = hs_waste_summary_line (w);
  g_string_append_printf (out, "%s\n", line);
  guint n = limit < 0 ? G_MAXUINT : (guint)limit;

  text_kind (out, "Duplicate strings (count, wasted, value):");
  for (guint i = 0; i < w->strings->len && i < n; i++)
    {
      const HsWasteString *s = &g_array_index (w->strings, HsWasteString, i);
      g_autofree char *b = hs_format_bytes (s->wasted);
      g_string_append_printf (out, "  %8" G_GUINT64_FORMAT "  %10s  \"%s\"", s->count, b, s->value);
      if (s->length > HS_WASTE_MAX_CHARS)
        g_string_append_printf (out, " (%" G_GUINT64_FORMAT " chars)", s->length);
      g_string_append_c (out, '\n');
    }
  text_kind (out, "Collections (count, empty, fill, wasted, class):");
  for (guint i = 0; i < w->collections->len && i < n; i++)
    {
      const HsWasteCollection *c = &g_array_index (w->collections, HsWasteCollection, i);
      g_autofree char *b = hs_format_bytes (c->wasted);
      double fill = c->capacity_sum ? 100.0 * c->size_sum / c->capacity_sum : 0;
      g_string_append_printf (out, "  %8" G_GUINT64_FORMAT "  %8" G_GUINT64_FORMAT "  %5.1f%%  %10s  %s\n",
                              c->count, c->empty, fill, b, hs_class_name (heap, c->klass));
    }
  text_kind (out, "Arrays:");
  for (guint t = 0; t < G_N_ELEMENTS (w->zero_arrays); t++)
    if (w->zero_arrays[t].count)
      {
        g_autofree char *b = hs_format_bytes (w->zero_arrays[t].bytes);
        g_string_append_printf (out, "  %8" G_GUINT64_FORMAT "  %10s  %s[] all zero\n",
                                w->zero_arrays[t].count, b, hs_type_name (t));
      }
  if (w->null_arrays.count)
    {
      g_autofree char *b = hs_format_bytes (w->null_arrays.bytes);
      g_string_append_printf (out, "  %8" G_GUINT64_FORMAT "  %10s  Object[] all null\n",
                              w->null_arrays.count, b);
    }
  for (guint i = 0, shown = 0; i < w->dup_arrays->len && shown < n; i++)
    {
      const HsWasteDupArray *d = &g_array_index (w->dup_arrays, HsWasteDupArray, i);
      g_autofree char *b = hs_format_bytes (d->wasted);
      if (d->thread_locals)
        continue;
      g_string_append_printf (out, "  %8" G_GUINT64_FORMAT "  %10s  %s[%u] duplicates\n", d->count, b,
                              hs_type_name (d->type), d->length);
      shown++;
    }
  if (w->thread_buffers_bytes > 0)
    {
      text_kind (out, "Per-thread working buffers (locals of different threads, alike at the dump; not "
                      "counted as waste):");
      for (guint i = 0, shown = 0; i < w->dup_arrays->len && shown < n; i++)
        {
          const HsWasteDupArray *d = &g_array_index (w->dup_arrays, HsWasteDupArray, i);
          g_autofree char *b = hs_format_bytes (d->wasted + d->wasted / MAX (d->count - 1, 1));
          if (!d->thread_locals)
            continue;
          g_string_append_printf (out, "  %8" G_GUINT64_FORMAT "  %10s  %s[%u]\n", d->count, b,
                                  hs_type_name (d->type), d->length);
          shown++;
        }
    }
  text_kind (out, "Boxed primitives (count, bytes, as primitives, class):");
  for (guint i = 0; i < w->boxed->len && i < n; i++)
    {
      const HsWasteBoxed *x = &g_array_index (w->boxed, HsWasteBoxed, i);
      g_autofree char *b = hs_format_bytes (x->bytes);
      g_autofree char *p = hs_format_bytes (x->primitive_bytes);
      g_string_append_printf (out, "  %8" G_GUINT64_FORMAT "  %10s  %10s  %s\n", x->count, b, p,
                              hs_class_name (heap, x->klass));
    }
  text_kind (out, "Bitmaps (id, size, config, bytes, duplicates):");
  for (guint i = 0; i < w->bitmaps->len && i < n; i++)
    {
      const HsWasteBitmap *x = &g_array_index (w->bitmaps, HsWasteBitmap, i);
      g_autofree char *b = hs_format_bytes (hs_waste_bitmap_bytes (x));
      g_string_append_printf (out,
                              "  0x%" G_GINT64_MODIFIER "x  %" G_GINT64_FORMAT " x %" G_GINT64_FORMAT
                              "  %s  %s  %" G_GUINT64_FORMAT,
                              hs_heap_object_id (heap, x->obj), x->width, x->height, x->config, b,
                              x->duplicates);
      if (x->problem)
        g_string_append_printf (out, "  (%s)", x->problem);
      g_string_append_c (out, '\n');
    }
  hs_cli_write_raw (out);
  g_string_free (out, TRUE);
  return 0;
}

int
hs_cli_waste (const HsCliOptions *o, const char *path, GError **error)
{
  /* No dominator tree: the findings need reachability (the load's walk
   * finds it) and the native sizes, not retained sizes. */
  g_autoptr (HsAnalysis) a = hs_cli_load_full (o, path, FALSE, FALSE, TRUE, error);
  if (!a)
    return 2;
  return hs_cli_waste_emit (o, a, path, error);
}

/* Writes bytes to dest through a temporary file in its folder, renamed
 * over it; refuses devices, FIFOs and the dump itself. "-" is stdout. */
static gboolean
write_png (const char *dest, const char *dump, GBytes *png, GError **error)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (png, &len);
  if (g_str_equal (dest, "-"))
    {
      if (fwrite (data, 1, len, stdout) != len || fflush (stdout) != 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "cannot write the PNG to stdout");
          return FALSE;
        }
      return TRUE;
    }
  GStatBuf st, ds;
  if (g_stat (dest, &st) == 0)
    {
      if (!S_ISREG (st.st_mode))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "%s: not a regular file, not overwritten", dest);
          return FALSE;
        }
      if (g_stat (dump, &ds) == 0 && ds.st_dev == st.st_dev && ds.st_ino == st.st_ino)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s: that is the dump itself", dest);
          return FALSE;
        }
    }
  g_autofree char *dir = g_path_get_dirname (dest);
  g_autofree char *tmpl = g_build_filename (dir, ".heapscope-png-XXXXXX", NULL);
  int fd = g_mkstemp (tmpl);
  if (fd < 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", tmpl, g_strerror (errno));
      return FALSE;
    }
  gsize done = 0;
  while (done < len)
    {
      gssize k = write (fd, data + done, len - done);
      if (k < 0 && errno == EINTR)
        continue;
      if (k <= 0)
        break;
      done += k;
    }
  if (done < len || close (fd) != 0 || g_rename (tmpl, dest) != 0)
    {
      int e = errno;
      g_unlink (tmpl);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (e), "%s: %s", dest, g_strerror (e));
      return FALSE;
    }
  return TRUE;
}

int
hs_cli_bitmap (const HsCliOptions *o, const char *path, GError **error)
{
  const char *id_text = o->second_path;
  guint64 id;
  if (!id_text
      || !g_ascii_string_to_unsigned (g_str_has_prefix (id_text, "0x") ? id_text + 2 : id_text,
                                      g_str_has_prefix (id_text, "0x") ? 16 : 10, 0, G_MAXUINT64, &id, NULL))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "bitmap: give DUMP and the Bitmap's object id (0x... or decimal)");
      return 2;
    }
  if (!o->output)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "bitmap: -o FILE (or -o - for stdout) is needed");
      return 2;
    }
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, FALSE, FALSE, error);
  if (!a)
    return 2;
  HsObj obj = hs_heap_find (a->heap, id);
  HsWasteBitmap b;
  if (obj == HS_OBJ_NONE || !hs_waste_bitmap_read (a, obj, &b))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "%s: 0x%" G_GINT64_MODIFIER "x is not an android.graphics.Bitmap of the dump", path, id);
      return 2;
    }
  g_autoptr (GBytes) png = hs_waste_bitmap_png (a->heap, &b, 0, error);
  g_free (b.problem);
  if (!png || !write_png (o->output, path, png, error))
    return 2;
  return 0;
}
