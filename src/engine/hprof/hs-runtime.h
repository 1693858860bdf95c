/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-runtime.h: what a dump says about the runtime that wrote it (JVM or
 * Android, API level, device, versions), read once from the static fields
 * of the classes that hold them. */
#pragma once

#include "hs-heap.h"

G_BEGIN_DECLS

typedef enum
{
  HS_RUNTIME_JVM,
  HS_RUNTIME_ANDROID, /* hs_heap_is_android: the dump is Android's (ART) */
} HsRuntimeKind;

/* Longest string read from a static (longer ones end in "…"). */
#define HS_RUNTIME_MAX_CHARS 80

/* Every fact is read whatever the kind, NULL (or FALSE) when the dump does
 * not hold it; which to show for a kind is the front end's choice. */
typedef struct
{
  HsRuntimeKind kind;
  /* The API level as the leak matchers take it: android.os.Build$VERSION.
   * SDK_INT when in 1..9999; else 0 (unknown) for an Android dump or one
   * with a Build$VERSION class; else -1 (not Android). */
  int api_level;
  gboolean has_sdk_int; /* Build$VERSION.SDK_INT is an int field */
  gint32 sdk_int;       /* its value as written, whatever it is */
  char *manufacturer;   /* android.os.Build.MANUFACTURER */
  char *model;          /* android.os.Build.MODEL */
  char *release;        /* android.os.Build$VERSION.RELEASE ("4.4.4") */
  /* java_runtime_version of java.lang.VersionProps (JDK 9+) or
   * sun.misc.Version (older), else their java_version. */
  char *java_version;
} HsRuntimeInfo;

HsRuntimeInfo *hs_runtime_info_read (HsHeap *heap);
void hs_runtime_info_free (HsRuntimeInfo *info);
/* What the front ends show: for Android "Android RELEASE (API N), MAKER
 * MODEL" with what the dump holds ("Android (ART)" when none of it); for
 * a JVM, jvm_label. g_free it. */
char *hs_runtime_label (const HsRuntimeInfo *info, const char *jvm_label);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsRuntimeInfo, hs_runtime_info_free)

G_END_DECLS
