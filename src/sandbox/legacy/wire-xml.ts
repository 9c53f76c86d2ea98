/**
 * Writes wire values as XML, guided by WIRE_TYPES so field order and element names always
 * match the catalog. Every text value is escaped; empty values are written `<Name />`.
 */
import { isScalarKind, WIRE_TYPES, type WireField, type WireTypeName } from "../../backends/legacy/catalog.js";
import { escapeXml } from "../../backends/legacy/xml.js";

/** A scalar as the sandbox holds it before writing. */
export type WireScalar = string | number;
/** An object of a wire type, by field name; a missing field is written empty. */
export interface WireRecord {
  readonly [field: string]: WireScalar | WireRecord | readonly (WireScalar | WireRecord)[] | undefined;
}

export const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";
export const XSD_NS = "http://www.w3.org/2001/XMLSchema";
export const SOAP_ENV_NS = "http://schemas.xmlsoap.org/soap/envelope/";
export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

/** `<name attrs>inner</name>`, or `<name attrs />` when inner is empty. Names come from the catalog. */
export function element(name: string, inner: string, attributes: Readonly<Record<string, string>> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join("");
  return inner === "" ? `<${name}${attrs} />` : `<${name}${attrs}>${inner}</${name}>`;
}

/** Escaped text of a scalar. */
export function scalar(value: WireScalar | undefined): string {
  return value === undefined ? "" : escapeXml(String(value));
}

/** The child elements of an object of `type`, in wire order. */
export function fieldsXml(type: WireTypeName, record: WireRecord): string {
  return (WIRE_TYPES[type] as readonly WireField[]).map((field) => fieldXml(field, record[field.name])).join("");
}

/** The item elements of a list: `<string>` for scalars, `<Type>` for objects. */
export function itemsXml(type: WireField["type"], items: readonly (WireScalar | WireRecord)[]): string {
  return items.map((item) => itemXml(type, item)).join("");
}

function itemXml(type: WireField["type"], item: WireScalar | WireRecord): string {
  if (isScalarKind(type)) return element("string", typeof item === "object" ? "" : scalar(item));
  return element(type, typeof item === "object" ? fieldsXml(type, item) : "");
}

function fieldXml(field: WireField, value: WireRecord[string]): string {
  if (field.array) return element(field.name, itemsXml(field.type, Array.isArray(value) ? value : []));
  if (isScalarKind(field.type)) {
    return element(field.name, typeof value === "object" ? "" : scalar(value));
  }
  const nested = typeof value === "object" && !Array.isArray(value) ? (value as WireRecord) : {};
  return element(field.name, fieldsXml(field.type, nested));
}
