/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of hs-format: byte sizes, digit grouping, simple names, packages
 * and the package colour (FNV-1a of the package, worked out by hand:
 * "java.util" -> 4255144141, mod 12 = 1; "" -> the offset basis
 * 2166136261, mod 12 = 1; "com.example" -> 2309349742, mod 12 = 10). */
#include "hs-format.h"
#include "hs-csv.h"

static void
test_bytes (void)
{
  /* Below 1000 our own form; above, g_format_size's SI units with one
   * decimal and a no-break space (U+00A0) before the unit. */
  const struct
  {
    guint64 v;
    const char *text;
  } cases[] = {
    { 0, "0 B" },
    { 999, "999 B" },
    { 1000, "1.0\xc2\xa0kB" },
    { 94500, "94.5\xc2\xa0kB" },
    { 1500000, "1.5\xc2\xa0MB" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *s = hs_format_bytes (cases[i].v);
      g_assert_cmpstr (s, ==, cases[i].text);
    }
}

static void
test_grouped (void)
{
  const struct
  {
    guint64 v;
    const char *text;
  } cases[] = {
    { 0, "0" },
    { 999, "999" },
    { 1000, "1,000" },
    { 123456, "123,456" },
    { 1234567, "1,234,567" },
    { G_MAXUINT64, "18,446,744,073,709,551,615" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *s = hs_format_grouped (cases[i].v);
      g_autoptr (GString) out = g_string_new ("x");
      g_assert_cmpstr (s, ==, cases[i].text);
      hs_format_append_grouped (out, cases[i].v);
      g_assert_cmpstr (out->str + 1, ==, cases[i].text);
    }
}

static void
test_names (void)
{
  g_assert_cmpstr (hs_format_simple_name ("com.example.Foo$Bar"), ==, "Foo$Bar");
  g_assert_cmpstr (hs_format_simple_name ("java.lang.String[]"), ==, "String[]");
  g_assert_cmpstr (hs_format_simple_name ("int[]"), ==, "int[]");
  g_assert_cmpstr (hs_format_simple_name (NULL), ==, "");

  g_assert_cmpuint (hs_format_package_len ("java.util.HashMap"), ==, 9);
  g_assert_cmpuint (hs_format_package_len ("int[]"), ==, 0);
  g_assert_cmpuint (hs_format_package_len (NULL), ==, 0);
  {
    g_autofree char *p1 = hs_format_package ("java.util.HashMap");
    g_autofree char *p2 = hs_format_package ("java.lang.String[]");
    g_autofree char *p3 = hs_format_package ("int[]");
    g_autofree char *p4 = hs_format_package (NULL);
    g_assert_cmpstr (p1, ==, "java.util");
    g_assert_cmpstr (p2, ==, "java.lang");
    g_assert_cmpstr (p3, ==, "");
    g_assert_cmpstr (p4, ==, "");
  }
}

static void
test_colour (void)
{
  double r, g, b;

  /* palette[1], palette[1], palette[10]. */
  g_assert_cmpstr (hs_format_package_colour ("java.util.HashMap"), ==, "#f2b880");
  g_assert_cmpstr (hs_format_package_colour ("java.util.ArrayList"), ==, "#f2b880");
  g_assert_cmpstr (hs_format_package_colour ("int[]"), ==, "#f2b880");
  g_assert_cmpstr (hs_format_package_colour (NULL), ==, "#f2b880");
  g_assert_cmpstr (hs_format_package_colour ("com.example.Leaky"), ==, "#a8b8f0");

  hs_format_package_rgb ("com.example.Leaky", &r, &g, &b);
  g_assert_cmpfloat_with_epsilon (r, 0xa8 / 255.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (g, 0xb8 / 255.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (b, 0xf0 / 255.0, 1e-9);
}

/* RFC 4180: a cell with a comma, a quote or a line break is quoted and
 * its quotes doubled; any other is as it is. */
static void
test_csv_cell (void)
{
  static const struct
  {
    const char *in, *out;
  } cases[] = {
    { "java.lang.String", "java.lang.String" },
    { "", "" },
    { "a,b", "\"a,b\"" },
    { "say \"hi\"", "\"say \"\"hi\"\"\"" },
    { "two\nlines", "\"two\nlines\"" },
    { "cr\r", "\"cr\r\"" },
    /* Formulas from the dump are defused (docs/robustness.md, "CSV"). */
    { "=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\"" },
    { "+cmd", "\"'+cmd\"" },
    { "-2+3", "\"'-2+3\"" },
    { "@SUM(A1)", "\"'@SUM(A1)\"" },
    { "\t=1", "\"'\t=1\"" },
    { "-", "\"'-\"" },
    { "-e5", "\"'-e5\"" },
    /* Numbers are numbers, and = inside a cell is no formula. */
    { "-12", "-12" },
    { "+3.5", "+3.5" },
    { "-1.0E40", "-1.0E40" },
    { "-.5e-3", "-.5e-3" },
    { "a=b", "a=b" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GString) out = g_string_new (NULL);

      hs_format_append_csv_cell (out, cases[i].in);
      g_assert_cmpstr (out->str, ==, cases[i].out);
    }
}

/* Rows: a header, numbers unformatted, ids in hex, empty cells. */
static void
test_csv_rows (void)
{
  static const char *const names[] = { "id", "class", "retained" };
  g_autoptr (GString) out = g_string_new (NULL);
  HsCsv csv;

  hs_csv_init (&csv, out);
  hs_csv_header (&csv, names, G_N_ELEMENTS (names));
  hs_csv_id (&csv, 0x7f00dead);
  hs_csv_text (&csv, "a, \"b\"");
  hs_csv_uint (&csv, G_MAXUINT64);
  hs_csv_end_row (&csv);
  hs_csv_empty (&csv);
  hs_csv_text (&csv, NULL);
  hs_csv_int (&csv, -5);
  hs_csv_double (&csv, 0.5);
  hs_csv_end_row (&csv);
  hs_csv_int (&csv, G_MININT64);
  hs_csv_int (&csv, 0);
  hs_csv_uint (&csv, 0);
  hs_csv_id (&csv, 0);
  hs_csv_end_row (&csv);
  g_assert_cmpstr (out->str, ==,
                   "id,class,retained\n0x7f00dead,\"a, \"\"b\"\"\",18446744073709551615\n,,-5,0.5\n"
                   "-9223372036854775808,0,0,0x0\n");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/bytes", test_bytes);
  g_test_add_func ("/format/grouped", test_grouped);
  g_test_add_func ("/format/names", test_names);
  g_test_add_func ("/format/colour", test_colour);
  g_test_add_func ("/format/csv-cell", test_csv_cell);
  g_test_add_func ("/format/csv-rows", test_csv_rows);
  return g_test_run ();
}
