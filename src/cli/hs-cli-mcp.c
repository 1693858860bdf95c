/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-mcp.c: `heapscope-cli mcp [--root DIR]...`: a Model Context
 * Protocol server on stdin and stdout (JSON-RPC 2.0, one message a line;
 * docs/agents.md). The main thread reads and answers what is quick
 * (initialize, ping, tools/list, cancellations); tools/call goes to one
 * worker thread, in order, which keeps the dumps loaded (hs-mcp-cache.c)
 * and sends progress while one is analysed. Every request line is
 * untrusted: bounded, parsed with its depth bounded first, and answered
 * with a JSON-RPC error when it is not a request; a tool's failure is its
 * result (isError), never the server's end. Nothing but messages goes to
 * stdout: what else the process would print there goes to stderr. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "hs-loader.h"
#include "hs-memory-check.h"
#include "hs-mcp.h"

#define JSONRPC_PARSE_ERROR (-32700)
#define JSONRPC_INVALID_REQUEST (-32600)
#define JSONRPC_METHOD_NOT_FOUND (-32601)
#define JSONRPC_INVALID_PARAMS (-32602)

/* The protocol versions spoken, newest first. */
static const char *const versions[] = { "2025-11-25", "2025-06-18" };

/* Progress notifications at most this often for one call. */
#define PROGRESS_INTERVAL (250 * G_TIME_SPAN_MILLISECOND)

typedef struct
{
  JsonNode *id;
  char *key; /* id as JSON text */
  const HsMcpTool *tool;
  JsonObject *args;
  JsonNode *progress_token; /* NULL: no progress asked */
  GCancellable *cancellable;
  gint cancelled;
  GMutex lock; /* the progress below, from the engine's threads */
  const char *phase;
  guint phases;
  double sent;
  gint64 sent_at;
} Job;

typedef struct
{
  int out; /* the protocol's stdout */
  GMutex out_lock;
  gboolean broken; /* stdout closed */
  gboolean initialized;
  gboolean client_roots;
  GAsyncQueue *queue; /* Job; the stop marker ends the worker */
  GMutex jobs_lock;
  GHashTable *jobs; /* key -> Job, queued or running */
  HsMcpRoots *roots;
  HsMcpCache *cache;
  HsCliOptions base;
  guint64 next_request;
  char *roots_request; /* the id of the roots/list asked, as JSON text */
} Server;

static Job stop_marker;

/* --- sending ----------------------------------------------------------- */

static void
send_node (Server *s, JsonNode *msg)
{
  g_autofree char *text = json_to_string (msg, FALSE);
  gsize len = strlen (text), done = 0;

  g_mutex_lock (&s->out_lock);
  while (!s->broken && done <= len)
    {
      /* The message, then its newline. */
      const char *p = done < len ? text + done : "\n";
      gsize n = done < len ? len - done : 1;
      ssize_t w = write (s->out, p, n);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        s->broken = TRUE;
      else
        done += (gsize)w;
    }
  g_mutex_unlock (&s->out_lock);
}

static JsonObject *
message_new (void)
{
  JsonObject *m = json_object_new ();

  json_object_set_string_member (m, "jsonrpc", "2.0");
  return m;
}

static void
send_object (Server *s, JsonObject *m)
{
  JsonNode *n = json_node_new (JSON_NODE_OBJECT);

  json_node_take_object (n, m);
  send_node (s, n);
  json_node_unref (n);
}

/* result: taken. */
static void
send_result (Server *s, JsonNode *id, JsonNode *result)
{
  JsonObject *m = message_new ();

  json_object_set_member (m, "id", json_node_copy (id));
  json_object_set_member (m, "result", result);
  send_object (s, m);
}

static void
send_error (Server *s, JsonNode *id, int code, const char *message)
{
  JsonObject *m = message_new (), *e = json_object_new ();

  if (id)
    json_object_set_member (m, "id", json_node_copy (id));
  else
    json_object_set_null_member (m, "id");
  json_object_set_int_member (e, "code", code);
  json_object_set_string_member (e, "message", message);
  json_object_set_object_member (m, "error", e);
  send_object (s, m);
}

static JsonNode *
empty_object (void)
{
  JsonNode *n = json_node_new (JSON_NODE_OBJECT);

  json_node_take_object (n, json_object_new ());
  return n;
}

/* --- jobs -------------------------------------------------------------- */

static void
job_free (Job *j)
{
  json_node_unref (j->id);
  g_free (j->key);
  json_object_unref (j->args);
  if (j->progress_token)
    json_node_unref (j->progress_token);
  g_object_unref (j->cancellable);
  g_mutex_clear (&j->lock);
  g_free (j);
}

typedef struct
{
  Server *server;
  Job *job;
} ProgressTarget;

/* The engine's progress (any of its threads): each phase counts one, the
 * fraction within it the rest; sent when it grew, a few times a second. */
static void
on_progress (const char *phase, double fraction, gpointer data)
{
  ProgressTarget *t = data;
  Job *j = t->job;
  JsonObject *m, *params;
  double value;

  if (!j->progress_token || g_str_has_prefix (phase, "notice:") || g_str_has_prefix (phase, "bytes:"))
    return;
  g_mutex_lock (&j->lock);
  if (g_intern_string (phase) != j->phase)
    {
      j->phase = g_intern_string (phase);
      j->phases++;
      j->sent_at = 0;
    }
  value = (j->phases - 1) + CLAMP (fraction, 0.0, 0.999);
  if (value <= j->sent || g_get_monotonic_time () - j->sent_at < PROGRESS_INTERVAL
      || g_atomic_int_get (&j->cancelled))
    {
      g_mutex_unlock (&j->lock);
      return;
    }
  j->sent = value;
  j->sent_at = g_get_monotonic_time ();
  m = message_new ();
  params = json_object_new ();
  json_object_set_string_member (m, "method", "notifications/progress");
  json_object_set_member (params, "progressToken", json_node_copy (j->progress_token));
  json_object_set_double_member (params, "progress", value);
  json_object_set_string_member (params, "message", hs_loader_phase_name (phase));
  json_object_set_object_member (m, "params", params);
  send_object (t->server, m);
  g_mutex_unlock (&j->lock);
}

static void
job_forget (Server *s, Job *j)
{
  g_mutex_lock (&s->jobs_lock);
  if (g_hash_table_lookup (s->jobs, j->key) == j)
    g_hash_table_remove (s->jobs, j->key);
  g_mutex_unlock (&s->jobs_lock);
}

static gpointer
worker (gpointer data)
{
  Server *s = data;

  for (;;)
    {
      Job *j = g_async_queue_pop (s->queue);
      if (j == &stop_marker)
        break;
      if (!g_atomic_int_get (&j->cancelled))
        {
          ProgressTarget target = { s, j };
          HsCliOptions o = s->base;
          HsMcpContext ctx = { s->roots, s->cache, &o };
          JsonNode *result;

          o.progress = on_progress;
          o.progress_data = &target;
          hs_cli_set_thread_cancellable (j->cancellable);
          result = hs_mcp_tool_call (j->tool, j->args, &ctx);
          hs_cli_set_thread_cancellable (NULL);
          /* A cancelled request is not answered (the client gave up). */
          g_mutex_lock (&j->lock);
          if (!g_atomic_int_get (&j->cancelled))
            send_result (s, j->id, result);
          else
            json_node_unref (result);
          g_mutex_unlock (&j->lock);
        }
      job_forget (s, j);
      job_free (j);
    }
  return NULL;
}

/* --- requests ---------------------------------------------------------- */

static gboolean
valid_id (JsonNode *id)
{
  if (!JSON_NODE_HOLDS_VALUE (id))
    return FALSE;
  return json_node_get_value_type (id) == G_TYPE_STRING || json_node_get_value_type (id) == G_TYPE_INT64;
}

static const char *
member_string (JsonObject *o, const char *key)
{
  JsonNode *n = o ? json_object_get_member (o, key) : NULL;

  if (!n || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (n);
}

static JsonObject *
member_object (JsonObject *o, const char *key)
{
  JsonNode *n = o ? json_object_get_member (o, key) : NULL;

  return n && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
}

static void
ask_roots (Server *s)
{
  JsonObject *m = message_new ();
  g_autofree char *id = g_strdup_printf ("heapscope-roots-%" G_GUINT64_FORMAT, ++s->next_request);

  g_free (s->roots_request);
  s->roots_request = g_strdup_printf ("\"%s\"", id);
  hs_mcp_roots_asked (s->roots);
  json_object_set_string_member (m, "id", id);
  json_object_set_string_member (m, "method", "roots/list");
  send_object (s, m);
}

static void
on_initialize (Server *s, JsonNode *id, JsonObject *params)
{
  const char *asked = member_string (params, "protocolVersion");
  const char *version = versions[0];
  JsonObject *result, *caps, *tools, *info;

  if (!asked)
    {
      send_error (s, id, JSONRPC_INVALID_PARAMS, "initialize needs params.protocolVersion (a string)");
      return;
    }
  if (s->initialized)
    {
      send_error (s, id, JSONRPC_INVALID_REQUEST, "already initialized");
      return;
    }
  /* The version asked when it is spoken here, else the newest spoken
   * (the client then decides whether it can go on). */
  for (guint i = 0; i < G_N_ELEMENTS (versions); i++)
    if (g_str_equal (asked, versions[i]))
      version = versions[i];
  s->initialized = TRUE;
  s->client_roots = member_object (member_object (params, "capabilities"), "roots") != NULL;

  result = json_object_new ();
  caps = json_object_new ();
  tools = json_object_new ();
  info = json_object_new ();
  json_object_set_string_member (result, "protocolVersion", version);
  json_object_set_boolean_member (tools, "listChanged", FALSE);
  json_object_set_object_member (caps, "tools", tools);
  json_object_set_object_member (result, "capabilities", caps);
  json_object_set_string_member (info, "name", "heapscope");
  json_object_set_string_member (info, "title", "Heapscope");
  json_object_set_string_member (info, "version", PACKAGE_VERSION);
  json_object_set_object_member (result, "serverInfo", info);
  json_object_set_string_member (
      result, "instructions",
      "Heapscope analyses Java and Android heap dumps (.hprof). Name a dump by its path in \"dump\"; the "
      "first call on a dump analyses it (seconds to minutes), later calls reuse it. Start with summary, "
      "then suspects, leaks, classes or dominators; object, references and paths explain one object by "
      "its id (0x...); query runs OQL; compare shows what grew between two dumps, growth what keeps "
      "growing over a series of dumps (\"dumps\", oldest first).");
  JsonNode *n = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (n, result);
  send_result (s, id, n);
}

static void
on_tools_call (Server *s, JsonNode *id, JsonObject *params)
{
  const char *name = member_string (params, "name");
  JsonNode *args_node = params ? json_object_get_member (params, "arguments") : NULL;
  JsonObject *meta = member_object (params, "_meta");
  JsonNode *token = meta ? json_object_get_member (meta, "progressToken") : NULL;
  const HsMcpTool *tool;
  Job *j;

  if (!name)
    {
      send_error (s, id, JSONRPC_INVALID_PARAMS, "tools/call needs params.name (a string)");
      return;
    }
  if (!(tool = hs_mcp_tool_find (name)))
    {
      g_autofree char *msg = g_strdup_printf ("Unknown tool: %s", name);
      send_error (s, id, JSONRPC_INVALID_PARAMS, msg);
      return;
    }
  if (args_node && !JSON_NODE_HOLDS_OBJECT (args_node) && !JSON_NODE_HOLDS_NULL (args_node))
    {
      send_error (s, id, JSONRPC_INVALID_PARAMS, "params.arguments must be an object");
      return;
    }
  if (token && !valid_id (token))
    {
      send_error (s, id, JSONRPC_INVALID_PARAMS, "_meta.progressToken must be a string or an integer");
      return;
    }
  j = g_new0 (Job, 1);
  g_mutex_init (&j->lock);
  j->id = json_node_copy (id);
  j->key = json_to_string (id, FALSE);
  j->tool = tool;
  j->args = args_node && JSON_NODE_HOLDS_OBJECT (args_node)
                ? json_object_ref (json_node_get_object (args_node))
                : json_object_new ();
  j->progress_token = token ? json_node_copy (token) : NULL;
  j->cancellable = g_cancellable_new ();
  g_mutex_lock (&s->jobs_lock);
  gboolean taken = g_hash_table_contains (s->jobs, j->key);
  if (!taken)
    g_hash_table_insert (s->jobs, j->key, j);
  g_mutex_unlock (&s->jobs_lock);
  if (taken)
    {
      send_error (s, id, JSONRPC_INVALID_REQUEST, "a request with this id is still running");
      job_free (j);
      return;
    }
  g_async_queue_push (s->queue, j);
}

static void
on_request (Server *s, JsonNode *id, const char *method, JsonObject *params)
{
  if (g_str_equal (method, "ping"))
    send_result (s, id, empty_object ());
  else if (g_str_equal (method, "initialize"))
    on_initialize (s, id, params);
  else if (!s->initialized)
    send_error (s, id, JSONRPC_INVALID_REQUEST, "not initialized: send initialize first");
  else if (g_str_equal (method, "tools/list"))
    send_result (s, id, hs_mcp_tools_list ());
  else if (g_str_equal (method, "tools/call"))
    on_tools_call (s, id, params);
  else
    {
      g_autofree char *msg = g_strdup_printf ("Method not found: %s", method);
      send_error (s, id, JSONRPC_METHOD_NOT_FOUND, msg);
    }
}

static void
on_cancelled (Server *s, JsonObject *params)
{
  JsonNode *rid = params ? json_object_get_member (params, "requestId") : NULL;
  g_autofree char *key = NULL;
  Job *j;

  if (!rid || !valid_id (rid))
    return;
  key = json_to_string (rid, FALSE);
  g_mutex_lock (&s->jobs_lock);
  j = g_hash_table_lookup (s->jobs, key);
  if (j)
    {
      g_atomic_int_set (&j->cancelled, 1);
      g_cancellable_cancel (j->cancellable);
    }
  g_mutex_unlock (&s->jobs_lock);
}

static void
on_notification (Server *s, const char *method, JsonObject *params)
{
  if (g_str_equal (method, "notifications/cancelled"))
    on_cancelled (s, params);
  else if (g_str_equal (method, "notifications/initialized")
           || g_str_equal (method, "notifications/roots/list_changed"))
    {
      if (s->initialized && s->client_roots && !hs_mcp_roots_fixed (s->roots))
        ask_roots (s);
    }
  /* Other notifications need nothing. */
}

/* The client's answer to a request of ours (roots/list). */
static void
on_response (Server *s, JsonNode *id, JsonObject *msg)
{
  g_autofree char *key = json_to_string (id, FALSE);
  JsonObject *result = member_object (msg, "result");
  JsonNode *roots = result ? json_object_get_member (result, "roots") : NULL;
  g_autoptr (GPtrArray) uris = g_ptr_array_new ();

  if (!s->roots_request || !g_str_equal (key, s->roots_request))
    return;
  g_clear_pointer (&s->roots_request, g_free);
  if (!roots || !JSON_NODE_HOLDS_ARRAY (roots))
    {
      hs_mcp_roots_set_client (s->roots, NULL);
      return;
    }
  JsonArray *a = json_node_get_array (roots);
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      const char *uri = JSON_NODE_HOLDS_OBJECT (e) ? member_string (json_node_get_object (e), "uri") : NULL;
      if (uri)
        g_ptr_array_add (uris, (gpointer)uri);
    }
  g_ptr_array_add (uris, NULL);
  hs_mcp_roots_set_client (s->roots, (const char *const *)uris->pdata);
}

static void
on_line (Server *s, const char *line, gsize len)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonObject *msg;
  JsonNode *id, *params_node;
  const char *method;

  while (len > 0 && g_ascii_isspace (line[len - 1]))
    len--;
  if (len == 0)
    return;
  root = hs_mcp_json_parse (line, len, HS_MCP_DEPTH_MAX, &error);
  if (!root)
    {
      g_autofree char *m = g_strdup_printf ("Parse error: %s", error->message);
      send_error (s, NULL, JSONRPC_PARSE_ERROR, m);
      return;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      send_error (s, NULL, JSONRPC_INVALID_REQUEST,
                  JSON_NODE_HOLDS_ARRAY (root) ? "Invalid Request: batches are not taken"
                                               : "Invalid Request: not an object");
      return;
    }
  msg = json_node_get_object (root);
  id = json_object_get_member (msg, "id");
  if (id && !valid_id (id))
    {
      send_error (s, NULL, JSONRPC_INVALID_REQUEST, "Invalid Request: id must be a string or an integer");
      return;
    }
  if (g_strcmp0 (member_string (msg, "jsonrpc"), "2.0") != 0)
    {
      send_error (s, id, JSONRPC_INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\"");
      return;
    }
  method = member_string (msg, "method");
  if (!method)
    {
      if (id && (json_object_has_member (msg, "result") || json_object_has_member (msg, "error")))
        on_response (s, id, msg);
      else if (!json_object_has_member (msg, "method"))
        send_error (s, id, JSONRPC_INVALID_REQUEST, "Invalid Request: no method");
      else
        send_error (s, id, JSONRPC_INVALID_REQUEST, "Invalid Request: method must be a string");
      return;
    }
  params_node = json_object_get_member (msg, "params");
  if (params_node && !JSON_NODE_HOLDS_OBJECT (params_node))
    {
      if (id)
        send_error (s, id, JSONRPC_INVALID_PARAMS, "Invalid params: params must be an object");
      return;
    }
  if (id)
    on_request (s, id, method, params_node ? json_node_get_object (params_node) : NULL);
  else
    on_notification (s, method, params_node ? json_node_get_object (params_node) : NULL);
}

/* Reads stdin line by line until it ends; a line over HS_MCP_LINE_MAX is
 * refused and skipped to its end. */
static void
read_loop (Server *s)
{
  g_autoptr (GString) line = g_string_new (NULL);
  gboolean too_long = FALSE;
  char buf[65536];

  for (;;)
    {
      ssize_t n = read (STDIN_FILENO, buf, sizeof buf);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0 || s->broken)
        break;
      const char *p = buf, *end = buf + n;
      while (p < end)
        {
          const char *nl = memchr (p, '\n', (gsize)(end - p));
          gsize chunk = (gsize)((nl ? nl : end) - p);
          if (!too_long && line->len + chunk > HS_MCP_LINE_MAX)
            {
              too_long = TRUE;
              g_string_truncate (line, 0);
            }
          if (!too_long)
            g_string_append_len (line, p, chunk);
          p += chunk;
          if (!nl)
            break;
          p++; /* the newline */
          if (too_long)
            {
              g_autofree char *m
                  = g_strdup_printf ("Invalid Request: a message longer than %u bytes", HS_MCP_LINE_MAX);
              send_error (s, NULL, JSONRPC_INVALID_REQUEST, m);
            }
          else
            on_line (s, line->str, line->len);
          too_long = FALSE;
          g_string_truncate (line, 0);
        }
    }
  if (!too_long && line->len > 0) /* a last message without its newline */
    on_line (s, line->str, line->len);
}

int
hs_cli_mcp (const HsCliOptions *o, const char *path, GError **error)
{
  Server s = { 0 };
  guint64 budget = 0;
  gboolean is_default = TRUE;
  GThread *thread;

  (void)path;
  if (o->limit_text && !hs_cli_parse_size (o->limit_text, &budget, &is_default, error))
    {
      g_prefix_error (error, "mcp --limit: ");
      return 2;
    }
  if (is_default)
    budget = hs_memory_available () / 2;
  if (!(s.roots = hs_mcp_roots_new (o->roots, error)))
    return 2;

  /* The protocol's own descriptor; fd 1 then goes to stderr, so that
   * nothing else can write into the messages. */
  s.out = dup (STDOUT_FILENO);
  if (s.out < 0 || dup2 (STDERR_FILENO, STDOUT_FILENO) < 0)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "mcp: stdout: %s", g_strerror (errno));
      hs_mcp_roots_free (s.roots);
      return 2;
    }
  signal (SIGPIPE, SIG_IGN); /* a client gone: write fails, the server ends */
  g_mutex_init (&s.out_lock);
  g_mutex_init (&s.jobs_lock);
  s.jobs = g_hash_table_new (g_str_hash, g_str_equal);
  s.queue = g_async_queue_new ();
  s.cache = hs_mcp_cache_new (budget);
  s.base = (HsCliOptions){ .json = TRUE,
                           .quiet = TRUE,
                           .limit = -1,
                           .top = 25,
                           .max = -1,
                           .depth = 1,
                           .min_growth = 1,
                           .no_cache = o->no_cache,
                           .force = o->force,
                           .index_in_thread = TRUE };
  thread = g_thread_new ("hs-mcp-worker", worker, &s);

  read_loop (&s);

  /* stdin ended: the calls asked are answered, then the worker ends and
   * the analyses kept are freed (after the indexes being written). */
  g_async_queue_push (s.queue, &stop_marker);
  g_thread_join (thread);
  hs_mcp_cache_free (s.cache);
  hs_mcp_roots_free (s.roots);
  g_async_queue_unref (s.queue);
  g_hash_table_unref (s.jobs);
  g_free (s.roots_request);
  close (s.out);
  return 0;
}
