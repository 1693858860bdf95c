/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-suspects-persist.c: problem suspects as an index record, and read
 * back (hs-suspects-persist.h).
 *
 * The record starts with the tag "SUSP" and its layout number; paths are
 * trace records of their own (hs_leak_trace_save). Pointers that readers
 * test for NULL (paths, retained classes and the rows below them, a class
 * suspect's threads) are written with a byte saying whether they are
 * there; lists every reader walks (the biggest members and their ids)
 * always are. Reading checks every object index against
 * the heap's, every count against the bytes left, enums, booleans, the
 * holder's path node and that the biggest members and their ids pair up;
 * on any failure what was built is freed and NULL returned. */
#include "config.h"

#include "hs-suspects-persist.h"
#include "hs-suspects-private.h"
#include "hs-leak-persist.h"

#define TAG(a, b, c, d) ((guint32)(a) | (guint32)(b) << 8 | (guint32)(c) << 16 | (guint32)(d) << 24)
#define SUSPECTS_TAG TAG ('S', 'U', 'S', 'P')
/* Raised whenever what is written changes. */
#define SUSPECTS_LAYOUT 1

/* The fewest bytes an item of each list takes, for the counts' checks. */
#define MIN_ROW (4 + 4 + 8 + 8 + 1)
#define MIN_THREAD (4 + 4 + 4 + 4 + 8)
#define MIN_OBJECT (4 + 8 + 4 + 4 + 8 + 8 + 8 + 4 + 4 + 8 + 4 + 4 + 8 + 1 + 1)
#define MIN_CLASS (4 + 4 + 8 + 8 + 8 + 4 + 4 + 4 + 1 + 1 + 4 + 8)

/* ---- writing ------------------------------------------------------------ */

static void
save_maybe_trace (HsIndexBlob *out, const HsLeakTrace *t)
{
  hs_index_blob_u8 (out, t != NULL);
  if (t)
    hs_leak_trace_save (t, out);
}

/* Rows of retained classes; at depth 0 each with its rows below (the
 * rows of `below` have none, and none is written for them). */
static void
save_rows (HsIndexBlob *out, const GArray *rows, guint depth)
{
  hs_index_blob_u32 (out, rows->len);
  for (guint i = 0; i < rows->len; i++)
    {
      const HsSuspectClass *c = &g_array_index (rows, HsSuspectClass, i);
      gboolean below = depth == 0 && c->below != NULL;
      hs_index_blob_str (out, c->class_name);
      hs_index_blob_str (out, c->obfuscated_name);
      hs_index_blob_u64 (out, c->count);
      hs_index_blob_u64 (out, c->retained);
      hs_index_blob_u8 (out, below);
      if (below)
        save_rows (out, c->below, depth + 1);
    }
}

static void
save_object (HsIndexBlob *out, const HsObjectSuspect *s)
{
  hs_index_blob_u32 (out, s->obj);
  hs_index_blob_u64 (out, s->id);
  hs_index_blob_str (out, s->class_name);
  hs_index_blob_str (out, s->obfuscated_name);
  hs_index_blob_u64 (out, s->retained);
  hs_index_blob_u64 (out, s->retained_count);
  hs_index_blob_double (out, s->percent);
  hs_index_blob_str (out, s->description);
  hs_index_blob_u32 (out, s->accumulation);
  hs_index_blob_u64 (out, s->accumulation_id);
  hs_index_blob_str (out, s->accumulation_class);
  hs_index_blob_str (out, s->accumulation_obfuscated_name);
  hs_index_blob_u64 (out, s->accumulation_retained);
  save_maybe_trace (out, s->path);
  hs_index_blob_u8 (out, s->retained_classes != NULL);
  if (s->retained_classes)
    save_rows (out, s->retained_classes, 0);
  hs_index_blob_u8 (out, s->holder.kind);
  hs_index_blob_str (out, s->holder.name);
  hs_index_blob_str (out, s->holder.thread);
  hs_index_blob_str (out, s->holder.frame);
  hs_index_blob_u32 (out, s->holder.path_index);
  hs_index_blob_u32 (out, s->collection);
  hs_index_blob_str (out, s->collection_class);
  hs_index_blob_u64 (out, s->collection_id);
  hs_index_blob_u64 (out, s->collection_size);
}

static void
save_class (HsIndexBlob *out, const HsClassSuspect *s)
{
  hs_index_blob_str (out, s->class_name);
  hs_index_blob_str (out, s->obfuscated_name);
  hs_index_blob_u64 (out, s->count);
  hs_index_blob_u64 (out, s->retained);
  hs_index_blob_double (out, s->percent);
  hs_index_blob_str (out, s->description);
  hs_index_blob_objs (out, s->biggest);
  hs_index_blob_u64s (out, s->biggest_ids);
  save_maybe_trace (out, s->common_path);
  hs_index_blob_u8 (out, s->threads != NULL);
  if (s->threads)
    {
      hs_index_blob_u32 (out, s->threads->len);
      for (guint i = 0; i < s->threads->len; i++)
        {
          const HsSuspectThread *t = &g_array_index (s->threads, HsSuspectThread, i);
          hs_index_blob_u32 (out, t->serial);
          hs_index_blob_str (out, t->name);
          hs_index_blob_str (out, t->frame_method);
          hs_index_blob_str (out, t->frame);
          hs_index_blob_u64 (out, t->count);
        }
    }
  hs_index_blob_u32 (out, s->n_threads);
  hs_index_blob_u64 (out, s->n_local_members);
}

void
hs_suspects_save (const HsSuspects *s, HsIndexBlob *out)
{
  g_return_if_fail (s != NULL && out != NULL);
  hs_index_blob_u32 (out, SUSPECTS_TAG);
  hs_index_blob_u32 (out, SUSPECTS_LAYOUT);
  hs_index_blob_double (out, s->percent);
  hs_index_blob_u64 (out, s->threshold);
  hs_index_blob_u64 (out, s->reachable_bytes);
  hs_index_blob_u32 (out, s->objects->len);
  for (guint i = 0; i < s->objects->len; i++)
    save_object (out, g_ptr_array_index (s->objects, i));
  hs_index_blob_u32 (out, s->classes->len);
  for (guint i = 0; i < s->classes->len; i++)
    save_class (out, g_ptr_array_index (s->classes, i));
}

/* ---- reading ------------------------------------------------------------ */

static gboolean
load_bool (HsIndexCursor *in)
{
  guint8 v = hs_index_cursor_u8 (in);
  if (v > 1)
    hs_index_cursor_fail (in);
  return v == 1;
}

/* A trace when the byte says there is one; a failed read fails the
 * cursor. */
static HsLeakTrace *
load_maybe_trace (HsIndexCursor *in, guint64 n_objects)
{
  return load_bool (in) && !in->failed ? hs_leak_trace_load (in, n_objects) : NULL;
}

/* Rows of retained classes; rows below them when depth is 0 (the rows of
 * `below` have none: a deeper nesting is refused). */
static GArray *
load_rows (HsIndexCursor *in, guint depth)
{
  guint32 n = hs_index_cursor_count (in, MIN_ROW);
  GArray *rows = g_array_sized_new (FALSE, TRUE, sizeof (HsSuspectClass), n);

  g_array_set_clear_func (rows, _hs_suspect_class_clear);
  for (guint i = 0; i < n && !in->failed; i++)
    {
      HsSuspectClass c = { 0 };
      c.class_name = hs_index_cursor_str (in);
      c.obfuscated_name = hs_index_cursor_str (in);
      c.count = hs_index_cursor_u64 (in);
      c.retained = hs_index_cursor_u64 (in);
      g_array_append_val (rows, c);
      if (load_bool (in) && !in->failed)
        {
          if (depth > 0)
            hs_index_cursor_fail (in);
          else
            g_array_index (rows, HsSuspectClass, i).below = load_rows (in, depth + 1);
        }
    }
  return rows;
}

static HsObjectSuspect *
load_object (HsIndexCursor *in, guint64 n_objects)
{
  HsObjectSuspect *s = g_new0 (HsObjectSuspect, 1);
  guint8 kind;

  s->obj = hs_index_cursor_obj (in, n_objects, FALSE);
  s->id = hs_index_cursor_u64 (in);
  s->class_name = hs_index_cursor_str (in);
  s->obfuscated_name = hs_index_cursor_str (in);
  s->retained = hs_index_cursor_u64 (in);
  s->retained_count = hs_index_cursor_u64 (in);
  s->percent = hs_index_cursor_double (in);
  s->description = hs_index_cursor_str (in);
  s->accumulation = hs_index_cursor_obj (in, n_objects, FALSE);
  s->accumulation_id = hs_index_cursor_u64 (in);
  s->accumulation_class = hs_index_cursor_str (in);
  s->accumulation_obfuscated_name = hs_index_cursor_str (in);
  s->accumulation_retained = hs_index_cursor_u64 (in);
  s->path = load_maybe_trace (in, n_objects);
  if (load_bool (in) && !in->failed)
    s->retained_classes = load_rows (in, 0);
  kind = hs_index_cursor_u8 (in);
  if (kind > HS_SUSPECT_HOLDER_FIELD)
    hs_index_cursor_fail (in);
  s->holder.kind = kind;
  s->holder.name = hs_index_cursor_str (in);
  s->holder.thread = hs_index_cursor_str (in);
  s->holder.frame = hs_index_cursor_str (in);
  s->holder.path_index = hs_index_cursor_u32 (in);
  /* none, or a node of the path */
  if (s->holder.path_index != G_MAXUINT && (s->path == NULL || s->holder.path_index >= s->path->nodes->len))
    hs_index_cursor_fail (in);
  s->collection = hs_index_cursor_obj (in, n_objects, TRUE);
  s->collection_class = hs_index_cursor_str (in);
  s->collection_id = hs_index_cursor_u64 (in);
  s->collection_size = hs_index_cursor_u64 (in);
  return s;
}

static HsClassSuspect *
load_class (HsIndexCursor *in, guint64 n_objects)
{
  HsClassSuspect *s = g_new0 (HsClassSuspect, 1);
  guint32 n;

  s->class_name = hs_index_cursor_str (in);
  s->obfuscated_name = hs_index_cursor_str (in);
  s->count = hs_index_cursor_u64 (in);
  s->retained = hs_index_cursor_u64 (in);
  s->percent = hs_index_cursor_double (in);
  s->description = hs_index_cursor_str (in);
  s->biggest = hs_index_cursor_objs (in, n_objects);
  s->biggest_ids = hs_index_cursor_u64s (in);
  /* one id per member */
  if (s->biggest_ids->len != s->biggest->len)
    hs_index_cursor_fail (in);
  s->common_path = load_maybe_trace (in, n_objects);
  if (load_bool (in) && !in->failed)
    {
      n = hs_index_cursor_count (in, MIN_THREAD);
      s->threads = g_array_sized_new (FALSE, TRUE, sizeof (HsSuspectThread), n);
      g_array_set_clear_func (s->threads, _hs_suspect_thread_clear);
      for (guint i = 0; i < n && !in->failed; i++)
        {
          HsSuspectThread t = { 0 };
          t.serial = hs_index_cursor_u32 (in);
          t.name = hs_index_cursor_str (in);
          t.frame_method = hs_index_cursor_str (in);
          t.frame = hs_index_cursor_str (in);
          t.count = hs_index_cursor_u64 (in);
          g_array_append_val (s->threads, t);
        }
    }
  s->n_threads = hs_index_cursor_u32 (in);
  s->n_local_members = hs_index_cursor_u64 (in);
  return s;
}

HsSuspects *
hs_suspects_load (HsIndexCursor *in, guint64 n_objects)
{
  g_autoptr (HsSuspects) s = NULL;
  guint32 n;

  g_return_val_if_fail (in != NULL, NULL);
  if (hs_index_cursor_u32 (in) != SUSPECTS_TAG || hs_index_cursor_u32 (in) != SUSPECTS_LAYOUT)
    {
      hs_index_cursor_fail (in);
      return NULL;
    }
  s = g_new0 (HsSuspects, 1);
  s->percent = hs_index_cursor_double (in);
  s->threshold = hs_index_cursor_u64 (in);
  s->reachable_bytes = hs_index_cursor_u64 (in);
  n = hs_index_cursor_count (in, MIN_OBJECT);
  s->objects = g_ptr_array_new_full (n, _hs_object_suspect_free);
  for (guint i = 0; i < n && !in->failed; i++)
    g_ptr_array_add (s->objects, load_object (in, n_objects));
  n = hs_index_cursor_count (in, MIN_CLASS);
  s->classes = g_ptr_array_new_full (n, _hs_class_suspect_free);
  for (guint i = 0; i < n && !in->failed; i++)
    g_ptr_array_add (s->classes, load_class (in, n_objects));
  if (in->failed)
    return NULL;
  return g_steal_pointer (&s);
}
