/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-native.c: native memory the Java heap does not show.
 *
 * Every rule is one row of native_rules[] below: the class whose instances
 * carry the information (subclasses included) and a function that returns
 * the bytes and the object they are charged to. Rows run in table order;
 * a row marked `fallback` only charges objects that no earlier row charged
 * (an estimate never adds to an exact figure). Charges of the other rows add
 * up (an object may register several native allocations).
 *
 * The rules:
 *  - A Cleaner (sun.misc.Cleaner; jdk.internal.ref.Cleaner on newer JDKs)
 *    charges its referent with what its thunk frees, if the thunk's class is
 *    in cleaner_thunks[]:
 *      libcore.util.NativeAllocationRegistry$CleanerThunk: the `size` of the
 *        registry it belongs to (its outer instance `this$0`). Since Android Q
 *        the lowest bit of `size` is a flag (IS_MALLOCED), so it is masked
 *        off (at most one byte too few on older releases). Android O and
 *        later register every Bitmap this way, with its pixel bytes.
 *      java.nio.DirectByteBuffer$Deallocator (HotSpot direct buffers): its
 *        `capacity` (the `size` field on JDKs that have no `capacity`).
 *    Other Cleaners carry no size and charge nothing.
 *  - android.graphics.Bitmap (fallback: only when no registry charged it):
 *      recycled (mRecycled) - 0;
 *      has a `mBuffer` field (Android 3.0 - 7.1) - 0: the pixels are that
 *        byte[], which is on the Java heap already;
 *      otherwise (Android 8+ without a registry entry in the dump, and 2.x,
 *        which kept pixels natively too) - mWidth * mHeight * 4: the
 *        ARGB_8888 size (the config is not in the Java fields; ARGB_8888 is
 *        the default and by far the most common, so this is an estimate).
 * Negative or absurd values (beyond 2^40 bytes) are ignored: the dump is
 * untrusted.
 */
#include "config.h"

#include "hs-native.h"

#define NATIVE_MAX (G_GUINT64_CONSTANT (1) << 40)

/* What the rules read: the heap and, per class, which of the classes they
 * test an object against (is_a_names) it is or extends. */
typedef struct
{
  HsHeap *heap;
  guint n_classes;
  guint32 *is_a;
} NativeCtx;

/* Returns bytes (0: nothing) and sets *owner to the object charged. */
typedef guint64 (*HsNativeRuleFunc) (const NativeCtx *x, HsObj o, HsObj *owner);

typedef struct
{
  const char *class_name;
  HsNativeRuleFunc size;
  gboolean fallback;
} HsNativeRule;

/* --- field helpers ------------------------------------------------------- */

static guint64
sane (gint64 bytes)
{
  return bytes > 0 && (guint64)bytes <= NATIVE_MAX ? (guint64)bytes : 0;
}

/* The classes the rules test objects against: bits of NativeCtx.is_a. */
enum
{
  IS_REGISTRY,
  IS_REGISTRY_THUNK,
  IS_DEALLOCATOR,
  N_IS
};
static const char *const is_a_names[N_IS] = {
  "libcore.util.NativeAllocationRegistry",
  "libcore.util.NativeAllocationRegistry$CleanerThunk",
  "java.nio.DirectByteBuffer$Deallocator",
};

/* A lookup in the per-class facts, never a walk of the superclass chain
 * per object (a hostile dump chains a hundred thousand classes). */
static gboolean
is_instance_of (const NativeCtx *x, HsObj o, guint which)
{
  if (o == HS_OBJ_NONE || hs_heap_object_kind (x->heap, o) != HS_KIND_INSTANCE)
    return FALSE;
  HsClass c = hs_heap_object_class (x->heap, o);
  return c < x->n_classes && (x->is_a[c] & (1u << which));
}

/* --- cleaner thunks ------------------------------------------------------ */

static guint64
registry_thunk_size (const NativeCtx *x, HsObj thunk)
{
  HsHeap *heap = x->heap;
  HsObj registry = hs_heap_read_ref (heap, thunk, "this$0");
  gint64 size;
  if (!is_instance_of (x, registry, IS_REGISTRY) || !hs_heap_read_integer (heap, registry, "size", &size))
    return 0;
  return sane (size & ~(gint64)1);
}

static guint64
deallocator_size (const NativeCtx *x, HsObj thunk)
{
  HsHeap *heap = x->heap;
  gint64 size;
  if (hs_heap_read_integer (heap, thunk, "capacity", &size)
      || hs_heap_read_integer (heap, thunk, "size", &size))
    return sane (size);
  return 0;
}

static const struct
{
  guint is_a;
  guint64 (*size) (const NativeCtx *x, HsObj thunk);
} cleaner_thunks[] = {
  { IS_REGISTRY_THUNK, registry_thunk_size },
  { IS_DEALLOCATOR, deallocator_size },
};

static guint64
cleaner_rule (const NativeCtx *x, HsObj cleaner, HsObj *owner)
{
  HsHeap *heap = x->heap;
  HsObj thunk = hs_heap_read_ref (heap, cleaner, "thunk");
  HsObj referent = hs_heap_read_ref (heap, cleaner, "referent");
  if (thunk == HS_OBJ_NONE || referent == HS_OBJ_NONE)
    return 0;
  for (gsize i = 0; i < G_N_ELEMENTS (cleaner_thunks); i++)
    if (is_instance_of (x, thunk, cleaner_thunks[i].is_a))
      {
        *owner = referent;
        return cleaner_thunks[i].size (x, thunk);
      }
  return 0;
}

/* --- Bitmap -------------------------------------------------------------- */

static guint64
bitmap_rule (const NativeCtx *x, HsObj bitmap, HsObj *owner)
{
  HsHeap *heap = x->heap;
  HsValue v;
  *owner = bitmap;
  if (hs_heap_read_field (heap, bitmap, "mRecycled", &v) && v.type == HS_TYPE_BOOLEAN && v.z)
    return 0;
  if (hs_heap_read_field (heap, bitmap, "mBuffer", &v))
    return 0; /* pixels are a byte[] on the Java heap */
  gint64 w, h;
  if (!hs_heap_read_integer (heap, bitmap, "mWidth", &w)
      || !hs_heap_read_integer (heap, bitmap, "mHeight", &h) || w <= 0 || h <= 0 || w > (1 << 20)
      || h > (1 << 20))
    return 0;
  return sane (w * h * 4);
}

/* --- the table ----------------------------------------------------------- */

static const HsNativeRule native_rules[] = {
  { "sun.misc.Cleaner", cleaner_rule, FALSE },
  { "jdk.internal.ref.Cleaner", cleaner_rule, FALSE },
  { "android.graphics.Bitmap", bitmap_rule, TRUE },
};
G_STATIC_ASSERT (G_N_ELEMENTS (native_rules) <= 32); /* one bit each in rule_of[] */

static void
charge (GHashTable *table, HsObj owner, guint64 bytes)
{
  guint64 *slot = g_hash_table_lookup (table, GUINT_TO_POINTER (owner));
  if (!slot)
    {
      slot = g_new0 (guint64, 1);
      g_hash_table_insert (table, GUINT_TO_POINTER (owner), slot);
    }
  *slot = *slot + bytes < *slot ? G_MAXUINT64 : *slot + bytes;
}

GHashTable *
hs_native_sizes (HsHeap *heap)
{
  g_return_val_if_fail (heap != NULL, NULL);
  GHashTable *table = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  guint n_classes = hs_heap_n_classes (heap);
  guint64 n = hs_heap_n_objects (heap);
  const guint n_rules = G_N_ELEMENTS (native_rules);

  /* rule_of[c]: bit r set when class c is (a subclass of) rule r's class;
   * both tables once per class, top-down (hs_class_name_bits). */
  const char *rule_names[G_N_ELEMENTS (native_rules)];
  for (guint r = 0; r < n_rules; r++)
    rule_names[r] = native_rules[r].class_name;
  g_autofree guint32 *rule_of = hs_class_name_bits (heap, rule_names, n_rules);
  gboolean any = FALSE;
  for (HsClass c = 0; c < n_classes && !any; c++)
    any = rule_of[c] != 0;
  if (!any)
    return table;
  g_autofree guint32 *is_a = hs_class_name_bits (heap, is_a_names, N_IS);
  const NativeCtx x = { heap, n_classes, is_a };

  /* One pass over the objects: exact rows charge at once, objects matched
   * by fallback rows wait until every exact charge is known. */
  g_autoptr (GHashTable) exact = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr (GArray) later = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (guint64 o = 0; o < n; o++)
    {
      HsClass c = hs_heap_object_class (heap, (HsObj)o);
      if (c >= n_classes || rule_of[c] == 0 || hs_heap_object_kind (heap, (HsObj)o) != HS_KIND_INSTANCE)
        continue;
      gboolean has_fallback = FALSE;
      for (guint r = 0; r < n_rules; r++)
        {
          if (!(rule_of[c] & (1u << r)))
            continue;
          if (native_rules[r].fallback)
            {
              has_fallback = TRUE;
              continue;
            }
          HsObj owner = HS_OBJ_NONE;
          guint64 bytes = native_rules[r].size (&x, (HsObj)o, &owner);
          if (bytes == 0 || owner >= n)
            continue;
          charge (table, owner, bytes);
          g_hash_table_add (exact, GUINT_TO_POINTER (owner));
        }
      if (has_fallback)
        {
          HsObj lo = (HsObj)o;
          g_array_append_val (later, lo);
        }
    }
  for (guint i = 0; i < later->len; i++)
    {
      HsObj o = g_array_index (later, HsObj, i);
      HsClass c = hs_heap_object_class (heap, o);
      for (guint r = 0; r < n_rules; r++)
        {
          if (!(rule_of[c] & (1u << r)) || !native_rules[r].fallback)
            continue;
          HsObj owner = HS_OBJ_NONE;
          guint64 bytes = native_rules[r].size (&x, o, &owner);
          if (bytes == 0 || owner >= n || g_hash_table_contains (exact, GUINT_TO_POINTER (owner)))
            continue;
          charge (table, owner, bytes);
        }
    }
  return table;
}

/* Sums native sizes up the dominator tree over the union of the dominator
 * paths of the charged objects only (never a walk per object and ancestor,
 * which is quadratic on deep trees): every node of the union counts its
 * children in the union, then leaves pass their sums up (Kahn's order). */
typedef struct
{
  HsObj obj;
  guint32 pending; /* children in the union not yet added */
  guint64 sum;
} UnionNode;

GHashTable *
hs_native_retained (const HsDomTree *dom, GHashTable *native)
{
  if (!dom || !native)
    return NULL;
  GHashTable *out = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  const HsObj vroot = (HsObj)dom->n;
  g_autoptr (GHashTable) index = g_hash_table_new (g_direct_hash, g_direct_equal); /* obj -> idx+1 */
  g_autoptr (GArray) nodes = g_array_new (FALSE, FALSE, sizeof (UnionNode));

  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init (&it, native);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      HsObj x = GPOINTER_TO_UINT (key);
      if (x >= dom->n || dom->idom[x] == HS_OBJ_NONE)
        continue; /* unreachable: not in the tree */
      while (!g_hash_table_contains (index, GUINT_TO_POINTER (x)))
        {
          UnionNode u = { x, 0, 0 };
          g_array_append_val (nodes, u);
          g_hash_table_insert (index, GUINT_TO_POINTER (x), GUINT_TO_POINTER (nodes->len));
          if (x == vroot)
            break;
          x = dom->idom[x];
        }
    }
  UnionNode *un = (UnionNode *)nodes->data;
#define IDX(o) (GPOINTER_TO_UINT (g_hash_table_lookup (index, GUINT_TO_POINTER (o))) - 1)
  for (guint i = 0; i < nodes->len; i++)
    if (un[i].obj != vroot)
      un[IDX (dom->idom[un[i].obj])].pending++;
  g_hash_table_iter_init (&it, native);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      HsObj x = GPOINTER_TO_UINT (key);
      if (x < dom->n && dom->idom[x] != HS_OBJ_NONE)
        un[IDX (x)].sum += *(guint64 *)value;
    }
  g_autoptr (GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < nodes->len; i++)
    if (un[i].pending == 0)
      g_array_append_val (queue, i);
  for (guint q = 0; q < queue->len; q++)
    {
      UnionNode *u = &un[g_array_index (queue, guint, q)];
      if (u->sum > 0)
        {
          guint64 *slot = g_new (guint64, 1);
          *slot = u->sum;
          g_hash_table_insert (out, GUINT_TO_POINTER (u->obj), slot);
        }
      if (u->obj == vroot)
        continue;
      guint p = IDX (dom->idom[u->obj]);
      un[p].sum = un[p].sum + u->sum < un[p].sum ? G_MAXUINT64 : un[p].sum + u->sum;
      if (--un[p].pending == 0)
        g_array_append_val (queue, p);
    }
#undef IDX
  return out;
}
