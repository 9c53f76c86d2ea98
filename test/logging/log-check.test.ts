/**
 * The suite-wide log check itself: the capture reaches the run's directory, and the checker
 * finds each kind of leak (and passes clean lines), so the check at the end of the run can fail.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { createLogger } from "../../src/logging/logger.js";
import { COMMERCE_DEMO } from "../../src/sandbox/commerce/demo-data.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { checkLogDirectory, LINES_SUFFIX, SECRETS_SUFFIX } from "../support/log-check.js";
import { tapChildOutput } from "../support/log-capture.js";
import { checkAndRemove } from "../support/log-global-setup.js";

const CLEAN = [
  '{"level":"info","time":"2026-03-18T03:00:00.000Z","requestId":"0b7c3f1e-4a57-4d8e-9a51-2f4b1c2d3e4f","method":"POST","path":"/graphql","operationName":"Person","status":200,"durationMs":12.5,"msg":"request"}',
  '{"level":"warn","time":"2026-03-18T03:00:00.000Z","path":"/webhooks/legacy/[redacted]","note":"Bearer [redacted] for [email]","msg":"request"}',
  '{"level":"info","traceId":"4bf92f3577b34da6a3ce929d0e0e4736","spanId":"00f067aa0ba902b7","msg":"x"}',
];

function runDir(lines: string[], secrets: string[][] = []): string {
  const dir = mkdtempSync(join(tmpdir(), "mailgraph-log-check-"));
  writeFileSync(join(dir, `a${LINES_SUFFIX}`), lines.map((l) => `${l}\n`).join(""));
  if (secrets.length > 0)
    writeFileSync(join(dir, `a${SECRETS_SUFFIX}`), secrets.map((s) => `${JSON.stringify(s)}\n`).join(""));
  return dir;
}

describe("the suite-wide log check", () => {
  it("captures every line a logger of this run writes in the run's directory", () => {
    const dir = inject("logDir");
    expect(dir).toBeTruthy();
    const marker = `capture-marker-${Date.now()}`;
    createLogger({ level: "info", secrets: ["registered-secret-value"] }).info({ marker }, "captured");
    const files = readdirSync(dir);
    const text = files
      .filter((f) => f.endsWith(LINES_SUFFIX))
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .join("");
    expect(text).toContain(marker);
    const secrets = files
      .filter((f) => f.endsWith(SECRETS_SUFFIX))
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .join("");
    expect(secrets).toContain("registered-secret-value");
  });

  it("captures what child processes print, stdout and stderr", async () => {
    const dir = inject("logDir");
    const marker = `child-marker-${Date.now()}`;
    const child = spawn(process.execPath, ["-e", `console.log("${marker}-out"); console.error("${marker}-err")`]);
    tapChildOutput(child);
    await new Promise((resolve) => child.once("close", resolve));
    const text = readdirSync(dir)
      .filter((f) => f.endsWith(LINES_SUFFIX))
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .join("");
    expect(text).toContain(`${marker}-out\n`);
    expect(text).toContain(`${marker}-err\n`);
  });

  it("passes clean lines", () => {
    const dir = runDir(CLEAN);
    expect(checkLogDirectory(dir)).toEqual({ lines: 3, files: 1, findings: [] });
  });

  it.each([
    ["the legacy demo key", `{"msg":"key ${DEMO.apiKey}"}`],
    ["the commerce demo key", `{"headers":{"x-apikey":"${COMMERCE_DEMO.apiKey}"}}`],
    ["the partner app's client secret", `{"msg":"${COMMERCE_DEMO.app.clientSecret}"}`],
    ["a demo address", `{"msg":"${DEMO.emails.active}"}`],
    ["the store owner's address", `{"msg":"${COMMERCE_DEMO.user.email}"}`],
    ["any address", '{"msg":"someone.else@mail.example.org"}'],
    ["a URL-encoded address", '{"path":"/x?e=someone%40example.net"}'],
    ["a compact JWS", '{"msg":"eyJhbGciOiJIUzI1NiJ9.eyJpYXQiOjF9.c2lnbmF0dXJlLXNpZw"}'],
    ["a bearer token", '{"msg":"Authorization: Bearer abc123def456ghi"}'],
    ["a sandbox access token", '{"msg":"token Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy"}'],
  ])("finds %s", (_what, leak) => {
    const { findings } = checkLogDirectory(runDir([...CLEAN, leak]));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ line: 4 });
    // The report masks what it found.
    expect(findings[0]!.excerpt).not.toContain(DEMO.apiKey);
  });

  it("finds the secrets gateways of the run were configured with, as sent and URL-encoded", () => {
    const secret = "ingress/token+of a test";
    const plain = checkLogDirectory(runDir([...CLEAN, `{"msg":"${secret}"}`], [[secret, "abc"]]));
    expect(plain.findings.map((f) => f.what)).toEqual([expect.stringMatching(/^known secret #\d+ \(23 characters\)$/)]);
    const encoded = checkLogDirectory(runDir([`{"path":"/w/${encodeURIComponent(secret)}"}`], [[secret]]));
    expect(encoded.findings).toHaveLength(1);
    // Secrets too short to look for ("abc") are not, or every line would match.
    expect(checkLogDirectory(runDir(['{"msg":"abc"}'], [["abc"]])).findings).toEqual([]);
  });

  it("fails the run (exit code and error) when a line leaks, and removes the directory either way", () => {
    const saved = process.exitCode;
    try {
      const clean = runDir(CLEAN);
      expect(checkAndRemove(clean)).toBe("log check: 3 log lines in 1 files, none carries a secret or an address");
      expect(existsSync(clean)).toBe(false);
      const leaky = runDir([...CLEAN, `{"msg":"${DEMO.apiKey}"}`]);
      expect(() => checkAndRemove(leaky)).toThrow(/log check: 1 of 4 log lines/);
      expect(process.exitCode).toBe(1);
      expect(existsSync(leaky)).toBe(false);
    } finally {
      process.exitCode = saved;
    }
  });
});
