/**
 * Requests of the legacy service for each transport: the SOAP 1.1 envelope and the GET/POST
 * name/value form, built from catalog names only. Replies are read by reply.ts.
 */
import { LEGACY_PATH, pathSegment, type LegacyTransport, type OperationSpec } from "./catalog.js";
import type { WireParam } from "./params.js";
import type { LegacyHttpRequest } from "./transport.js";
import { escapeXml } from "./xml.js";

export {
  decodeReply,
  decodeReplyInSlices,
  LARGE_REPLY_BYTES,
  REPLY_SLICES,
  SLICED_DECODE_WAITING_BYTES,
  SLICED_DECODES_AT_ONCE,
  slicedDecodeGauge,
  type DecodeContext,
  type ReplySlices,
} from "./reply.js";

const SOAP_ENV = "http://schemas.xmlsoap.org/soap/envelope/";
const XSI = "http://www.w3.org/2001/XMLSchema-instance";
const XSD = "http://www.w3.org/2001/XMLSchema";

/** Where requests go: the base URL's path prefix ("" for an origin) and the service namespace. */
export interface EncodeTarget {
  readonly basePath: string;
  /** {api_namespace}, ending in a slash. */
  readonly namespace: string;
}

/**
 * Builds the HTTP request of one call. GET/POST address the documented operation name, or with
 * `observedPath` the path the spec's samples show for it (transport note 3).
 */
export function encodeRequest(
  op: OperationSpec,
  transport: LegacyTransport,
  params: readonly WireParam[],
  target: EncodeTarget,
  options: { observedPath?: boolean } = {},
): LegacyHttpRequest {
  const servicePath = `${target.basePath}${LEGACY_PATH}`;
  const segment = (via: "get" | "post") => pathSegment(op, options.observedPath ? via : undefined);
  switch (transport) {
    case "soap":
      return {
        method: "POST",
        path: servicePath,
        headers: {
          "content-type": "text/xml; charset=utf-8",
          // ASMX matches the action with its quotes.
          soapaction: `"${target.namespace}${op.name}"`,
        },
        body: soapEnvelope(op, params, target.namespace),
      };
    case "get":
      return { method: "GET", path: `${servicePath}/${segment("get")}?${formEncode(params)}`, headers: {} };
    case "post":
      return {
        method: "POST",
        path: `${servicePath}/${segment("post")}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: formEncode(params),
      };
  }
}

/** The SOAP 1.1 envelope: body element `<Op xmlns="{namespace}">`, one child per parameter. */
export function soapEnvelope(op: OperationSpec, params: readonly WireParam[], namespace: string): string {
  const children = params.map(({ name, value }) => {
    if (typeof value === "string") return `<${name}>${escapeXml(value)}</${name}>`;
    const items = value.map(
      (field) =>
        `<SubscriberCustomField><Key>${escapeXml(field.Key)}</Key><Value>${escapeXml(field.Value)}</Value></SubscriberCustomField>`,
    );
    return `<${name}>${items.join("")}</${name}>`;
  });
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap:Envelope xmlns:xsi="${XSI}" xmlns:xsd="${XSD}" xmlns:soap="${SOAP_ENV}">` +
    `<soap:Body><${op.name} xmlns="${escapeXml(namespace)}">${children.join("")}</${op.name}></soap:Body>` +
    `</soap:Envelope>`
  );
}

/**
 * The name/value pairs of GET and POST. A list of custom fields becomes indexed pairs
 * (`CustomFields[0].Key=…&CustomFields[0].Value=…`, docs/decisions.md).
 */
export function formEncode(params: readonly WireParam[]): string {
  const pairs: string[] = [];
  const add = (name: string, value: string) => pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  for (const { name, value } of params) {
    if (typeof value === "string") add(name, value);
    else
      value.forEach((field, i) => {
        add(`${name}[${i}].Key`, field.Key);
        add(`${name}[${i}].Value`, field.Value);
      });
  }
  return pairs.join("&");
}
