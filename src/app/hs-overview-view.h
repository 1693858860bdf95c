/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-overview-view.h: the Overview view: the dump (format, runtime, VM or
 * device, sizes), its memory, its leaks and the biggest objects. */
#pragma once

#include "hs-view.h"

G_BEGIN_DECLS

#define HS_TYPE_OVERVIEW_VIEW (hs_overview_view_get_type ())
G_DECLARE_FINAL_TYPE (HsOverviewView, hs_overview_view, HS, OVERVIEW_VIEW, HsView)

/* Rows of the Biggest Objects card (0 before filled or without dominators). */
guint hs_overview_view_get_n_biggest (HsOverviewView *self);
/* Rows of the "bytes retained by heap" table (0: hidden, one heap). */
guint hs_overview_view_get_n_heap_rows (HsOverviewView *self);
/* The Leaks and Suspects card: its number (leak instances plus suspects)
 * and its suspects line ("2 problem suspects (10% of the heap or more)",
 * "No suspects above 10%"). */
const char *hs_overview_view_get_leaks_number (HsOverviewView *self);
const char *hs_overview_view_get_suspects_text (HsOverviewView *self);
/* The answer: the first leak's or suspect's sentence, the one the Leaks
 * view leads with, as a button that shows it there (hidden when there is
 * none: the suspects line says so). */
GtkButton *hs_overview_view_get_answer_button (HsOverviewView *self);

/* The JVM card (read on a worker): TRUE once the properties are read; the
 * value shown for a property key ("java.version", "sun.java.command", ...,
 * "jvm-arguments"), NULL when not shown; the rows the System Properties
 * list shows (after its search); the expander and its search entry. */
gboolean hs_overview_view_props_ready (HsOverviewView *self);
const char *hs_overview_view_get_jvm_value (HsOverviewView *self, const char *key);
guint hs_overview_view_get_n_props_rows (HsOverviewView *self);
GtkExpander *hs_overview_view_get_props_expander (HsOverviewView *self);
GtkSearchEntry *hs_overview_view_get_props_search (HsOverviewView *self);

G_END_DECLS
