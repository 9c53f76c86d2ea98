/**
 * The commerce sandbox's consent page lets the user choose which requested scopes to grant; the
 * code, the access token and the access-token reply's `scope` hold exactly those.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCommerceSandbox, type CommerceSandbox } from "../../src/sandbox/commerce/index.js";
import { basicAuthorization } from "../../src/backends/commerce/token-exchange.js";
import { CommerceClient } from "../../src/backends/commerce/client.js";
import { testLimits } from "../backends/commerce/support/limits.js";
import { json, startStub } from "../backends/commerce/support/stub-server.js";
import { consentForm, UserAgent } from "./support.js";

let sandbox: CommerceSandbox;
beforeAll(async () => {
  sandbox = await startCommerceSandbox({ rateLimit: 0 });
});
afterAll(() => sandbox.close());

const REQUESTED = ["read_customers", "read_segments"];

/** Opens the consent page for REQUESTED and posts `form(page)`; returns the decision's answer. */
async function decide(form: (page: string) => string) {
  const agent = new UserAgent();
  const { clientId, redirectUri } = sandbox.demo.app;
  const params = new URLSearchParams([
    ["client_id", clientId],
    ["redirect_uri", redirectUri],
    ["scope", REQUESTED.join(" ")],
    ["state", "consent-test-state"],
  ]);
  const page = await agent.get(`${sandbox.url}/oauth/authorize?${params.toString()}`);
  expect(page.status).toBe(200);
  return {
    page: page.text,
    answer: await agent.post(`${sandbox.url}/oauth/authorize/decision`, form(page.text), {
      "content-type": "application/x-www-form-urlencoded",
    }),
  };
}

/** Exchanges the code of a decision's redirect; returns the reply body. */
async function exchange(location: string) {
  const code = new URL(location).searchParams.get("code")!;
  const { clientId, clientSecret, redirectUri } = sandbox.demo.app;
  const res = await fetch(`${sandbox.url}/oauth/access-token`, {
    method: "POST",
    headers: {
      authorization: basicAuthorization(clientId, clientSecret),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams([
      ["code", code],
      ["redirect_uri", redirectUri],
    ]).toString(),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; token_type: string; scope: string };
}

describe("the sandbox's consent page", () => {
  it("offers each requested scope as a ticked checkbox", async () => {
    const { page } = await decide((p) => consentForm(p, "reject"));
    const boxes = [...page.matchAll(/<input type="checkbox" name="grant" value="([^"]+)" checked>/g)].map((m) => m[1]);
    expect(boxes).toEqual(REQUESTED);
  });

  it("grants only the ticked scopes, and says so in the access-token reply", async () => {
    const { answer } = await decide((p) => consentForm(p, "approve", ["read_segments"]));
    expect(answer.status).toBe(302);
    const reply = await exchange(answer.location!);
    expect(reply).toMatchObject({ token_type: "pop", scope: "read_segments" });
    const grant = [...sandbox.store.codes.values()].find(
      (c) => c.code === new URL(answer.location!).searchParams.get("code"),
    );
    expect(grant?.scopes).toEqual(["read_segments"]);
  });

  it("grants nothing when everything is unticked, and everything requested when the post made no choice", async () => {
    const none = await decide((p) => consentForm(p, "approve", []));
    expect((await exchange(none.answer.location!)).scope).toBe("");
    const unchosen = await decide((p) =>
      consentForm(p, "approve", REQUESTED)
        .split("&")
        .filter((pair) => !pair.startsWith("scope_choice=") && !pair.startsWith("grant="))
        .join("&"),
    );
    expect((await exchange(unchosen.answer.location!)).scope).toBe(REQUESTED.join(" "));
  });

  it("says that a write_ scope includes its read_ scope, so unticking read_ alone withholds nothing", async () => {
    const { clientId, redirectUri } = sandbox.demo.app;
    const open = (scope: string) =>
      fetch(
        `${sandbox.url}/oauth/authorize?${new URLSearchParams([
          ["client_id", clientId],
          ["redirect_uri", redirectUri],
          ["scope", scope],
          ["state", "consent-test-state"],
        ]).toString()}`,
      );
    const tied = await open("read_segments write_segments");
    const text = await tied.text();
    expect(text).toContain("A <code>write_</code> scope includes its <code>read_</code> scope");
    expect(text).toContain(
      "<code>read_segments</code> is withheld only when <code>write_segments</code> is unticked too",
    );
    // The boxes are tied by the page's one script, allowed by its hash and nothing else.
    expect(tied.headers.get("content-security-policy")).toMatch(
      /default-src 'none'.*script-src 'sha256-[A-Za-z0-9+/]+=*'$/,
    );
    expect(text).toMatch(/<script>[^<]+<\/script>/);
    // Without a write_ scope there is nothing to say.
    expect(await (await open(REQUESTED.join(" "))).text()).not.toContain("includes its");
  });

  it("refuses to grant a scope the application did not request", async () => {
    const { answer } = await decide((p) => consentForm(p, "approve", ["read_segments", "write_customers"]));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("the application did not request &quot;write_customers&quot;");
  });
});

describe("the gateway's side of the access-token reply", () => {
  it("reads the granted scopes from `scope`, and leaves them unknown (so: as requested) without it", async () => {
    const stub = await startStub();
    const client = new CommerceClient({ baseUrl: `${stub.url}/api/v1`, limits: testLimits() });
    const exchange = () =>
      client.exchangeCode({
        clientId: "app",
        clientSecret: "s".repeat(60),
        code: "c".repeat(60),
        redirectUri: "https://x/cb",
      });
    try {
      stub.handle((_req, res) =>
        json(res, 200, { access_token: "T".repeat(30), token_type: "pop", scope: "read_segments" }),
      );
      expect(await exchange()).toEqual({ accessToken: "T".repeat(30), tokenType: "pop", scopes: ["read_segments"] });
      stub.handle((_req, res) => json(res, 200, { access_token: "T".repeat(30), token_type: "pop" }));
      expect(await exchange()).toEqual({ accessToken: "T".repeat(30), tokenType: "pop" });
    } finally {
      await client.close();
      await stub.close();
    }
  });
});
