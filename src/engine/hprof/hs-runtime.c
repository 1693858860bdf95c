/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-runtime.c: the runtime facts of a dump (see hs-runtime.h), from the
 * statics of android.os.Build, android.os.Build$VERSION,
 * java.lang.VersionProps and sun.misc.Version. */
#include "config.h"

#include <string.h>

#include "hs-runtime.h"

/* A String static's contents, NULL if absent, null or not a string. */
static char *
static_string (HsHeap *heap, const char *class_name, const char *field)
{
  HsValue v;

  if (!hs_heap_read_static (heap, class_name, field, &v) || v.type != HS_TYPE_OBJECT || v.id == 0)
    return NULL;
  HsObj o = hs_heap_find (heap, v.id);
  return o != HS_OBJ_NONE ? hs_heap_read_string (heap, o, HS_RUNTIME_MAX_CHARS) : NULL;
}

static char *
java_version (HsHeap *heap)
{
  /* JDK 9+ keeps it in VersionProps, older JDKs in sun.misc.Version. */
  static const char *const sources[][2] = {
    { "java.lang.VersionProps", "java_runtime_version" },
    { "sun.misc.Version", "java_runtime_version" },
    { "java.lang.VersionProps", "java_version" },
    { "sun.misc.Version", "java_version" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (sources); i++)
    {
      char *version = static_string (heap, sources[i][0], sources[i][1]);
      if (version != NULL)
        return version;
    }
  return NULL;
}

HsRuntimeInfo *
hs_runtime_info_read (HsHeap *heap)
{
  g_return_val_if_fail (heap != NULL, NULL);

  HsRuntimeInfo *info = g_new0 (HsRuntimeInfo, 1);
  HsValue v;

  info->kind = hs_heap_is_android (heap) ? HS_RUNTIME_ANDROID : HS_RUNTIME_JVM;
  if (hs_heap_read_static (heap, "android.os.Build$VERSION", "SDK_INT", &v) && v.type == HS_TYPE_INT)
    {
      info->has_sdk_int = TRUE;
      info->sdk_int = v.i;
    }
  if (info->has_sdk_int && info->sdk_int > 0 && info->sdk_int < 10000)
    info->api_level = info->sdk_int;
  else if (info->kind == HS_RUNTIME_ANDROID
           || hs_heap_find_class (heap, "android.os.Build$VERSION") != HS_CLASS_NONE)
    info->api_level = 0;
  else
    info->api_level = -1;
  info->manufacturer = static_string (heap, "android.os.Build", "MANUFACTURER");
  info->model = static_string (heap, "android.os.Build", "MODEL");
  info->release = static_string (heap, "android.os.Build$VERSION", "RELEASE");
  info->java_version = java_version (heap);
  return info;
}

void
hs_runtime_info_free (HsRuntimeInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->manufacturer);
  g_free (info->model);
  g_free (info->release);
  g_free (info->java_version);
  g_free (info);
}

char *
hs_runtime_label (const HsRuntimeInfo *info, const char *jvm_label)
{
  g_return_val_if_fail (info != NULL, NULL);
  if (info->kind != HS_RUNTIME_ANDROID)
    return g_strdup (jvm_label);
  GString *s = g_string_new ("Android");
  if (info->release && *info->release)
    g_string_append_printf (s, " %s", info->release);
  if (info->api_level > 0)
    g_string_append_printf (s, " (API %d)", info->api_level);
  gboolean any = s->len > strlen ("Android");
  /* The emulator's MANUFACTURER is "unknown": no maker. */
  const char *maker
      = info->manufacturer && *info->manufacturer && g_strcmp0 (info->manufacturer, "unknown") != 0
            ? info->manufacturer
            : NULL;
  const char *model = info->model && *info->model ? info->model : NULL;
  if (maker || model)
    {
      /* "Google Pixel 7", but "samsung SM-G991B" and not "Google Google Pixel". */
      gboolean repeat = maker && model && g_str_has_prefix (model, maker);
      g_string_append_printf (s, ", %s%s%s", maker && !repeat ? maker : "",
                              maker && !repeat && model ? " " : "", model ? model : "");
      any = TRUE;
    }
  if (!any)
    g_string_append (s, " (ART)");
  return g_string_free (s, FALSE);
}
