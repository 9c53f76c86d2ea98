/**
 * One-time login codes with REDIS_URL: held in Redis (keyed by their digest, expiring with the
 * code), so the app may exchange a code on another instance than the one that issued it, once
 * only, and never from another origin.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_TIME_CODE_TTL_MS } from "../../src/auth/login.js";
import type { Gateway } from "../../src/server.js";
import { query, startAuthStack, UserAgent, walkLogin, type AuthStack } from "./support.js";

const REDIS_URL = "redis://127.0.0.1:6379/10";
const PREFIX = `codes-${process.pid}-${Date.now()}:`;
const APP = "http://app.example.test:5173";
const OTHER_APP = "http://other.example.test:5173";
const SUBSCRIBERS = `query Shared { store { customerList(listId: "cl_newsletter") { subscribers(first: 1) { totalCount } } } }`;

let stack: AuthStack;
let second: Gateway;
let redis: Redis;
const env = { AUTH_RETURN_ORIGINS: `${APP},${OTHER_APP}`, REDIS_URL, EVENT_LOG_KEY_PREFIX: PREFIX };

beforeAll(async () => {
  stack = await startAuthStack(env);
  second = (await stack.gatewayWith(env, { log: () => {} })).gateway;
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await second.close();
  await stack.close();
});

async function codeFromLogin(): Promise<string> {
  const walk = await walkLogin(new UserAgent(), stack.gateway.url, {
    query: `?return_to=${encodeURIComponent(`${APP}/signed-in`)}`,
  });
  expect(walk.callback.status).toBe(302);
  return new URLSearchParams(new URL(walk.callback.location!).hash.slice(1)).get("gateway_code")!;
}

const exchange = (gatewayUrl: string, code: string, origin: string) =>
  fetch(`${gatewayUrl}/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ code }),
  });

describe("one-time login codes shared through Redis", () => {
  it("are exchanged on another instance, once, and not from another allowed origin", async () => {
    const code = await codeFromLogin();
    const held = await redis.keys(`${PREFIX}login-code:*`);
    expect(held).toHaveLength(1);
    // Redis holds the code's digest, never the code, and lets it expire with the code.
    expect(held[0]).not.toContain(code);
    expect(await redis.get(held[0]!)).not.toContain(code);
    const ttl = await redis.pttl(held[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(ONE_TIME_CODE_TTL_MS);

    // Another origin the gateway allows still cannot redeem it, nor use it up.
    const foreign = await exchange(second.url, code, OTHER_APP);
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ error: "invalid_grant" });

    const redeemed = await exchange(second.url, code, APP);
    expect(redeemed.status).toBe(200);
    const body = (await redeemed.json()) as { token: string; expires_in: number };
    expect(body.expires_in).toBeGreaterThan(28_790);
    const res = await query(second.url, SUBSCRIBERS, { authorization: `Bearer ${body.token}` });
    expect(res.body.errors).toBeUndefined();

    expect((await exchange(stack.gateway.url, code, APP)).status).toBe(400);
    expect((await exchange(second.url, code, APP)).status).toBe(400);
    expect(await redis.keys(`${PREFIX}login-code:*`)).toHaveLength(0);
  });

  it("gives a code to exactly one of several exchanges racing on both instances", async () => {
    const code = await codeFromLogin();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => exchange(i % 2 ? second.url : stack.gateway.url, code, APP)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
  });

  it("refuses an empty Origin, which no code was issued for, and keeps the code", async () => {
    const code = await codeFromLogin();
    const empty = await fetch(`${second.url}/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "" },
      body: JSON.stringify({ code }),
    });
    expect([400, 403]).toContain(empty.status);
    expect((await exchange(second.url, code, APP)).status).toBe(200);
  });

  it("refuses codes Redis never held", async () => {
    const res = await exchange(second.url, "A".repeat(43), APP);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_grant" });
  });
});
