/** Global ids: they name backend and type, survive a round trip, and refuse anything else. */
import { describe, expect, it } from "vitest";
import {
  compositeId,
  decodeGlobalId,
  encodeGlobalId,
  localIdOf,
  parseCompositeId,
  registerNodeType,
} from "../../../src/schema/support/global-id.js";
import "../../../src/schema/legacy/refs.js";

describe("global ids", () => {
  it("round-trip a composite local id, also with awkward characters", () => {
    const local = compositeId("10001", "20001", "o'brien+tag@example.com");
    const id = encodeGlobalId("Subscriber", local);
    expect(Buffer.from(id, "base64url").toString()).toBe(`legacy:Subscriber:${local}`);
    expect(decodeGlobalId(id)).toEqual({ typename: "Subscriber", id: local });
    expect(localIdOf(id, "Subscriber", 3)).toEqual(["10001", "20001", "o'brien+tag@example.com"]);
  });

  it("refuse a type claimed for the wrong backend, unknown types and non-ids", () => {
    registerNodeType("CustomerList", "commerce");
    const forged = Buffer.from('legacy:CustomerList:["1"]').toString("base64url");
    const unknown = Buffer.from('legacy:Nope:["1"]').toString("base64url");
    for (const id of [forged, unknown, "%%%", ""]) {
      expect(() => decodeGlobalId(id)).toThrowError(
        expect.objectContaining({ extensions: { code: "BAD_USER_INPUT", rule: "GLOBAL_ID" } }),
      );
    }
  });

  it("refuse an id of another type or shape where one type is expected", () => {
    const list = encodeGlobalId("List", compositeId("1", "2"));
    expect(() => localIdOf(list, "Client", 1)).toThrowError(/expected the id of a Client/);
    expect(() => parseCompositeId('["1"]', 2)).toThrowError(/malformed/);
    expect(() => parseCompositeId("not json", 1)).toThrowError(/malformed/);
    expect(() => parseCompositeId('["", "2"]', 2)).toThrowError(/malformed/);
  });

  it("registering one type for two backends is a programming error", () => {
    expect(() => registerNodeType("Client", "commerce")).toThrowError(/already registered/);
  });
});
