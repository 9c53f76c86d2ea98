/**
 * The wire shapes of replies, from an operation's catalog row and a handler's answer:
 * SOAP envelopes (`<OpResponse xmlns=ns><OpResult>`), the bare GET/POST documents (`Result`,
 * `string`, `ArrayOf<Type>`, the type name, `anyType`), and SOAP Faults. A failure of a read or
 * create operation is a Result typed with xsi:type (docs/decisions.md).
 */
import { LEGACY_ERROR_NAMES, type OperationSpec } from "../../backends/legacy/catalog.js";
import type { Reply } from "./operations/types.js";
import {
  element,
  fieldsXml,
  itemsXml,
  scalar,
  SOAP_ENV_NS,
  XML_DECLARATION,
  XSD_NS,
  XSI_NS,
  type WireRecord,
  type WireScalar,
} from "./wire-xml.js";

const SCHEMA_NS = { "xmlns:xsi": XSI_NS, "xmlns:xsd": XSD_NS };

function resultXml(reply: Extract<Reply, { kind: "result" }>): string {
  const message = reply.message ?? LEGACY_ERROR_NAMES[reply.code] ?? "Error";
  return element("Code", String(reply.code)) + element("Message", scalar(message));
}

/**
 * The content of the result element (or root) and the xsi:type it needs, if any. The WSDL types
 * every non-status result as anyType (a failure answers a Result in its place), so a SOAP result
 * holding elements names its type: that is how a generated client knows what it received. A
 * create's plain string needs no name.
 */
function content(op: OperationSpec, reply: Reply): { inner: string; xsiType?: string } {
  if (reply.kind === "result") {
    return op.result.kind === "status" ? { inner: resultXml(reply) } : { inner: resultXml(reply), xsiType: "Result" };
  }
  const v = reply.value;
  switch (op.result.kind) {
    case "string":
      return { inner: scalar(v as WireScalar) };
    case "array":
      return { inner: itemsXml(op.result.type, v as readonly WireRecord[]), xsiType: `ArrayOf${op.result.type}` };
    case "object":
      return { inner: fieldsXml(op.result.type, v as WireRecord), xsiType: op.result.type };
    case "anyType":
      return { inner: fieldsXml(op.result.type, v as WireRecord), xsiType: op.result.type };
    case "status":
      throw new Error(`${op.name} answers a Result, not a value`);
  }
}

/** A SOAP 1.1 envelope around body content. */
function envelope(body: string): string {
  return (
    XML_DECLARATION + element("soap:Envelope", element("soap:Body", body), { ...SCHEMA_NS, "xmlns:soap": SOAP_ENV_NS })
  );
}

/** The SOAP reply of an operation (also the GET/POST reply of rows marked httpEnvelope). */
export function soapReply(op: OperationSpec, reply: Reply, namespace: string): string {
  const { inner, xsiType } = content(op, reply);
  const resultElement = element(`${op.name}Result`, inner, xsiType ? { "xsi:type": xsiType } : {});
  return envelope(element(`${op.name}Response`, resultElement, { xmlns: namespace }));
}

/** The bare GET/POST document of an operation. */
export function httpReply(op: OperationSpec, reply: Reply, namespace: string): string {
  if (op.httpEnvelope) return soapReply(op, reply, namespace);
  const { inner, xsiType } = content(op, reply);
  const declarations = { ...SCHEMA_NS, xmlns: namespace };
  let root: string;
  if (reply.kind === "result") root = element("Result", inner, declarations);
  else if (op.result.kind === "string") root = element("string", inner, { xmlns: namespace });
  else if (op.result.kind === "array") root = element(`ArrayOf${op.result.type}`, inner, declarations);
  else if (op.result.kind === "anyType")
    root = element("anyType", inner, { ...declarations, "xsi:type": xsiType ?? "" });
  else if (op.result.kind === "object") root = element(op.result.type, inner, declarations);
  else root = element("Result", inner, declarations);
  return XML_DECLARATION + root;
}

/** Who a fault blames: the caller's request, the server, or the SOAP version. */
export type FaultCode = "soap:Client" | "soap:Server" | "soap:VersionMismatch";

/** A SOAP 1.1 Fault envelope. */
export function soapFault(code: FaultCode, message: string): string {
  return envelope(
    element("soap:Fault", element("faultcode", code) + element("faultstring", scalar(message)) + element("detail", "")),
  );
}
