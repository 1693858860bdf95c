/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-matchers.c: libFuzzer target for the option-file reader: the
 * library-leak matcher table (--matchers FILE, hs_matchers_parse). A
 * rejected table must come with an HS_ERROR in UTF-8. */
#include "config.h"

#include <stdlib.h>

#include "hs-types.h"
#include "hs-matchers.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR);
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  HsMatcherTable *t = hs_matchers_parse ((const char *)data, (gssize)size, "fuzz.matchers", &error);

  if (t == NULL
      && (error == NULL || error->domain != HS_ERROR || !g_utf8_validate (error->message, -1, NULL)))
    abort ();
  hs_matchers_free (t);
  return 0;
}
