/**
 * Maps parsed reply elements onto the wire types of the catalog. WIRE_TYPES guides every step,
 * so declared lists are always arrays (also with zero or one item), declared fields the reply
 * leaves out become "", and undeclared elements are ignored.
 */
import { isScalarKind, WIRE_TYPES, type WireField, type WireTypeName } from "./catalog.js";
import { childNamed, XmlReplyError, type XmlElement } from "./xml.js";

/** A decoded object: every scalar as text, nested objects and arrays as declared. */
export type WireObject = { [field: string]: WireData };
/** Any decoded value of a field. */
export type WireData = string | WireObject | WireData[];

/** A stand-in for an element the reply omitted: decodes to "", [] or an object of "" fields. */
export const EMPTY_ELEMENT: XmlElement = { name: "", attributes: {}, children: [], text: "" };

/** The text of a scalar element; an element holding child elements is not a scalar. */
export function scalarText(element: XmlElement): string {
  if (element.children.length > 0) {
    throw new XmlReplyError("malformed", `element ${element.name} holds elements where text was expected`);
  }
  return element.text;
}

/** Decodes an element as an object of the given wire type. */
export function decodeObject(element: XmlElement, type: WireTypeName): WireObject {
  const out: WireObject = {};
  for (const field of WIRE_TYPES[type] as readonly WireField[]) {
    out[field.name] = decodeField(childNamed(element, field.name), field);
  }
  return out;
}

/** Decodes the items of a list element (`<ArrayOfX>`, `<OpResult>`, `<CustomFields>`). */
export function decodeItems(element: XmlElement, type: WireField["type"]): WireData[] {
  return element.children.map((item) => (isScalarKind(type) ? scalarText(item) : decodeObject(item, type)));
}

function decodeField(element: XmlElement | undefined, field: WireField): WireData {
  if (field.array) return element ? decodeItems(element, field.type) : [];
  if (isScalarKind(field.type)) return element ? scalarText(element) : "";
  return decodeObject(element ?? EMPTY_ELEMENT, field.type);
}
