/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-suspects-private.h: what hs-suspects.c asks of its description unit,
 * and the free functions of its parts (for what builds suspects elsewhere:
 * hs-suspects-persist.c). */
#pragma once

#include "hs-suspects.h"

G_BEGIN_DECLS

/* The Java-frame and JNI-local root records by object (and by object and
 * thread object): one pass over the roots for every suspect. */
GHashTable *_hs_suspects_local_roots (HsHeap *heap);
/* Sets s->holder and s->collection* from s->path and the accumulation
 * point (docs/semantics.md "Problem suspects"); locals from
 * _hs_suspects_local_roots. */
void _hs_suspects_find_holder (HsHeap *heap, GHashTable *locals, HsObjectSuspect *s);
/* s->path, accumulation, percent, holder and collection set. */
char *_hs_suspects_describe_object (HsHeap *heap, const HsObjectSuspect *s);
/* s->biggest and common_path set; member_paths: the biggest members'
 * paths (HsLeakTrace*, NULL for none), in the same order. */
char *_hs_suspects_describe_class (HsHeap *heap, const HsClassSuspect *s, GPtrArray *member_paths,
                                   const HsDomTree *dom, guint64 reachable);

/* Free functions: of an HsObjectSuspect* and an HsClassSuspect* (the free
 * functions of HsSuspects.objects and .classes), and the clear functions
 * of the GArrays of HsSuspectThread and of HsSuspectClass. */
void _hs_object_suspect_free (gpointer suspect);
void _hs_class_suspect_free (gpointer suspect);
void _hs_suspect_thread_clear (gpointer thread);
void _hs_suspect_class_clear (gpointer row);

G_END_DECLS
