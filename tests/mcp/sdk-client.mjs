// SPDX-License-Identifier: GPL-3.0-or-later
// The official TypeScript SDK's client driving heapscope-cli mcp, for
// test_clients.py: it connects over stdio, lists the tools, calls them
// (the SDK checks each structuredContent against the tool's outputSchema)
// and prints what it saw as one JSON object on stdout; the Python test
// holds the expected values.
//
//   node sdk-client.mjs CLI ROOT DUMP OUTSIDE BIG SERIES...   (server run with --root ROOT)
//   node sdk-client.mjs CLI --client-roots ROOT DUMP OUTSIDE   (the client gives ROOT as its root)
//
// SERIES: the dumps growth is called on, oldest first (DUMP twice without).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { pathToFileURL } from "node:url";

const [cli, ...rest] = process.argv.slice(2);
const clientRoots = rest[0] === "--client-roots";
const [root, dump, outside, big, ...given] = clientRoots ? rest.slice(1) : rest;
const series = given.length >= 2 ? given : [dump, dump];

const transport = new StdioClientTransport({
  command: cli,
  args: clientRoots ? ["mcp"] : ["mcp", "--root", root],
  env: process.env,
  stderr: "inherit",
});
const client = new Client(
  { name: "heapscope-tests", version: "1" },
  { capabilities: clientRoots ? { roots: { listChanged: true } } : {} },
);
if (clientRoots)
  client.setRequestHandler(ListRootsRequestSchema, async () => ({
    roots: [{ uri: pathToFileURL(root).href, name: "dumps" }],
  }));

const seen = {};
const text = (r) => r.content.map((c) => c.text).join("\n");
const outcome = async (promise) => {
  try {
    const r = await promise;
    return { isError: !!r.isError, text: text(r), structured: r.structuredContent ?? null };
  } catch (e) {
    return { thrown: String(e) };
  }
};

await client.connect(transport);
seen.server = client.getServerVersion();
seen.tools = (await client.listTools()).tools.map((t) => ({
  name: t.name,
  input: Object.keys(t.inputSchema.properties ?? {}),
  output: t.outputSchema?.type ?? null,
}));

let progress = [];
seen.summary = await outcome(
  client.callTool({ name: "summary", arguments: { dump } }, undefined, {
    onprogress: (p) => progress.push(p.progress),
  }),
);
seen.summaryProgress = progress;
for (const [name, args] of [
  ["classes", { dump, limit: 2 }],
  ["dominators", { dump, limit: 1 }],
  ["object", { dump, id: "0x2020" }],
  ["references", { dump, id: "0x2000" }],
  ["paths", { dump, ids: ["0x2020"] }],
  ["query", { dump, query: "SELECT * FROM com.example.Pair" }],
  ["leaks", { dump }],
  ["suspects", { dump }],
  ["waste", { dump }],
  ["threads", { dump }],
  ["compare", { baseline: dump, dump }],
  ["growth", { dumps: series, limit: 3 }],
])
  seen[name] = await outcome(client.callTool({ name, arguments: args }));
seen.outside = await outcome(client.callTool({ name: "summary", arguments: { dump: outside } }));
seen.badArgument = await outcome(client.callTool({ name: "classes", arguments: { dump, sort: "size" } }));

if (big) {
  // Cancelled by the client at its first progress: the SDK sends
  // notifications/cancelled and gives up the request; the server must
  // still answer ping and the next call.
  const controller = new AbortController();
  let gotProgress = false;
  seen.cancelled = await outcome(
    client.callTool({ name: "summary", arguments: { dump: big } }, undefined, {
      signal: controller.signal,
      onprogress: () => {
        gotProgress = true;
        controller.abort("enough");
      },
    }),
  );
  seen.cancelledAfterProgress = gotProgress;
  seen.pingAfterCancel = await client.ping().then(
    () => true,
    (e) => String(e),
  );
  seen.afterCancel = await outcome(client.callTool({ name: "summary", arguments: { dump } }));
}

await client.close();
process.stdout.write(JSON.stringify(seen) + "\n");
