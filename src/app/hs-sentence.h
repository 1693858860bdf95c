/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-sentence.h: the engine's sentences (suspects, leaks, insights) in
 * labels: names between backticks shown as plain text, breakable after
 * each '.' and '$' inside them and never hyphenated. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The sentence without its backticks (for tooltips, copies, tests). */
char *hs_sentence_plain (const char *text);
/* Sets label to the plain sentence, where a line may break after a '.' or
 * '$' of a name (a zero-width space) and no word is hyphenated. */
void hs_label_set_sentence (GtkLabel *label, const char *text);

G_END_DECLS
