/**
 * Reads a SOAP 1.1 request envelope into a namespace-aware element tree, safely: DOCTYPE and
 * entity declarations are refused, the document is validated before parsing, entities stay
 * off in the parser and only the five predefined entities and character references are
 * decoded here, once.
 */
import { XMLValidator } from "fast-xml-parser";
import {
  createSafeXmlParser,
  decodeXmlReferences,
  findForbiddenXmlChar,
  XmlReferenceError,
} from "../../backends/legacy/xml.js";
import { SOAP_ENV_NS, XSI_NS } from "./wire-xml.js";

const SOAP12_ENV_NS = "http://www.w3.org/2003/05/soap-envelope";
const MAX_DEPTH = 32;

/** An element of the request, with its resolved namespace. */
export interface SoapElement {
  readonly namespace: string;
  readonly name: string;
  readonly children: readonly SoapElement[];
  /** Character data, decoded; whitespace-only text beside child elements is dropped. */
  readonly text: string;
  /** xsi:nil="true". */
  readonly nil: boolean;
}

/** Why a request envelope cannot be processed; `fault` is the SOAP faultcode to answer with. */
export class SoapRequestError extends Error {
  constructor(
    readonly fault: "soap:Client" | "soap:VersionMismatch",
    message: string,
  ) {
    super(message);
    this.name = "SoapRequestError";
  }
}

const parser = createSafeXmlParser(MAX_DEPTH);

/** Decodes references with the client's decoder; its faults become the SOAP faults a service gives. */
function decode(raw: string): string {
  try {
    return decodeXmlReferences(raw);
  } catch (error) {
    if (!(error instanceof XmlReferenceError)) throw error;
    const message =
      error.fault === "undeclared-entity"
        ? `Reference to undeclared entity '${error.entity ?? ""}'.`
        : error.fault === "bare-ampersand"
          ? "A bare & in character data."
          : "Invalid character reference.";
    throw new SoapRequestError("soap:Client", message);
  }
}

type OrderedNode = Record<string, unknown> & { ":@"?: Record<string, string> };

const nameOf = (node: OrderedNode): string | undefined => Object.keys(node).find((k) => k !== ":@");

function toElement(qualified: string, node: OrderedNode, scope: ReadonlyMap<string, string>): SoapElement {
  const attributes = node[":@"] ?? {};
  const inScope = new Map(scope);
  for (const [key, uri] of Object.entries(attributes)) {
    if (key === "xmlns") inScope.set("", decode(uri));
    else if (key.startsWith("xmlns:")) inScope.set(key.slice(6), decode(uri));
  }
  const colon = qualified.indexOf(":");
  const prefix = colon === -1 ? "" : qualified.slice(0, colon);
  const namespace = inScope.get(prefix);
  if (namespace === undefined && prefix !== "") {
    throw new SoapRequestError("soap:Client", `Undeclared namespace prefix '${prefix}'.`);
  }
  const nil = Object.entries(attributes).some(([key, v]) => {
    const c = key.indexOf(":");
    return c !== -1 && key.slice(c + 1) === "nil" && inScope.get(key.slice(0, c)) === XSI_NS && v.trim() === "true";
  });
  const children: SoapElement[] = [];
  let text = "";
  for (const child of (node[qualified] as OrderedNode[] | undefined) ?? []) {
    const key = nameOf(child);
    if (key === undefined) continue;
    if (key === "#text") text += decode(String(child[key]));
    else if (key === "#cdata") {
      for (const part of child[key] as OrderedNode[]) {
        const cdata = part["#text"];
        if (typeof cdata === "string") text += cdata;
      }
    } else children.push(toElement(key, child, inScope));
  }
  if (children.length > 0 && text.trim() === "") text = "";
  return {
    namespace: namespace ?? "",
    name: colon === -1 ? qualified : qualified.slice(colon + 1),
    children,
    text,
    nil,
  };
}

/** The operation element inside the Body of a SOAP 1.1 envelope. Throws SoapRequestError. */
export function readSoapBody(xml: string): SoapElement {
  if (/<!(?:DOCTYPE|ENTITY)/i.test(xml))
    throw new SoapRequestError("soap:Client", "DTD is prohibited in this document.");
  if (findForbiddenXmlChar(xml) !== -1)
    throw new SoapRequestError("soap:Client", "The request holds a character XML forbids.");
  const verdict = XMLValidator.validate(xml);
  if (verdict !== true) {
    throw new SoapRequestError("soap:Client", `The request is not well-formed XML (line ${verdict.err.line}).`);
  }
  let nodes: OrderedNode[];
  try {
    nodes = parser.parse(xml) as OrderedNode[];
  } catch {
    throw new SoapRequestError("soap:Client", "The request is not well-formed XML.");
  }
  const roots = nodes.filter((n) => {
    const key = nameOf(n);
    return key !== undefined && key !== "#text";
  });
  const [root, ...otherRoots] = roots;
  if (!root || otherRoots.length > 0) {
    throw new SoapRequestError("soap:Client", "The request must hold exactly one root element.");
  }
  const envelope = toElement(nameOf(root) as string, root, new Map());
  if (envelope.name !== "Envelope" || envelope.namespace !== SOAP_ENV_NS) {
    const version = envelope.namespace === SOAP12_ENV_NS ? "SOAP 1.2" : "an unknown SOAP version";
    throw new SoapRequestError(
      "soap:VersionMismatch",
      `Expected a SOAP 1.1 Envelope in namespace ${SOAP_ENV_NS}; got ${version}.`,
    );
  }
  const body = envelope.children.find((c) => c.name === "Body" && c.namespace === SOAP_ENV_NS);
  if (!body) throw new SoapRequestError("soap:Client", "The envelope has no Body.");
  const [operation, ...others] = body.children;
  if (!operation || others.length > 0)
    throw new SoapRequestError("soap:Client", "The Body must hold exactly one element.");
  return operation;
}
