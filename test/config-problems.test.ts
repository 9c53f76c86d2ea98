/**
 * How loadConfig reports problems: every rule, cross-setting ones included, in one list at one
 * start; never a refused value, never a URL's credentials; and https for the commerce token
 * exchange unless the auth host is loopback.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, configWarnings, loadConfig } from "../src/config.js";
import { problemsOf } from "./support/config-problems.js";

const SECRET60 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWX";
const GATEWAY_SECRET = "gateway-secret-of-at-least-32-bytes!";

/** The whole text a ConfigError prints, for checks that a value never appears in it. */
function printed(env: Record<string, string>): string {
  const problems = problemsOf(env);
  return `${new ConfigError(problems).message}\n${JSON.stringify(problems)}`;
}

describe("every problem at one start", () => {
  it("lists the client-secret length and the GATEWAY_SECRET requirement with the variables' own problems", () => {
    expect(
      problemsOf({
        PORT: "eighty",
        LEGACY_URL: "https://lists.example.com",
        LEGACY_CONCURRENCY: "many",
        COMMERCE_CLIENT_SECRET: "short-client-secret",
      }),
    ).toEqual([
      "PORT must be a whole number from 0 to 65535 (got 6 characters of text)",
      "LEGACY_CONCURRENCY must be a whole number from 1 to 256 (got 4 characters of text)",
      "COMMERCE_CLIENT_SECRET is too short for COMMERCE_POP_ALG=HS256: RFC 7518 §3.2 needs a key of at least 32 bytes",
      "GATEWAY_SECRET is required with AUTH_MODE=token (the default when LEGACY_URL or COMMERCE_URL is set): set a secret of at least 32 bytes, or AUTH_MODE=open",
    ]);
  });

  it("lists the shutdown, pool and return-origin rules beside a bad variable", () => {
    expect(
      problemsOf({
        AUTH_MODE: "open",
        LOG_LEVEL: "loud",
        SHUTDOWN_DELAY_MS: "5000",
        SHUTDOWN_DEADLINE_MS: "5000",
        COMMERCE_CONCURRENCY: "20",
        AUTH_RETURN_ORIGINS: "*",
      }),
    ).toEqual([
      "LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent",
      "AUTH_RETURN_ORIGINS must name origins one by one, not *",
      "SHUTDOWN_DELAY_MS must be shorter than SHUTDOWN_DEADLINE_MS (the delay is part of the deadline)",
      "COMMERCE_CONNECTIONS (16) must be at least COMMERCE_CONCURRENCY (20): a smaller keep-alive pool would silently cap the calls one request runs at once",
    ]);
  });

  it("checks the client secret against every algorithm when COMMERCE_POP_ALG itself is refused", () => {
    expect(problemsOf({ COMMERCE_POP_ALG: "HS1024", COMMERCE_CLIENT_SECRET: SECRET60 })).toEqual([
      "COMMERCE_POP_ALG must be one of HS256, HS384, HS512",
    ]);
    expect(problemsOf({ COMMERCE_POP_ALG: "HS1024", COMMERCE_CLIENT_SECRET: "short-client-secret" })).toEqual([
      "COMMERCE_POP_ALG must be one of HS256, HS384, HS512",
      "COMMERCE_CLIENT_SECRET is too short for any COMMERCE_POP_ALG: RFC 7518 §3.2 needs a key of at least 32 bytes (HS256)",
    ]);
  });

  it("says nothing more of a relation whose other side is refused on its own line", () => {
    expect(problemsOf({ AUTH_MODE: "tokens" })).toEqual(["AUTH_MODE must be open or token"]);
    expect(problemsOf({ AUTH_MODE: "token", GATEWAY_SECRET: "too-short" })).toEqual([
      "GATEWAY_SECRET must have at least 32 bytes (it keys A256GCM through HKDF)",
    ]);
    expect(problemsOf({ SHUTDOWN_DELAY_MS: "soon", SHUTDOWN_DEADLINE_MS: "100" })).toEqual([
      "SHUTDOWN_DELAY_MS must be a whole number from 0 to 300000 (got 4 characters of text)",
    ]);
    // A refused LEGACY_URL is still set: the token-mode default and its GATEWAY_SECRET apply.
    expect(problemsOf({ LEGACY_URL: "ftp://lists.example.com" })).toEqual([
      "LEGACY_URL must be an absolute http(s) URL",
      expect.stringMatching(/^GATEWAY_SECRET is required with AUTH_MODE=token/),
    ]);
  });
});

describe("refused values are described, never repeated", () => {
  it("says what kind of value a number setting got", () => {
    expect(problemsOf({ LEGACY_CONCURRENCY: "hunter2secret" })).toEqual([
      "LEGACY_CONCURRENCY must be a whole number from 1 to 256 (got 13 characters of text)",
    ]);
    const got = (value: string) => problemsOf({ MAX_DEPTH: value })[0]?.replace(/^.*\(got (.*)\)$/, "$1");
    expect(got("1")).toBe("a number below 2");
    expect(got("101")).toBe("a number above 100");
    expect(got("-4")).toBe("a negative number");
    expect(got("2.5")).toBe("a fraction");
    expect(got("+5")).toBe("a number not in plain digits");
    expect(got("x")).toBe("1 character of text");
    expect(got("5 levels")).toBe("8 characters of text");
  });

  it("lists an enumeration's accepted values only", () => {
    for (const [name, rule] of [
      ["LEGACY_TRANSPORT", "must be one of soap, get, post"],
      ["COMMERCE_POP_ALG", "must be one of HS256, HS384, HS512"],
      ["LOG_LEVEL", "must be one of trace, debug, info, warn, error, fatal, silent"],
    ]) {
      expect(problemsOf({ [name!]: "hunter2secret" })).toEqual([`${name} ${rule}`]);
    }
  });

  it("names which scopes and origins of a list are wrong by position", () => {
    expect(problemsOf({ COMMERCE_SCOPES: "read_customers hunter2secret read_segments sk-live-9" })).toEqual([
      expect.stringMatching(
        /^COMMERCE_SCOPES must list scopes among read_\w+ .*\(items 2 and 4 of 4: not among them\)$/,
      ),
    ]);
    expect(
      problemsOf({
        CORS_ORIGINS:
          "https://user:hunter2pw@app.example.com, https://ok.example.com, hunter2secret, https://app.example.com/cb?k=hunter2q",
      }),
    ).toEqual([
      "CORS_ORIGINS must list origins such as https://app.example.com, comma-separated (item 1 of 4: carries credentials)",
      "CORS_ORIGINS must list origins such as https://app.example.com, comma-separated (item 3 of 4: not a URL)",
      "CORS_ORIGINS must list origins such as https://app.example.com, comma-separated (item 4 of 4: more than an origin)",
    ]);
    expect(problemsOf({ AUTH_MODE: "open", AUTH_RETURN_ORIGINS: "app.example.com, ftp://files.example.com" })).toEqual([
      "AUTH_RETURN_ORIGINS must list origins such as https://app.example.com, comma-separated (item 1 of 2: not a URL)",
      "AUTH_RETURN_ORIGINS must list origins such as https://app.example.com, comma-separated (item 2 of 2: not http(s))",
    ]);
  });

  it("says whether a session TTL is short, long or no duration", () => {
    const ttl = (value: string) => problemsOf({ AUTH_MODE: "open", AUTH_SESSION_TTL: value });
    expect(ttl("2m")).toEqual([
      "AUTH_SESSION_TTL must be a duration from 5m to 30d such as 8h (got a duration under 5m)",
    ]);
    expect(ttl("31d")).toEqual([
      "AUTH_SESSION_TTL must be a duration from 5m to 30d such as 8h (got a duration over 30d)",
    ]);
    expect(ttl("hunter2secret")).toEqual([
      "AUTH_SESSION_TTL must be a duration from 5m to 30d such as 8h (got 13 characters of text)",
    ]);
  });

  it("never shows the credentials of a URL setting", () => {
    for (const [name, url] of [
      ["LEGACY_URL", "https://user:hunter2pw@lists.example.com"],
      ["COMMERCE_URL", "https://user:hunter2pw@shop.example.com/api/v1"],
      ["COMMERCE_AUTH_URL", "https://user:hunter2pw@shop.example.com"],
      ["COMMERCE_REDIRECT_URI", "https://user:hunter2pw@gateway.example.com/auth/commerce/callback"],
      ["OTEL_EXPORTER_OTLP_ENDPOINT", "https://user:hunter2pw@otel.example.com"],
    ]) {
      const env = { AUTH_MODE: "open", [name!]: url! };
      expect(problemsOf(env)).toEqual([`${name} must not carry credentials in the URL`]);
      expect(printed(env)).not.toContain("hunter2pw");
    }
    // Every rule a URL breaks is listed, none with the URL.
    const env = { AUTH_MODE: "open", COMMERCE_URL: "http://user:hunter2pw@shop.example.com/v2" };
    expect(problemsOf(env)).toEqual([
      "COMMERCE_URL must not carry credentials in the URL",
      "COMMERCE_URL must end in /api/v1 (the versioned root)",
    ]);
    expect(printed(env)).not.toContain("hunter2pw");
    expect(printed({ AUTH_MODE: "open", REDIS_URL: "http://:hunter2pw@redis.example.com" })).not.toContain("hunter2pw");
    expect(printed({ AUTH_MODE: "open", LEGACY_URL: "hunter2pw:x@lists" })).not.toContain("hunter2pw");
  });

  it("shows no value of any variable, whatever it holds", () => {
    for (const value of ["s3cr3t-value", "https://user:s3cr3t@host.example.com/x?k=s3cr3t", "-s3cr3t", "s3cr3t:*"]) {
      // Every variable loadConfig reads gets the value.
      const target: Record<string, string> = {};
      const env = new Proxy(target, {
        get: (_, key) => (typeof key === "string" ? value : undefined),
      });
      const text = printed(env);
      expect(text.split("\n").length).toBeGreaterThan(40);
      expect(text).not.toContain("s3cr3t");
    }
  });

  it("warns of a public HOST without repeating it", () => {
    const warnings = configWarnings(loadConfig({ HOST: "hunter2secret" }));
    expect(warnings).toEqual([
      "HOST is not a loopback address and ALLOWED_HOSTS is unset: requests for any Host name are served (set ALLOWED_HOSTS)",
    ]);
  });
});

describe("https for the commerce token exchange", () => {
  const HTTPS_RULE =
    "must use https: unless its host is loopback (127.0.0.0/8, ::1, localhost): the token exchange POST {auth_url}/oauth/access-token is HTTPS only and carries COMMERCE_CLIENT_SECRET";
  const app = { AUTH_MODE: "open", COMMERCE_CLIENT_ID: "app-1", COMMERCE_CLIENT_SECRET: SECRET60 };

  it("refuses an http COMMERCE_AUTH_URL on a host that is not loopback", () => {
    for (const authUrl of [
      "http://auth.example.com",
      "http://10.0.0.5:8080",
      "http://0.0.0.0",
      "http://[::2]",
      "http://localhost.example.com",
      "http://127.0.0.1.example.com",
    ]) {
      expect(problemsOf({ ...app, COMMERCE_AUTH_URL: authUrl })).toEqual([`COMMERCE_AUTH_URL ${HTTPS_RULE}`]);
    }
    // Whatever else is set: the rule is the setting's own.
    expect(problemsOf({ AUTH_MODE: "open", COMMERCE_AUTH_URL: "http://auth.example.com" })).toEqual([
      `COMMERCE_AUTH_URL ${HTTPS_RULE}`,
    ]);
  });

  it("takes https anywhere and http on loopback", () => {
    for (const authUrl of [
      "https://auth.example.com",
      "http://127.0.0.1:4102",
      "http://127.8.9.10",
      "http://localhost:4102",
      "http://LOCALHOST",
      "http://[::1]:4102",
    ]) {
      expect(loadConfig({ ...app, COMMERCE_AUTH_URL: authUrl }).commerce.authUrl).toBe(authUrl);
    }
  });

  it("refuses an http COMMERCE_URL off loopback when it stands for the unset auth URL of a configured app", () => {
    const shop = "http://shop.example.com/api/v1";
    expect(problemsOf({ ...app, COMMERCE_URL: shop })).toEqual([
      `COMMERCE_AUTH_URL, unset, is the origin of COMMERCE_URL, which must then use https: unless its host is loopback (127.0.0.0/8, ::1, localhost): the token exchange POST {auth_url}/oauth/access-token is HTTPS only and carries COMMERCE_CLIENT_SECRET (set COMMERCE_AUTH_URL to an https: URL, or COMMERCE_URL)`,
    ]);
    expect(
      loadConfig({ ...app, COMMERCE_URL: shop, COMMERCE_AUTH_URL: "https://shop.example.com" }).commerce,
    ).toMatchObject({
      url: shop,
      authUrl: "https://shop.example.com",
    });
    expect(loadConfig({ ...app, COMMERCE_URL: "http://127.0.0.1:4102/api/v1" }).commerce.url).toBe(
      "http://127.0.0.1:4102/api/v1",
    );
  });

  it("leaves COMMERCE_URL and LEGACY_URL free to use http when no token exchange goes there", () => {
    // The spec asks HTTPS of the token exchange only; an API key or PoP signing alone does not reach {auth_url}.
    expect(
      loadConfig({
        AUTH_MODE: "open",
        COMMERCE_URL: "http://shop.example.com/api/v1",
        COMMERCE_API_KEY: "key",
        COMMERCE_ACCESS_TOKEN: "token",
        COMMERCE_CLIENT_SECRET: SECRET60,
        LEGACY_URL: "http://lists.example.com",
        GATEWAY_SECRET,
      }).commerce.url,
    ).toBe("http://shop.example.com/api/v1");
  });
});
