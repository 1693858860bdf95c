/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-tree.c: one dump's tree of shortest paths, added to the
 * series' node table.
 *
 * One exhaustive run of the leak search (the paths' rules, every kind of
 * Reference excluded: the strong graph) gives every reached object its
 * parent on a shortest path from the GC roots; every object is a target,
 * so Strings and primitive arrays get one too. Objects are then given
 * their node parents first: each walks up to the first object that has
 * one (an explicit stack, each object walked once), and the reference
 * from a parent to its children is named by one decoding of the parent
 * (an instance's fields matched to its graph edges, hs-paths-children.c).
 * A node is (parent node, reference, class); a child reached by the same
 * reference and class as its parent's node is the parent's node (a
 * linked list is one node, its length its count). A collection counts as
 * its contents: its backing arrays, hash table and entries are internal
 * (they count nowhere, their references hang from the collection's
 * node), its elements, keys and values are its children ("[]", "[key]",
 * "[value]"). Flat arrays: 9 bytes per object besides the search's; the
 * last dump of the series keeps 4 more, each object's node. */
#include "config.h"

#include <string.h>

#include "hs-growth-private.h"
#include "hs-collection-layouts.h"
#include "hs-mem.h"
#include "hs-paths-private.h"

/* What an object is to the collection above it (low bits of role[]). */
enum
{
  R_PLAIN = 0,
  R_COLL,       /* a collection instance (with a layout) */
  R_HTABLE,     /* internal: a hash table, its elements are entries */
  R_ENTRY,      /* internal: a map's entry */
  R_ELEMS,      /* internal: a backing array, its elements are contents */
  R_SETMAP,     /* internal: the map a set wraps */
  R_HTABLE_SET, /* internal: that map's table */
  R_ENTRY_SET,  /* internal: its entries, whose keys are the set's elements */
  R_MASK = 0x0F,
  R_DECODED = 0x80, /* its references are named */
};

static inline gboolean
internal (guint8 role)
{
  guint r = role & R_MASK;
  return r != R_PLAIN && r != R_COLL;
}

/* A field's label by (its name's text, declaring class): direct-mapped,
 * so that a label is formatted and looked up once per field, not once per
 * reference. */
#define LABEL_SLOTS 4096
typedef struct
{
  const char *name;
  HsClass declared_in;
  guint32 id;
} LabelSlot;

typedef struct
{
  HsGrowth *g;
  guint k;
  PathsSearch s;
  GStringChunk *chunk;
  HsHeap *heap;
  const HsDomTree *dom;
  guint64 n;
  guint32 *node_of;       /* per object: its node, HS_GROWTH_NO_NODE not yet */
  guint32 *label;         /* per object: name id of the reference to it, 0 not named */
  guint8 *role;           /* per object */
  gint16 *layout;         /* per class: layout index + 1, 0 none, -1 not looked up */
  guint32 *cls_id;        /* per class: name id of its instances + 1, 0 not yet */
  GHashTable *label_ids;  /* label interned by the search -> name id */
  LabelSlot *label_slots; /* LABEL_SLOTS */
  guint32 id_elem, id_key, id_value, id_local, id_unknown;
} Tree;

static void
tree_clear (Tree *t)
{
  _hs_paths_search_clear (&t->s);
  g_clear_pointer (&t->chunk, g_string_chunk_free);
  g_clear_pointer (&t->node_of, g_free);
  g_clear_pointer (&t->label, g_free);
  g_clear_pointer (&t->role, g_free);
  g_clear_pointer (&t->layout, g_free);
  g_clear_pointer (&t->cls_id, g_free);
  g_clear_pointer (&t->label_ids, g_hash_table_unref);
  g_clear_pointer (&t->label_slots, g_free);
}

static inline gboolean
reached (const Tree *t, HsObj o)
{
  return o < t->n && (t->s.c.state[o] & F_FOUND) != 0;
}

static gboolean
is_top (const Tree *t, HsObj x)
{
  const LeakCtx *c = &t->s.c;
  HsObj p = c->parent[x];
  if ((c->state[x] & F_ROOT) || p == HS_OBJ_NONE || !reached (t, p))
    return TRUE;
  return FALSE;
}

/* The layout of class k's instances: index in hs_collection_layouts, or -1. */
static int
layout_of (Tree *t, HsClass k)
{
  if (k == HS_CLASS_NONE || k >= t->s.c.n_classes)
    return -1;
  if (t->layout[k] < 0)
    t->layout[k] = (gint16)(hs_collection_layout_of (t->heap, k) + 1);
  return t->layout[k] - 1;
}

static guint32
class_id (Tree *t, HsObj x)
{
  HsKind kind = leak_obj_kind (&t->s.c, x);
  HsClass k = kind == HS_KIND_CLASS ? HS_CLASS_NONE : leak_obj_class (&t->s.c, x);
  const char *name;
  if (k != HS_CLASS_NONE && k < t->s.c.n_classes && t->cls_id[k])
    return t->cls_id[k] - 1;
  name = hs_heap_object_class_name (t->heap, x);
  guint32 id = _hs_growth_name (t->g, name ? name : "<unknown class>");
  if (k != HS_CLASS_NONE && k < t->s.c.n_classes)
    t->cls_id[k] = id + 1;
  return id;
}

static guint32
label_id (Tree *t, HsObj from, const HsNamedRef *r)
{
  LabelSlot *slot = NULL;
  const char *l;
  gpointer v;
  guint32 id;
  /* A field's label is its declaring class and name (not from's class). */
  if (r->kind == HS_REF_FIELD && r->declared_in != HS_CLASS_NONE && r->name != NULL)
    {
      guint64 h = ((guint64)(guintptr)r->name ^ ((guint64)r->declared_in << 32))
                  * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
      slot = &t->label_slots[(h >> 40) & (LABEL_SLOTS - 1)];
      if (slot->name == r->name && slot->declared_in == r->declared_in)
        return slot->id;
    }
  l = _hs_paths_ref_label (&t->s, from, r, TRUE);
  if (g_hash_table_lookup_extended (t->label_ids, l, NULL, &v))
    id = GPOINTER_TO_UINT (v);
  else
    {
      id = _hs_growth_name (t->g, l);
      g_hash_table_insert (t->label_ids, (gpointer)l, GUINT_TO_POINTER (id));
    }
  if (slot != NULL)
    *slot = (LabelSlot){ r->name, r->declared_in, id };
  return id;
}

static gboolean
name_is (const char *name, const char *a)
{
  return name != NULL && a != NULL && strcmp (name, a) == 0;
}

/* A reference between a map's entries (chains, trees, insertion order). */
static gboolean
entry_link (const char *name)
{
  static const char *const links[]
      = { "next", "before", "after", "left", "right", "parent", "prev", "first", "root" };
  for (guint i = 0; name && i < G_N_ELEMENTS (links); i++)
    if (strcmp (name, links[i]) == 0)
      return TRUE;
  return FALSE;
}

/* The role and name of a field's target, from its holder's role. */
static void
field_role (Tree *t, HsObj p, guint rp, const HsNamedRef *r, HsObj x, guint8 *role, guint32 *label)
{
  HsKind xk = leak_obj_kind (&t->s.c, x);
  gboolean array = xk == HS_KIND_OBJ_ARRAY || xk == HS_KIND_PRIM_ARRAY;
  *role = R_PLAIN;
  if (r->kind == HS_REF_FIELD)
    switch (rp)
      {
        case R_COLL:
          {
            int li = layout_of (t, leak_obj_class (&t->s.c, p));
            const HsCollectionLayout *l = li >= 0 ? &hs_collection_layouts[li] : NULL;
            gboolean backing = l
                               && (name_is (r->name, l->arrays[0]) || name_is (r->name, l->arrays[1])
                                   || name_is (r->name, l->alt_array));
            if (backing && l->kind == HS_COLLECTION_SET && xk == HS_KIND_INSTANCE)
              *role = R_SETMAP;
            else if (backing && array)
              *role = (l->kind == HS_COLLECTION_HASH || l->kind == HS_COLLECTION_CHM) ? R_HTABLE : R_ELEMS;
            else if (l && l->kind == HS_COLLECTION_HASH && xk == HS_KIND_INSTANCE
                     && (name_is (r->name, "head") || name_is (r->name, "tail")))
              *role = R_ENTRY; /* LinkedHashMap's insertion order */
            break;
          }
        case R_SETMAP:
          if ((name_is (r->name, "table") || name_is (r->name, "elementData")) && xk == HS_KIND_OBJ_ARRAY)
            *role = R_HTABLE_SET;
          else if ((name_is (r->name, "head") || name_is (r->name, "tail")) && xk == HS_KIND_INSTANCE)
            *role = R_ENTRY_SET;
          break;
        case R_ENTRY:
        case R_ENTRY_SET:
          if (name_is (r->name, "key"))
            {
              *label = rp == R_ENTRY_SET ? t->id_elem : t->id_key;
              return;
            }
          if (name_is (r->name, "value") || name_is (r->name, "val"))
            {
              *label = t->id_value;
              return;
            }
          if (entry_link (r->name) && xk == HS_KIND_INSTANCE)
            *role = rp;
          break;
        default: break;
      }
  *label = label_id (t, p, r);
}

typedef struct
{
  Tree *t;
  HsObj p;
  guint rp;
} DecodeData;

static gboolean
decode_cb (const HsNamedRef *r, gpointer user_data)
{
  DecodeData *d = user_data;
  Tree *t = d->t;
  LeakCtx *c = &t->s.c;
  HsObj x = r->target;
  if (x >= t->n || !reached (t, x) || c->parent[x] != d->p || t->label[x] != 0
      || (c->state[x] & (F_ROOT | F_LOCAL)) || r->is_weak)
    return TRUE;
  if (r->kind != HS_REF_FIELD && r->kind != HS_REF_STATIC && r->kind != HS_REF_ELEMENT)
    return TRUE;
  field_role (t, d->p, d->rp, r, x, &t->role[x], &t->label[x]);
  return TRUE;
}

static gboolean
child_wanted (HsObj x, gpointer user_data)
{
  DecodeData *d = user_data;
  return reached (d->t, x) && d->t->label[x] == 0;
}

static void
child_named (HsObj x, const HsNamedRef *r, gpointer user_data)
{
  DecodeData *d = user_data;
  field_role (d->t, d->p, d->rp, r, x, &d->t->role[x], &d->t->label[x]);
}

/* Names the references from p to the children it is the parent of: an
 * instance's by its graph edges matched to its fields, unless the search
 * reads it by name (CF_NAMED, as the merged paths do), a class object's
 * statics by decoding them. */
static void
decode (Tree *t, HsObj p)
{
  DecodeData d = { t, p, t->role[p] & R_MASK };
  t->role[p] |= R_DECODED;
  if (leak_obj_kind (&t->s.c, p) == HS_KIND_INSTANCE && !(leak_obj_cflags (&t->s.c, p) & CF_NAMED))
    _hs_paths_name_children (&t->s, p, child_wanted, child_named, &d);
  else
    hs_heap_foreach_ref (t->heap, p, decode_cb, &d);
}

static void
count (Tree *t, HsObj x, guint32 nd)
{
  HsGrowth *g = t->g;
  _hs_growth_objects (g, nd)[t->k]++;
  if (t->k + 1 == g->n_dumps && g->newest_node != NULL)
    g->newest_node[x] = nd;
  if (t->dom && t->dom->n == t->n)
    {
      HsObj id = t->dom->idom[x];
      /* What an object of the same node dominates is in that one's already. */
      if (id < t->n && t->node_of[id] == nd)
        return;
      _hs_growth_retained (g, nd)[t->k] += hs_dom_tree_retained (t->dom, x);
    }
}

static void
assign (Tree *t, HsObj x)
{
  LeakCtx *c = &t->s.c;
  HsGrowth *g = t->g;
  guint32 nd, ref, cls;
  guint8 role = R_PLAIN;

  cls = class_id (t, x);
  if (is_top (t, x))
    {
      gint kind = (c->state[x] & F_LOCAL) ? HS_ROOT_JAVA_FRAME : _hs_paths_root_kind (&t->s, x);
      const char *kname = hs_root_type_name ((guint8)kind);
      nd = _hs_growth_node (g, HS_GROWTH_NO_NODE, _hs_growth_name (g, kname ? kname : "Unknown"), cls, kind);
    }
  else
    {
      HsObj p = c->parent[x];
      guint32 np = t->node_of[p];
      const GrowthNode *pn;
      guint rp = t->role[p] & R_MASK;
      if (c->state[x] & F_LOCAL)
        ref = t->id_local;
      else if (leak_obj_kind (c, p) == HS_KIND_OBJ_ARRAY)
        {
          ref = t->id_elem;
          if (rp == R_HTABLE || rp == R_HTABLE_SET)
            role = leak_obj_kind (c, x) == HS_KIND_INSTANCE ? (rp == R_HTABLE ? R_ENTRY : R_ENTRY_SET)
                                                            : R_PLAIN;
        }
      else
        {
          if (!(t->role[p] & R_DECODED))
            decode (t, p);
          ref = t->label[x] ? t->label[x] : t->id_unknown;
          role = t->role[x] & R_MASK;
        }
      if (internal (role))
        {
          t->role[x] = (t->role[x] & R_DECODED) | role;
          t->node_of[x] = np;
          return;
        }
      pn = &g_array_index (g->nodes, GrowthNode, np);
      if (pn->parent != HS_GROWTH_NO_NODE && pn->ref == ref && pn->cls == cls)
        nd = np; /* the same step again: a linked list is one node */
      else
        nd = _hs_growth_node (g, np, ref, cls, -1);
    }
  t->node_of[x] = nd;
  if (leak_obj_kind (c, x) == HS_KIND_INSTANCE && layout_of (t, leak_obj_class (c, x)) >= 0)
    role = R_COLL;
  else
    role = R_PLAIN;
  t->role[x] = (t->role[x] & R_DECODED) | role;
  count (t, x, nd);
}

static gboolean
no_memory (GError **error)
{
  g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY, "Not enough memory for the tree of shortest paths");
  return FALSE;
}

gboolean
_hs_growth_add_tree (HsGrowth *g, HsHeap *heap, const HsDomTree *dom, GCancellable *cancellable,
                     GError **error)
{
  const HsPathsOptions opts = { HS_PATHS_ALL_KINDS, NULL, NULL };
  g_autoptr (GArray) stack = NULL;
  Tree t = { 0 };
  gboolean ok = FALSE;
  guint nc;

  t.g = g;
  t.k = g->added;
  t.heap = heap;
  t.dom = dom;
  t.n = hs_heap_n_objects (heap);
  t.chunk = g_string_chunk_new (4096);
  {
    /* Every object a target: Strings and primitive arrays get a path too. */
    HsObj *targets = hs_mem_try_alloc (sizeof (HsObj) * MAX (t.n, 1));
    if (targets == NULL)
      {
        tree_clear (&t);
        return no_memory (error);
      }
    for (guint64 i = 0; i < t.n; i++)
      targets[i] = (HsObj)i;
    ok = _hs_paths_search_run (&t.s, heap, dom, &opts, targets, t.n, TRUE, t.chunk, cancellable, error);
    g_free (targets);
    if (!ok)
      {
        tree_clear (&t);
        return FALSE;
      }
    ok = FALSE;
  }
  nc = MAX (t.s.c.n_classes, 1);
  t.node_of = hs_mem_try_alloc (sizeof (guint32) * MAX (t.n, 1));
  t.label = hs_mem_try_alloc0 (sizeof (guint32) * MAX (t.n, 1));
  t.role = hs_mem_try_alloc0 (MAX (t.n, 1));
  t.layout = g_new (gint16, nc);
  t.cls_id = g_new0 (guint32, nc);
  if (!t.node_of || !t.label || !t.role)
    {
      tree_clear (&t);
      return no_memory (error);
    }
  memset (t.node_of, 0xFF, sizeof (guint32) * MAX (t.n, 1));
  /* The newest dump's objects stay listable by node (hs-growth-newest.c). */
  g_clear_pointer (&g->newest_node, g_free);
  g->newest_n = 0;
  if (t.k + 1 == g->n_dumps)
    {
      g->newest_node = hs_mem_try_alloc (sizeof (guint32) * MAX (t.n, 1));
      if (g->newest_node == NULL)
        {
          tree_clear (&t);
          return no_memory (error);
        }
      memset (g->newest_node, 0xFF, sizeof (guint32) * MAX (t.n, 1));
      g->newest_n = t.n;
    }
  memset (t.layout, 0xFF, sizeof (gint16) * nc);
  t.label_ids = g_hash_table_new (g_direct_hash, g_direct_equal);
  t.label_slots = g_new0 (LabelSlot, LABEL_SLOTS);
  t.id_elem = _hs_growth_name (g, "[]");
  t.id_key = _hs_growth_name (g, "[key]");
  t.id_value = _hs_growth_name (g, "[value]");
  t.id_local = _hs_growth_name (g, "<Java Local>");
  t.id_unknown = _hs_growth_name (g, "<unknown>");

  stack = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (guint64 o = 0; o < t.n; o++)
    {
      HsObj x = (HsObj)o;
      if ((o & 0xFFFF) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        goto out;
      if (!reached (&t, x) || t.node_of[x] != HS_GROWTH_NO_NODE)
        continue;
      g_array_set_size (stack, 0);
      /* Up to the first object with a node (or a top); parents first down. */
      for (;;)
        {
          g_array_append_val (stack, x);
          if (is_top (&t, x) || stack->len > t.n)
            break;
          x = t.s.c.parent[x];
          if (t.node_of[x] != HS_GROWTH_NO_NODE)
            break;
        }
      for (guint i = stack->len; i-- > 0;)
        assign (&t, g_array_index (stack, HsObj, i));
    }
  ok = TRUE;
out:
  if (!ok)
    {
      g_clear_pointer (&g->newest_node, g_free);
      g->newest_n = 0;
    }
  tree_clear (&t);
  return ok;
}
