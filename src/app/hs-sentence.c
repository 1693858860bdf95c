/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-sentence.c: the engine's sentences in labels. The engine quotes names
 * Markdown-style (`store.ReportCache.ENTRIES`), which the report shows as
 * code; a label shows the names plainly. Pango finds no break inside
 * "jdk.internal.loader.ClassLoaders$AppClassLoader" and, wrapping by
 * characters, would cut it anywhere with a hyphen: a zero-width space after
 * each '.' and '$' of a name lets the line break there instead, and the
 * label's attributes turn hyphens off. */
#include "config.h"

#include "hs-sentence.h"

#define ZERO_WIDTH_SPACE "\342\200\213"

/* The sentence's characters without backticks; with break points after
 * '.' and '$' inside names when breaks is TRUE. Unpaired backticks are
 * kept as they are. */
static char *
sentence (const char *text, gboolean breaks)
{
  GString *out = g_string_new (NULL);
  guint ticks = 0;
  gboolean in_name = FALSE;

  if (text == NULL)
    return g_string_free (out, FALSE);
  for (const char *p = text; *p; p++)
    ticks += *p == '`';
  for (const char *p = text; *p; p++)
    {
      if (*p == '`' && ticks % 2 == 0)
        {
          in_name = !in_name;
          continue;
        }
      g_string_append_c (out, *p);
      if (breaks && in_name && (*p == '.' || *p == '$') && p[1] != '`' && p[1] != '\0')
        g_string_append (out, ZERO_WIDTH_SPACE);
    }
  return g_string_free (out, FALSE);
}

char *
hs_sentence_plain (const char *text)
{
  return sentence (text, FALSE);
}

void
hs_label_set_sentence (GtkLabel *label, const char *text)
{
  g_autofree char *shown = sentence (text, TRUE);
  PangoAttrList *attrs = pango_attr_list_new ();

  g_return_if_fail (GTK_IS_LABEL (label));
  pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
  gtk_label_set_text (label, shown);
  gtk_label_set_attributes (label, attrs);
  pango_attr_list_unref (attrs);
}
