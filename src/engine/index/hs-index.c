/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index.c: an analysis written into a persistent index, and a dump
 * opened from one (hs-index.h, docs/index.md). The heap and the dominator
 * tree are used where the index maps them; the records (leaks, suspects,
 * waste, native sizes, class retained sizes) are read into memory. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>

#include "hs-index.h"
#include "hs-index-blob.h"
#include "hs-parallel.h"
#include "hs-debug.h"
#include "hs-mem-spill.h"
#include "hs-index-cache.h"
#include "hs-index-key.h"
#include "hs-index-lock.h"
#include "hs-heap-persist.h"
#include "hs-heap-mapping.h"
#include "hs-native.h"
#include "hs-dom-persist.h"
#include "hs-class-instances.h"
#include "hs-leak-persist.h"
#include "hs-suspects-persist.h"
#include "hs-waste-persist.h"

#define ANALYSIS_TAG 0x4c414e41u /* "ANAL" */
#define RECORD_LAYOUT 1u

void
hs_index_outcome_clear (HsIndexOutcome *o)
{
  if (!o)
    return;
  g_clear_pointer (&o->index_path, g_free);
  g_clear_pointer (&o->note, g_free);
  g_clear_pointer (&o->write_path, g_free);
  g_clear_pointer (&o->beside_path, g_free);
  g_clear_pointer (&o->lock, hs_index_lock_free);
  o->from_index = FALSE;
  o->analysed = 0;
  o->write = FALSE;
}

/* --- writing ------------------------------------------------------------ */

static void
put_sizes (HsIndexBlob *b, GHashTable *table)
{
  GHashTableIter it;
  gpointer k, v;

  hs_index_blob_u32 (b, table ? g_hash_table_size (table) : 0);
  if (!table)
    return;
  g_hash_table_iter_init (&it, table);
  while (g_hash_table_iter_next (&it, &k, &v))
    {
      hs_index_blob_u32 (b, GPOINTER_TO_UINT (k));
      hs_index_blob_u64 (b, *(guint64 *)v);
    }
}

static gboolean
add_blob (HsIndexWriter *w, guint32 id, HsIndexBlob *b, GError **error)
{
  gboolean ok = hs_index_writer_add (w, id, b->bytes->data, b->bytes->len, error);
  hs_index_blob_clear (b);
  return ok;
}

/* The long child lists in order (the dominator tree's top, the biggest
 * lists, which a view would otherwise sort after a reopen, the virtual
 * root's first); the short ones are written as they are and sorted when
 * first read, as in a fresh analysis. */
#define SORT_BEFORE_WRITING 4096

static gboolean
sort_long_children (HsDomTree *dom, GCancellable *cancellable)
{
  for (guint64 v = dom->n + 1; v-- > 0;)
    {
      if ((v & 0xFFFF) == 0 && g_cancellable_is_cancelled (cancellable))
        return FALSE;
      if (dom->child_offsets[v + 1] - dom->child_offsets[v] >= SORT_BEFORE_WRITING)
        hs_dom_tree_children (dom, v, NULL);
    }
  return TRUE;
}

typedef struct
{
  HsDomTree *dom;
  GCancellable *cancellable;
  gboolean ok;
} SortJob;

static gpointer
sort_job (gpointer data)
{
  SortJob *j = data;
  j->ok = sort_long_children (j->dom, j->cancellable);
  return NULL;
}

/* Joins the sorting thread, on every way out of hs_index_write. */
typedef struct
{
  GThread **thread;
} SortJoin;

static void
sort_join (SortJoin *j)
{
  GThread *t = g_steal_pointer (j->thread);
  if (t)
    g_thread_join (t);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SortJoin, sort_join)

/* Beside the analysis's own results, the index keeps what makes a
 * reopen answer the window's first questions at once: the objects'
 * depths and every class's instances in order (the referrers are built
 * again on first use, from the references). Each costs a pass over the
 * heap and memory for a while (about 8 bytes an object) that an analysis
 * which spilled to the disk does not have: then only what is built
 * already is kept; an index without the rest is used all the same. */
static gboolean
extras_fit (void)
{
  return !hs_mem_spill_active () && hs_mem_spilled_bytes () == 0;
}

gboolean
hs_index_write (HsAnalysis *a, HsWaste *waste, const HsIndexIdentity *identity, const char *path,
                GCancellable *cancellable, GError **error)
{
  g_autoptr (HsIndexWriter) w = NULL;
  HsHeap *heap;
  HsIndexBlob b;
  gboolean mapped;

  g_return_val_if_fail (a != NULL && a->heap != NULL && identity != NULL && path != NULL, FALSE);
  heap = a->heap;
  /* Names a mapping gave are in the leaks and suspects: those are found
   * again on a reopen instead. */
  mapped = hs_heap_mapping (heap) != NULL;

  /* HEAPSCOPE_DEBUG_TIMES: each step's time. */
  HsDebugClock clock = { "index write: ", TRUE };
  hs_debug_step (&clock, NULL);
  /* The long lists are sorted on the other core while the heap is
   * written; joined before the tree is. */
  SortJob sort = { a->dom, cancellable, TRUE };
  g_autoptr (GThread) sorter = a->dom ? g_thread_new ("hs-index-sort", sort_job, &sort) : NULL;
  g_auto (SortJoin) join = { &sorter };
  w = hs_index_writer_new (path, identity, error);
  if (!w)
    return FALSE;
  gboolean extras = extras_fit ();
  /* The instance lists' Depth column: a walk of the whole heap that a
   * reopen would otherwise do on the first list asked for. First, since a
   * window's first list waits for it too. */
  if (extras && !hs_heap_compute_depths (heap, cancellable, error))
    return FALSE;
  hs_debug_step (&clock, "depths computed");

  /* The dump's path first: what the cache's listing reads
   * (hs-index-cache.c). */
  g_autofree char *dump_path = g_canonicalize_filename (hs_heap_path (heap), NULL);
  hs_index_blob_init (&b);
  hs_index_blob_str (&b, dump_path);
  hs_index_blob_u64 (&b, identity->size);
  hs_index_blob_u64 (&b, hs_heap_n_objects (heap));
  /* The dump's bytes again, inside the sections: a header copied from
   * another index (its identity) does not make these sections this
   * dump's (read_info). */
  hs_index_blob_u64 (&b, identity->sample_hash);
  hs_index_blob_u64 (&b, identity->hprof_timestamp_ms);
  if (!add_blob (w, HS_INDEX_SECTION_INFO, &b, error) || !hs_heap_persist_write (heap, w, error)
      || !hs_heap_persist_write_depths (heap, w, error))
    return FALSE;
  hs_debug_step (&clock, "heap and depths written");
  sort_join (&join);
  if (!sort.ok)
    return !g_cancellable_set_error_if_cancelled (cancellable, error);
  hs_debug_step (&clock, "long child lists sorted");
  if (a->dom && !hs_dom_tree_persist_write (a->dom, w, error))
    return FALSE;
  hs_debug_step (&clock, "dominator tree written");
  /* Every class's instances in order: what a reopened dump lists at once.
   * An analysis reopened without them (an older index) gets none. */
  if (a->dom && (extras || a->class_instances))
    {
      g_autoptr (HsClassInstances) built
          = a->class_instances ? NULL : hs_class_instances_build (a, cancellable);
      HsClassInstances *ci = a->class_instances ? a->class_instances : built;
      if (ci == NULL)
        return !g_cancellable_set_error_if_cancelled (cancellable, error);
      hs_debug_step (&clock, "instances of each class sorted");
      if (!hs_class_instances_persist_write (ci, w, error))
        return FALSE;
      hs_debug_step (&clock, "instances of each class written");
    }

  hs_index_blob_init (&b);
  hs_index_blob_u32 (&b, ANALYSIS_TAG);
  hs_index_blob_u32 (&b, RECORD_LAYOUT);
  guint nc = hs_heap_n_classes (heap);
  hs_index_blob_u8 (&b, a->class_retained != NULL);
  if (a->class_retained)
    {
      hs_index_blob_u32 (&b, nc);
      hs_index_blob_bytes (&b, a->class_retained, sizeof (guint64) * (nc + 1));
    }
  hs_index_blob_u8 (&b, a->native_size != NULL);
  put_sizes (&b, a->native_size);
  hs_index_blob_u8 (&b, a->retained_native != NULL);
  put_sizes (&b, a->retained_native);
  hs_index_blob_u64 (&b, a->native_total);
  if (!add_blob (w, HS_INDEX_SECTION_ANALYSIS, &b, error))
    return FALSE;

  if (a->leaks && !mapped)
    {
      hs_index_blob_init (&b);
      hs_leak_report_save (a->leaks, &b);
      if (!add_blob (w, HS_INDEX_SECTION_LEAKS, &b, error))
        return FALSE;
    }
  if (a->suspects && !mapped)
    {
      hs_index_blob_init (&b);
      hs_suspects_save (a->suspects, &b);
      if (!add_blob (w, HS_INDEX_SECTION_SUSPECTS, &b, error))
        return FALSE;
    }
  if (waste)
    {
      hs_index_blob_init (&b);
      hs_waste_save (waste, &b);
      if (!add_blob (w, HS_INDEX_SECTION_WASTE, &b, error))
        return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  hs_debug_step (&clock, "records written");
  gboolean ok = hs_index_writer_finish (g_steal_pointer (&w), cancellable, error);
  hs_debug_step (&clock, "finished");
  return ok;
}

/* --- reading ------------------------------------------------------------ */

static GHashTable *
get_sizes (HsIndexCursor *c, guint64 max_key)
{
  guint n = hs_index_cursor_count (c, 12);
  GHashTable *t = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);

  for (guint i = 0; i < n && !c->failed; i++)
    {
      guint32 k = hs_index_cursor_u32 (c);
      guint64 *v = g_new (guint64, 1);
      *v = hs_index_cursor_u64 (c);
      if (k > max_key)
        hs_index_cursor_fail (c);
      g_hash_table_insert (t, GUINT_TO_POINTER (k), v);
    }
  return t;
}

static gboolean
read_analysis_record (HsIndexFile *f, HsAnalysis *a, GError **error)
{
  guint64 len = 0;
  gconstpointer rec = hs_index_file_section (f, HS_INDEX_SECTION_ANALYSIS, &len);
  HsIndexCursor c;
  guint64 n = hs_heap_n_objects (a->heap);

  hs_index_cursor_init (&c, rec, len);
  if (hs_index_cursor_u32 (&c) != ANALYSIS_TAG || hs_index_cursor_u32 (&c) != RECORD_LAYOUT)
    hs_index_cursor_fail (&c);
  if (hs_index_cursor_u8 (&c))
    {
      guint nc = hs_index_cursor_u32 (&c);
      gconstpointer v = NULL;
      if (nc != hs_heap_n_classes (a->heap))
        hs_index_cursor_fail (&c);
      else
        v = hs_index_cursor_bytes (&c, sizeof (guint64) * ((gsize)nc + 1));
      if (v)
        a->class_retained = g_memdup2 (v, sizeof (guint64) * ((gsize)nc + 1));
    }
  if (hs_index_cursor_u8 (&c))
    a->native_size = get_sizes (&c, n > 0 ? n - 1 : 0);
  else
    hs_index_cursor_u32 (&c);
  if (hs_index_cursor_u8 (&c))
    a->retained_native = get_sizes (&c, n);
  else
    hs_index_cursor_u32 (&c);
  hs_index_cursor_u64 (&c); /* the native total */
  if (!hs_index_cursor_ok (&c, TRUE))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: the analysis record is not whole",
                   hs_index_file_path (f));
      return FALSE;
    }
  /* What the objects' native sizes retain, each dominator subtree's and
   * in all, is made again from them and the tree as an analysis makes it
   * (linear in the union of the charged objects' dominator paths): the
   * record's are read over, never used. */
  g_clear_pointer (&a->retained_native, g_hash_table_unref);
  a->retained_native = hs_native_retained (a->dom, a->native_size);
  guint64 *total = a->retained_native && a->dom
                       ? g_hash_table_lookup (a->retained_native, GUINT_TO_POINTER ((guint)a->dom->n))
                       : NULL;
  a->native_total = total ? *total : 0;
  return TRUE;
}

/* The INFO record binds the sections to the dump: its size, sampled hash
 * and HPROF timestamp must be the identity's the header matched against
 * the dump, and its object count the heap's. */
static gboolean
read_info (HsIndexFile *f, HsHeap *heap, GError **error)
{
  guint64 len = 0;
  gconstpointer rec = hs_index_file_section (f, HS_INDEX_SECTION_INFO, &len);
  const HsIndexIdentity *id = hs_index_file_identity (f);
  HsIndexCursor c;

  hs_index_cursor_init (&c, rec, len);
  g_free (hs_index_cursor_str (&c));
  guint64 size = hs_index_cursor_u64 (&c);
  guint64 n = hs_index_cursor_u64 (&c);
  guint64 sample = hs_index_cursor_u64 (&c);
  guint64 timestamp = hs_index_cursor_u64 (&c);
  if (rec == NULL || !hs_index_cursor_ok (&c, TRUE) || size != id->size || sample != id->sample_hash
      || timestamp != id->hprof_timestamp_ms || n != hs_heap_n_objects (heap))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX,
                   "%s: its sections are not of this dump (the index's "
                   "header was written for it, its contents were not)",
                   hs_index_file_path (f));
      return FALSE;
    }
  return TRUE;
}

/* A record section read with load, or NULL (error set) when it is there
 * but broken; *present says whether it was there. */
static gpointer
read_record (HsIndexFile *f, guint32 id, const char *what, gpointer (*load) (HsIndexCursor *, gpointer),
             gpointer load_data, gboolean *present, GError **error)
{
  guint64 len = 0;
  gconstpointer rec = hs_index_file_section (f, id, &len);
  HsIndexCursor c;
  gpointer out;

  *present = rec != NULL;
  if (!rec)
    return NULL;
  hs_index_cursor_init (&c, rec, len);
  out = load (&c, load_data);
  if (out == NULL || !hs_index_cursor_ok (&c, TRUE))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: the %s record is not whole", hs_index_file_path (f),
                   what);
      return out; /* the caller frees a result with bytes left over */
    }
  return out;
}

static gpointer
load_leaks (HsIndexCursor *c, gpointer heap)
{
  return hs_leak_report_load (c, hs_heap_n_objects (heap));
}

static gpointer
load_suspects (HsIndexCursor *c, gpointer heap)
{
  return hs_suspects_load (c, hs_heap_n_objects (heap));
}

static gpointer
load_waste (HsIndexCursor *c, gpointer heap)
{
  return hs_waste_load (c, heap);
}

/* The sections every index of an analysis holds (hs_index_write writes
 * each, whatever the analysis): an index without one is refused before
 * any section is read, so that no reader is handed a section that is not
 * there where it must be. */
static gboolean
has_required_sections (HsIndexFile *f, GError **error)
{
  static const struct
  {
    guint32 id;
    const char *what;
  } required[] = {
    { HS_INDEX_SECTION_INFO, "dump's record" },
    { HS_INDEX_SECTION_HEAP, "heap" },
    { HS_INDEX_SECTION_ANALYSIS, "analysis record" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    {
      guint64 len = 0;
      if (hs_index_file_section (f, required[i].id, &len) == NULL)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: the index has no %s (section 0x%x)",
                       hs_index_file_path (f), required[i].what, required[i].id);
          return FALSE;
        }
    }
  return TRUE;
}

HsAnalysis *
hs_index_read (HsIndexFile *f, const char *path, const HsAnalysisOptions *opts, HsProgressFunc progress,
               gpointer progress_data, GCancellable *cancellable, GError **error)
{
  HsAnalysisOptions defaults = { 0 };
  g_autoptr (HsAnalysis) a = NULL;
  g_autoptr (GError) local = NULL;
  gint64 t0 = g_get_monotonic_time ();
  gboolean present;
  HsHeap *heap;
  HsDomTree *dom;

  g_return_val_if_fail (f != NULL && path != NULL, NULL);
  if (!opts)
    opts = &defaults;
  if (!has_required_sections (f, error))
    return NULL;
  if (progress)
    progress ("reading the index", 0.0, progress_data);
  heap = hs_heap_open_persisted (path, &opts->open, f, NULL, NULL, cancellable, error);
  if (!heap)
    return NULL;
  if (!read_info (f, heap, error))
    {
      hs_heap_free (heap);
      return NULL;
    }
  dom = hs_dom_tree_persist_read (f, hs_heap_n_objects (heap), &local);
  a = hs_analysis_new_from_parts (heap, dom, NULL);
  if (local)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  if (!read_analysis_record (f, a, error))
    return NULL;
  a->class_instances
      = hs_class_instances_persist_read (f, hs_heap_n_classes (heap), hs_heap_n_objects (heap), &local);
  if (local)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  if (a->class_instances)
    hs_analysis_add_teardown (a, (GDestroyNotify)hs_class_instances_free, a->class_instances);

  if (opts->mapping)
    hs_heap_apply_mapping (heap, opts->mapping, &a->mapping_stats);
  else if (!opts->skip_leaks)
    {
      a->leaks = read_record (f, HS_INDEX_SECTION_LEAKS, "leak", load_leaks, heap, &present, &local);
      if (!local)
        a->suspects
            = read_record (f, HS_INDEX_SECTION_SUSPECTS, "suspects", load_suspects, heap, &present, &local);
      if (local)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
    }
  /* What the index does not hold (a mapping renamed classes, or it was
   * written from a mapped analysis) is found again under the names now. */
  if (!opts->skip_leaks && a->dom && (!a->leaks || !a->suspects))
    {
      HsLeakReport *leaks = NULL;
      HsSuspects *suspects = NULL;
      if (progress)
        progress ("paths", 0.0, progress_data);
      if (!hs_analysis_find_named (a, opts, a->leaks ? NULL : &leaks, a->suspects ? NULL : &suspects,
                                   cancellable, error))
        return NULL;
      if (leaks)
        a->leaks = leaks;
      if (suspects)
        a->suspects = suspects;
    }
  HsWaste *waste = read_record (f, HS_INDEX_SECTION_WASTE, "waste", load_waste, heap, &present, &local);
  if (local)
    {
      g_clear_pointer (&waste, hs_waste_free);
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  if (waste)
    hs_analysis_set_beside_result (a, &hs_waste_beside, waste);
  if (g_cancellable_set_error_if_cancelled (cancellable, error) || !hs_heap_check_unchanged (heap, error))
    return NULL;
  HsPhaseTime t = { "index (reopened)", (g_get_monotonic_time () - t0) / 1e6 };
  g_array_append_val (a->timings, t);
  return g_steal_pointer (&a);
}

/* --- opening ------------------------------------------------------------ */

static void add_note (HsIndexOutcome *o, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
add_note (HsIndexOutcome *o, const char *fmt, ...)
{
  va_list ap;
  char *s;

  if (!o)
    return;
  va_start (ap, fmt);
  s = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  if (o->note)
    {
      char *both = g_strconcat (o->note, "; ", s, NULL);
      g_free (o->note);
      g_free (s);
      s = both;
    }
  o->note = s;
}

/* An index's error without the index's path in front ("PATH: the dump
 * changed"): the note says which dump, and a cache file's name says
 * nothing (a toast cut it off). */
static const char *
reason (const char *message, const char *index_path)
{
  gsize n = strlen (index_path);

  if (strncmp (message, index_path, n) == 0 && message[n] == ':' && message[n + 1] == ' ')
    return message + n + 2;
  return message;
}

static HsIndexFile *
try_index (const char *index_path, const HsIndexIdentity *id, HsIndexMatch match, gboolean quiet_if_missing,
           HsIndexOutcome *o, GCancellable *cancellable)
{
  g_autoptr (GError) error = NULL;
  HsIndexFile *f;

  if (quiet_if_missing && !g_file_test (index_path, G_FILE_TEST_EXISTS))
    return NULL;
  f = hs_index_file_open (index_path, id, match, cancellable, &error);
  if (!f && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    add_note (o, "index not used (%s); analysed afresh", reason (error->message, index_path));
  return f;
}

HsAnalysis *
hs_index_open (const char *path, const HsAnalysisOptions *opts, const HsIndexOptions *iopts,
               HsIndexOutcome *outcome, HsProgressFunc progress, gpointer progress_data,
               GCancellable *cancellable, GError **error)
{
  HsIndexOptions no_options = { HS_INDEX_USE_CACHE, NULL };
  HsAnalysisOptions defaults = { 0 };
  HsIndexOutcome ignored = { 0 };
  g_autoptr (HsIndexFile) f = NULL;
  g_autoptr (GError) local = NULL;
  g_autofree char *cache_path = NULL;
  HsIndexIdentity id;
  guint64 options_hash = 0;
  gboolean have_id;
  gint64 t0;

  g_return_val_if_fail (path != NULL, NULL);
  if (!opts)
    opts = &defaults;
  if (!iopts)
    iopts = &no_options;
  if (!outcome)
    outcome = &ignored;
  /* For scripts and CI pipelines that analyse each dump once. */
  if (iopts->policy != HS_INDEX_NO_CACHE && g_getenv ("HEAPSCOPE_NO_CACHE")
      && *g_getenv ("HEAPSCOPE_NO_CACHE"))
    {
      no_options = *iopts;
      no_options.policy = HS_INDEX_NO_CACHE;
      iopts = &no_options;
    }

  t0 = g_get_monotonic_time ();
  have_id = hs_index_options_hash (opts, &options_hash, NULL)
            && hs_index_identity_of_dump (path, options_hash, &id, NULL);
  if (have_id && iopts->policy != HS_INDEX_NO_CACHE)
    {
      g_autofree char *dir = hs_index_cache_dir ();
      g_autofree char *name = hs_index_cache_name (path, &id);
      cache_path = g_build_filename (dir, name, NULL);
    }
  if (have_id && iopts->index_path)
    f = try_index (iopts->index_path, &id, HS_INDEX_MATCH_SAME_BYTES, FALSE, outcome, cancellable);
  else if (have_id && iopts->policy == HS_INDEX_USE_CACHE)
    {
      f = try_index (cache_path, &id, HS_INDEX_MATCH_SAME_FILE, TRUE, outcome, cancellable);
      /* DUMP.hsindex came with the dump, from whoever wrote it: read only
       * when asked (--index, the window's question). */
      if (!f)
        {
          g_autofree char *beside = g_strconcat (path, ".hsindex", NULL);
          if (g_file_test (beside, G_FILE_TEST_EXISTS))
            outcome->beside_path = g_steal_pointer (&beside);
        }
    }
  /* No index yet: another process may be analysing this dump or writing
   * its index (hs-index-lock.h). A whole analysis takes the lock to
   * write it; without the lock, the index being written is waited for
   * when that is faster than analysing here. */
  g_autoptr (HsIndexLock) lock = NULL;
  gboolean whole = !opts->skip_dominators && !opts->skip_leaks;
  gboolean busy = FALSE;
  if (!f && cache_path && !iopts->index_path && iopts->policy != HS_INDEX_NO_CACHE
      && !g_cancellable_is_cancelled (cancellable))
    {
      /* The lock file lives in the cache folder: made first (a folder
       * that cannot be made, a link: no lock, and no index either). */
      if (whole && hs_index_cache_ensure_dir (NULL))
        lock = hs_index_lock_take (cache_path, &busy);
      /* Only a whole analysis waits: a lighter one (no dominators) costs
       * less than the holder's, and goes its own way. */
      if (!lock && whole && iopts->policy == HS_INDEX_USE_CACHE)
        {
          double waited = 0;
          if (hs_index_lock_wait (cache_path, cancellable, &waited))
            {
              f = try_index (cache_path, &id, HS_INDEX_MATCH_SAME_FILE, TRUE, outcome, cancellable);
              if (!f && busy)
                lock = hs_index_lock_take (cache_path, &busy);
            }
          else if (!g_cancellable_is_cancelled (cancellable))
            add_note (outcome,
                      "this dump's index is still being written (waited %.1f s, as long as an "
                      "analysis takes); analysed here",
                      waited);
        }
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  if (f)
    {
      HsAnalysis *a = hs_index_read (f, path, opts, progress, progress_data, cancellable, &local);
      if (a)
        {
          /* The reopen's time from the start: the index's checks too. */
          if (a->timings->len > 0)
            g_array_index (a->timings, HsPhaseTime, a->timings->len - 1).seconds
                = (g_get_monotonic_time () - t0) / 1e6;
          outcome->from_index = TRUE;
          outcome->analysed = hs_index_file_created (f);
          outcome->index_path = g_strdup (hs_index_file_path (f));
          if (cache_path && g_strcmp0 (cache_path, hs_index_file_path (f)) == 0)
            hs_index_cache_touch (cache_path);
          hs_index_outcome_clear (&ignored);
          return a;
        }
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      add_note (outcome, "index not used (%s); analysed afresh",
                reason (local->message, hs_index_file_path (f)));
      g_clear_error (&local);
    }

  gint64 t_run = g_get_monotonic_time ();
  HsAnalysis *a = hs_analysis_run (path, opts, progress, progress_data, cancellable, error);
  /* Written only from a whole analysis, to the cache, by the lock's
   * holder (another process writes it when it holds the lock). */
  if (a && cache_path && whole && !(busy && !lock))
    {
      hs_index_lock_analysed (lock, (g_get_monotonic_time () - t_run) / 1e6);
      outcome->write = TRUE;
      outcome->write_path = g_steal_pointer (&cache_path);
      outcome->identity = id;
      outcome->lock = g_steal_pointer (&lock);
    }
  hs_index_outcome_clear (&ignored);
  return a;
}

/* --- saving beside the caller ------------------------------------------- */

struct _HsIndexSave
{
  GThread *thread;
  HsAnalysis *a;
  HsWaste *waste;
  gboolean wait_for_waste;
  gboolean background;
  HsIndexIdentity identity;
  char *path;
  gboolean locked; /* the outcome held the lock: its file goes after */
  GCancellable *cancellable;
  GError *error;
  char *note;
  gboolean ok;
};

/* Room in the cache for the index of a: about 40 bytes per object (the
 * heap's and the tree's arrays), path (the index it replaces) aside. */
static gboolean
make_room (HsAnalysis *a, const char *path, GError **error)
{
  guint64 estimate = hs_heap_n_objects (a->heap) * 40 + (64u << 10);

  return hs_index_cache_make_room (estimate, path, error);
}

gboolean
hs_index_save_make_room (HsAnalysis *a, const HsIndexOutcome *outcome, GError **error)
{
  g_return_val_if_fail (a != NULL && outcome != NULL && outcome->write_path != NULL, FALSE);
  return make_room (a, outcome->write_path, error);
}

static gpointer
save_thread (gpointer data)
{
  HsIndexSave *s = data;
  g_autoptr (GError) room = NULL;

  if (s->background)
    hs_thread_lower_priority (19);
  if (s->wait_for_waste && !s->waste)
    s->waste = hs_analysis_beside_result (s->a, &hs_waste_beside);
  if (!make_room (s->a, s->path, &room))
    {
      s->note = g_strdup_printf ("no index written: %s", room->message);
      if (s->locked)
        hs_index_lock_done (s->path);
      return NULL;
    }
  s->ok = hs_index_write (s->a, s->waste, &s->identity, s->path, s->cancellable, &s->error);
  /* Written (or given up): waiters find the index, or analyse. */
  if (s->locked)
    hs_index_lock_done (s->path);
  if (!s->ok && s->error && !g_error_matches (s->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    s->note = g_strdup_printf ("no index written: %s", s->error->message);
  return NULL;
}

HsIndexSave *
hs_index_save_start (HsAnalysis *a, const HsIndexOutcome *outcome, gboolean wait_for_waste,
                     gboolean background)
{
  HsIndexSave *s;

  g_return_val_if_fail (a != NULL && outcome != NULL, NULL);
  if (!outcome->write || !outcome->write_path)
    return NULL;
  s = g_new0 (HsIndexSave, 1);
  s->a = a;
  s->wait_for_waste = wait_for_waste;
  s->background = background;
  s->identity = outcome->identity;
  s->path = g_strdup (outcome->write_path);
  s->locked = outcome->lock != NULL;
  s->cancellable = g_cancellable_new ();
  s->thread = g_thread_new ("hs-index-save", save_thread, s);
  return s;
}

gboolean
hs_index_save_finish (HsIndexSave *s, gboolean cancel, char **note)
{
  gboolean ok;

  if (note)
    *note = NULL;
  if (!s)
    return FALSE;
  if (cancel)
    g_cancellable_cancel (s->cancellable);
  g_thread_join (s->thread);
  ok = s->ok;
  if (note)
    *note = g_steal_pointer (&s->note);
  g_clear_pointer (&s->waste, hs_waste_free);
  g_clear_error (&s->error);
  g_free (s->note);
  g_free (s->path);
  g_object_unref (s->cancellable);
  g_free (s);
  return ok;
}
