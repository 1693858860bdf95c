/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-value.c: OQL values, their lists and their text. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs-oql-value.h"

HsOqlList *
hs_oql_list_new (void)
{
  HsOqlList *l = g_new0 (HsOqlList, 1);
  l->ref = 1;
  l->values = g_array_new (FALSE, FALSE, sizeof (HsOqlValue));
  return l;
}

HsOqlList *
hs_oql_list_ref (HsOqlList *l)
{
  g_atomic_int_inc (&l->ref);
  return l;
}

void
hs_oql_list_unref (HsOqlList *l)
{
  if (!l || !g_atomic_int_dec_and_test (&l->ref))
    return;
  for (guint i = 0; i < l->values->len; i++)
    hs_oql_value_clear (&g_array_index (l->values, HsOqlValue, i));
  g_array_unref (l->values);
  if (l->names)
    g_ptr_array_unref (l->names);
  if (l->columns)
    g_ptr_array_unref (l->columns);
  g_free (l);
}

void
hs_oql_list_append (HsOqlList *l, HsOqlValue *v)
{
  g_array_append_vals (l->values, v, 1);
  *v = HS_OQL_VALUE_NULL;
}

guint
hs_oql_list_len (const HsOqlList *l)
{
  return l->values->len;
}

const HsOqlValue *
hs_oql_list_get (const HsOqlList *l, guint i)
{
  return &g_array_index (l->values, HsOqlValue, i);
}

HsOqlValue
hs_oql_value_bool (gboolean b)
{
  return (HsOqlValue){ .kind = HS_OQL_BOOL, .b = b != FALSE };
}

HsOqlValue
hs_oql_value_int (gint64 i)
{
  return (HsOqlValue){ .kind = HS_OQL_INT, .i = (gint32)i };
}

HsOqlValue
hs_oql_value_long (gint64 i)
{
  return (HsOqlValue){ .kind = HS_OQL_LONG, .i = i };
}

HsOqlValue
hs_oql_value_double (double d)
{
  return (HsOqlValue){ .kind = HS_OQL_DOUBLE, .d = d };
}

HsOqlValue
hs_oql_value_string_take (char *s)
{
  return (HsOqlValue){ .kind = HS_OQL_STRING, .s = s };
}

HsOqlValue
hs_oql_value_string (const char *s)
{
  return hs_oql_value_string_take (g_strdup (s));
}

HsOqlValue
hs_oql_value_object (HsObj o)
{
  if (o == HS_OBJ_NONE)
    return HS_OQL_VALUE_NULL;
  return (HsOqlValue){ .kind = HS_OQL_OBJECT, .o = o };
}

HsOqlValue
hs_oql_value_list_take (HsOqlList *l)
{
  return (HsOqlValue){ .kind = HS_OQL_LIST, .list = l };
}

void
hs_oql_value_copy (HsOqlValue *dst, const HsOqlValue *src)
{
  *dst = *src;
  if (src->kind == HS_OQL_STRING)
    dst->s = g_strdup (src->s);
  else if (src->kind == HS_OQL_LIST)
    dst->list = hs_oql_list_ref (src->list);
}

void
hs_oql_value_clear (HsOqlValue *v)
{
  if (v->kind == HS_OQL_STRING)
    g_free (v->s);
  else if (v->kind == HS_OQL_LIST)
    hs_oql_list_unref (v->list);
  *v = HS_OQL_VALUE_NULL;
}

gboolean
hs_oql_value_is_number (const HsOqlValue *v)
{
  return v->kind == HS_OQL_INT || v->kind == HS_OQL_LONG || v->kind == HS_OQL_DOUBLE
         || v->kind == HS_OQL_CHAR;
}

double
hs_oql_value_as_double (const HsOqlValue *v)
{
  return v->kind == HS_OQL_DOUBLE ? v->d : (double)v->i;
}

/* Java's Double.toString for the common cases: "8.0", "0.5", "1.0E40",
 * "Infinity", "NaN"; the shortest digits that read back the same. */
static void
append_double (GString *out, double d)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (isnan (d))
    {
      g_string_append (out, "NaN");
      return;
    }
  if (isinf (d))
    {
      g_string_append (out, d < 0 ? "-Infinity" : "Infinity");
      return;
    }
  double ad = fabs (d);
  gboolean sci = ad != 0 && (ad >= 1e7 || ad < 1e-3);
  int digits;
  for (digits = 1; digits <= 17; digits++)
    {
      char fmt[8];
      g_snprintf (fmt, sizeof fmt, "%%.%de", digits - 1);
      g_ascii_formatd (buf, sizeof buf, fmt, d);
      if (g_ascii_strtod (buf, NULL) == d)
        break;
    }
  /* buf: [-]D.DDDDe[+-]XX */
  char *e = strchr (buf, 'e');
  int exp10 = e ? atoi (e + 1) : 0;
  if (e)
    *e = '\0';
  GString *mant = g_string_new (NULL);
  for (const char *p = buf; *p; p++)
    if (g_ascii_isdigit (*p))
      g_string_append_c (mant, *p);
  while (mant->len > 1 && mant->str[mant->len - 1] == '0')
    g_string_truncate (mant, mant->len - 1);
  if (d < 0)
    g_string_append_c (out, '-');
  if (sci)
    {
      g_string_append_c (out, mant->str[0]);
      g_string_append_c (out, '.');
      g_string_append (out, mant->len > 1 ? mant->str + 1 : "0");
      g_string_append_printf (out, "E%d", exp10);
    }
  else if (exp10 >= 0)
    {
      for (int i = 0; i <= exp10; i++)
        g_string_append_c (out, i < (int)mant->len ? mant->str[i] : '0');
      g_string_append_c (out, '.');
      if ((int)mant->len > exp10 + 1)
        g_string_append (out, mant->str + exp10 + 1);
      else
        g_string_append_c (out, '0');
    }
  else
    {
      g_string_append (out, "0.");
      for (int i = -1; i > exp10; i--)
        g_string_append_c (out, '0');
      g_string_append (out, mant->str);
    }
  g_string_free (mant, TRUE);
}

static const char *const boxes[] = {
  "java.lang.Integer", "java.lang.Long",      "java.lang.Short", "java.lang.Byte",
  "java.lang.Boolean", "java.lang.Character", "java.lang.Float", "java.lang.Double",
};

static void
append_heap_value (GString *out, const HsValue *v)
{
  switch (v->type)
    {
      case HS_TYPE_BOOLEAN: g_string_append (out, v->z ? "true" : "false"); break;
      case HS_TYPE_CHAR:
        {
          gunichar c = v->c;
          if (g_unichar_validate (c))
            g_string_append_unichar (out, c);
          else
            g_string_append_printf (out, "\\u%04x", v->c);
        }
        break;
      case HS_TYPE_FLOAT: append_double (out, v->f); break;
      case HS_TYPE_DOUBLE: append_double (out, v->d); break;
      case HS_TYPE_BYTE: g_string_append_printf (out, "%d", v->b); break;
      case HS_TYPE_SHORT: g_string_append_printf (out, "%d", v->s); break;
      case HS_TYPE_INT: g_string_append_printf (out, "%d", v->i); break;
      case HS_TYPE_LONG: g_string_append_printf (out, "%" G_GINT64_FORMAT, v->j); break;
      default: g_string_append (out, "null");
    }
}

static void
append_object_text (HsAnalysis *a, HsObj o, GString *out)
{
  HsHeap *h = a->heap;
  HsKind kind = hs_heap_object_kind (h, o);

  if (kind == HS_KIND_CLASS)
    {
      HsClass c = hs_heap_object_as_class (h, o);
      g_string_append (out, c == HS_CLASS_NONE ? "?" : hs_class_name (h, c));
      return;
    }
  if (kind == HS_KIND_INSTANCE)
    {
      HsClass c = hs_heap_object_class (h, o);
      const char *name = c == HS_CLASS_NONE ? "" : hs_class_name (h, c);
      if (g_str_equal (name, "java.lang.String")
          && hs_heap_append_string (h, o, HS_OQL_STRING_MAX_CHARS, out))
        return;
      for (guint i = 0; i < G_N_ELEMENTS (boxes); i++)
        {
          HsValue v;
          if (g_str_equal (name, boxes[i]) && hs_heap_read_field (h, o, "value", &v)
              && v.type != HS_TYPE_OBJECT)
            {
              append_heap_value (out, &v);
              return;
            }
        }
    }
  /* A char[]'s text, as MAT shows it. */
  if (kind == HS_KIND_PRIM_ARRAY && hs_heap_array_elem_type (h, o) == HS_TYPE_CHAR
      && hs_heap_append_string (h, o, HS_OQL_STRING_MAX_CHARS, out))
    return;
  g_autofree char *label = hs_heap_object_label (h, o);
  g_string_append (out, label);
}

void
hs_oql_value_append_text (HsAnalysis *a, const HsOqlValue *v, GString *out)
{
  switch (v->kind)
    {
      case HS_OQL_NULL: g_string_append (out, "null"); break;
      case HS_OQL_BOOL: g_string_append (out, v->b ? "true" : "false"); break;
      case HS_OQL_INT:
      case HS_OQL_LONG: g_string_append_printf (out, "%" G_GINT64_FORMAT, v->i); break;
      case HS_OQL_CHAR:
        {
          HsValue hv = { .type = HS_TYPE_CHAR, .c = (guint16)v->i };
          append_heap_value (out, &hv);
        }
        break;
      case HS_OQL_DOUBLE: append_double (out, v->d); break;
      case HS_OQL_STRING: g_string_append (out, v->s); break;
      case HS_OQL_OBJECT: append_object_text (a, v->o, out); break;
      case HS_OQL_LIST:
        g_string_append_c (out, '[');
        for (guint i = 0; i < hs_oql_list_len (v->list); i++)
          {
            if (i)
              g_string_append (out, ", ");
            /* Bounded: a huge list shows its start. */
            if (out->len > HS_OQL_STRING_MAX_CHARS)
              {
                g_string_append (out, "…");
                break;
              }
            hs_oql_value_append_text (a, hs_oql_list_get (v->list, i), out);
          }
        g_string_append_c (out, ']');
        break;
    }
}

char *
hs_oql_value_to_text (HsAnalysis *a, const HsOqlValue *v)
{
  GString *s = g_string_new (NULL);
  hs_oql_value_append_text (a, v, s);
  return g_string_free (s, FALSE);
}
