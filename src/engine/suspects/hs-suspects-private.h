/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-suspects-private.h: what hs-suspects.c asks of its description unit. */
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

G_END_DECLS
