/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-mcp-tools.c: the tools `heapscope-cli mcp` offers, one row of the
 * table each: its arguments (the CLI's options under their JSON names),
 * the command whose --json output is its structuredContent, the lists the
 * limit cuts and the schema of its output. A tool runs the command's
 * emit function (hs-cli.h) on the analysis the cache keeps, gathering
 * what it prints; lists the limit cuts say their length before the cut
 * ("<list>_total"). Adding a tool is one row below (and its command's
 * emit function). */
#include "config.h"

#include "hs-mcp.h"

/* --- arguments -------------------------------------------------------- */

typedef enum
{
  ARG_STRING,
  ARG_INT,
  ARG_BOOL,
  ARG_STRINGS
} ArgType;

typedef struct
{
  const char *name;
  ArgType type;
  const char *description;
  gint minimum; /* an integer's least value; an array's fewest items */
  gint maximum; /* an array's most items (0: any number) */
} Arg;

static const Arg args_table[] = {
  { "dump", ARG_STRING, "Path of the heap dump (.hprof or .hprof.gz), inside the server's root folders" },
  { "dump_index", ARG_INT, "Which dump of a file that holds several (0-based, default 0)" },
  { "follow_weak", ARG_BOOL, "Count Reference.referent as a reference (Eclipse MAT's way); default false" },
  { "limit", ARG_INT, "At most this many rows (the total before the cut is said)" },
  { "sort", ARG_STRING, "The sort key" },
  { "group", ARG_STRING, "Group the rows" },
  { "heap", ARG_STRING, "Only the objects of this heap (Android: app, image, zygote)" },
  { "id", ARG_STRING, "An object id in hex, as the other tools print it (0x1a2b)" },
  { "incoming", ARG_BOOL, "The objects that refer to it instead of those it refers to" },
  { "depth", ARG_INT, "Levels of references (default 1)" },
  { "query", ARG_STRING, "An Eclipse MAT OQL query (SELECT ... FROM ...)" },
  { "unreachable", ARG_BOOL, "Also the objects no GC root reaches" },
  { "class", ARG_STRING, "A class name (every class of that name, whatever its loader)" },
  { "ids", ARG_STRINGS, "Object ids in hex" },
  { "merged", ARG_BOOL, "The objects' paths merged into one tree" },
  { "max", ARG_INT, "At most N paths per object (default 3), or N branches per node when merged" },
  { "exclude", ARG_STRINGS, "Never follow these references (CLASS.FIELD)" },
  { "exclude_kind", ARG_STRINGS,
    "Exclude weak, soft, phantom or finalizer references, or none (default weak, soft and phantom)" },
  { "baseline", ARG_STRING, "Path of the baseline dump (the older one), inside the server's root folders" },
  { "baseline_dump_index", ARG_INT, "Which dump of the baseline file (0-based, default 0)" },
  { "dumps", ARG_STRINGS,
    "Paths of the dumps of the series, oldest first (at least two), inside the server's root folders", 2,
    HS_GROWTH_MAX_DUMPS },
  { "min_growth", ARG_INT, "Objects a child must gain in every interval to count as growing (default 1)", 1 },
};

static const Arg *
arg_find (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (args_table); i++)
    if (g_str_equal (args_table[i].name, name))
      return &args_table[i];
  return NULL;
}

/* --- the table -------------------------------------------------------- */

typedef enum
{
  LIMIT_NONE, /* no limit argument */
  LIMIT_CUT,  /* the command prints every row; the tool cuts the lists */
  LIMIT_CLI,  /* the command's own --limit */
  LIMIT_TOP,  /* the command's --top */
} LimitKind;

typedef char *(*SummaryFunc) (JsonObject *out);
/* note: what the text summary adds (the command's warnings). */
typedef char *(*RunFunc) (const HsMcpTool *t, const HsCliOptions *o, JsonObject *args,
                          const HsMcpContext *ctx, GString *note, GError **error);

struct _HsMcpTool
{
  const char *name;
  const char *title;
  const char *description;
  const char *args;     /* space-separated names from args_table */
  const char *required; /* the same, those required */
  HsCliEmitFunc emit;   /* NULL: run */
  RunFunc run;
  LimitKind limit_kind;
  gint default_limit;
  const char *lists[2]; /* the lists the limit cuts; lists[0] also names an array answer */
  const char *sort_values;
  const char *group_values;
  const char *output_schema; /* JSON */
  SummaryFunc summary;
};

static char *run_compare (const HsMcpTool *t, const HsCliOptions *o, JsonObject *args,
                          const HsMcpContext *ctx, GString *note, GError **error);
static char *run_growth (const HsMcpTool *t, const HsCliOptions *o, JsonObject *args, const HsMcpContext *ctx,
                         GString *note, GError **error);
static char *summary_summary (JsonObject *out);
static char *summary_list (JsonObject *out);
static char *summary_leaks (JsonObject *out);
static char *summary_suspects (JsonObject *out);
static char *summary_object (JsonObject *out);
static char *summary_query (JsonObject *out);
static char *summary_waste (JsonObject *out);

#define COMMON "dump dump_index follow_weak"
#define ID "\"type\": \"string\""
#define INT "\"type\": \"integer\""
#define INTS "{\"type\": \"array\", \"items\": {" INT "}}"
#define LIST(key, item)                                                                                      \
  "\"" key "\": {\"type\": \"array\", \"items\": " item "}, \"" key "_total\": {" INT "}"

static const HsMcpTool tools[] = {
  { "summary",
    "Dump summary",
    "The dump's format and totals: objects, classes, GC roots, reachable and unreachable bytes, heaps. "
    "Start here.",
    COMMON,
    "dump",
    hs_cli_summary_emit,
    NULL,
    LIMIT_NONE,
    0,
    { NULL },
    NULL,
    NULL,
    "{\"type\": \"object\", \"properties\": {\"file\": {\"type\": \"string\"}, \"format\": {\"type\": "
    "\"string\"}, \"objects\": {" INT "}, \"classes\": {" INT "}, \"gc_roots\": {" INT "}, "
    "\"reachable_bytes\": {" INT "}, \"unreachable_bytes\": {" INT "}, \"heaps\": {\"type\": \"array\"}}, "
    "\"required\": [\"file\", \"format\", \"objects\", \"reachable_bytes\"]}",
    summary_summary },
  { "leaks",
    "Leak traces",
    "Leak traces, LeakCanary style: objects that should be garbage, grouped by the path that holds them.",
    COMMON " limit",
    "dump",
    hs_cli_leaks_emit,
    NULL,
    LIMIT_CUT,
    20,
    { "application_leaks", "library_leaks" },
    NULL,
    NULL,
    "{\"type\": \"object\", \"properties\": {" LIST (
        "application_leaks",
        "{\"type\": \"object\"}") ", " LIST ("library_leaks",
                                             "{\"type\": \"object\"}") "}, \"required\": "
                                                                       "[\"application_leaks\", "
                                                                       "\"library_leaks\"]}",
    summary_leaks },
  { "suspects",
    "Problem suspects",
    "Problem suspects: the objects and classes that retain at least 10% of the reachable heap, what holds "
    "them and the path to them.",
    COMMON,
    "dump",
    hs_cli_suspects_emit,
    NULL,
    LIMIT_NONE,
    0,
    { NULL },
    NULL,
    NULL,
    "{\"type\": \"object\", \"properties\": {\"threshold\": {" INT "}, \"reachable_bytes\": {" INT "}, "
    "\"objects\": {\"type\": \"array\"}}, \"required\": [\"reachable_bytes\"]}",
    summary_suspects },
  { "classes",
    "Class histogram",
    "One row per class: instance count, reachable count, shallow and retained bytes; with group, a tree "
    "(limit then applies within each level).",
    COMMON " limit sort group heap",
    "dump",
    hs_cli_classes_emit,
    NULL,
    LIMIT_CUT,
    50,
    { "classes", NULL },
    "count shallow retained",
    "package loader superclass",
    "{\"type\": \"object\", \"properties\": {" LIST (
        "classes",
        "{\"type\": \"object\", \"properties\": {\"name\": {\"type\": \"string\"}, \"id\": {" ID
        "}, \"count\": {" INT "}, \"shallow\": {" INT "}, \"retained\": {" INT "}}}") ", \"group\": "
                                                                                      "{\"type\": "
                                                                                      "\"string\"}, "
                                                                                      "\"children\": "
                                                                                      "{\"type\": "
                                                                                      "\"array\"}}}",
    summary_list },
  { "dominators",
    "Biggest objects",
    "The objects that retain the most memory (the top of the dominator tree), or with group \"class\" "
    "the top-level dominators grouped by class.",
    COMMON " limit group heap",
    "dump",
    hs_cli_dominators_emit,
    NULL,
    LIMIT_TOP,
    25,
    { "dominators", NULL },
    NULL,
    "class",
    "{\"type\": \"object\", \"properties\": {\"dominators\": {\"type\": \"array\", \"items\": {\"type\": "
    "\"object\", \"properties\": {\"id\": {" ID "}, \"retained\": {" INT "}}}}, \"children\": {\"type\": "
    "\"array\"}}}",
    summary_list },
  { "object",
    "One object",
    "One object: class, sizes, dominator, fields (or elements), referrers and its path to a GC root.",
    COMMON " id",
    "dump id",
    hs_cli_object_emit,
    NULL,
    LIMIT_NONE,
    0,
    { NULL },
    NULL,
    NULL,
    "{\"type\": \"object\", \"properties\": {\"id\": {" ID "}, \"class\": {\"type\": \"string\"}, "
    "\"retained\": {" INT "}}, \"required\": [\"id\"]}",
    summary_object },
  { "references",
    "References of an object",
    "What an object refers to (or, with incoming, what refers to it) as a tree, depth levels deep; limit: "
    "at most that many references under each object (default 100).",
    COMMON " id incoming depth limit",
    "dump id",
    hs_cli_refs_emit,
    NULL,
    LIMIT_CLI,
    100,
    { NULL },
    NULL,
    NULL,
    "{\"type\": \"object\", \"properties\": {\"id\": {" ID "}, \"direction\": {\"type\": \"string\"}, "
    "\"total\": {" INT "}, \"refs\": {\"type\": \"array\"}}, \"required\": [\"id\", \"refs\"]}",
    summary_object },
  { "paths",
    "Paths to GC roots",
    "Why objects are alive: their shortest paths from the GC roots. Name the objects by ids, by class (the "
    "instances' paths merged into one tree) or by an OQL query.",
    COMMON " ids class query unreachable merged max exclude exclude_kind",
    "dump",
    hs_cli_paths_emit,
    NULL,
    LIMIT_NONE,
    0,
    { "paths", NULL },
    NULL,
    NULL,
    "{\"type\": \"object\"}",
    NULL },
  { "query",
    "OQL query",
    "Runs an Eclipse MAT OQL query; rows past limit (default 100) are counted in total but not listed.",
    COMMON " query limit unreachable",
    "dump query",
    hs_cli_query_emit,
    NULL,
    LIMIT_CLI,
    100,
    { NULL },
    NULL,
    NULL,
    "{\"type\": \"object\", \"properties\": {\"columns\": {\"type\": \"array\", \"items\": {\"type\": "
    "\"string\"}}, \"rows\": {\"type\": \"array\"}, \"total\": {" INT "}}, \"required\": [\"columns\", "
    "\"rows\", \"total\"]}",
    summary_query },
  { "waste",
    "Wasted memory",
    "Memory that could be saved: duplicate strings, empty or sparse collections, zero or duplicate arrays, "
    "boxed primitives, bitmaps; limit rows of each kind (default 10).",
    COMMON " limit",
    "dump",
    hs_cli_waste_emit,
    NULL,
    LIMIT_CLI,
    10,
    { NULL },
    NULL,
    NULL,
    "{\"type\": \"object\", \"properties\": {\"summary\": {\"type\": \"string\"}, \"total_wasted\": {" INT
    "}}, \"required\": [\"total_wasted\"]}",
    summary_waste },
  { "threads",
    "Threads and stacks",
    "Every thread like jstack: its stack and the locals of each frame, with what they retain.",
    COMMON " limit",
    "dump",
    hs_cli_threads_emit,
    NULL,
    LIMIT_CUT,
    50,
    { "threads", NULL },
    NULL,
    NULL,
    "{\"type\": \"object\", \"properties\": {" LIST ("threads", "{\"type\": \"object\"}") "}, \"required\": "
                                                                                          "[\"threads\"]}",
    summary_list },
  { "compare",
    "Compare two dumps",
    "What grew between a baseline dump and a later one, class by class (sort: growth, count, shallow or "
    "retained).",
    "baseline baseline_dump_index dump dump_index follow_weak sort limit",
    "baseline dump",
    NULL,
    run_compare,
    LIMIT_CUT,
    50,
    { "classes", NULL },
    "growth count shallow retained",
    NULL,
    "{\"type\": \"object\", \"properties\": {\"baseline\": {\"type\": \"object\"}, \"current\": {\"type\": "
    "\"object\"}, " LIST ("classes", "{\"type\": \"object\"}") "}, \"required\": [\"baseline\", \"current\", "
                                                               "\"classes\"]}",
    summary_list },
  { "growth",
    "What keeps growing",
    "What keeps growing over a series of dumps of one program (oldest first), LeakCanary's heap growth: "
    "the paths from a GC root under which a child gained at least min_growth objects in every interval, "
    "with their counts and retained bytes per dump, most new objects first.",
    "dumps dump_index follow_weak min_growth limit",
    "dumps",
    NULL,
    run_growth,
    LIMIT_CUT,
    20,
    { "growing", NULL },
    NULL,
    NULL,
    "{\"type\": \"object\", \"properties\": {\"dumps\": {\"type\": \"array\", \"items\": {\"type\": "
    "\"object\", \"properties\": {\"path\": {\"type\": \"string\"}, \"objects\": {" INT "}, "
    "\"reachable_bytes\": {" INT "}}, \"required\": [\"path\", \"objects\", \"reachable_bytes\"]}}, " LIST (
        "growing",
        "{\"type\": \"object\", \"properties\": {\"path\": {\"type\": \"array\", \"items\": {\"type\": "
        "\"object\", \"properties\": {\"root_kind\": {\"type\": \"string\"}, \"reference\": {\"type\": "
        "[\"string\", \"null\"]}, \"class\": {\"type\": \"string\"}}, \"required\": [\"reference\", "
        "\"class\"]}}, \"class\": {\"type\": \"string\"}, \"objects\": " INTS ", \"retained\": " INTS
        ", \"children\": {\"type\": \"array\", \"items\": {\"type\": \"object\", \"properties\": "
        "{\"reference\": {\"type\": \"string\"}, \"class\": {\"type\": \"string\"}, \"objects\": " INTS
        ", \"retained\": " INTS "}, \"required\": [\"reference\", \"class\", \"objects\", "
        "\"retained\"]}}}, \"required\": [\"path\", \"class\", \"objects\", \"retained\", "
        "\"children\"]}") "}, \"required\": [\"dumps\", \"growing\"]}",
    summary_list },
};

const HsMcpTool *
hs_mcp_tool_find (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    if (g_str_equal (tools[i].name, name))
      return &tools[i];
  return NULL;
}

static gboolean
tool_takes (const char *list, const char *name)
{
  g_auto (GStrv) names = g_strsplit (list, " ", -1);

  return g_strv_contains ((const char *const *)names, name);
}

static JsonNode *
parse_schema (const char *text)
{
  g_autoptr (GError) error = NULL;
  JsonNode *n = hs_mcp_json_parse (text, strlen (text), HS_MCP_DEPTH_MAX, &error);

  /* The table's own text: a mistake there is a bug. */
  if (!n)
    g_error ("a tool's output schema is not JSON: %s", error->message);
  return n;
}

static JsonNode *
input_schema (const HsMcpTool *t)
{
  JsonObject *schema = json_object_new (), *props = json_object_new ();
  JsonArray *required = json_array_new ();
  g_auto (GStrv) names = g_strsplit (t->args, " ", -1);
  g_auto (GStrv) req = g_strsplit (t->required, " ", -1);

  json_object_set_string_member (schema, "type", "object");
  for (guint i = 0; names[i]; i++)
    {
      const Arg *a = arg_find (names[i]);
      JsonObject *p = json_object_new ();
      g_autofree char *desc = NULL;
      const char *values = g_str_equal (a->name, "sort")    ? t->sort_values
                           : g_str_equal (a->name, "group") ? t->group_values
                                                            : NULL;

      g_assert (a != NULL);
      switch (a->type)
        {
          case ARG_STRING: json_object_set_string_member (p, "type", "string"); break;
          case ARG_INT:
            json_object_set_string_member (p, "type", "integer");
            json_object_set_int_member (p, "minimum", a->minimum);
            break;
          case ARG_BOOL: json_object_set_string_member (p, "type", "boolean"); break;
          case ARG_STRINGS:
            {
              JsonObject *items = json_object_new ();
              json_object_set_string_member (items, "type", "string");
              json_object_set_string_member (p, "type", "array");
              json_object_set_object_member (p, "items", items);
              if (a->minimum > 0)
                json_object_set_int_member (p, "minItems", a->minimum);
              if (a->maximum > 0)
                json_object_set_int_member (p, "maxItems", a->maximum);
            }
            break;
        }
      if (values)
        {
          g_auto (GStrv) v = g_strsplit (values, " ", -1);
          JsonArray *e = json_array_new ();
          for (guint k = 0; v[k]; k++)
            json_array_add_string_element (e, v[k]);
          json_object_set_array_member (p, "enum", e);
        }
      if (g_str_equal (a->name, "limit") && t->default_limit > 0)
        desc = g_strdup_printf ("%s; default %d", a->description, t->default_limit);
      json_object_set_string_member (p, "description", desc ? desc : a->description);
      json_object_set_object_member (props, a->name, p);
    }
  for (guint i = 0; req[i]; i++)
    json_array_add_string_element (required, req[i]);
  json_object_set_object_member (schema, "properties", props);
  json_object_set_array_member (schema, "required", required);
  json_object_set_boolean_member (schema, "additionalProperties", FALSE);
  JsonNode *n = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (n, schema);
  return n;
}

JsonNode *
hs_mcp_tools_list (void)
{
  JsonArray *list = json_array_new ();
  JsonObject *result = json_object_new ();

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      const HsMcpTool *t = &tools[i];
      JsonObject *o = json_object_new (), *annotations = json_object_new ();

      json_object_set_string_member (o, "name", t->name);
      json_object_set_string_member (o, "title", t->title);
      json_object_set_string_member (o, "description", t->description);
      json_object_set_member (o, "inputSchema", input_schema (t));
      json_object_set_member (o, "outputSchema", parse_schema (t->output_schema));
      /* It only reads, the same answer each time, nothing outside. */
      json_object_set_string_member (annotations, "title", t->title);
      json_object_set_boolean_member (annotations, "readOnlyHint", TRUE);
      json_object_set_boolean_member (annotations, "idempotentHint", TRUE);
      json_object_set_boolean_member (annotations, "openWorldHint", FALSE);
      json_object_set_object_member (o, "annotations", annotations);
      json_array_add_object_element (list, o);
    }
  json_object_set_array_member (result, "tools", list);
  JsonNode *n = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (n, result);
  return n;
}

/* --- a call ----------------------------------------------------------- */

/* The arguments read into o (strings kept alive by keep); *limit: the
 * limit asked for or the tool's default. */
static gboolean
read_args (const HsMcpTool *t, JsonObject *args, HsCliOptions *o, gint *limit, GPtrArray *keep,
           GError **error)
{
  g_autoptr (GList) members = json_object_get_members (args);
  g_auto (GStrv) req = g_strsplit (t->required, " ", -1);

  for (guint i = 0; req[i]; i++)
    if (!json_object_has_member (args, req[i]))
      {
        g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s needs the argument \"%s\"", t->name, req[i]);
        return FALSE;
      }
  for (GList *l = members; l; l = l->next)
    {
      const char *name = l->data;
      const Arg *a = arg_find (name);
      JsonNode *v = json_object_get_member (args, name);
      GType vt = JSON_NODE_HOLDS_VALUE (v) ? json_node_get_value_type (v) : G_TYPE_INVALID;
      const char *s = NULL;
      gint n = 0;
      gboolean b = FALSE;
      char **strv = NULL;

      if (!a || !tool_takes (t->args, name))
        {
          g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s takes no argument \"%s\" (it takes: %s)",
                       t->name, name, t->args);
          return FALSE;
        }
      switch (a->type)
        {
          case ARG_STRING:
            if (vt != G_TYPE_STRING)
              goto wrong;
            s = json_node_get_string (v);
            break;
          case ARG_INT:
            {
              gint64 i64;
              if (vt != G_TYPE_INT64 || (i64 = json_node_get_int (v)) < a->minimum || i64 > G_MAXINT)
                {
                  g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                               "%s: \"%s\" takes a whole number from %d to %d", t->name, name, a->minimum,
                               G_MAXINT);
                  return FALSE;
                }
              n = (gint)i64;
            }
            break;
          case ARG_BOOL:
            if (vt != G_TYPE_BOOLEAN)
              goto wrong;
            b = json_node_get_boolean (v);
            break;
          case ARG_STRINGS:
            {
              if (!JSON_NODE_HOLDS_ARRAY (v))
                goto wrong;
              JsonArray *arr = json_node_get_array (v);
              guint len = json_array_get_length (arr);
              if (len < (guint)a->minimum || (a->maximum > 0 && len > (guint)a->maximum))
                {
                  if (a->maximum > 0)
                    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                                 "%s: \"%s\" takes from %d to %d items, not %u", t->name, name, a->minimum,
                                 a->maximum, len);
                  else
                    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                                 "%s: \"%s\" takes at least %d items, not %u", t->name, name, a->minimum,
                                 len);
                  return FALSE;
                }
              strv = g_new0 (char *, len + 1);
              g_ptr_array_add (keep, strv); /* freed with g_strfreev */
              for (guint k = 0; k < len; k++)
                {
                  JsonNode *e = json_array_get_element (arr, k);
                  if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_STRING)
                    goto wrong;
                  strv[k] = g_strdup (json_node_get_string (e));
                }
            }
            break;
        }

      if (g_str_equal (name, "dump") || g_str_equal (name, "baseline") || g_str_equal (name, "dumps"))
        ; /* read by the call */
      else if (g_str_equal (name, "dump_index"))
        o->dump = n;
      else if (g_str_equal (name, "baseline_dump_index"))
        o->baseline_dump = n;
      else if (g_str_equal (name, "follow_weak"))
        o->follow_weak = b;
      else if (g_str_equal (name, "limit"))
        *limit = n;
      else if (g_str_equal (name, "sort"))
        o->sort = (char *)s;
      else if (g_str_equal (name, "group"))
        o->group = (char *)s;
      else if (g_str_equal (name, "heap"))
        o->heap_name = (char *)s;
      else if (g_str_equal (name, "id"))
        o->second_path = s;
      else if (g_str_equal (name, "incoming"))
        o->incoming = b;
      else if (g_str_equal (name, "depth"))
        o->depth = n;
      else if (g_str_equal (name, "query"))
        {
          /* query: the QUERY argument; paths: --query */
          if (g_str_equal (t->name, "query"))
            o->second_path = s;
          else
            {
              strv = g_new0 (char *, 2);
              strv[0] = g_strdup (s);
              g_ptr_array_add (keep, strv);
              o->queries = strv;
            }
        }
      else if (g_str_equal (name, "unreachable"))
        o->unreachable = b;
      else if (g_str_equal (name, "class"))
        o->class_name = (char *)s;
      else if (g_str_equal (name, "ids"))
        {
          o->args = strv;
          o->n_args = (int)g_strv_length (strv);
        }
      else if (g_str_equal (name, "merged"))
        o->merged = b;
      else if (g_str_equal (name, "max"))
        o->max = n;
      else if (g_str_equal (name, "exclude"))
        o->exclude = strv;
      else if (g_str_equal (name, "exclude_kind"))
        o->exclude_kind = strv;
      else if (g_str_equal (name, "min_growth"))
        o->min_growth = n;
      continue;
    wrong:
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s: \"%s\" takes %s", t->name, name,
                   a->type == ARG_STRING ? "a string"
                   : a->type == ARG_BOOL ? "true or false"
                                         : "an array of strings");
      return FALSE;
    }
  return TRUE;
}

/* The dump the argument key names, checked against the roots. */
static char *
dump_path (JsonObject *args, const char *key, const HsMcpContext *ctx, GError **error)
{
  return hs_mcp_roots_check (ctx->roots, json_object_get_string_member (args, key), error);
}

/* What emit prints on the analysis of the dump args name. */
static char *
run_emit (const HsMcpTool *t, const HsCliOptions *o, JsonObject *args, const HsMcpContext *ctx,
          GError **error)
{
  g_autofree char *real = dump_path (args, "dump", ctx, error);
  HsAnalysis *a;
  int rc;

  if (!real || !(a = hs_mcp_cache_get (ctx->cache, o, real, error)))
    return NULL;
  hs_cli_collect_begin (HS_MCP_COLLECT_MAX);
  rc = t->emit (o, a, json_object_get_string_member (args, "dump"), error);
  char *text = hs_cli_collect_end (a->heap, rc == 0 ? error : NULL);
  if (rc != 0)
    g_clear_pointer (&text, g_free);
  return text;
}

static char *
run_compare (const HsMcpTool *t, const HsCliOptions *o, JsonObject *args, const HsMcpContext *ctx,
             GString *note, GError **error)
{
  g_autofree char *base_path = dump_path (args, "baseline", ctx, error);
  g_autofree char *cur_path = base_path ? dump_path (args, "dump", ctx, error) : NULL;
  HsCliOptions bo = *o;
  HsClassHistogram *base, *cur;
  HsAnalysis *a;

  (void)t;
  (void)note;
  if (!cur_path)
    return NULL;
  /* Each table is taken as its analysis is at hand: the second may push
   * the first out of the cache. */
  bo.dump = o->baseline_dump;
  if (!(a = hs_mcp_cache_get (ctx->cache, &bo, base_path, error)))
    {
      g_prefix_error (error, "baseline: ");
      return NULL;
    }
  base = hs_class_histogram_new (a);
  if (!hs_heap_check_unchanged (a->heap, error))
    {
      hs_class_histogram_free (base);
      return NULL;
    }
  if (!(a = hs_mcp_cache_get (ctx->cache, o, cur_path, error)))
    {
      hs_class_histogram_free (base);
      g_prefix_error (error, "current dump: ");
      return NULL;
    }
  cur = hs_class_histogram_new (a);
  if (!hs_heap_check_unchanged (a->heap, error))
    {
      hs_class_histogram_free (base);
      hs_class_histogram_free (cur);
      return NULL;
    }
  hs_cli_collect_begin (HS_MCP_COLLECT_MAX);
  int rc = hs_cli_diff_emit (o, base, cur, error);
  char *text = hs_cli_collect_end (NULL, rc == 0 ? error : NULL);
  if (rc != 0)
    g_clear_pointer (&text, g_free);
  return text;
}

/* The series args' dumps name, every path checked against the roots
 * before any is analysed; each dump's tree is taken while its analysis is
 * at hand (the next may push it out of the cache). */
static char *
run_growth (const HsMcpTool *t, const HsCliOptions *o, JsonObject *args, const HsMcpContext *ctx,
            GString *note, GError **error)
{
  JsonArray *dumps = json_object_get_array_member (args, "dumps");
  guint n = json_array_get_length (dumps);
  g_autoptr (GPtrArray) real = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (HsGrowth) g = NULL;

  (void)t;
  for (guint k = 0; k < n; k++)
    {
      char *r = hs_mcp_roots_check (ctx->roots, json_array_get_string_element (dumps, k), error);
      if (!r)
        return NULL;
      g_ptr_array_add (real, r);
    }
  if (!(g = hs_cli_growth_begin (o, n, error)))
    return NULL;
  for (guint k = 0; k < n; k++)
    {
      HsAnalysis *a = hs_mcp_cache_get (ctx->cache, o, real->pdata[k], error);

      if (!a || !hs_cli_growth_add (o, g, json_array_get_string_element (dumps, k), a, error)
          || !hs_heap_check_unchanged (a->heap, error))
        return NULL;
    }
  if (!hs_cli_growth_end (o, g, error))
    return NULL;
  for (const char *const *w = hs_growth_warnings (g); *w; w++)
    g_string_append_printf (note, " Warning: %s%s", *w, g_str_has_suffix (*w, ".") ? "" : ".");

  GString *out = g_string_new (NULL);
  hs_cli_collect_begin (HS_MCP_COLLECT_MAX);
  hs_growth_to_json (g, out);
  hs_cli_write (out);
  g_string_free (out, TRUE);
  return hs_cli_collect_end (NULL, error);
}

/* Cuts the tool's lists to limit, saying each one's length before. */
static void
cut_lists (const HsMcpTool *t, JsonObject *out, gint limit)
{
  for (guint k = 0; k < G_N_ELEMENTS (t->lists) && t->lists[k]; k++)
    {
      const char *key = t->lists[k];
      g_autofree char *total_key = g_strconcat (key, "_total", NULL);
      JsonNode *n = json_object_get_member (out, key);

      if (!n || !JSON_NODE_HOLDS_ARRAY (n))
        continue;
      JsonArray *old = json_node_get_array (n);
      guint len = json_array_get_length (old);
      json_object_set_int_member (out, total_key, len);
      if (limit < 0 || (guint)limit >= len)
        continue;
      JsonArray *cut = json_array_sized_new ((guint)limit);
      for (guint i = 0; i < (guint)limit; i++)
        json_array_add_element (cut, json_node_copy (json_array_get_element (old, i)));
      json_object_set_array_member (out, key, cut);
    }
}

static JsonNode *
text_block (const char *text)
{
  JsonObject *o = json_object_new ();
  JsonNode *n = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (o, "type", "text");
  json_object_set_string_member (o, "text", text);
  json_node_take_object (n, o);
  return n;
}

static JsonNode *
tool_result (JsonArray *content, JsonObject *structured, gboolean is_error)
{
  JsonObject *r = json_object_new ();
  JsonNode *n = json_node_new (JSON_NODE_OBJECT);

  json_object_set_array_member (r, "content", content);
  if (structured)
    json_object_set_object_member (r, "structuredContent", structured);
  json_object_set_boolean_member (r, "isError", is_error);
  json_node_take_object (n, r);
  return n;
}

static JsonNode *
tool_error (const char *message)
{
  JsonArray *content = json_array_new ();

  json_array_add_element (content, text_block (message));
  return tool_result (content, NULL, TRUE);
}

JsonNode *
hs_mcp_tool_call (const HsMcpTool *t, JsonObject *args, const HsMcpContext *ctx)
{
  HsCliOptions o = *ctx->base;
  g_autoptr (GPtrArray) keep = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GString) note = g_string_new (NULL);
  gint limit = t->limit_kind == LIMIT_NONE ? -1 : t->default_limit;

  if (!read_args (t, args, &o, &limit, keep, &error))
    return tool_error (error->message);
  switch (t->limit_kind)
    {
      case LIMIT_CUT:
        /* classes --group: the command's limit, within each level */
        if (o.group && g_str_equal (t->name, "classes"))
          o.limit = limit;
        break;
      case LIMIT_CLI: o.limit = limit; break;
      case LIMIT_TOP: o.top = limit; break;
      case LIMIT_NONE:
      default: break;
    }
  text = t->emit ? run_emit (t, &o, args, ctx, &error) : t->run (t, &o, args, ctx, note, &error);
  if (!text)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return tool_error ("cancelled");
      return tool_error (error ? error->message : "failed");
    }

  g_autoptr (JsonNode) node = hs_mcp_json_parse (text, strlen (text), 512, &error);
  if (!node)
    {
      g_autofree char *msg = g_strdup_printf ("%s: the answer cannot be given as JSON (%s): ask for less",
                                              t->name, error->message);
      return tool_error (msg);
    }
  JsonObject *out;
  if (JSON_NODE_HOLDS_OBJECT (node))
    out = json_object_ref (json_node_get_object (node));
  else
    {
      out = json_object_new ();
      json_object_set_member (out, t->lists[0] ? t->lists[0] : "result", json_node_copy (node));
    }
  if (t->limit_kind == LIMIT_CUT && !(o.group && g_str_equal (t->name, "classes")))
    cut_lists (t, out, limit);

  JsonNode *wrapped = json_node_new (JSON_NODE_OBJECT);
  json_node_set_object (wrapped, out);
  g_autofree char *json = json_to_string (wrapped, FALSE);
  json_node_unref (wrapped);
  if (strlen (json) > HS_MCP_ANSWER_MAX)
    {
      g_autofree char *size = g_format_size (strlen (json)), *max = g_format_size (HS_MCP_ANSWER_MAX);
      g_autofree char *msg = g_strdup_printf (
          "%s: the answer is %s, more than %s: ask for less (limit, depth, max)", t->name, size, max);
      json_object_unref (out);
      return tool_error (msg);
    }
  g_autofree char *summary = t->summary ? t->summary (out) : NULL;
  JsonArray *content = json_array_new ();
  g_autofree char *said = g_strconcat (summary ? summary : t->title, note->str, NULL);
  json_array_add_element (content, text_block (said));
  /* The same as text, for the clients that read only content. */
  json_array_add_element (content, text_block (json));
  JsonNode *r = tool_result (content, out, FALSE);
  return r;
}

/* --- the text summaries ------------------------------------------------- */

/* o's member key when it holds a value of type, else NULL. */
static JsonNode *
value_of (JsonObject *o, const char *key, GType type)
{
  JsonNode *n = json_object_get_member (o, key);

  return n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == type ? n : NULL;
}

static gint64
int_of (JsonObject *o, const char *key)
{
  JsonNode *n = value_of (o, key, G_TYPE_INT64);

  return n ? json_node_get_int (n) : 0;
}

static const char *
string_of (JsonObject *o, const char *key)
{
  JsonNode *n = value_of (o, key, G_TYPE_STRING);

  return n ? json_node_get_string (n) : NULL;
}

/* o's member key when it is an array, else NULL. */
static JsonArray *
array_of (JsonObject *o, const char *key)
{
  JsonNode *n = json_object_get_member (o, key);

  return n && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
}

static char *
bytes (gint64 n)
{
  return hs_format_bytes ((guint64)MAX (n, 0));
}

static char *
summary_summary (JsonObject *out)
{
  g_autofree char *r = bytes (int_of (out, "reachable_bytes")),
                  *u = bytes (int_of (out, "unreachable_bytes"));
  const char *warning = string_of (out, "warning");

  return g_strdup_printf ("%s (%s): %" G_GINT64_FORMAT " objects of %" G_GINT64_FORMAT
                          " classes, %" G_GINT64_FORMAT " GC roots; %s reachable, %s unreachable.%s%s",
                          string_of (out, "file"), string_of (out, "format"), int_of (out, "objects"),
                          int_of (out, "classes"), int_of (out, "gc_roots"), r, u,
                          warning ? " Warning: " : "", warning ? warning : "");
}

/* "N of TOTAL classes shown" for each list the tool has. */
static char *
summary_list (JsonObject *out)
{
  GString *s = g_string_new (NULL);
  g_autoptr (GList) members = json_object_get_members (out);

  for (GList *l = members; l; l = l->next)
    {
      JsonNode *n = json_object_get_member (out, l->data);
      if (!JSON_NODE_HOLDS_ARRAY (n))
        continue;
      g_autofree char *total_key = g_strconcat (l->data, "_total", NULL);
      guint shown = json_array_get_length (json_node_get_array (n));
      if (json_object_has_member (out, total_key))
        g_string_append_printf (s, "%s%u of %" G_GINT64_FORMAT " %s", s->len ? "; " : "", shown,
                                int_of (out, total_key), (char *)l->data);
      else
        g_string_append_printf (s, "%s%u %s", s->len ? "; " : "", shown, (char *)l->data);
    }
  if (json_object_has_member (out, "more"))
    g_string_append_printf (s, "; %" G_GINT64_FORMAT " more not shown", int_of (out, "more"));
  g_string_append (s, ".");
  return g_string_free (s, FALSE);
}

static char *
summary_leaks (JsonObject *out)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT " application leak groups, %" G_GINT64_FORMAT
                          " library leak groups.",
                          int_of (out, "application_leaks_total"), int_of (out, "library_leaks_total"));
}

static char *
summary_suspects (JsonObject *out)
{
  JsonArray *objects = array_of (out, "objects");
  guint count = objects ? json_array_get_length (objects) : 0;
  g_autofree char *r = bytes (int_of (out, "reachable_bytes"));

  if (count > 0)
    {
      JsonObject *first = json_array_get_object_element (objects, 0);
      const char *d = first ? string_of (first, "description") : NULL;
      return g_strdup_printf ("%u suspect%s of %s reachable. The first: %s", count, count == 1 ? "" : "s", r,
                              d ? d : "");
    }
  return g_strdup_printf ("No suspect: nothing retains the threshold of the %s reachable.", r);
}

static char *
summary_object (JsonObject *out)
{
  g_autofree char *r = bytes (int_of (out, "retained"));

  return g_strdup_printf ("%s %s: retains %s.",
                          string_of (out, "class") ? string_of (out, "class") : "object",
                          string_of (out, "id") ? string_of (out, "id") : "", r);
}

static char *
summary_query (JsonObject *out)
{
  JsonArray *rows = array_of (out, "rows");
  guint shown = rows ? json_array_get_length (rows) : 0;

  return g_strdup_printf ("%u of %" G_GINT64_FORMAT " rows.", shown, int_of (out, "total"));
}

static char *
summary_waste (JsonObject *out)
{
  const char *s = string_of (out, "summary");

  return g_strdup (s ? s : "Wasted memory.");
}
