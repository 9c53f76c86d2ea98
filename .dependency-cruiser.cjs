// The gateway's layers, checked by `npm run lint` (dependency-cruiser, type-only imports included).
// Floors, from the ground up: config/logging/util/tracing/redis; backends; domain; schema, plugins, live,
// events, auth, context; server, websocket, main. Nothing imports from a floor above its own, and
// no import cycle runs anywhere in src/. docs/decisions.md, "Layers", says why.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "Files that import each other (types included) cannot be read, tested or moved one at a time.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "ground-floor",
      comment:
        "config, logging, util, tracing and redis are the ground floor: they import nothing else of the gateway's.",
      severity: "error",
      from: { path: "^src/(config\\.ts|logging/|util/|tracing/|redis/)" },
      to: { path: "^src/", pathNot: "^src/(config\\.ts|logging/|util/|tracing/|redis/)" },
    },
    {
      name: "util-is-a-leaf",
      comment: "util/ holds platform-level helpers: it imports only util/.",
      severity: "error",
      from: { path: "^src/util/" },
      to: { path: "^src/", pathNot: "^src/util/" },
    },
    {
      name: "backends-know-no-graph",
      comment:
        "The wire never knows GraphQL: backends import no schema, domain, plugin or server code, nor graphql itself.",
      severity: "error",
      from: { path: "^src/backends/" },
      to: {
        path: [
          "^src/(schema|domain|plugins|live|events|auth|persisted|metrics|shutdown|sandbox|server|websocket|http|limits)/",
          "^src/(server|context|main)\\.ts$",
          "(^|/)node_modules/(graphql|graphql-yoga|graphql-ws|@pothos/[^/]+|@envelop/[^/]+)/",
        ],
      },
    },
    {
      name: "schema-speaks-the-domain",
      comment: "The schema imports the domain, never a backend or a sandbox.",
      severity: "error",
      from: { path: "^src/schema/" },
      to: { path: "^src/(backends|sandbox)/" },
    },
    {
      name: "domain-below-the-graph",
      comment: "The domain serves the schema: it imports no schema, plugin, server or websocket code.",
      severity: "error",
      from: { path: "^src/domain/" },
      to: {
        path: [
          "^src/(schema|plugins|live|auth|sandbox|server|websocket|http|limits)/",
          "^src/(server|context|main)\\.ts$",
        ],
      },
    },
    {
      name: "live-below-the-graph",
      comment:
        "Shared executions (live/) are handed the schema's live fields: they import no schema, plugin or server code.",
      severity: "error",
      from: { path: "^src/live/" },
      to: { path: ["^src/(schema|plugins|server|websocket|auth|sandbox)/", "^src/(server|context|main)\\.ts$"] },
    },
    {
      name: "events-below-live",
      comment: "events/ is ingress, log and feed: it imports nothing of live/, the schema or the servers.",
      severity: "error",
      from: { path: "^src/events/" },
      to: { path: ["^src/(live|schema|plugins|server|websocket|auth|sandbox)/", "^src/(server|context|main)\\.ts$"] },
    },
    {
      name: "sandbox-only-from-main",
      comment: "The sandboxes are separate programs: only main.ts starts them.",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/sandbox/", "^src/main\\.ts$"] },
      to: { path: "^src/sandbox/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
