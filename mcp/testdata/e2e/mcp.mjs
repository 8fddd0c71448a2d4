// Drives `tinybase mcp` (stdio) and /mcp of a running tinybase (streamable
// HTTP) with the official TypeScript MCP client, through every tool. The
// client checks each structuredContent against the tool's outputSchema.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const { TINYBASE_BIN, PROJECT_DIR, MCP_URL } = process.env;

const allTools = [
  "apply_migration", "describe_table", "execute_sql", "generate_typescript_types", "get_advisors",
  "get_logs", "get_project_url", "get_publishable_keys", "list_extensions", "list_migrations", "list_tables",
  "restore", "snapshot", "test_rls", "validate_migration",
];

function text(res) {
  return res.content.filter((c) => c.type === "text").map((c) => c.text).join("");
}

// rows returns the JSON between the untrusted-data boundary tags.
function rows(result) {
  const m = result.match(/\n<(untrusted-data-[0-9a-f-]{36})>\n([\s\S]*)\n<\/\1>/);
  assert.ok(m, `no boundary in ${result}`);
  return JSON.parse(m[2]);
}

async function ok(client, name, args = {}) {
  const res = await client.callTool({ name, arguments: args });
  assert.ok(!res.isError, `${name} failed: ${text(res)}`);
  assert.ok(res.structuredContent, `${name}: no structuredContent`);
  return res.structuredContent;
}

async function exercise(client, label) {
  const tools = (await client.listTools()).tools.map((t) => t.name).sort();
  assert.deepEqual(tools, allTools, `${label}: tools`);

  const compact = await ok(client, "list_tables", {});
  assert.ok(compact.tables.some((t) => t.name === "public.todos" && t.rls_enabled === false));
  const verbose = await ok(client, "list_tables", { schemas: ["public"], verbose: true });
  const todos = verbose.tables.find((t) => t.name === "public.todos");
  assert.deepEqual(todos.primary_keys, ["id"]);
  assert.ok(todos.columns.some((c) => c.name === "title" && c.data_type === "text"));

  const ext = await ok(client, "list_extensions");
  assert.ok(ext.extensions.some((e) => e.name === "plpgsql" && e.installed_version));

  const migs = await ok(client, "list_migrations");
  assert.equal(migs.migrations[0].version, "20240101000000");

  const valid = await ok(client, "validate_migration", { query: "alter table todos add column note text;" });
  assert.equal(valid.valid, true);

  const name = `add_${label}`;
  const applied = await ok(client, "apply_migration", { name, query: `alter table todos add column ${label}_flag boolean not null default true;` });
  assert.equal(applied.success, true);
  assert.ok(applied.file.endsWith(`_${name}.sql`));

  const bad = await client.callTool({ name: "apply_migration", arguments: { name: "broken", query: "create table x (id int);\nselect * from nope;" } });
  assert.equal(bad.isError, true);
  const err = JSON.parse(text(bad)).error;
  assert.equal(err.sqlstate, "42P01");
  assert.equal(err.line, 2);
  assert.equal(err.column, 15);
  assert.equal(err.written, false);

  const sql = await ok(client, "execute_sql", { query: `select title, ${label}_flag as flag from todos order by id` });
  assert.deepEqual(rows(sql.result), [{ title: "one", flag: true }]);

  const desc = await ok(client, "describe_table", { table: "todos" });
  assert.ok(desc.columns.some((c) => c.name === `${label}_flag` && c.type === "boolean"));

  const rls = await ok(client, "test_rls", { role: "anon", claims: { role: "anon" }, query: "select count(*) as n from todos" });
  assert.deepEqual(rows(rls.result), [{ n: 1 }]);

  const adv = await ok(client, "get_advisors", { type: "security" });
  assert.ok(adv.result.lints.some((l) => l.name === "rls_disabled_in_public"));

  const types = await ok(client, "generate_typescript_types");
  assert.match(types.types, /export type Database/);

  const url = await ok(client, "get_project_url");
  assert.match(url.url, /^http:\/\//);

  const keys = await ok(client, "get_publishable_keys");
  assert.deepEqual(keys.keys.map((k) => k.name), ["anon", "service_role"]);

  const wrong = await client.callTool({ name: "list_tables", arguments: { verbose: "yes" } });
  assert.equal(wrong.isError, true);
  await assert.rejects(client.callTool({ name: "no_such_tool", arguments: {} }));
  const again = await ok(client, "execute_sql", { query: "select 1 as one" });
  assert.deepEqual(rows(again.result), [{ one: 1 }]);
}

const stdio = new Client({ name: "tinybase-e2e", version: "1.0.0" });
await stdio.connect(new StdioClientTransport({ command: TINYBASE_BIN, args: ["mcp", "--dir", PROJECT_DIR], stderr: "inherit" }));
assert.equal(stdio.getServerVersion().name, "tinybase");
assert.match(stdio.getInstructions(), /apply_migration/);
await exercise(stdio, "stdio");
await stdio.close();

const http = new Client({ name: "tinybase-e2e-http", version: "1.0.0" });
await http.connect(new StreamableHTTPClientTransport(new URL(MCP_URL)));
await exercise(http, "http");
// served by the running instance, whose log holds the statements above
const logs = await ok(http, "get_logs", { service: "postgres" });
assert.ok(Array.isArray(logs.result));
await http.close();
console.log("ok");
