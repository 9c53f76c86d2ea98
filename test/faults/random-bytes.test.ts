/**
 * Random bytes at the gateway's doors: 2,000 requests (fixed seed) to /graphql and to both
 * webhook paths, with random bodies (raw bytes, broken JSON, JSON of the wrong shape, XML-ish
 * text), random content types and random credentials. Every request gets an HTTP answer below
 * 500, nothing appends to the event log, and the gateway still serves a real query after.
 */
import { Agent, request } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { FIXED_NOW, startGateway } from "../support/stack.js";
import { post } from "../server/support.js";
import { seededRandom } from "./proxy.js";

const SEED = 20261123;
const REQUESTS = 2_000;
const TOKEN = "random-bytes-ingress-token-0123456789";
const SECRET = "random-bytes-commerce-webhook-secret-0123456789";

let sandbox: LegacySandbox;
let gateway: Gateway;
beforeAll(async () => {
  sandbox = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
  gateway = await startGateway(sandbox.url, {
    INGRESS_TOKEN: TOKEN,
    COMMERCE_WEBHOOK_SECRET: SECRET,
    AUTH_MODE: "open",
  });
});
afterAll(async () => {
  await gateway.close();
  await sandbox.close();
});

const TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/graphql-response+json",
  "application/graphql",
  "application/xml",
  "text/xml",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----x",
  "application/octet-stream",
  "application/json; charset=utf-16",
  "\u00ff/\u00fe",
  undefined,
];

/** One random request: path, content type, headers and body. */
function draw(random: () => number) {
  const int = (n: number) => Math.floor(random() * n);
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
  const text = (n: number) => String.fromCharCode(...Array.from({ length: n }, () => 32 + int(95)));
  const which = int(4);
  const path =
    which < 2
      ? "/graphql"
      : which === 2
        ? `/webhooks/legacy/${int(3) === 0 ? TOKEN.slice(1) : TOKEN}`
        : "/webhooks/commerce";
  let body: Buffer;
  switch (int(6)) {
    case 0:
      body = bytes(int(2048));
      break;
    case 1:
      body = Buffer.from(`{"query":${text(int(200))}`);
      break;
    case 2:
      body = Buffer.from(JSON.stringify({ query: text(int(100)), variables: text(int(20)), Events: int(5) }));
      break;
    case 3:
      body = Buffer.from(`<?xml version="1.0"?><Events>${text(int(300))}`);
      break;
    case 4:
      body = Buffer.concat([Buffer.from('{"meta":{"topic":"'), bytes(int(64)), Buffer.from('"},"data":[')]);
      break;
    default:
      body = Buffer.from(JSON.stringify([null, int(10), { ListID: text(8), Events: [{ Type: text(5) }] }]));
  }
  const headers: Record<string, string> = { "content-length": String(body.length) };
  const type = TYPES[int(TYPES.length)];
  if (type !== undefined) headers["content-type"] = type;
  if (int(3) === 0) headers.authorization = `Bearer ${text(int(120))}`;
  if (int(4) === 0) headers.accept = int(2) ? "text/event-stream" : "application/graphql-response+json";
  return { path, headers, body };
}

it(`answers ${REQUESTS} requests of random bytes, each below 500, and keeps serving`, async () => {
  const random = seededRandom(SEED);
  const url = new URL(gateway.url);
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  const one = ({ path, headers, body }: ReturnType<typeof draw>) =>
    new Promise<void>((resolve) => {
      const req = request(
        { host: url.hostname, port: url.port, path, method: "POST", headers, agent, timeout: 10_000 },
        (res) => {
          res.resume();
          res.once("end", () => {
            const status = res.statusCode ?? 0;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status >= 500)
              failures.push(`${status} for ${path.split("/").slice(0, 3).join("/")} ${headers["content-type"]}`);
            resolve();
          });
        },
      );
      req.once("timeout", () => req.destroy(new Error("no answer within 10 s")));
      req.once("error", (error) => {
        failures.push(`no answer: ${error.message}`);
        resolve();
      });
      req.end(body);
    });
  let appended = 0;
  const stops = await Promise.all(
    (["legacy", "commerce"] as const).map((source) => gateway.events.subscribe(source, {}, () => void appended++)),
  );
  const drawn = Array.from({ length: REQUESTS }, () => draw(random));
  const started = performance.now();
  for (let i = 0; i < drawn.length; i += 16) await Promise.all(drawn.slice(i, i + 16).map(one));
  const ms = performance.now() - started;
  agent.destroy();
  for (const stop of stops) stop();

  expect(failures).toEqual([]);
  expect([...statuses.values()].reduce((s, n) => s + n, 0)).toBe(REQUESTS);
  // Not one status everywhere: the doors refuse in their own ways (400, 401, 404, 406, 415, …).
  expect(statuses.size).toBeGreaterThan(3);
  expect(appended).toBe(0);
  console.log(
    `random bytes: ${REQUESTS} requests in ${Math.round(ms)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );

  const res = await post(gateway.url, "query RandomBytesAfter { clients { id } }");
  expect(res.status).toBe(200);
  expect(res.body?.errors).toBeUndefined();
  expect(sandbox.calls.count("User.GetClients")).toBe(1);
}, 60_000);
