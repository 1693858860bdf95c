/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-names.c: names, ids and numbers are read whole (issue 40): Go to's
 * completions show a class name whole, on more lines if need be, never
 * cut at its start ("....VectorSupport$VectorMask"); the inspector's
 * wrapping labels break an object's "Object[]@0x…" or a class name only
 * between its parts and never insert a hyphen ("Object[]@0xc0f-" /
 * "d6940"). On the sample dump (a JDK 17 heap with
 * jdk.internal.vm.vector.VectorSupport's nested classes), under Xvfb. */
#include "config.h"
#include "ui-util.h"
#include "hs-heap.h"

#include <string.h>

#define LOAD_TIMEOUT_MS 120000
#define ZWSP 0x200b

static const char *sample;

static HsWindow *
open_sample (int width, int height)
{
  HsWindow *window = ui_window_new (NULL, width, height);
  g_autoptr (GFile) file = g_file_new_for_path (sample);

  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  return window;
}

/* The label's text without its zero-width spaces. */
static char *
plain_text (GtkLabel *label)
{
  g_autoptr (GString) s = g_string_new (gtk_label_get_text (label));

  g_string_replace (s, "\u200b", "", 0);
  return g_strdup (s->str);
}

/* The label's attributes turn Pango's hyphens off. */
static gboolean
hyphens_off (GtkLabel *label)
{
  PangoAttrList *attrs = gtk_label_get_attributes (label);
  gboolean off = FALSE;

  if (attrs != NULL)
    {
      GSList *list = pango_attr_list_get_attributes (attrs);
      for (GSList *l = list; l != NULL; l = l->next)
        {
          PangoAttribute *a = l->data;
          if (a->klass->type == PANGO_ATTR_INSERT_HYPHENS && ((PangoAttrInt *)a)->value == 0)
            off = TRUE;
        }
      g_slist_free_full (list, (GDestroyNotify)pango_attribute_destroy);
    }
  return off;
}

/* Each line of the label's layout after the first starts after a space, a
 * zero-width space or a character of the text that ends a part ('-', '/',
 * ','): never inside a word. Problems go to errors. */
static void
check_breaks (GtkLabel *label, GString *errors)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  const char *text = pango_layout_get_text (layout);
  int n = pango_layout_get_line_count (layout);

  if (n > 1 && !hyphens_off (label))
    g_string_append_printf (errors, "  \"%s\" wraps with hyphens on\n", text);
  for (int i = 1; i < n; i++)
    {
      PangoLayoutLine *line = pango_layout_get_line_readonly (layout, i);
      gunichar before;

      if (line->start_index <= 0)
        continue;
      before = g_utf8_get_char (g_utf8_prev_char (text + line->start_index));
      if (!g_unichar_isspace (before) && before != ZWSP && before != '-' && before != '/' && before != ',')
        g_string_append_printf (errors, "  \"%s\" broken inside a word at byte %d\n", text,
                                line->start_index);
    }
}

static void
check_labels (GtkWidget *widget, GString *errors, guint *n_wrapped)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (!gtk_widget_get_mapped (c))
        continue;
      if (GTK_IS_LABEL (c) && gtk_label_get_wrap (GTK_LABEL (c)))
        {
          (*n_wrapped)++;
          check_breaks (GTK_LABEL (c), errors);
        }
      check_labels (c, errors, n_wrapped);
    }
}

/* Go to "VectorSupport$Vector" at 600 px: every completion shows its
 * class name whole (its label's text is the name, not ellipsized), the
 * name in the row's tooltip, broken only after a '.' or '$'. */
/* Go to's popover shown (its entry mapped). */
static gboolean
mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static gboolean
unmapped (gpointer widget)
{
  return !gtk_widget_get_mapped (widget);
}

/* At least three completions listed and laid out. */
static gboolean
completions_shown (gpointer list)
{
  guint n = 0;
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    n += g_object_get_data (G_OBJECT (row), "hs-class-name") != NULL && gtk_widget_get_width (row) > 0;
  return n >= 3;
}

static void
test_goto_whole (void)
{
  HsWindow *window = open_sample (600, 800);
  GtkWidget *entry
      = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), HS_TYPE_WINDOW, "goto_entry"));
  GtkWidget *list
      = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), HS_TYPE_WINDOW, "goto_list"));
  g_autoptr (GString) errors = g_string_new (NULL);
  guint n = 0, n_multiline = 0;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.goto", NULL);
  g_assert_true (ui_wait_until (mapped, entry, 10000));
  gtk_editable_set_text (GTK_EDITABLE (entry), "VectorSupport$Vector");
  g_assert_true (ui_wait_until (completions_shown, list, 10000));
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      const char *name = g_object_get_data (G_OBJECT (row), "hs-class-name");
      GtkWidget *label = ui_find_child (row, GTK_TYPE_LABEL);
      g_autofree char *shown = NULL;

      if (name == NULL)
        continue;
      n++;
      g_assert_nonnull (label);
      shown = plain_text (GTK_LABEL (label));
      g_assert_cmpstr (shown, ==, name);
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
      g_assert_cmpstr (gtk_widget_get_tooltip_text (row), ==, name);
      check_breaks (GTK_LABEL (label), errors);
      n_multiline += pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (label))) > 1;
    }
  g_test_message ("%u completions, %u on more than one line", n, n_multiline);
  /* The sample has VectorSupport$Vector and its nested classes. */
  g_assert_cmpuint (n, >=, 3);
  g_assert_cmpstr (errors->str, ==, "");
  ui_shot (gtk_widget_get_ancestor (entry, GTK_TYPE_POPOVER), "names-goto-600.png");
  /* Closed first: a window destroyed with the popover open can meet a
   * late pointer query on its gone surface (a GDK critical). */
  gtk_popover_popdown (GTK_POPOVER (gtk_widget_get_ancestor (entry, GTK_TYPE_POPOVER)));
  g_assert_true (ui_wait_until (unmapped, entry, 10000));
  ui_destroy_window (GTK_WINDOW (window));
}

/* The first Object[] of the sample with more than one element, in the
 * inspector at 600 and 1024 px: its wrapping labels (its title, its
 * elements' and referrers' "Object[]@0x…" links) break only between
 * words, with hyphens off. */
static void
test_inspector_no_hyphens (void)
{
  static const int widths[] = { 600, 1024 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      HsWindow *window = open_sample (widths[w], 800);
      HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));
      HsHeap *heap = a->heap;
      HsObj arr = HS_OBJ_NONE;
      g_autoptr (GString) errors = g_string_new (NULL);
      guint n_wrapped = 0;

      for (HsObj o = 0; o < hs_heap_n_objects (heap) && arr == HS_OBJ_NONE; o++)
        if (g_strcmp0 (hs_heap_object_class_name (heap, o), "java.lang.Object[]") == 0)
          arr = o;
      g_assert_cmpuint (arr, !=, HS_OBJ_NONE);
      hs_window_inspect (window, arr);
      g_assert_true (ui_wait_until (mapped, ui_inspector (window), 10000));
      check_labels (GTK_WIDGET (ui_inspector (window)), errors, &n_wrapped);
      g_test_message ("%d px: %u wrapping labels", widths[w], n_wrapped);
      g_assert_cmpuint (n_wrapped, >, 0);
      g_assert_cmpstr (errors->str, ==, "");
      {
        g_autofree char *shot = g_strdup_printf ("names-inspector-%d.png", widths[w]);
        ui_shot (GTK_WIDGET (window), shot);
      }
      ui_destroy_window (GTK_WINDOW (window));
    }
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  sample = g_getenv ("HS_SAMPLE_DUMP");
  g_assert_nonnull (sample);
  g_test_add_func ("/names/goto-whole", test_goto_whole);
  g_test_add_func ("/names/inspector-no-hyphens", test_inspector_no_hyphens);
  return g_test_run ();
}
