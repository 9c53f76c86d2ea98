/**
 * The whole OAuth code flow over HTTP against the sandbox: authorize page → approve form →
 * redirect → code exchange → PoP calls; and each way it can go wrong.
 */
import { request } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { popSigner } from "../../../src/backends/commerce/auth.js";
import { CommerceOAuthError, OAuthDeniedError } from "../../../src/backends/commerce/errors.js";
import {
  completeAuthorization,
  createAuthorization,
  type PendingAuthorization,
} from "../../../src/backends/commerce/oauth.js";
import { failure, startRig, type Rig } from "./support/sandbox.js";

const SCOPES = ["read_customers", "read_segments"];
const TOKEN_CALLS = "POST /oauth/access-token";

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());
beforeEach(() => rig.sb.calls.reset());

const unescape = (s: string) =>
  s
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** What a browser does: load the authorize page. */
async function openAuthorizePage(url: string): Promise<{ status: number; html: string }> {
  const res = await request(url);
  return { status: res.statusCode, html: await res.body.text() };
}

/** What a user does: press approve or reject. Returns the redirect target. */
async function decide(page: string, decision: "approve" | "reject"): Promise<string> {
  const form = new URLSearchParams();
  for (const m of page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    form.append(unescape(m[1]!), unescape(m[2]!));
  form.append("decision", decision);
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  expect(action).toBe("/oauth/authorize/decision");
  const res = await request(`${rig.sb.url}${action}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  await res.body.dump();
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
}

function start(): PendingAuthorization {
  const { clientId, redirectUri } = rig.sb.demo.app;
  return createAuthorization({ authUrl: rig.sb.url, clientId, redirectUri, scopes: SCOPES, now: rig.clock.now });
}

/** Runs the user's part and returns the callback URL. */
async function approve(auth: PendingAuthorization): Promise<string> {
  const page = await openAuthorizePage(auth.url);
  expect(page.status).toBe(200);
  return decide(page.html, "approve");
}

const exchanger = (over: Partial<{ clientSecret: string; redirectUri: string }> = {}) => ({
  client: rig.client,
  clientId: rig.sb.demo.app.clientId,
  clientSecret: over.clientSecret ?? rig.sb.demo.app.clientSecret,
  redirectUri: over.redirectUri ?? rig.sb.demo.app.redirectUri,
  now: rig.clock.now,
});

describe("the code flow", () => {
  it("goes from the authorize page to PoP calls bound to the granted scopes", async () => {
    const auth = start();
    const page = await openAuthorizePage(auth.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain(rig.sb.demo.app.name);
    for (const scope of SCOPES) expect(page.html).toContain(scope);

    const callbackUrl = await decide(page.html, "approve");
    const callback = new URL(callbackUrl);
    expect(callback.origin + callback.pathname).toBe(rig.sb.demo.app.redirectUri);
    expect(callback.searchParams.get("state")).toBe(auth.state);
    expect(callback.searchParams.get("code")).toMatch(/^[0-9a-f]{60}$/);

    const grant = await completeAuthorization({ callbackUrl, expectedState: auth.state }, exchanger());
    expect(grant.tokenType).toBe("pop");
    expect(grant.accessToken).toHaveLength(30);
    expect(rig.sb.calls.count(TOKEN_CALLS)).toBe(1);

    const signer = popSigner({
      accessToken: grant.accessToken,
      clientSecret: rig.sb.demo.app.clientSecret,
      now: rig.clock.now,
    });
    const { vip } = rig.sb.demo.lists;
    expect((await rig.client.listSubscribers(signer, vip, { limit: 3 })).entries).toHaveLength(3);
    expect((await rig.client.listSegments(signer)).length).toBeGreaterThan(0);
    expect((await rig.client.exportSegment(signer, rig.sb.demo.segments.all)).status).toBe("pending");
    // Not granted: writing customers.
    expect((await failure(rig.client.unsubscribeEmails(signer, vip, ["a@example.com"]))).code).toBe(
      "COMMERCE_INSUFFICIENT_SCOPE",
    );
  });

  it("refuses a reused code (single use)", async () => {
    const auth = start();
    const callbackUrl = await approve(auth);
    await completeAuthorization({ callbackUrl, expectedState: auth.state }, exchanger());
    const err = await failure(completeAuthorization({ callbackUrl, expectedState: auth.state }, exchanger()));
    expect(err).toBeInstanceOf(CommerceOAuthError);
    expect(err).toMatchObject({ code: "COMMERCE_OAUTH", oauthError: "invalid_grant", status: 400 });
    expect((err as CommerceOAuthError).description).toMatch(/already been used/);
  });

  it("lets the service refuse a code that expired on its clock", async () => {
    const auth = start();
    const callbackUrl = await approve(auth);
    rig.clock.advance(180_000);
    // Received "now" as far as the client knows, so only the service can tell it expired.
    const err = await failure(completeAuthorization({ callbackUrl, expectedState: auth.state }, exchanger()));
    expect(err).toMatchObject({ oauthError: "invalid_grant", description: expect.stringMatching(/expired/) });
    expect(rig.sb.calls.count(TOKEN_CALLS)).toBe(1);
  });

  it("refuses locally a code received 3 minutes ago, and the service still accepted it just before", async () => {
    const auth = start();
    const callbackUrl = await approve(auth);
    const receivedAt = rig.clock.now();
    rig.clock.advance(180_000);
    const err = await failure(
      completeAuthorization({ callbackUrl, expectedState: auth.state, receivedAt }, exchanger()),
    );
    expect(err.code).toBe("COMMERCE_OAUTH_CODE_EXPIRED");
    expect(rig.sb.calls.count(TOKEN_CALLS)).toBe(0);

    const fresh = start();
    const freshCallback = await approve(fresh);
    const freshAt = rig.clock.now();
    rig.clock.advance(179_000);
    const grant = await completeAuthorization(
      { callbackUrl: freshCallback, expectedState: fresh.state, receivedAt: freshAt },
      exchanger(),
    );
    expect(grant.accessToken).toHaveLength(30);
  });

  it("refuses a redirect_uri other than the one the code was issued for", async () => {
    const auth = start();
    const callbackUrl = await approve(auth);
    const err = await failure(
      completeAuthorization(
        { callbackUrl, expectedState: auth.state },
        exchanger({ redirectUri: "http://127.0.0.1:4000/other" }),
      ),
    );
    expect(err).toMatchObject({ oauthError: "invalid_grant", description: expect.stringMatching(/redirect_uri/) });
  });

  it("refuses a wrong client secret as invalid_client, without showing either secret", async () => {
    const auth = start();
    const callbackUrl = await approve(auth);
    const wrong = "w".repeat(60);
    const err = await failure(
      completeAuthorization({ callbackUrl, expectedState: auth.state }, exchanger({ clientSecret: wrong })),
    );
    expect(err).toMatchObject({ oauthError: "invalid_client", status: 401 });
    for (const shown of [err.message, String(err), JSON.stringify(err)]) {
      expect(shown).not.toContain(wrong);
      expect(shown).not.toContain(rig.sb.demo.app.clientSecret);
    }
  });

  it("refuses a state mismatch before any call, and the code stays usable", async () => {
    const auth = start();
    const callbackUrl = await approve(auth);
    const err = await failure(completeAuthorization({ callbackUrl, expectedState: start().state }, exchanger()));
    expect(err.code).toBe("COMMERCE_OAUTH_STATE_MISMATCH");
    expect(rig.sb.calls.count(TOKEN_CALLS)).toBe(0);
    expect(
      (await completeAuthorization({ callbackUrl, expectedState: auth.state }, exchanger())).accessToken,
    ).toHaveLength(30);
  });
});

describe("the authorize step", () => {
  it("shows an error page, not a redirect, for a short state and a wrong redirect_uri", async () => {
    const url = new URL(start().url);
    url.searchParams.set("state", "short");
    url.searchParams.set("redirect_uri", "http://127.0.0.1:4000/elsewhere");
    const res = await request(url);
    const html = await res.body.text();
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(html).toContain("state must have at least 10 characters");
    expect(html).toContain("redirect_uri does not match");
  });

  it("turns a rejection into OAuthDeniedError with the service's description", async () => {
    const auth = start();
    const page = await openAuthorizePage(auth.url);
    const callbackUrl = await decide(page.html, "reject");
    expect(new URL(callbackUrl).searchParams.get("error")).toBe("access_denied");
    const err = await failure(completeAuthorization({ callbackUrl, expectedState: auth.state }, exchanger()));
    expect(err).toBeInstanceOf(OAuthDeniedError);
    expect(err).toMatchObject({
      code: "COMMERCE_OAUTH_DENIED",
      description: "The user denied the authorization request.",
    });
    expect(rig.sb.calls.count(TOKEN_CALLS)).toBe(0);
  });
});
