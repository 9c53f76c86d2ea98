/**
 * docs/operations.md stays true to the code: every code and setting it names in backticks exists
 * in src/, every metric it names is one the gateway exports and the other way round, and every code
 * a caller or a backend can get (field errors, limits, access refusals, persisted documents, webhook
 * ingress, /metrics) is explained there.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { GRAPH_ERROR_CODES } from "../../src/schema/support/graph-errors.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const runbook = readFileSync(join(root, "docs/operations.md"), "utf8");
const read = (path: string) => readFileSync(join(root, path), "utf8");

/** Every source file below `dir` ending in `ext` (the sandboxes are not the gateway). */
function sources(dir: string, ext: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return path === "src/sandbox" ? [] : sources(path, ext);
    return entry.name.endsWith(ext) ? [read(path)] : [];
  });
}
/** The gateway's code, and yoga's, whose request errors (GRAPHQL_PARSE_FAILED, …) callers get too. */
const code = [...sources("src", ".ts"), ...sources("node_modules/graphql-yoga/esm", ".js")].join("\n");

/** The string members of a union type `name` in a source file. */
function unionMembers(path: string, name: string): string[] {
  const body = new RegExp(`type ${name} =([^;]*);`).exec(read(path))?.[1] ?? "";
  return [...body.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

/** Whether the runbook names `value` in backticks. */
const named = (value: string) => runbook.includes(`\`${value}\``);

describe("docs/operations.md", () => {
  it("names only codes and settings that exist in the code", () => {
    const identifiers = new Set([...runbook.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)].map((m) => m[1]!));
    expect(identifiers.size).toBeGreaterThan(40);
    const limits = unionMembers("src/limits/limit-error.ts", "LimitName");
    const exists = (id: string) =>
      new RegExp(`\\b${id}\\b`).test(code) ||
      // Codes made of a limit's name; settings made of a backend's prefix (config.ts limitsOf).
      limits.some((limit) => id === `${limit}_EXCEEDED`) ||
      (/^(LEGACY|COMMERCE)_/.test(id) && code.includes(`\${prefix}${id.replace(/^(LEGACY|COMMERCE)/, "")}`));
    const missing = [...identifiers].filter((id) => !exists(id));
    expect(missing).toEqual([]);
  });

  it("names exactly the metrics the gateway exports", () => {
    const metrics = read("src/metrics/index.ts");
    const exported = [...metrics.matchAll(/name: `\$\{P\}([a-z_]+)`/g)].map((m) => `mailgraph_${m[1]}`);
    expect(exported.length).toBeGreaterThan(5);
    for (const metric of exported) expect(runbook, metric).toContain(metric);
    const documented = [...runbook.matchAll(/`(mailgraph_[a-z_]+)`/g)].map((m) => m[1]!);
    expect(documented.filter((metric) => !exported.includes(metric))).toEqual([]);
  });

  it("explains every code a caller or a backend can get", () => {
    const limits = unionMembers("src/limits/limit-error.ts", "LimitName").map((limit) => `${limit}_EXCEEDED`);
    const ingress = unionMembers("src/events/ingress/errors.ts", "IngressErrorCode");
    const access = ["src/http/access.ts", "src/plugins/csrf.ts"].flatMap((file) =>
      [...read(file).matchAll(/code: "([A-Z_]+)"/g)].map((m) => m[1]!),
    );
    const metricsEndpoint = [...read("src/metrics/endpoint.ts").matchAll(/"(METRICS_[A-Z_]+)"/g)].map((m) => m[1]!);
    const persisted = [...read("src/persisted/plugins.ts").matchAll(/code: "([A-Z_]+)"/g)].map((m) => m[1]!);
    expect(limits.length).toBeGreaterThan(8);
    expect(ingress.length).toBeGreaterThan(10);
    expect(access.length).toBeGreaterThan(3);
    expect(persisted).toEqual(expect.arrayContaining(["PERSISTED_ONLY", "PERSISTED_QUERY_NOT_FOUND"]));
    const all = [...GRAPH_ERROR_CODES, ...limits, ...ingress, ...access, ...metricsEndpoint, ...persisted];
    expect(all.filter((value) => !named(value))).toEqual([]);
  });
});
