/**
 * Edges of the /auth routes: a path that leaves /auth/ once resolved is answered (404), not left
 * hanging; a failure page never shows the token endpoint's own words.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageOfFailure } from "../../src/auth/login.js";
import { CommerceOAuthError } from "../../src/backends/commerce/errors.js";
import { startAuthStack, type AuthStack } from "./support.js";

let stack: AuthStack;
beforeAll(async () => {
  stack = await startAuthStack({});
});
afterAll(() => stack.close());

/** A GET of `path` exactly as written (fetch would resolve the dots first). */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: "GET", timeout: 3_000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("timeout", () => req.destroy(new Error(`no answer to GET ${path}`)));
    req.on("error", reject);
    req.end();
  });
}

describe("/auth paths", () => {
  it.each(["/auth/../graphql", "/auth/%2e%2e/graphql", "/auth/nope"])("%s is a 404 at once", async (path) => {
    const res = await rawGet(stack.gateway.url, path);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ error: "not_found" });
  });
});

describe("failure pages", () => {
  it("name the token endpoint's error only when it is one plain word", () => {
    const word = pageOfFailure(new CommerceOAuthError("invalid_client", undefined, { status: 401 }));
    expect(word.reason).toBe("exchange_refused");
    expect(word.message).toContain('"invalid_client"');
    const prose = pageOfFailure(
      new CommerceOAuthError("client secret 3f9a0c… is not valid", undefined, { status: 401 }),
    );
    expect(prose.reason).toBe("exchange_refused");
    expect(prose.message).toContain('"an unknown error"');
    expect(prose.message).not.toContain("3f9a0c");
  });
});
