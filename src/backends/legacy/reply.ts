/**
 * Reads a reply of the legacy service into the operation's success value, or the error it
 * stands for. Accepts every shape the spec shows: SOAP `<OpResponse><OpResult>`, and over
 * GET/POST a `Result`, `string`, type-named, `ArrayOf<Type>` or `<anyType xsi:type>` root, or
 * a SOAP-style envelope (Client.GetSegments). A read or create answered with a Result is a
 * Result (docs/decisions.md).
 */
import type { OperationSpec, WireTypeName } from "./catalog.js";
import { LegacyResultError, LegacySoapFaultError, LegacyTransportError } from "./errors.js";
import type { WireParam } from "./params.js";
import type { Redactor } from "../redact.js";
import type { LegacyHttpReply } from "./transport.js";
import type { LegacyResult } from "./types.js";
import { decodeItems, decodeObject, EMPTY_ELEMENT, scalarText, type WireData } from "./wire-values.js";
import { childNamed, parseXml, XmlReplyError, type XmlElement } from "./xml.js";

/** What decoding needs besides the reply: the parameters sent and the key scrubber. */
export interface DecodeContext {
  readonly sent: readonly WireParam[];
  readonly redact: Redactor;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Decodes one reply; throws the LegacyError the reply stands for. */
export function decodeReply(
  op: OperationSpec,
  reply: LegacyHttpReply,
  context: DecodeContext,
): WireData | LegacyResult {
  const { status } = reply;
  const fail = (code: "LEGACY_MALFORMED_REPLY" | "LEGACY_UNSAFE_XML", why: string) =>
    new LegacyTransportError(code, op.name, `${op.name}: ${context.redact(why)}`, { status });

  let text: string;
  try {
    text = utf8.decode(reply.body);
  } catch {
    throw status === 200 ? fail("LEGACY_MALFORMED_REPLY", "the reply is not UTF-8") : httpStatusError(op, status, "");
  }
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

  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (err) {
    if (!(err instanceof XmlReplyError)) throw err;
    if (status !== 200) throw httpStatusError(op, status, context.redact(text));
    throw fail(err.kind === "unsafe" ? "LEGACY_UNSAFE_XML" : "LEGACY_MALFORMED_REPLY", err.message);
  }

  const payload = root.name === "Envelope" ? envelopePayload(op, root, status, context) : root;
  if (status !== 200) throw httpStatusError(op, status, "");
  try {
    return decodePayload(op, payload, root.name === "Envelope", context);
  } catch (err) {
    if (err instanceof XmlReplyError) throw fail("LEGACY_MALFORMED_REPLY", err.message);
    throw err;
  }
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
  throw new XmlReplyError("malformed", `unexpected root element ${element.name}`);
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
