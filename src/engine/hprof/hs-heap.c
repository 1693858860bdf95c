/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap.c: opening an HPROF file: reading or mapping it, inflating gzip,
 * the header, then the passes of the load in order (see
 * hs-heap-load-private.h for where each lives):
 * (1) walk the top-level records: strings, class names, and the heap-dump
 * bodies of the chosen dump; (2) walk those bodies' sub-records, collecting
 * every object's id and offset, the classes and the roots; (3) sort objects
 * by id (radix), build the id lookup and class layouts; (4) per object, in
 * two threads: class, shallow size, references (CSR); (5) reachability and
 * totals. Every read of the file is bounds-checked. This is the only unit
 * that calls the passes. */
#include "config.h"

#include <string.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hs-heap-load-private.h"
#include "hs-gzip-private.h"
#include "hs-mem.h"
#include "hs-mem-spill.h"
#include "hs-index-file.h"
#include "hs-strhash.h"
#ifdef HS_TEST_HOOKS
#include "hs-heap-test-hooks-private.h"
#endif

/* Drops the mapped file's pages from our resident set: they stay in the
 * page cache and come back on the next read, but the later phases, which
 * hardly touch the file, do not carry the whole dump in their RSS. */
void
hs_heap_release_pages (HsHeap *heap)
{
#ifdef MADV_DONTNEED
  /* Only a mapping: the file's, or the decompressed data's temporary file. */
  if ((!heap->mapped && !heap->inflated) || heap->owned_data || heap->len == 0)
    return;
  gsize page = sysconf (_SC_PAGESIZE);
  guintptr start = (guintptr)heap->data & ~(guintptr)(page - 1);
  madvise ((void *)start, heap->len + ((guintptr)heap->data - start), MADV_DONTNEED);
#endif
}

static gboolean
parse_header (HsHeap *heap, GError **error)
{
  const guint8 *d = heap->data;
  gsize len = heap->len;
  static const char magic[] = "JAVA PROFILE 1.0.";
  if (len == 0)
    {
      _hs_set_format_error (error, heap->name, 0, "the file is empty");
      return FALSE;
    }
  if (len < sizeof magic - 1 || memcmp (d, magic, sizeof magic - 1) != 0)
    {
      _hs_set_format_error (error, heap->name, 0,
                            "not an HPROF heap dump (no \"JAVA PROFILE 1.0.x\" header)");
      return FALSE;
    }
  const guint8 *nul = memchr (d, 0, MIN (len, (gsize)32));
  if (!nul)
    {
      _hs_set_format_error (error, heap->name, 0, "the header's version string is not terminated");
      return FALSE;
    }
  gsize vlen = nul - d;
  if (vlen != 18 || (d[17] != '1' && d[17] != '2' && d[17] != '3'))
    {
      g_autofree char *v = g_utf8_make_valid ((const char *)d, vlen);
      _hs_set_format_error (error, heap->name, 0,
                            "unsupported HPROF version \"%s\" (1.0.1, 1.0.2 and 1.0.3 are known)", v);
      return FALSE;
    }
  memcpy (heap->format, d, vlen);
  heap->format[vlen] = 0;
  if (len < vlen + 1 + 12)
    {
      _hs_set_format_error (error, heap->name, len, "the file ends inside the header");
      return FALSE;
    }
  heap->id_size = hs_be32 (d + vlen + 1);
  if (heap->id_size != 4 && heap->id_size != 8)
    {
      _hs_set_format_error (error, heap->name, vlen + 1,
                            "unsupported identifier size %u (only 4 and 8 exist)", heap->id_size);
      return FALSE;
    }
  heap->timestamp_ms = hs_be64 (d + vlen + 5);
  if (d[17] == '3')
    heap->android = TRUE;
  return TRUE;
}

static HsHeap *
heap_new (const char *name, const HsOpenOptions *opts)
{
  HsHeap *heap = g_new0 (HsHeap, 1);
  heap->name = g_strdup (name);
  heap->path = g_strdup (name);
  heap->dump_index = opts ? (guint)MAX (opts->dump, 0) : 0;
  heap->follow_weak = opts ? opts->follow_weak : FALSE;
  heap->defer_reachability = opts ? opts->defer_reachability : FALSE;
  heap->classes = g_array_new (FALSE, TRUE, sizeof (HsClassInfo));
  heap->names = g_string_chunk_new (1 << 16);
  /* Keyed by names from the dump: the keyed hash (hs-strhash.h). */
  heap->class_by_name = g_hash_table_new (hs_str_hash, g_str_equal);
  heap->name_set = g_hash_table_new (hs_str_hash, g_str_equal);
  heap->roots = g_array_new (FALSE, FALSE, sizeof (HsRoot));
  heap->thread_objs = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  heap->class_class = HS_CLASS_NONE;
  heap->guard_slot = -1;
  g_mutex_init (&heap->referrers_lock);
  g_mutex_init (&heap->names_lock);
  g_mutex_init (&heap->depth_lock);
  return heap;
}

/* A gzip file is inflated into a temporary file, mapped, and read from
 * there on; the compressed bytes are let go. */
static gboolean
inflate_if_gzip (HsHeap *heap, HsLoadProgress *prog, GError **error)
{
  if (heap->len < 2 || heap->data[0] != 0x1f || heap->data[1] != 0x8b)
    return TRUE;
  gsize out_len = 0;
  gboolean gz_truncated = FALSE;
  gsize gz_len = heap->len;
  GError *local = NULL;
  GMappedFile *inflated = hs_gzip_inflate_to_file (heap->data, heap->len, &out_len, &gz_truncated, heap->name,
                                                   prog->func, prog->data, prog->cancellable, &local);
  if (local)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  heap->gzip = TRUE;
  g_clear_pointer (&heap->owned_data, g_free); /* the compressed file, when it was read into memory */
  if (heap->mapped)
    {
      /* The compressed file, mapped: not read again. */
      hs_guard_unregister (heap->guard_slot);
      heap->guard_slot = -1;
      g_clear_pointer (&heap->mapped, g_mapped_file_unref);
    }
  heap->inflated = inflated;
  heap->data = inflated ? (const guint8 *)g_mapped_file_get_contents (inflated) : NULL;
  heap->len = out_len;
  if (gz_truncated)
    _hs_heap_add_warning (heap,
                          "%s: the compressed file is truncated at byte offset %" G_GSIZE_FORMAT
                          " (%" G_GSIZE_FORMAT " bytes unpacked); what was complete was loaded",
                          heap->name, gz_len, out_len);
  if (out_len == 0)
    {
      _hs_set_format_error (error, heap->name, gz_len, "the compressed file holds no data%s",
                            gz_truncated ? " (it is truncated)" : "");
      return FALSE;
    }
  return TRUE;
}

/* A failed load says where in the gzip data it failed, and keeps every
 * warning it had collected (a "truncated" warning explains many errors). */
static void
explain_failure (HsHeap *heap, GError **error)
{
  if (!error || !*error)
    return;
  GError *e = *error;
  if (heap->gzip && e->domain == HS_ERROR && e->code == HS_ERROR_FORMAT)
    {
      /* _hs_set_format_error writes "NAME: at byte offset N: ..." */
      g_autofree char *prefix = g_strdup_printf ("%s: at byte offset ", heap->name);
      if (g_str_has_prefix (e->message, prefix))
        {
          const char *num = e->message + strlen (prefix);
          char *rest = NULL;
          guint64 off = g_ascii_strtoull (num, &rest, 10);
          if (rest && rest != num)
            {
              char *m = g_strdup_printf ("%s: at offset %" G_GUINT64_FORMAT " of the uncompressed data%s",
                                         heap->name, off, rest);
              g_free (e->message);
              e->message = m;
            }
        }
    }
  if (heap->warning)
    {
      char *m = g_strdup_printf ("%s\n(%s)", e->message, heap->warning);
      g_free (e->message);
      e->message = m;
    }
}

/* The passes, in order; each step's time with HEAPSCOPE_DEBUG_TIMES=1. */
static gboolean
heap_load (HsHeap *heap, HsLoadProgress *prog, GError **error)
{
  HsParse ps;
  gboolean ok = FALSE;

  if (!inflate_if_gzip (heap, prog, error) || !parse_header (heap, error))
    {
      explain_failure (heap, error);
      return FALSE;
    }
  _hs_parse_init (&ps, heap, prog->cancellable);
  _hs_progress_report (prog, "parsing", 0.0);
  _hs_heap_debug_time (NULL);

  /* 1, 2: records and sub-records. */
  if (!_hs_heap_pass_records (&ps, prog, error))
    goto out;
  _hs_heap_debug_time ("records");
  if (!_hs_heap_check_memory_early (heap, prog, error) || !_hs_heap_pass_subrecords (&ps, prog, error))
    goto out;
  _hs_heap_debug_time ("sub-records");
  /* (The memory check ran at the end of the sub-record pass, before its
   * merged copies: _hs_heap_pass_subrecords.) */
  if (ps.truncated && !heap->gzip)
    _hs_heap_add_warning (heap,
                          "%s: the file is truncated at byte offset %" G_GUINT64_FORMAT
                          "; what was complete before it was loaded",
                          heap->name, ps.truncated_at);

  /* 3: the class table, the objects sorted by id, the lookups, layouts. */
  if (!_hs_heap_load_classes (&ps, error))
    goto out;
  heap->n = ps.n_objects;
  heap->ids = g_steal_pointer (&ps.obj_ids);
  heap->offsets = g_steal_pointer (&ps.obj_offs);
  _hs_heap_debug_time ("classes");
  if (!_hs_heap_sort_objects (heap, prog->cancellable))
    {
      _hs_check_cancel (prog, error);
      goto out;
    }
  _hs_heap_compact_offsets (heap);
  _hs_heap_debug_time ("offsets");
  if (!_hs_heap_assign_heaps (heap, &ps, prog->cancellable, error))
    goto out;
  _hs_heap_heaps_clear (&ps);
  _hs_heap_debug_time ("heaps");
  /* read-only from here: may spill first */
  hs_mem_set_cold (heap->off_delta ? (gconstpointer)heap->off_delta : heap->offs);
  if (heap->n >= G_MAXUINT32)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                   "%s: %" G_GUINT64_FORMAT " objects: more than this build supports (2^32 - 1)", heap->name,
                   heap->n);
      goto out;
    }
  /* The alignment reads the 64-bit ids, which the lookup then narrows. */
  _hs_heap_set_ref_size_and_align (heap);
  _hs_heap_read_object_layout (heap);
  _hs_heap_build_lookup (heap);
  _hs_heap_debug_time ("lookup");
  _hs_heap_resolve_classes (heap, ps.prim_types_seen);
  _hs_heap_layout_classes (heap);
  _hs_heap_class_chain_facts (heap);
  _hs_heap_debug_time ("layout");

  /* 4: per object: class, size, references. */
  if (!_hs_heap_build_graph (heap, prog, error))
    goto out;
  _hs_heap_debug_time ("graph");

  /* 5: reachability and totals. */
  _hs_progress_report (prog, "reachability", 0.0);
  if (!_hs_check_cancel (prog, error))
    goto out;
  _hs_heap_compute_reachability (heap, heap->defer_reachability);
  /* From here on ids are read from the sub-records. */
  _hs_heap_drop_ids (heap);
  _hs_heap_debug_time ("reachability");
  /* Read-only from here: when memory is short these go to the disk first
   * (hs-mem-spill.h), in this order (the dominators read the edges most;
   * the class column holds every object's first edge, hs_graph_first). */
  hs_mem_set_cold (heap->cols.shallow.units ? (gconstpointer)heap->cols.shallow.units
                                            : heap->cols.shallow.s32);
  hs_mem_set_cold (heap->ref_targets);
  hs_mem_set_cold (heap->ref_delta);
  hs_mem_set_cold (heap->cols.klass.k16 ? (gconstpointer)heap->cols.klass.k16 : heap->cols.klass.k32);
  hs_heap_release_pages (heap);
  _hs_progress_report (prog, "reachability", 1.0);
  ok = TRUE;

out:
  if (!ok)
    explain_failure (heap, error);
  /* Big arrays freed while indexing are kept for the dominator tree that
   * follows (hs_dom_tree_compute trims); otherwise give them back now. */
  if (!ok || !heap->defer_reachability)
    hs_mem_trim ();
  _hs_parse_clear (&ps);
  return ok;
}

HsHeap *
hs_heap_open_bytes (const guint8 *data, gsize len, const char *name, const HsOpenOptions *opts,
                    HsProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                    GError **error)
{
  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  HsLoadProgress prog = { progress, progress_data, cancellable };
  HsHeap *heap = heap_new (name ? name : "<memory>", opts);
  heap->data = data;
  heap->len = len;
  heap->file_size = len;
  if (!heap_load (heap, &prog, error))
    {
      hs_heap_free (heap);
      return NULL;
    }
  return heap;
}

/* Files up to this size are read into memory instead of mapped (see
 * hs_heap_open). */
#define HS_READ_LIMIT ((goffset)256 << 20)

typedef struct
{
  HsHeap *heap;
  HsLoadProgress *prog;
  GError **error;
  gboolean ok;
  HsHeapFill fill; /* instead of the load (a persistent index) */
  gpointer fill_data;
} LoadCall;

static gpointer
load_call (gpointer data)
{
  LoadCall *c = data;
  if (c->fill == NULL)
    c->ok = heap_load (c->heap, c->prog, c->error);
  else
    c->ok = inflate_if_gzip (c->heap, c->prog, c->error) && parse_header (c->heap, c->error)
            && c->fill (c->heap, c->fill_data, c->prog->cancellable, c->error);
  return NULL;
}

HsHeap *
hs_heap_open (const char *path, const HsOpenOptions *opts, HsProgressFunc progress, gpointer progress_data,
              GCancellable *cancellable, GError **error)
{
  return _hs_heap_open_filled (path, opts, NULL, NULL, progress, progress_data, cancellable, error);
}

HsHeap *
_hs_heap_open_filled (const char *path, const HsOpenOptions *opts, HsHeapFill fill, gpointer fill_data,
                      HsProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                      GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  HsLoadProgress prog = { progress, progress_data, cancellable };
  GError *local = NULL;
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    {
      int e = errno;
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: %s", path, g_strerror (e));
      return NULL;
    }
  if (S_ISDIR (st.st_mode))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: is a folder, not a heap dump", path);
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: not a regular file", path);
      return NULL;
    }
  HsHeap *heap = heap_new (path, opts);
  if (st.st_size == 0)
    {
      _hs_set_format_error (error, path, 0, "the file is empty");
      hs_heap_free (heap);
      return NULL;
    }
  _hs_progress_report (&prog, "reading", 0.0);
  if (st.st_size <= HS_READ_LIMIT)
    {
      /* Read, not mapped: a mapped file that another program truncates
     * (a dump rewritten in place, a copy still in progress) raises SIGBUS
     * on the next read of a page past its new end, during the load or
     * much later (inspector, report). A copy in memory cannot change. */
      char *contents = NULL;
      gsize clen = 0;
      if (!g_file_get_contents (path, &contents, &clen, &local))
        {
          g_set_error (error, HS_ERROR, local->code == G_FILE_ERROR_NOMEM ? HS_ERROR_NO_MEMORY : HS_ERROR_IO,
                       "%s: %s", path, local->message);
          g_error_free (local);
          hs_heap_free (heap);
          return NULL;
        }
      heap->owned_data = (guint8 *)contents;
      heap->data = heap->owned_data;
      heap->len = clen;
    }
  else
    {
      /* Bigger files are mapped (the page cache holds them, not our heap);
     * they are still exposed to SIGBUS if truncated while open. */
      heap->mapped = g_mapped_file_new (path, FALSE, &local);
      if (!heap->mapped)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: %s", path, local->message);
          g_error_free (local);
          hs_heap_free (heap);
          return NULL;
        }
      heap->data = (const guint8 *)g_mapped_file_get_contents (heap->mapped);
      heap->len = g_mapped_file_get_length (heap->mapped);
      /* A fault on a cut page maps zeros there and marks the heap changed. */
      if (heap->len > 0)
        heap->guard_slot = hs_guard_register (heap->data, heap->len);
    }
  heap->file_size = heap->len;
  LoadCall call = { heap, &prog, error, FALSE, fill, fill_data };
  if (!hs_guarded_call (load_call, &call))
    {
      hs_mem_trim (); /* heap_load did not get to it */
      g_clear_error (error);
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: the file shrank while it was being read", path);
      hs_heap_free (heap);
      return NULL;
    }
  if (!call.ok)
    {
      hs_heap_free (heap);
      return NULL;
    }
  if (!hs_heap_check_unchanged (heap, error))
    {
      hs_heap_free (heap);
      return NULL;
    }

  /* A file that changed size while we read it: the mapping still shows the
   * bytes as they were, but say so. */
  GStatBuf st2;
  if (g_stat (path, &st2) == 0 && (st2.st_size != st.st_size || st2.st_mtime != st.st_mtime))
    _hs_heap_add_warning (
        heap, "%s: the file changed while it was being read; the analysis may be inconsistent", path);
#ifdef HS_TEST_HOOKS /* test builds: may cut the dump (hs-heap-test-hooks.c) */
  _hs_heap_test_after_load (heap);
#endif
  return heap;
}

void
hs_heap_free (HsHeap *heap)
{
  if (!heap)
    return;
  g_free (heap->path);
  g_free (heap->name);
  hs_guard_unregister (heap->guard_slot); /* before the range is unmapped */
  if (heap->mapped)
    g_mapped_file_unref (heap->mapped);
  if (heap->inflated)
    g_mapped_file_unref (heap->inflated);
  g_free (heap->owned_data);
  g_free (heap->warning);
  _hs_heap_free_array (heap, heap->ids, g_free);
  _hs_heap_free_array (heap, heap->ids_lo, g_free);
  _hs_heap_free_array (heap, heap->offsets, g_free);
  _hs_heap_free_array (heap, heap->offs, g_free);
  _hs_heap_free_array (heap, heap->off_delta, g_free);
  _hs_heap_free_array (heap, heap->off_base, g_free);
  _hs_heap_free_array (heap, heap->off_esc_first, g_free);
  _hs_heap_free_array (heap, heap->off_esc, g_free);
  _hs_heap_free_array (heap, (gpointer)heap->cols.klass.k16, g_free);
  _hs_heap_free_array (heap, (gpointer)heap->cols.klass.k32, g_free);
  _hs_heap_free_array (heap, (gpointer)heap->cols.shallow.units, g_free);
  _hs_heap_free_array (heap, (gpointer)heap->cols.shallow.s32, g_free);
  _hs_heap_free_array (heap, (gpointer)heap->cols.shallow.big_obj, g_free);
  _hs_heap_free_array (heap, (gpointer)heap->cols.shallow.big_size, g_free);
  _hs_heap_free_array (heap, heap->flags, g_free);
  _hs_heap_free_array (heap, heap->buckets, g_free);
  _hs_heap_free_array (heap, heap->ref_delta, g_free);
  _hs_heap_free_array (heap, heap->ref_base, g_free);
  _hs_heap_free_array (heap, heap->ref_esc, g_free);
  _hs_heap_free_array (heap, heap->ref_targets, g_free);
  _hs_heap_free_array (heap, heap->ref_class_edge, g_free);
  _hs_heap_free_array (heap, heap->rev_off32, g_free);
  _hs_heap_free_array (heap, heap->rev_off64, g_free);
  _hs_heap_free_array (heap, heap->rev_targets, g_free);
  g_mutex_clear (&heap->referrers_lock);
  g_mutex_clear (&heap->names_lock);
  _hs_heap_heaps_free (heap);
  _hs_heap_mapping_clear (heap);
  for (guint i = 0; i < heap->classes->len; i++)
    {
      HsClassInfo *ci = hs_class_info (heap, i);
      g_free (ci->fields);
      g_free (ci->statics);
    }
  g_array_unref (heap->classes);
  _hs_heap_free_array (heap, heap->class_ids_sorted, g_free);
  _hs_heap_free_array (heap, heap->class_ids_index, g_free);
  _hs_heap_free_array (heap, heap->class_ref_offsets, g_free);
  g_string_chunk_free (heap->names);
  g_clear_pointer (&heap->index, hs_index_file_unref);
  g_hash_table_unref (heap->class_by_name);
  g_hash_table_unref (heap->name_set);
  g_array_unref (heap->roots);
  g_hash_table_unref (heap->thread_objs);
  g_clear_pointer (&heap->stack_frames, g_array_unref);
  g_clear_pointer (&heap->stack_traces, g_array_unref);
  g_clear_pointer (&heap->stack_frame_ids, g_array_unref);
  g_free (heap);
}
