/** Legacy client failures become GraphQL errors with a code and a message that carries no secret. */
import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import {
  LegacyInputError,
  LegacyResultError,
  LegacySoapFaultError,
  LegacyTransportError,
} from "../../src/backends/legacy/errors.js";
import { legacyGraphQLError } from "../../src/errors/legacy.js";

const SECRET = "ApiKey=s3cr3t-value";
const codeOf = (error: unknown) => (legacyGraphQLError(error) as GraphQLError).extensions.code;

describe("legacyGraphQLError", () => {
  it.each([
    ["LEGACY_TIMEOUT", undefined, "UPSTREAM_TIMEOUT"],
    ["LEGACY_UNAVAILABLE", undefined, "UPSTREAM_UNAVAILABLE"],
    ["LEGACY_HTTP_STATUS", 503, "UPSTREAM_UNAVAILABLE"],
    ["LEGACY_HTML_REPLY", 502, "UPSTREAM_UNAVAILABLE"],
    ["LEGACY_HTTP_STATUS", 500, "UPSTREAM_BAD_RESPONSE"],
    ["LEGACY_MALFORMED_REPLY", 200, "UPSTREAM_BAD_RESPONSE"],
    ["LEGACY_EMPTY_REPLY", 200, "UPSTREAM_BAD_RESPONSE"],
    ["LEGACY_REPLY_TOO_LARGE", 200, "UPSTREAM_BAD_RESPONSE"],
    ["LEGACY_UNSAFE_XML", 200, "UPSTREAM_BAD_RESPONSE"],
  ] as const)("%s (HTTP %s) is %s, without the transport's message", (code, status, expected) => {
    const error = new LegacyTransportError(code, "List.GetStats", `GET /api/api.asmx/List.GetStats?${SECRET} failed`, { status });
    const mapped = legacyGraphQLError(error) as GraphQLError;
    expect(mapped.extensions).toMatchObject({ code: expected, backend: "legacy", operation: "List.GetStats" });
    expect(mapped.message).not.toContain("s3cr3t");
  });

  it("maps Result codes of reads: 100 UNAUTHENTICATED, unknown records NOT_FOUND, others UPSTREAM_BAD_RESPONSE", () => {
    expect(codeOf(new LegacyResultError("User.GetClients", 100, "Invalid API Key"))).toBe("UNAUTHENTICATED");
    for (const code of [101, 102, 301, 4001]) expect(codeOf(new LegacyResultError("X.Get", code, ""))).toBe("NOT_FOUND");
    expect(codeOf(new LegacyResultError("Subscribers.GetActive", 5, "Invalid date"))).toBe("BAD_USER_INPUT");
    expect(codeOf(new LegacyResultError("X.Get", 999, ""))).toBe("UPSTREAM_BAD_RESPONSE");
    expect((legacyGraphQLError(new LegacyResultError("List.GetStats", 101, "")) as GraphQLError).extensions).toMatchObject({ legacyCode: 101 });
  });

  it("maps faults and refused input, and a refused key parameter is UNAUTHENTICATED", () => {
    expect(codeOf(new LegacySoapFaultError("User.GetClients", "soap:Server", SECRET, 500))).toBe("UPSTREAM_BAD_RESPONSE");
    expect((legacyGraphQLError(new LegacySoapFaultError("User.GetClients", "soap:Server", SECRET, 500)) as Error).message).not.toContain("s3cr3t");
    expect(codeOf(new LegacyInputError("Subscriber.Add", "Name", "contains a character XML 1.0 forbids (at index 3)"))).toBe("BAD_USER_INPUT");
    expect(codeOf(new LegacyInputError("Subscriber.Add", "ApiKey", "is required"))).toBe("UNAUTHENTICATED");
  });

  it("leaves other errors alone (the server masks unexpected ones)", () => {
    const plain = new Error("boom");
    expect(legacyGraphQLError(plain)).toBe(plain);
  });
});
