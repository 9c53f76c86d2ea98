/**
 * Reads a reply of the legacy service into the operation's success value, or the error it stands
 * for, in every shape the spec shows: SOAP `<OpResponse><OpResult>`, and over GET/POST a `Result`,
 * `string`, type-named, `ArrayOf<Type>` or `<anyType xsi:type>` root, or a SOAP-style envelope
 * (Client.GetSegments). See docs/decisions.md, "Replies: Results in place of values, typed SOAP
 * results; HTTP status of faults".
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { isScalarKind, type OperationSpec, type WireField, type WireTypeName } from "./catalog.js";
import { LegacyResultError, LegacySoapFaultError, LegacyTransportError } from "./errors.js";
import type { WireParam } from "./params.js";
import type { Redactor } from "../../util/redact.js";
import type { CallerSignal } from "../../util/call-abort.js";
import { followSignal } from "../../util/request-signals.js";
import type { LegacyHttpReply } from "./transport.js";
import type { LegacyResult } from "./types.js";
import { decodeItems, decodeObject, EMPTY_ELEMENT, scalarText, type WireData } from "./wire-values.js";
import {
  childNamed,
  parseXml,
  parseXmlInSlices,
  quoted,
  XML_SLICES,
  XmlReplyError,
  type XmlElement,
  type XmlSlices,
} from "./xml.js";

/** What decoding needs besides the reply: the parameters sent and the key scrubber. */
export interface DecodeContext {
  readonly sent: readonly WireParam[];
  readonly redact: Redactor;
  /**
   * The call's abort (decodeReplyInSlices only): an aborted call's decode stops at its next turn,
   * or leaves the queue if it is waiting for one, and rejects as the transport rejects an aborted
   * call. decodeReply, synchronous, has nowhere to look at it.
   */
  readonly signal?: CallerSignal;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Replies of at least this many bytes are read by decodeReplyInSlices, the event loop free between
 * slices; smaller ones (the common case: a few KB) by decodeReply in one go, which reads 256 KiB in
 * a few milliseconds.
 */
export const LARGE_REPLY_BYTES = 256 * 1024;

/** How much of a large reply decodeReplyInSlices handles per turn of the event loop. */
export interface ReplySlices extends XmlSlices {
  /** Elements of a collection's records turned into values per turn (a record counts 1 + its children). */
  readonly elements: number;
}

/** A few milliseconds of work per turn each (bench/large-reply.ts). */
export const REPLY_SLICES: ReplySlices = { ...XML_SLICES, elements: 16 << 10 };

/**
 * The reply's text, checked: UTF-8 decoded in one go, also for a large reply (about 3 ms a MB: a
 * text joined from decoded slices, the same characters, was read 35% slower, bench/large-reply.ts).
 */
function replyText(op: OperationSpec, reply: LegacyHttpReply, context: DecodeContext): string {
  let text: string;
  try {
    text = utf8.decode(reply.body);
  } catch {
    throw notUtf8(op, reply.status, context);
  }
  checkText(op, reply, text);
  return text;
}

/** Decodes one reply; throws the LegacyError the reply stands for. */
export function decodeReply(
  op: OperationSpec,
  reply: LegacyHttpReply,
  context: DecodeContext,
): WireData | LegacyResult {
  const text = replyText(op, reply, context);
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (err) {
    throw unreadable(op, reply.status, context, text, err);
  }
  const payload = payloadOf(op, root, reply.status, context);
  try {
    return decodePayload(op, payload, root.name === "Envelope", context);
  } catch (err) {
    throw malformedPayload(op, reply.status, context, err);
  }
}

/**
 * How many large replies are decoded at once in the process; the others wait their turn, first
 * come first served. One: each holds its text, its tree and its records until it is done, and the
 * work is CPU on the one thread, so two at once finish no sooner than one after the other (the
 * first later) while holding two of everything. See docs/decisions.md, "Upstream resilience:
 * breaker, bulkhead and large legacy replies waiting".
 */
export const SLICED_DECODES_AT_ONCE = 1;

/**
 * Bytes of large replies that may wait for their turn at once, in the process. A reply is read
 * whole by the transport before it waits, and its call has left the backend's bulkhead by then,
 * so nothing else bounds how many wait, and a burst of large replies would take the gateway's
 * memory with it. Past it a reply is refused at once (LEGACY_BUSY) and its bytes let go; a reply
 * is always let wait when none other does, so one larger than the bound (LEGACY_MAX_RESPONSE_BYTES
 * may be set higher) is still read in its turn.
 * 64 MiB is eight replies of the default 8 MiB cap: at a few hundred milliseconds each, the last
 * waits a few seconds, well within the call's deadline.
 */
export const SLICED_DECODE_WAITING_BYTES = 64 * 1024 * 1024;

/** Large replies being decoded now. */
let decoding = 0;
/** Large replies waiting for their turn, in arrival order; an aborted call's leaves at once. */
const waiting = new Set<() => void>();
/** The bytes of the replies waiting. */
let waitingBytes = 0;

/**
 * How many large replies are being decoded now, how many wait for their turn and the bytes they
 * hold (this process).
 */
export function slicedDecodeGauge(): {
  readonly decoding: number;
  readonly waiting: number;
  readonly waitingBytes: number;
} {
  return { decoding, waiting: waiting.size, waitingBytes };
}

/**
 * Waits for a turn to decode a reply of `bytes` (none when one is free); rejects at once with
 * LEGACY_BUSY when the replies waiting already hold SLICED_DECODE_WAITING_BYTES between them, and
 * as soon as the call is aborted.
 */
function turnToDecode(op: OperationSpec, bytes: number, signal: CallerSignal | undefined): Promise<void> | undefined {
  if (decoding < SLICED_DECODES_AT_ONCE) {
    decoding += 1;
    return undefined;
  }
  if (waiting.size > 0 && waitingBytes + bytes > SLICED_DECODE_WAITING_BYTES) throw busy(op);
  waitingBytes += bytes;
  return new Promise<void>((resolve, reject) => {
    const start = () => {
      stop();
      waitingBytes -= bytes;
      decoding += 1;
      resolve();
    };
    waiting.add(start);
    const stop = signal
      ? followSignal(signal, {
          abort: () => {
            waiting.delete(start);
            waitingBytes -= bytes;
            reject(abortedCall(op, signal));
          },
        })
      : () => {};
  });
}

/** A reply refused a place in the queue: the service answered, this gateway is busy reading others. */
function busy(op: OperationSpec): LegacyTransportError {
  return new LegacyTransportError(
    "LEGACY_BUSY",
    op.name,
    `${op.name}: too many large replies of the legacy list service are waiting to be read; this one was dropped`,
  );
}

/** A decode is done: the next one waiting (if any) takes its turn. */
function decodeDone(): void {
  decoding -= 1;
  const next = waiting.values().next();
  if (next.done === true) return;
  waiting.delete(next.value);
  next.value();
}

/**
 * The error of a call aborted while its reply is decoded, as the transport words one aborted while
 * it is sent (transport.ts): a passed request deadline is LEGACY_TIMEOUT, any other abort
 * LEGACY_ABORTED. The domain layer reports either as the request's abort.
 */
function abortedCall(op: OperationSpec, signal: CallerSignal): LegacyTransportError {
  const reason: unknown = signal.reason;
  return reason instanceof DOMException && reason.name === "TimeoutError"
    ? new LegacyTransportError("LEGACY_TIMEOUT", op.name, `${op.name}: the request's deadline passed`)
    : new LegacyTransportError("LEGACY_ABORTED", op.name, `${op.name}: the caller gave up on the call`);
}

/**
 * decodeReply for a large reply: the same checks in the same order and the same value or error,
 * with the XML reading and a collection's records each done a slice per turn
 * of the event loop (setImmediate between slices), so a multi-megabyte reply does not hold up
 * every other request of the instance while it is read. The client uses it from
 * LARGE_REPLY_BYTES on. At most SLICED_DECODES_AT_ONCE run at once; the others wait, holding only
 * the reply's bytes, as long as those waiting hold no more than SLICED_DECODE_WAITING_BYTES (past
 * it the reply is refused at once with LEGACY_BUSY). A call aborted (context.signal) while its
 * reply waits or is read rejects with LEGACY_ABORTED (LEGACY_TIMEOUT for a passed request
 * deadline) and reads no further.
 */
export async function decodeReplyInSlices(
  op: OperationSpec,
  reply: LegacyHttpReply,
  context: DecodeContext,
  slices: ReplySlices = REPLY_SLICES,
): Promise<WireData | LegacyResult> {
  const { signal } = context;
  if (signal?.aborted) throw abortedCall(op, signal);
  await turnToDecode(op, reply.body.length, signal);
  try {
    if (signal?.aborted) throw abortedCall(op, signal);
    // Between slices: the event loop's turn, then the call's abort looked at.
    const turn = signal
      ? async () => {
          await nextTurn();
          if (signal.aborted) throw abortedCall(op, signal);
        }
      : nextTurn;
    return await decodeInSlices(op, reply, context, slices, turn);
  } finally {
    decodeDone();
  }
}

async function decodeInSlices(
  op: OperationSpec,
  reply: LegacyHttpReply,
  context: DecodeContext,
  slices: ReplySlices,
  turn: () => Promise<unknown>,
): Promise<WireData | LegacyResult> {
  const text = replyText(op, reply, context);
  let root: XmlElement;
  try {
    root = await parseXmlInSlices(text, slices, turn);
  } catch (err) {
    // An abort thrown by `turn` is not an XmlReplyError and passes unchanged.
    throw unreadable(op, reply.status, context, text, err);
  }
  const payload = payloadOf(op, root, reply.status, context);
  const enveloped = root.name === "Envelope";
  try {
    // Only a collection is large enough to be worth slicing; anything else is decoded as usual.
    if (op.result.kind !== "array" || isResult(payload, enveloped)) {
      return decodePayload(op, payload, enveloped, context);
    }
    expectRoot(payload, enveloped, [`ArrayOf${op.result.type}`]);
    return await itemsInSlices(payload, op.result.type, slices.elements, turn);
  } catch (err) {
    throw malformedPayload(op, reply.status, context, err);
  }
}

/** decodeItems (wire-values.ts), `elements` a turn: the same values in the same order. */
async function itemsInSlices(
  element: XmlElement,
  type: WireField["type"],
  elements: number,
  turn: () => Promise<unknown>,
): Promise<WireData[]> {
  const items: WireData[] = [];
  let done = 0;
  for (const item of element.children) {
    items.push(isScalarKind(type) ? scalarText(item) : decodeObject(item, type));
    done += 1 + item.children.length;
    if (done >= elements) {
      done = 0;
      await turn();
    }
  }
  return items;
}

function notUtf8(op: OperationSpec, status: number, context: DecodeContext): LegacyTransportError {
  return status === 200
    ? failure(op, status, context, "LEGACY_MALFORMED_REPLY", "the reply is not UTF-8")
    : httpStatusError(op, status, "");
}

function failure(
  op: OperationSpec,
  status: number,
  context: DecodeContext,
  code: "LEGACY_MALFORMED_REPLY" | "LEGACY_UNSAFE_XML",
  why: string,
): LegacyTransportError {
  return new LegacyTransportError(code, op.name, `${op.name}: ${context.redact(why)}`, { status });
}

/** An empty or HTML reply; throws its error. */
function checkText(op: OperationSpec, reply: LegacyHttpReply, text: string): void {
  const { status } = reply;
  if (text.trim() === "") {
    if (status !== 200) throw httpStatusError(op, status, "");
    throw new LegacyTransportError("LEGACY_EMPTY_REPLY", op.name, `${op.name}: the reply is empty`, { status });
  }
  if (isHtml(reply.contentType, text)) {
    throw new LegacyTransportError(
      "LEGACY_HTML_REPLY",
      op.name,
      `${op.name}: the service answered with an HTML page (HTTP ${status})`,
      {
        status,
      },
    );
  }
}

/** The error of a reply the XML reader refused (any other error as it is). */
function unreadable(op: OperationSpec, status: number, context: DecodeContext, text: string, err: unknown): unknown {
  if (!(err instanceof XmlReplyError)) return err;
  if (status !== 200) return httpStatusError(op, status, context.redact(text));
  return failure(
    op,
    status,
    context,
    err.kind === "unsafe" ? "LEGACY_UNSAFE_XML" : "LEGACY_MALFORMED_REPLY",
    err.message,
  );
}

/** The element holding the value: an envelope's `<OpResult>` or the bare root; throws a Fault or a status. */
function payloadOf(op: OperationSpec, root: XmlElement, status: number, context: DecodeContext): XmlElement {
  const payload = root.name === "Envelope" ? envelopePayload(op, root, status, context) : root;
  if (status !== 200) throw httpStatusError(op, status, "");
  return payload;
}

function malformedPayload(op: OperationSpec, status: number, context: DecodeContext, err: unknown): unknown {
  return err instanceof XmlReplyError ? failure(op, status, context, "LEGACY_MALFORMED_REPLY", err.message) : err;
}

/** The `<OpResult>` of an envelope (an empty stand-in when the service left it out); throws a Fault. */
function envelopePayload(op: OperationSpec, envelope: XmlElement, status: number, context: DecodeContext): XmlElement {
  const body = childNamed(envelope, "Body");
  const first = body?.children[0];
  if (first?.name === "Fault") {
    const faultCode = context.redact(textOf(childNamed(first, "faultcode")));
    const faultString = context.redact(textOf(childNamed(first, "faultstring")));
    throw new LegacySoapFaultError(op.name, faultCode, faultString, status);
  }
  if (status !== 200) throw httpStatusError(op, status, "");
  if (!first || !first.name.endsWith("Response")) {
    throw new LegacyTransportError(
      "LEGACY_MALFORMED_REPLY",
      op.name,
      `${op.name}: the envelope holds no response element`,
      {
        status,
      },
    );
  }
  // ASMX leaves a null result out entirely.
  return first.children.find((child) => child.name.endsWith("Result")) ?? EMPTY_ELEMENT;
}

function decodePayload(op: OperationSpec, payload: XmlElement, enveloped: boolean, context: DecodeContext) {
  const result = op.result;
  if (result.kind === "status" || isResult(payload, enveloped)) return resultOutcome(op, payload, context);
  switch (result.kind) {
    case "string":
      expectRoot(payload, enveloped, ["string"]);
      return scalarText(payload);
    case "object":
      expectRoot(payload, enveloped, [result.type]);
      return decodeObject(payload, result.type);
    case "anyType":
      expectRoot(payload, enveloped, ["anyType", result.type]);
      expectType(payload, result.type);
      return decodeObject(payload, result.type);
    case "array":
      expectRoot(payload, enveloped, [`ArrayOf${result.type}`]);
      return decodeItems(payload, result.type);
  }
}

/** A Result in place of the operation's value: typed Result, a Result root, or exactly Code and Message. */
function isResult(element: XmlElement, enveloped: boolean): boolean {
  if (localType(element) === "Result") return true;
  if (!enveloped && element.name === "Result") return true;
  // Exactly a Code and a Message, in either order; looked at without listing (or sorting) the
  // children, which are every record of a collection reply.
  const { children } = element;
  if (children.length !== 2) return false;
  const [a, b] = children as [XmlElement, XmlElement];
  return (a.name === "Code" && b.name === "Message") || (a.name === "Message" && b.name === "Code");
}

function resultOutcome(op: OperationSpec, element: XmlElement, context: DecodeContext): LegacyResult {
  const codeElement = childNamed(element, "Code");
  if (!codeElement) throw new XmlReplyError("malformed", "the Result holds no Code");
  const code = scalarText(codeElement);
  const message = textOf(childNamed(element, "Message"));
  if (!/^\s*-?\d+\s*$/.test(code)) throw new XmlReplyError("malformed", "the Result Code is not a number");
  const numeric = Number(code);
  const value: LegacyResult = { Code: code, Message: message };
  if (op.successCodeParam !== undefined) {
    // Campaign.Send: success carries the campaign id in Code (docs/decisions.md).
    const sent = context.sent.find((param) => param.name === op.successCodeParam)?.value;
    if (typeof sent === "string" && sameNumber(sent, code)) return value;
  } else if (numeric === 0) {
    if (op.result.kind === "status") return value;
    throw new XmlReplyError("malformed", "a success Result where a value was expected");
  }
  throw new LegacyResultError(op.name, numeric, context.redact(message));
}

function sameNumber(a: string, b: string): boolean {
  const digits = /^\s*-?\d+\s*$/;
  return a.trim() === b.trim() || (digits.test(a) && digits.test(b) && BigInt(a.trim()) === BigInt(b.trim()));
}

/** A bare document must have one of the root names the catalog expects for the operation. */
function expectRoot(element: XmlElement, enveloped: boolean, names: readonly string[]): void {
  if (enveloped || names.includes(element.name)) return;
  throw new XmlReplyError("malformed", `unexpected root element ${quoted(element.name)}`);
}

/** An `xsi:type`, when present, must name the expected type. */
function expectType(element: XmlElement, type: WireTypeName): void {
  const declared = localType(element);
  if (declared !== undefined && declared !== type) {
    throw new XmlReplyError("malformed", `a ${declared} where a ${type} was expected`);
  }
}

function localType(element: XmlElement): string | undefined {
  const type = element.attributes["type"];
  return type === undefined ? undefined : type.slice(type.indexOf(":") + 1);
}

function textOf(element: XmlElement | undefined): string {
  return element ? element.text : "";
}

function isHtml(contentType: string, text: string): boolean {
  return contentType.startsWith("text/html") || /^\s*(?:<!doctype\s+html|<html[\s>])/i.test(text);
}

/** A non-200 reply that is not a SOAP Fault; a short plain-text body is kept as a hint. */
function httpStatusError(op: OperationSpec, status: number, body: string): LegacyTransportError {
  const [firstLine = ""] = body.trim().split(/\r?\n/);
  const hint = body.trimStart().startsWith("<") ? "" : firstLine.slice(0, 200);
  return new LegacyTransportError(
    "LEGACY_HTTP_STATUS",
    op.name,
    `${op.name}: HTTP ${status}${hint ? `: ${hint}` : ""}`,
    {
      status,
    },
  );
}
