/**
 * What an operation handler receives and answers. Handlers know nothing about transports: the
 * request reader hands them checked arguments and the reply writer turns their answer into the
 * wire shape of the operation's catalog row.
 */
import type { LegacyStore } from "../store.js";
import type { WireRecord, WireScalar } from "../wire-xml.js";

/** A Key/Value pair of the CustomFields parameter. */
export interface CustomFieldValue {
  Key: string;
  Value: string;
}

/** The arguments of one request, ApiKey excluded; every scalar parameter of the row is present. */
export interface Args {
  readonly values: Readonly<Record<string, string>>;
  readonly customFields: readonly CustomFieldValue[];
}

/**
 * Scalar parameter `name` of the request. The request reader fills in every scalar parameter of
 * the catalog row, so a missing one means the handler asks for a parameter its row does not have.
 */
export function param(args: Args, name: string): string {
  const text = args.values[name];
  if (text === undefined) throw new Error(`The operation has no parameter ${name}.`);
  return text;
}

/** Where and with what a handler runs. */
export interface OperationContext {
  readonly store: LegacyStore;
  readonly args: Args;
  /** Origin the caller reached the sandbox at; relative URLs of records are made absolute with it. */
  readonly origin: string;
}

/** A Result (status operations, and any failure); `message` defaults to the code's name. */
export interface ResultReply {
  readonly kind: "result";
  readonly code: number;
  readonly message?: string;
}

/** A successful value of a create or read operation. */
export interface ValueReply {
  readonly kind: "value";
  readonly value: WireScalar | WireRecord | readonly WireRecord[];
}

/** What a handler answers. */
export type Reply = ResultReply | ValueReply;

/** One operation's behaviour. */
export type Handler = (context: OperationContext) => Reply;

/** A Result with that code. */
export const result = (code: number, message?: string): ResultReply =>
  message === undefined ? { kind: "result", code } : { kind: "result", code, message };

/** The successful Result. */
export const SUCCESS: ResultReply = { kind: "result", code: 0 };

/** A successful value. */
export const value = (v: ValueReply["value"]): ValueReply => ({ kind: "value", value: v });
