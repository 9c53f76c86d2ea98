/** Backend and domain errors become graph errors with a code and a message that carries no secret. */
import { type GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { LegacyInputError, LegacySoapFaultError, LegacyTransportError } from "../../src/backends/legacy/errors.js";
import { CredentialsError, NotFoundError, RequestAbortedError, UnreadableValueError } from "../../src/domain/errors.js";
import { InputError } from "../../src/domain/input-error.js";
import { LegacyOutcome } from "../../src/domain/legacy/outcome.js";
import { OwnershipError } from "../../src/domain/legacy/ownership-error.js";
import { toGraphError, UnexpectedResultError } from "../../src/schema/support/graph-errors.js";
import { writeErrors } from "../../src/schema/support/payload-errors.js";

const SECRET = "ApiKey=s3cr3t-value";
const asGraph = (error: unknown) => toGraphError(error) as GraphQLError;
const codeOf = (error: unknown) => asGraph(error).extensions.code;
const outcome = (operation: string, code: number, write = false) =>
  new LegacyOutcome({ code, message: "m", operation, write });

describe("field errors", () => {
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
    ["LEGACY_BUSY", undefined, "UPSTREAM_BULKHEAD_FULL"],
  ] as const)("%s (HTTP %s) is %s, without the transport's message", (code, status, expected) => {
    const error = new LegacyTransportError(code, "List.GetStats", `GET /api/api.asmx/List.GetStats?${SECRET} failed`, {
      status,
    });
    const mapped = asGraph(error);
    expect(mapped.extensions).toMatchObject({ code: expected, backend: "legacy", operation: "List.GetStats" });
    expect(mapped.message).not.toContain("s3cr3t");
  });

  it("LEGACY_BUSY (a large reply this gateway had no room to wait for) says so and that a retry may work", () => {
    const mapped = asGraph(new LegacyTransportError("LEGACY_BUSY", "Subscribers.GetActive", "busy"));
    expect(mapped.extensions).toEqual({
      code: "UPSTREAM_BULKHEAD_FULL",
      backend: "legacy",
      operation: "Subscribers.GetActive",
      reason: "REPLY_DECODE_BUSY",
    });
    expect(mapped.message).toBe(
      "Too many large replies of the legacy list service are waiting to be read; the reply to Subscribers.GetActive was dropped. Try again shortly.",
    );
  });

  it("maps Result codes of reads: unknown records NOT_FOUND, refused arguments BAD_USER_INPUT, others UPSTREAM_BAD_RESPONSE", () => {
    for (const code of [101, 102, 301, 4001]) expect(codeOf(outcome("X.Get", code))).toBe("NOT_FOUND");
    expect(codeOf(outcome("Subscribers.GetActive", 5))).toBe("BAD_USER_INPUT");
    expect(codeOf(outcome("X.Get", 999))).toBe("UPSTREAM_BAD_RESPONSE");
    expect(asGraph(outcome("List.GetStats", 101)).extensions).toMatchObject({
      legacyCode: 101,
      operation: "List.GetStats",
    });
  });

  it("maps domain errors: credentials, absent records, aborts, unreadable values", () => {
    expect(codeOf(new CredentialsError("legacy", "refused", "User.GetClients", "refused"))).toBe("UNAUTHENTICATED");
    expect(codeOf(new NotFoundError("list", "Client.GetLists"))).toBe("NOT_FOUND");
    expect(codeOf(new RequestAbortedError("legacy", "the legacy list service"))).toBe("REQUEST_ABORTED");
    expect(codeOf(new UnreadableValueError("legacy", "The legacy list service", "count"))).toBe(
      "UPSTREAM_BAD_RESPONSE",
    );
  });

  it("maps faults and refused input", () => {
    expect(codeOf(new LegacySoapFaultError("User.GetClients", "soap:Server", SECRET, 500))).toBe(
      "UPSTREAM_BAD_RESPONSE",
    );
    expect(asGraph(new LegacySoapFaultError("User.GetClients", "soap:Server", SECRET, 500)).message).not.toContain(
      "s3cr3t",
    );
    expect(
      codeOf(new LegacyInputError("Subscriber.Add", "Name", "contains a character XML 1.0 forbids (at index 3)")),
    ).toBe("BAD_USER_INPUT");
  });

  it("leaves other errors alone (the server masks unexpected ones)", () => {
    const plain = new Error("boom");
    expect(toGraphError(plain)).toBe(plain);
  });
});

describe("payload members", () => {
  const types = writeErrors("updateList");

  it("types a Result code the mutation's union has a type for, from a write or from a read before it", () => {
    const fromWrite = toGraphError(outcome("List.Update", 251, true), types);
    expect(fromWrite).toBeInstanceOf(LegacyOutcome);
    expect((fromWrite as Error).constructor.name).toBe("ListTitleError");
    expect((toGraphError(outcome("List.GetStats", 101), types) as Error).constructor.name).toBe("ListNotFoundError");
  });

  it("answers a write's other codes as UnexpectedResultError, a read's as a field error", () => {
    expect(toGraphError(outcome("List.Update", 999, true), types)).toBeInstanceOf(UnexpectedResultError);
    expect((toGraphError(outcome("Client.GetCampaigns", 301), types) as GraphQLError).extensions.code).toBe(
      "NOT_FOUND",
    );
  });

  it("keeps InputError and OwnershipError as they are, and credentials as a field error", () => {
    const input = new InputError([{ field: "title", rule: "REQUIRED", message: "title is required." }]);
    const owner = new OwnershipError("listId", "LIST_OF_CLIENT", "not yours");
    expect(toGraphError(input, types)).toBe(input);
    expect(toGraphError(owner, types)).toBe(owner);
    expect(
      (toGraphError(new CredentialsError("legacy", "missing", "List.Update", "no key"), types) as GraphQLError)
        .extensions.code,
    ).toBe("UNAUTHENTICATED");
  });
});
