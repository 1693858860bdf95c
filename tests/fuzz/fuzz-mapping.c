/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-mapping.c: libFuzzer target for the mapping-file reader
 * (--mapping FILE, hs_mapping_parse) and its lookups. A rejected file must
 * come with an HS_ERROR in UTF-8; an accepted one is asked for the names
 * that appear in it (every "-> NAME" target as a class, a field of the
 * first class and a frame at a few lines), so the sorted arrays and the
 * line-range search are exercised on what the parser built. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hs-types.h"
#include "hs-mapping.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR);
  return 0;
}

static void
ask (HsMapping *m, const char *first_class, const char *name)
{
  static const gint lines[] = { -1, 0, 1, 5, 65535, G_MAXINT };
  g_autofree char *arr = g_strconcat (name, "[][]", NULL);
  g_autofree char *mapped = hs_mapping_map_type (m, arr);
  g_autoptr (GArray) frames = g_array_new (FALSE, FALSE, sizeof (HsMappedFrame));
  const char *orig = hs_mapping_lookup_class (m, name);

  if (mapped != NULL && !g_utf8_validate (mapped, -1, NULL))
    abort ();
  if (orig != NULL)
    (void)hs_mapping_source_file (m, orig);
  (void)hs_mapping_map_field (m, first_class, name, TRUE, NULL);
  (void)hs_mapping_map_field (m, first_class, name, FALSE, "int");
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      guint n = hs_mapping_map_frame (m, first_class, name, lines[i], frames);
      if (n > frames->len)
        abort ();
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  HsMapping *m = hs_mapping_parse ((const char *)data, size, "fuzz.mapping.txt", &error);
  g_autofree char *text = NULL;
  char *first_class = NULL;
  guint asked = 0;

  if (m == NULL)
    {
      if (error == NULL || error->domain != HS_ERROR || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      return 0;
    }
  /* The names written after "-> " in the input, each up to the end of its
   * line (without a trailing ':'), at most 64 of them. */
  text = g_strndup ((const char *)data, size);
  for (char *p = strstr (text, "-> "); p != NULL && asked < 64; p = strstr (p, "-> "))
    {
      char *name = p + 3;
      char *end = name + strcspn (name, "\n\r");
      char *cut = end;
      char saved;

      if (cut > name && cut[-1] == ':')
        cut--;
      saved = *cut;
      *cut = '\0';
      if (first_class == NULL)
        first_class = g_strdup (name);
      ask (m, first_class, name);
      *cut = saved;
      asked++;
      p = end;
    }
  if (first_class == NULL)
    ask (m, "a", "a");
  g_free (first_class);
  hs_mapping_unref (m);
  return 0;
}
