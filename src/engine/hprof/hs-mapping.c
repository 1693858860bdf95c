/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-mapping.c: the ProGuard / R8 mapping reader (see hs-mapping.h).
 *
 * The file is read whole and parsed line by line into three flat arrays
 * (classes, fields, methods; every member line is one row of one of them),
 * the names copied into one GStringChunk. Members of a class are one
 * contiguous slice, sorted by obfuscated name (then file order); classes are
 * sorted by obfuscated name, with a second index by original name: lookups
 * are binary searches, so a hostile file cannot make them slow (no hash of
 * names it chose). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hs-mapping.h"
#include "hs-option-file.h"
#include "hs-types.h"

typedef struct
{
  const char *orig, *obf, *source_file;
  guint32 seq;
  guint32 fields_start, n_fields;
  guint32 methods_start, n_methods;
} MapClass;

typedef struct
{
  const char *obf, *orig, *type;
  guint32 seq;
} MapField;

typedef struct
{
  const char *obf, *orig;
  const char *orig_class;      /* inlined from another class, else NULL */
  gint32 obf_start, obf_end;   /* -1: no range */
  gint32 orig_start, orig_end; /* -1: not given */
  guint32 seq;
} MapMethod;

struct _HsMapping
{
  gint ref;
  char *name;
  GStringChunk *names;
  MapClass *classes; /* sorted by obf */
  guint n_classes;
  guint32 *by_orig; /* class indexes sorted by orig */
  MapField *fields;
  guint n_fields;
  MapMethod *methods;
  guint n_methods;
};

typedef struct
{
  HsMapping *m;
  GArray *classes, *fields, *methods;
  const char *name;
  guint line_no;
} Parser;

static gboolean
fail (Parser *p, GError **error, const char *what)
{
  g_set_error (error, HS_ERROR, HS_ERROR_FORMAT, "%s:%u: %s", p->name, p->line_no, what);
  return FALSE;
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t';
}

static void
trim (const char **s, const char **e)
{
  while (*s < *e && is_space (**s))
    (*s)++;
  while (*e > *s && is_space ((*e)[-1]))
    (*e)--;
}

static gboolean
has_space (const char *s, const char *e)
{
  for (; s < e; s++)
    if (is_space (*s))
      return TRUE;
  return FALSE;
}

static const char *
find_arrow (const char *s, const char *e)
{
  for (const char *q = s; q + 4 <= e; q++)
    if (q[0] == ' ' && q[1] == '-' && q[2] == '>' && q[3] == ' ')
      return q;
  return NULL;
}

static const char *
intern (Parser *p, const char *s, const char *e)
{
  return g_string_chunk_insert_len (p->m->names, s, e - s);
}

/* A decimal line number at *s (advanced past it), at most 2^31 - 1. */
static gboolean
parse_number (const char **s, const char *e, gint32 *out)
{
  gint64 v = 0;
  const char *q = *s;
  if (q >= e || !g_ascii_isdigit (*q))
    return FALSE;
  while (q < e && g_ascii_isdigit (*q))
    {
      v = v * 10 + (*q - '0');
      if (v > G_MAXINT32)
        return FALSE;
      q++;
    }
  *s = q;
  *out = (gint32)v;
  return TRUE;
}

/* The string value of "key" in a one-line JSON object, without unescaping
 * (file names rarely hold escapes; a backslash is kept as written). */
static gboolean
json_value (const char *s, const char *e, const char *key, const char **vs, const char **ve)
{
  gsize kl = strlen (key);
  for (const char *q = s; q + kl + 2 <= e; q++)
    {
      if (*q != '"' || memcmp (q + 1, key, kl) != 0 || q[kl + 1] != '"')
        continue;
      const char *r = q + kl + 2;
      while (r < e && is_space (*r))
        r++;
      if (r >= e || *r != ':')
        continue;
      r++;
      while (r < e && is_space (*r))
        r++;
      if (r >= e || *r != '"')
        continue;
      const char *v = ++r;
      while (r < e && *r != '"')
        r += (*r == '\\' && r + 1 < e) ? 2 : 1;
      if (r >= e)
        return FALSE;
      *vs = v;
      *ve = r;
      return TRUE;
    }
  return FALSE;
}

static void
comment (Parser *p, const char *s, const char *e)
{
  const char *vs, *ve;
  if (p->classes->len == 0 || !json_value (s, e, "id", &vs, &ve) || ve - vs != 10
      || memcmp (vs, "sourceFile", 10) != 0)
    return; /* other metadata and free comments are ignored */
  if (json_value (s, e, "fileName", &vs, &ve) && ve > vs)
    g_array_index (p->classes, MapClass, p->classes->len - 1).source_file = intern (p, vs, ve);
}

static gboolean
class_line (Parser *p, const char *s, const char *e, GError **error)
{
  const char *arrow = find_arrow (s, e);
  if (!arrow)
    return fail (p, error, "expected a class line \"original -> obfuscated:\"");
  const char *os = s, *oe = arrow, *bs = arrow + 4, *be = e;
  trim (&os, &oe);
  trim (&bs, &be);
  if (be <= bs || be[-1] != ':')
    return fail (p, error, "a class line must end with \":\"");
  be--;
  trim (&bs, &be);
  if (oe <= os || be <= bs || has_space (os, oe) || has_space (bs, be))
    return fail (p, error, "expected a class line \"original -> obfuscated:\"");
  MapClass c = {
    intern (p, os, oe), intern (p, bs, be), NULL, p->classes->len, p->fields->len, 0, p->methods->len, 0
  };
  g_array_append_val (p->classes, c);
  return TRUE;
}

static gboolean
method_line (Parser *p, MapClass *c, const char *s, const char *e, const char *obf, GError **error)
{
  MapMethod m = { obf, NULL, NULL, -1, -1, -1, -1, c->n_methods };
  if (g_ascii_isdigit (*s))
    {
      if (!parse_number (&s, e, &m.obf_start) || s >= e || *s++ != ':' || !parse_number (&s, e, &m.obf_end)
          || s >= e || *s++ != ':')
        return fail (p, error, "bad line range (expected \"start:end:\" before the method)");
      if (m.obf_end < m.obf_start)
        return fail (p, error, "line range ends before it starts");
    }
  const char *open = memchr (s, '(', e - s);
  const char *close = open ? memchr (open, ')', e - open) : NULL;
  if (!open || !close)
    return fail (p, error, "expected a method \"type name(arguments)\"");
  const char *q = close + 1;
  if (q < e)
    {
      if (*q++ != ':' || !parse_number (&q, e, &m.orig_start))
        return fail (p, error, "bad original line after the method (expected \":line\" or \":start:end\")");
      if (q < e && (*q++ != ':' || !parse_number (&q, e, &m.orig_end)))
        return fail (p, error, "bad original line range after the method");
      if (q != e)
        return fail (p, error, "unexpected text after the method's original lines");
    }
  const char *ne = open, *ns = open;
  while (ns > s && !is_space (ns[-1]))
    ns--;
  if (ns == ne || ns == s)
    return fail (p, error, "expected a method \"type name(arguments)\"");
  const char *dot = NULL;
  for (const char *r = ns; r < ne; r++)
    if (*r == '.')
      dot = r;
  if (dot)
    {
      if (dot == ns || dot + 1 == ne)
        return fail (p, error, "bad qualified method name");
      m.orig_class = intern (p, ns, dot);
      ns = dot + 1;
    }
  m.orig = intern (p, ns, ne);
  g_array_append_val (p->methods, m);
  c->n_methods++;
  return TRUE;
}

static gboolean
member_line (Parser *p, const char *s, const char *e, GError **error)
{
  if (p->classes->len == 0)
    return fail (p, error, "a member line comes before any class line");
  MapClass *c = &g_array_index (p->classes, MapClass, p->classes->len - 1);
  const char *arrow = find_arrow (s, e);
  if (!arrow)
    return fail (p, error, "expected a member line \"type name -> obfuscated\"");
  const char *bs = arrow + 4, *be = e, *le = arrow;
  trim (&bs, &be);
  trim (&s, &le);
  if (be <= bs || has_space (bs, be) || le <= s)
    return fail (p, error, "expected a member line \"type name -> obfuscated\"");
  const char *obf = intern (p, bs, be);
  if (memchr (s, '(', le - s))
    return method_line (p, c, s, le, obf, error);
  const char *sp = s;
  while (sp < le && !is_space (*sp))
    sp++;
  const char *ns = sp, *ne = le;
  trim (&ns, &ne);
  if (sp == s || ne <= ns || has_space (ns, ne))
    return fail (p, error, "expected a field \"type name -> obfuscated\"");
  MapField f = { obf, intern (p, ns, ne), intern (p, s, sp), c->n_fields };
  g_array_append_val (p->fields, f);
  c->n_fields++;
  return TRUE;
}

static int
cmp_class_obf (const void *a, const void *b)
{
  const MapClass *x = a, *y = b;
  int r = strcmp (x->obf, y->obf);
  return r ? r : (x->seq < y->seq ? -1 : x->seq > y->seq);
}

static int
cmp_field (const void *a, const void *b)
{
  const MapField *x = a, *y = b;
  int r = strcmp (x->obf, y->obf);
  return r ? r : (x->seq < y->seq ? -1 : x->seq > y->seq);
}

static int
cmp_method (const void *a, const void *b)
{
  const MapMethod *x = a, *y = b;
  int r = strcmp (x->obf, y->obf);
  return r ? r : (x->seq < y->seq ? -1 : x->seq > y->seq);
}

static int
cmp_by_orig (gconstpointer a, gconstpointer b, gpointer classes)
{
  const MapClass *x = (const MapClass *)classes + *(const guint32 *)a;
  const MapClass *y = (const MapClass *)classes + *(const guint32 *)b;
  int r = strcmp (x->orig, y->orig);
  return r ? r : (x->seq < y->seq ? -1 : x->seq > y->seq);
}

static void
finish (HsMapping *m, Parser *p)
{
  m->n_classes = p->classes->len;
  m->n_fields = p->fields->len;
  m->n_methods = p->methods->len;
  m->classes = (MapClass *)g_array_free (p->classes, FALSE);
  m->fields = (MapField *)g_array_free (p->fields, FALSE);
  m->methods = (MapMethod *)g_array_free (p->methods, FALSE);
  for (guint i = 0; i < m->n_classes; i++)
    {
      MapClass *c = &m->classes[i];
      /* (qsort's base may not be NULL, even for no element) */
      if (c->n_fields > 1)
        qsort (m->fields + c->fields_start, c->n_fields, sizeof (MapField), cmp_field);
      if (c->n_methods > 1)
        qsort (m->methods + c->methods_start, c->n_methods, sizeof (MapMethod), cmp_method);
    }
  if (m->n_classes > 1)
    qsort (m->classes, m->n_classes, sizeof (MapClass), cmp_class_obf);
  m->by_orig = g_new (guint32, MAX (m->n_classes, 1));
  for (guint i = 0; i < m->n_classes; i++)
    m->by_orig[i] = i;
  g_qsort_with_data (m->by_orig, m->n_classes, sizeof (guint32), cmp_by_orig, m->classes);
}

HsMapping *
hs_mapping_parse (const char *data, gsize len, const char *name, GError **error)
{
  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  HsMapping *m = g_new0 (HsMapping, 1);
  m->ref = 1;
  m->name = g_strdup (name ? name : "mapping");
  /* Names are a small part of a mapping (signatures and ranges are not kept). */
  m->names = g_string_chunk_new (MIN (MAX (len / 3, 4096), 8u << 20));
  Parser p = { m,
               g_array_new (FALSE, FALSE, sizeof (MapClass)),
               g_array_sized_new (FALSE, FALSE, sizeof (MapField), (guint)MIN (len / 64, 1u << 22)),
               g_array_sized_new (FALSE, FALSE, sizeof (MapMethod), (guint)MIN (len / 64, 1u << 22)),
               m->name,
               0 };
  const char *s = data, *end = data + len;
  if (len >= 3 && memcmp (s, "\xEF\xBB\xBF", 3) == 0)
    s += 3;
  gboolean ok = TRUE;
  while (ok && s < end)
    {
      const char *nl = memchr (s, '\n', end - s);
      const char *le = nl ? nl : end;
      p.line_no++;
      const char *ls = s, *te = le;
      s = nl ? nl + 1 : end;
      if (te > ls && te[-1] == '\r')
        te--;
      if (memchr (ls, '\0', te - ls))
        {
          ok = fail (&p, error, "the line holds a NUL byte (not a text mapping file)");
          break;
        }
      /* Names go to labels, the CLI and the report as they are: a mapping
       * file is UTF-8, and a line that is not is refused here. */
      if (!g_utf8_validate_len (ls, te - ls, NULL))
        {
          ok = fail (&p, error, "the line is not valid UTF-8 (a mapping file is UTF-8 text)");
          break;
        }
      const char *ts = ls, *tt = te;
      trim (&ts, &tt);
      if (ts == tt)
        continue;
      if (*ts == '#')
        comment (&p, ts, tt);
      else if (is_space (*ls))
        ok = member_line (&p, ts, tt, error);
      else
        ok = class_line (&p, ts, tt, error);
    }
  if (!ok)
    {
      g_array_free (p.classes, TRUE);
      g_array_free (p.fields, TRUE);
      g_array_free (p.methods, TRUE);
      g_string_chunk_free (m->names);
      g_free (m->name);
      g_free (m);
      return NULL;
    }
  finish (m, &p);
  return m;
}

HsMapping *
hs_mapping_load (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  gsize len = 0;
  char *buf = hs_option_file_read (path, HS_MAPPING_MAX_BYTES, "mapping file", "1 GiB", &len, error);
  if (buf == NULL)
    return NULL;
  HsMapping *m = hs_mapping_parse (buf, len, path, error);
  g_free (buf);
  return m;
}

HsMapping *
hs_mapping_ref (HsMapping *m)
{
  g_return_val_if_fail (m != NULL, NULL);
  g_atomic_int_inc (&m->ref);
  return m;
}

void
hs_mapping_unref (HsMapping *m)
{
  if (!m || !g_atomic_int_dec_and_test (&m->ref))
    return;
  g_free (m->classes);
  g_free (m->by_orig);
  g_free (m->fields);
  g_free (m->methods);
  g_string_chunk_free (m->names);
  g_free (m->name);
  g_free (m);
}

guint
hs_mapping_n_classes (HsMapping *m)
{
  g_return_val_if_fail (m != NULL, 0);
  return m->n_classes;
}

static const MapClass *
find_class (HsMapping *m, const char *obf)
{
  guint lo = 0, hi = m->n_classes;
  while (lo < hi)
    { /* the first of equal names: the file's first */
      guint mid = lo + (hi - lo) / 2;
      if (strcmp (m->classes[mid].obf, obf) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < m->n_classes && strcmp (m->classes[lo].obf, obf) == 0 ? &m->classes[lo] : NULL;
}

static const MapClass *
find_orig (HsMapping *m, const char *orig)
{
  guint lo = 0, hi = m->n_classes;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (strcmp (m->classes[m->by_orig[mid]].orig, orig) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < m->n_classes && strcmp (m->classes[m->by_orig[lo]].orig, orig) == 0
             ? &m->classes[m->by_orig[lo]]
             : NULL;
}

const char *
hs_mapping_lookup_class (HsMapping *m, const char *obf)
{
  g_return_val_if_fail (m != NULL && obf != NULL, NULL);
  const MapClass *c = find_class (m, obf);
  return c ? c->orig : NULL;
}

char *
hs_mapping_map_type (HsMapping *m, const char *obf)
{
  g_return_val_if_fail (m != NULL && obf != NULL, NULL);
  gsize len = strlen (obf), base = len;
  while (base >= 2 && obf[base - 2] == '[' && obf[base - 1] == ']')
    base -= 2;
  if (base == len)
    {
      const MapClass *c = find_class (m, obf);
      return c ? g_strdup (c->orig) : NULL;
    }
  g_autofree char *elem = g_strndup (obf, base);
  const MapClass *c = find_class (m, elem);
  return c ? g_strconcat (c->orig, obf + base, NULL) : NULL;
}

static gboolean
is_primitive (const char *t)
{
  static const char *const prims[] = { "boolean", "byte", "char", "short", "int", "long", "float", "double" };
  for (guint i = 0; i < G_N_ELEMENTS (prims); i++)
    if (strcmp (t, prims[i]) == 0)
      return TRUE;
  return FALSE;
}

const char *
hs_mapping_map_field (HsMapping *m, const char *obf_class, const char *obf_field, gboolean is_object,
                      const char *prim_type)
{
  g_return_val_if_fail (m != NULL && obf_class != NULL && obf_field != NULL, NULL);
  const MapClass *c = find_class (m, obf_class);
  if (!c || c->n_fields == 0) /* m->fields may be NULL: no arithmetic on it */
    return NULL;
  const MapField *f = m->fields + c->fields_start;
  guint lo = 0, hi = c->n_fields;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (strcmp (f[mid].obf, obf_field) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo >= c->n_fields || strcmp (f[lo].obf, obf_field) != 0)
    return NULL;
  for (guint i = lo; i < c->n_fields && strcmp (f[i].obf, obf_field) == 0; i++)
    {
      gboolean prim = is_primitive (f[i].type);
      if ((is_object && !prim) || (prim_type && prim && strcmp (prim_type, f[i].type) == 0))
        return f[i].orig;
    }
  return f[lo].orig;
}

static void
append_frame (HsMapping *m, const MapClass *c, const MapMethod *mm, gint line, gboolean in_range,
              GArray *frames)
{
  HsMappedFrame fr;
  const MapClass *oc = mm->orig_class ? find_orig (m, mm->orig_class) : c;
  fr.class_name = mm->orig_class ? mm->orig_class : c->orig;
  fr.method = mm->orig;
  fr.source_file = oc ? oc->source_file : NULL;
  fr.line = line;
  if (in_range && mm->orig_start >= 0)
    {
      if (mm->orig_end < 0)
        fr.line = mm->orig_start; /* a call site: one line for the range */
      else
        {
          gint64 v = (gint64)mm->orig_start + (line - mm->obf_start);
          fr.line = (gint)MIN (v, (gint64)mm->orig_end);
        }
    }
  g_array_append_val (frames, fr);
}

guint
hs_mapping_map_frame (HsMapping *m, const char *obf_class, const char *obf_method, gint line, GArray *frames)
{
  g_return_val_if_fail (m != NULL && obf_class != NULL && obf_method != NULL && frames != NULL, 0);
  const MapClass *c = find_class (m, obf_class);
  if (!c || c->n_methods == 0) /* m->methods may be NULL */
    return 0;
  const MapMethod *mm = m->methods + c->methods_start;
  guint lo = 0, hi = c->n_methods;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (strcmp (mm[mid].obf, obf_method) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  guint end = lo;
  while (end < c->n_methods && strcmp (mm[end].obf, obf_method) == 0)
    end++;
  if (lo == end)
    return 0;
  if (line > 0)
    for (guint i = lo; i < end; i++)
      {
        if (mm[i].obf_start < 0 || line < mm[i].obf_start || line > mm[i].obf_end)
          continue;
        /* The inlined frames: the lines that share this range, in file order. */
        guint n = 0;
        for (guint k = i; k < end && mm[k].obf_start == mm[i].obf_start && mm[k].obf_end == mm[i].obf_end;
             k++, n++)
          append_frame (m, c, &mm[k], line, TRUE, frames);
        return n;
      }
  /* No range holds the line: the method without lines, else the first. */
  guint pick = lo;
  for (guint i = lo; i < end; i++)
    if (mm[i].obf_start < 0)
      {
        pick = i;
        break;
      }
  append_frame (m, c, &mm[pick], line, FALSE, frames);
  return 1;
}

const char *
hs_mapping_source_file (HsMapping *m, const char *class_name)
{
  g_return_val_if_fail (m != NULL && class_name != NULL, NULL);
  const MapClass *c = find_orig (m, class_name);
  return c ? c->source_file : NULL;
}
