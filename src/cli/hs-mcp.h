/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-mcp.h: what `heapscope-cli mcp` is made of: the folders it may read
 * (hs-mcp-roots.c), the analyses it keeps loaded (hs-mcp-cache.c) and the
 * tool table (hs-mcp-tools.c); the protocol itself is hs-cli-mcp.c. Only
 * the CLI uses json-glib. */
#pragma once

#include <json-glib/json-glib.h>

#include "hs-cli.h"

G_BEGIN_DECLS

/* A request line longer than this is refused unread (-32600). */
#define HS_MCP_LINE_MAX (1u << 20)
/* JSON nested deeper than this is refused before it is parsed. */
#define HS_MCP_DEPTH_MAX 64
/* The most a command may print for one call before it is cut (the CLI's
 * JSON before the limit is applied), and the most one answer may hold. */
#define HS_MCP_COLLECT_MAX ((gsize)64 << 20)
#define HS_MCP_ANSWER_MAX ((gsize)4 << 20)

/* --- the folders a dump may be in (hs-mcp-roots.c) --- */

typedef struct _HsMcpRoots HsMcpRoots;

/* dirs: the --root folders (NULL or empty: the client's roots decide). */
HsMcpRoots *hs_mcp_roots_new (char **dirs, GError **error);
void hs_mcp_roots_free (HsMcpRoots *r);
/* The client's roots/list is asked and not answered yet: hs_mcp_roots_check
 * waits for the answer (a few seconds at most). */
void hs_mcp_roots_asked (HsMcpRoots *r);
/* The client's roots (file: URIs; others are ignored); uris NULL: it
 * answered with an error (none). Ignored when --root was given. */
void hs_mcp_roots_set_client (HsMcpRoots *r, const char *const *uris);
/* --root folders were given: the client's roots are not asked. */
gboolean hs_mcp_roots_fixed (HsMcpRoots *r);
/* path's real path (symbolic links resolved) when it is a regular file
 * under one of the roots; NULL with an error naming path otherwise. */
char *hs_mcp_roots_check (HsMcpRoots *r, const char *path, GError **error);

/* --- the analyses kept loaded (hs-mcp-cache.c) --- */

typedef struct _HsMcpCache HsMcpCache;

/* budget: bytes the analyses kept may take (their estimate); the one
 * in use is kept whatever its size (0: only that one). */
HsMcpCache *hs_mcp_cache_new (guint64 budget);
void hs_mcp_cache_free (HsMcpCache *c);
/* The analysis of real_path (a real path, hs_mcp_roots_check) with o's
 * dump number and weak-reference setting: kept from an earlier call, or
 * loaded now as the CLI loads it (the persistent index first), with the
 * dominators, leaks, suspects and waste, the least recently used others
 * let go to stay within the budget. Owned by the cache: valid until the
 * next call. One thread only. */
HsAnalysis *hs_mcp_cache_get (HsMcpCache *c, const HsCliOptions *o, const char *real_path, GError **error);

/* --- JSON text (hs-mcp-json.c) --- */

/* The deepest nesting of arrays and objects in text (strings skipped). */
guint hs_mcp_json_depth (const char *text, gsize len);
/* The value text holds (a new node), or NULL with an error when it is not
 * JSON or is nested deeper than max_depth. */
JsonNode *hs_mcp_json_parse (const char *text, gsize len, guint max_depth, GError **error);

/* --- the tools (hs-mcp-tools.c) --- */

typedef struct
{
  HsMcpRoots *roots;
  HsMcpCache *cache;
  /* The options of the server's command line every call starts from, with
   * the call's progress function set. */
  const HsCliOptions *base;
} HsMcpContext;

typedef struct _HsMcpTool HsMcpTool;

/* The tool called name, or NULL. */
const HsMcpTool *hs_mcp_tool_find (const char *name);
/* tools/list's result: {"tools": [...]}, each with its inputSchema and
 * outputSchema. */
JsonNode *hs_mcp_tools_list (void);
/* Runs the tool on args (an object) and returns a CallToolResult: the
 * structuredContent and a text summary, or isError with the message.
 * Never NULL. On the worker thread. */
JsonNode *hs_mcp_tool_call (const HsMcpTool *tool, JsonObject *args, const HsMcpContext *ctx);

G_END_DECLS
