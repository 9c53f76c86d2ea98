/**
 * unsubscribeCustomerEmails with addresses that are not well-formed text (an unpaired surrogate,
 * a control character), over HTTP against the gateway and the commerce sandbox: a typed
 * InputError naming the entry and TEXT_CHARACTERS, with no backend call, never an internal error
 * (the addresses' URL-encoded length is measured only for addresses that passed).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStack, type CommerceStack } from "../../support/stack.js";
import { post } from "../../server/support.js";

const UNSUBSCRIBE = `mutation U($input: UnsubscribeCustomerEmailsInput!) {
  unsubscribeCustomerEmails(input: $input) {
    __typename
    ... on InputError { field rule message issues { field rule message } }
    ... on UnsubscribeCustomerEmailsSuccess { report { unsubscribed failed } }
  }
}`;

let stack: CommerceStack;
beforeAll(async () => {
  stack = await startStack({ commerce: true });
});
afterAll(() => stack.close());
beforeEach(() => stack.commerce.calls.reset());

async function unsubscribe(emails: string[]) {
  const res = await post(stack.gateway.url, UNSUBSCRIBE, { input: { listId: "cl_vip", emails } });
  expect(res.status).toBe(200);
  expect(res.body?.errors).toBeUndefined();
  return (res.body?.data as { unsubscribeCustomerEmails: Record<string, unknown> }).unsubscribeCustomerEmails;
}

describe("unsubscribeCustomerEmails with text that is not well-formed", () => {
  it("refuses a lone surrogate as InputError TEXT_CHARACTERS naming the entry, before any call", async () => {
    const payload = await unsubscribe(["\ud800"]);
    expect(payload).toMatchObject({ __typename: "InputError", field: "emails[0]", rule: "TEXT_CHARACTERS" });
    expect(payload.message).toMatch(/emails\[0\].*unpaired surrogates.*U\+D800 at index 0/);
    expect(stack.commerce.calls.total()).toBe(0);
  });

  it("names each bad entry among good ones: lone surrogates of either half, a control character", async () => {
    const payload = await unsubscribe(["ok@example.com", "a\udc00@example.com", "b\u0001@example.com", "x\ud83d"]);
    expect(payload.__typename).toBe("InputError");
    expect((payload.issues as { field: string; rule: string }[]).map((i) => [i.field, i.rule])).toEqual([
      ["emails[1]", "TEXT_CHARACTERS"],
      ["emails[2]", "TEXT_CHARACTERS"],
      ["emails[3]", "TEXT_CHARACTERS"],
    ]);
    expect(stack.commerce.calls.total()).toBe(0);
  });

  it("still takes well-formed addresses, surrogate pairs included", async () => {
    const payload = await unsubscribe(["stranger.\ud83d\ude00@example.com"]);
    expect(payload).toMatchObject({ __typename: "UnsubscribeCustomerEmailsSuccess", report: { unsubscribed: 0 } });
  });
});
