/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-mcp-cache.c: the analyses `heapscope-cli mcp` keeps loaded between
 * calls, the least recently used let go when a new one would pass the
 * memory budget (each counted at the engine's estimate of a whole
 * analysis of its object count, hs_heap_estimate_memory). A dump whose
 * file changed since it was loaded (size, time, inode, or cut short while
 * mapped) is loaded again. */
#include "config.h"

#include <errno.h>
#include <sys/stat.h>

#include "hs-mcp.h"
#include "hs-memory-check.h"

/* A dump's objects per byte of file before its objects are counted: the
 * memory check's typical 48 bytes per object on disk. */
#define BYTES_PER_OBJECT 48

typedef struct
{
  char *key; /* real path, dump number, weak setting */
  HsAnalysis *analysis;
  guint64 bytes;
  guint64 used; /* the call that used it last */
  struct stat st;
} Entry;

struct _HsMcpCache
{
  GPtrArray *entries; /* Entry */
  guint64 budget;
  guint64 clock;
};

static void
entry_free (gpointer data)
{
  Entry *e = data;

  hs_analysis_free (e->analysis); /* waits for its index being written */
  g_free (e->key);
  g_free (e);
}

HsMcpCache *
hs_mcp_cache_new (guint64 budget)
{
  HsMcpCache *c = g_new0 (HsMcpCache, 1);

  c->entries = g_ptr_array_new_with_free_func (entry_free);
  c->budget = budget;
  return c;
}

void
hs_mcp_cache_free (HsMcpCache *c)
{
  if (!c)
    return;
  g_ptr_array_unref (c->entries);
  g_free (c);
}

static guint64
total (HsMcpCache *c)
{
  guint64 sum = 0;

  for (guint i = 0; i < c->entries->len; i++)
    sum += ((Entry *)c->entries->pdata[i])->bytes;
  return sum;
}

/* Lets the least recently used analyses go until want more bytes fit in
 * the budget (or none is left). */
static void
make_room (HsMcpCache *c, guint64 want)
{
  while (c->entries->len > 0 && total (c) + want > c->budget)
    {
      guint oldest = 0;
      for (guint i = 1; i < c->entries->len; i++)
        if (((Entry *)c->entries->pdata[i])->used < ((Entry *)c->entries->pdata[oldest])->used)
          oldest = i;
      g_ptr_array_remove_index_fast (c->entries, oldest);
    }
}

static gboolean
same_file (const struct stat *a, const struct stat *b)
{
  return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size
         && a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

HsAnalysis *
hs_mcp_cache_get (HsMcpCache *c, const HsCliOptions *o, const char *real_path, GError **error)
{
  g_autofree char *key = g_strdup_printf ("%s\n%d\n%d", real_path, o->dump, o->follow_weak ? 1 : 0);
  struct stat st;
  HsAnalysis *a;
  Entry *e;

  if (stat (real_path, &st) != 0)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: %s", real_path, g_strerror (errno));
      return NULL;
    }
  for (guint i = 0; i < c->entries->len; i++)
    {
      e = c->entries->pdata[i];
      if (!g_str_equal (e->key, key))
        continue;
      if (same_file (&e->st, &st) && !hs_heap_changed (e->analysis->heap))
        {
          e->used = ++c->clock;
          return e->analysis;
        }
      g_ptr_array_remove_index_fast (c->entries, i); /* the file changed */
      break;
    }
  make_room (c, hs_heap_estimate_memory ((guint64)st.st_size / BYTES_PER_OBJECT, 0));
  a = hs_cli_load_full (o, real_path, TRUE, TRUE, TRUE, error);
  if (!a)
    return NULL;
  e = g_new0 (Entry, 1);
  e->key = g_steal_pointer (&key);
  e->analysis = a;
  e->bytes = hs_heap_estimate_memory (hs_heap_n_objects (a->heap), 0);
  e->used = ++c->clock;
  e->st = st;
  make_room (c, e->bytes);
  g_ptr_array_add (c->entries, e);
  return a;
}
