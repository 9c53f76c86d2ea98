/**
 * The WSDL 1.1 description of the service, generated from the catalog so it always matches what the
 * sandbox accepts and answers (document/literal, SOAP 1.1). Operations other than status ones are
 * typed anyType, since a failure answers a Result in their place: see docs/decisions.md, "Replies:
 * Results in place of values, typed SOAP results; HTTP status of faults".
 */
import {
  isScalarKind,
  OPERATIONS,
  WIRE_TYPES,
  type OperationSpec,
  type ParamSpec,
  type WireField,
  type WireTypeName,
} from "../../backends/legacy/catalog.js";
import { element, XML_DECLARATION } from "./wire-xml.js";

const WSDL_NS = "http://schemas.xmlsoap.org/wsdl/";
const WSDL_SOAP_NS = "http://schemas.xmlsoap.org/wsdl/soap/";
const SCHEMA_NS = "http://www.w3.org/2001/XMLSchema";
const SOAP_HTTP = "http://schemas.xmlsoap.org/soap/http";
const PORT = "apiSoap";

const join = (parts: readonly string[]): string => parts.join("");

/** `s:string`, `s:int`, `s:boolean`, or `tns:Type`. */
const xsdType = (type: WireField["type"] | ParamSpec["type"]): string =>
  isScalarKind(type) ? `s:${type}` : `tns:${type}`;

const arrayTypeName = (itemType: string): string => `ArrayOf${isScalarKind(itemType) ? "String" : itemType}`;

/**
 * A sequence member. In result types strings and nested types may be omitted, ints and booleans
 * may not; a request parameter is required unless the catalog marks it optional or a list, as the
 * sandbox answers a missing one with a fault.
 */
function member(name: string, type: WireField["type"] | ParamSpec["type"], array = false, required?: boolean): string {
  const valueType = isScalarKind(type) && type !== "string";
  return element("s:element", "", {
    minOccurs: (required ?? (valueType && !array)) ? "1" : "0",
    maxOccurs: "1",
    name,
    type: array ? `tns:${arrayTypeName(type)}` : xsdType(type),
  });
}

const sequence = (members: readonly string[]): string => element("s:sequence", join(members));

function complexTypes(): string {
  const types = Object.entries(WIRE_TYPES) as [WireTypeName, readonly WireField[]][];
  const arrays = new Map<string, string>();
  const out = types.map(([name, fields]) => {
    for (const f of fields) if (f.array) arrays.set(arrayTypeName(f.type), f.type);
    return element("s:complexType", sequence(fields.map((f) => member(f.name, f.type, f.array))), { name });
  });
  for (const op of OPERATIONS as readonly OperationSpec[]) {
    if (op.result.kind === "array") arrays.set(arrayTypeName(op.result.type), op.result.type);
    for (const p of op.params) if (p.array) arrays.set(arrayTypeName(p.type), p.type);
  }
  for (const [name, item] of arrays) {
    const itemName = isScalarKind(item) ? "string" : item;
    const items = element("s:element", "", {
      minOccurs: "0",
      maxOccurs: "unbounded",
      name: itemName,
      nillable: "true",
      type: xsdType(item as WireField["type"]),
    });
    out.push(element("s:complexType", sequence([items]), { name }));
  }
  return join(out);
}

function operationElements(op: OperationSpec): string {
  const params = [
    member("ApiKey", "string", false, true),
    ...op.params.map((p) => member(p.name, p.type, p.array, !p.optional && !p.array)),
  ];
  const resultType = op.result.kind === "status" ? "tns:Result" : "s:anyType";
  const response = sequence([
    element("s:element", "", { minOccurs: "0", maxOccurs: "1", name: `${op.name}Result`, type: resultType }),
  ]);
  return (
    element("s:element", element("s:complexType", sequence(params)), { name: op.name }) +
    element("s:element", element("s:complexType", response), { name: `${op.name}Response` })
  );
}

/** Global elements for the roots of the bare GET/POST documents. */
function documentRoots(): string {
  const roots = new Map<string, string>([
    ["Result", "tns:Result"],
    ["string", "s:string"],
    ["anyType", "s:anyType"],
  ]);
  for (const op of OPERATIONS as readonly OperationSpec[]) {
    if (op.result.kind === "array") roots.set(arrayTypeName(op.result.type), `tns:${arrayTypeName(op.result.type)}`);
    if (op.result.kind === "object") roots.set(op.result.type, `tns:${op.result.type}`);
  }
  return join([...roots].map(([name, type]) => element("s:element", "", { name, nillable: "true", type })));
}

/** The WSDL document; `location` is the absolute URL of /api/api.asmx. */
export function wsdlDocument(namespace: string, location: string): string {
  const ops = OPERATIONS as readonly OperationSpec[];
  const schema = element("s:schema", join(ops.map(operationElements)) + complexTypes() + documentRoots(), {
    elementFormDefault: "qualified",
    targetNamespace: namespace,
  });
  const messages = ops.map(
    (op) =>
      element("wsdl:message", element("wsdl:part", "", { name: "parameters", element: `tns:${op.name}` }), {
        name: `${op.name}SoapIn`,
      }) +
      element("wsdl:message", element("wsdl:part", "", { name: "parameters", element: `tns:${op.name}Response` }), {
        name: `${op.name}SoapOut`,
      }),
  );
  const portOps = ops.map((op) =>
    element(
      "wsdl:operation",
      element("wsdl:input", "", { message: `tns:${op.name}SoapIn` }) +
        element("wsdl:output", "", { message: `tns:${op.name}SoapOut` }),
      { name: op.name },
    ),
  );
  const literal = element("soap:body", "", { use: "literal" });
  const bindingOps = ops.map((op) =>
    element(
      "wsdl:operation",
      element("soap:operation", "", { soapAction: `${namespace}${op.name}`, style: "document" }) +
        element("wsdl:input", literal) +
        element("wsdl:output", literal),
      { name: op.name },
    ),
  );
  const definitions = element(
    "wsdl:definitions",
    element("wsdl:types", schema) +
      join(messages) +
      element("wsdl:portType", join(portOps), { name: PORT }) +
      element("wsdl:binding", element("soap:binding", "", { transport: SOAP_HTTP }) + join(bindingOps), {
        name: PORT,
        type: `tns:${PORT}`,
      }) +
      element(
        "wsdl:service",
        element("wsdl:port", element("soap:address", "", { location }), { name: PORT, binding: `tns:${PORT}` }),
        { name: "api" },
      ),
    {
      "xmlns:wsdl": WSDL_NS,
      "xmlns:soap": WSDL_SOAP_NS,
      "xmlns:s": SCHEMA_NS,
      "xmlns:tns": namespace,
      targetNamespace: namespace,
    },
  );
  return XML_DECLARATION + definitions;
}
