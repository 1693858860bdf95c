/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-collection-layouts.h: how the JDK's and Android's collections keep
 * their entries (the backing arrays and the size field, under the names
 * they have had across versions), shared by the waste analysis (which
 * reads every collection through positions resolved once per class) and
 * the problem suspects (which read the few collections they name). */
#pragma once

#include "hs-heap.h"

G_BEGIN_DECLS

typedef enum
{
  HS_COLLECTION_HASH,   /* a power-of-two hash table */
  HS_COLLECTION_SET,    /* read through the map it wraps */
  HS_COLLECTION_CHM,    /* ConcurrentHashMap: baseCount plus counter cells */
  HS_COLLECTION_LIST,   /* size slots of an array */
  HS_COLLECTION_DEQUE,  /* tail - head, wrapped */
  HS_COLLECTION_ARRAYS, /* Android's parallel arrays */
} HsCollectionKind;

typedef struct
{
  const char *class_name; /* Java source form */
  const char *layout;     /* short name: "HashMap" */
  HsCollectionKind kind;
  const char *arrays[2]; /* backing arrays: the first gives the capacity */
  const char *sizes[2];  /* size field candidates (a deque's head, tail) */
  const char *alt_array; /* the first array's name in Android's old libcore, or NULL */
} HsCollectionLayout;

extern const HsCollectionLayout hs_collection_layouts[];
extern const guint hs_collection_n_layouts;

/* Superclass chains are followed this deep at most (hostile chains). */
#define HS_COLLECTION_MAX_DEPTH 64

/* The index in hs_collection_layouts of the nearest class of c's
 * superclass chain (c first) that has a layout, or -1. */
int hs_collection_layout_of (HsHeap *heap, HsClass c);

/* o read as a collection, field by field (for a handful of objects; the
 * waste pass reads them all its own faster way): its layout, its number of
 * entries and its first backing array (HS_OBJ_NONE when null; for a set,
 * that of the map it wraps). FALSE when o is not an instance of a class
 * with a layout, or its fields do not read. */
gboolean hs_collection_read (HsHeap *heap, HsObj o, const HsCollectionLayout **layout, guint64 *size,
                             HsObj *backing);

G_END_DECLS
