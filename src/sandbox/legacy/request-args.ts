/**
 * Turns a request's parameters (SOAP child elements, or GET query / POST form fields) into the Args
 * of the operation's catalog row, checking what ASMX checks before the method runs: required
 * parameters present, booleans convertible, no character XML forbids.
 */
import type { OperationSpec, ParamSpec } from "../../backends/legacy/catalog.js";
import { findForbiddenXmlChar } from "../../backends/legacy/xml.js";
import type { Args, CustomFieldValue } from "./operations/types.js";
import type { SoapElement } from "./soap-request.js";

/** A parameter problem; the message is what the sandbox answers (never holding the API key). */
export class ArgsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArgsError";
  }
}

/** The checked arguments of one request, the key apart. */
export interface ReadArgs {
  readonly apiKey: string;
  readonly args: Args;
}

const API_KEY: ParamSpec = { name: "ApiKey", type: "string" };
const XSD_BOOLEAN = /^(?:true|false|1|0)$/;
const INDEXED = /^CustomFields\[(\d+)\]\.(Key|Value)$/;

function checkScalar(spec: ParamSpec, raw: string | undefined): string {
  if (raw === undefined) {
    if (spec.optional) return "";
    throw new ArgsError(`Missing parameter: ${spec.name}.`);
  }
  if (findForbiddenXmlChar(raw) !== -1) throw new ArgsError(`Parameter ${spec.name} holds a character XML forbids.`);
  if (spec.type === "boolean" && !XSD_BOOLEAN.test(raw.trim())) {
    throw new ArgsError(`Cannot convert the value of ${spec.name} to System.Boolean.`);
  }
  return raw;
}

function collect(
  op: OperationSpec,
  read: (spec: ParamSpec) => string | undefined,
  fields: CustomFieldValue[],
): ReadArgs {
  const apiKey = checkScalar(API_KEY, read(API_KEY));
  const values: Record<string, string> = {};
  for (const spec of op.params) {
    if (!spec.array) values[spec.name] = checkScalar(spec, read(spec));
  }
  for (const field of fields) {
    if (findForbiddenXmlChar(field.Key + field.Value) !== -1) {
      throw new ArgsError("Parameter CustomFields holds a character XML forbids.");
    }
  }
  return { apiKey, args: { values, customFields: fields } };
}

const child = (el: SoapElement, name: string): SoapElement | undefined => el.children.find((c) => c.name === name);

/**
 * Arguments from the operation element of a SOAP body (children matched by local name; CustomFields
 * as `<SubscriberCustomField>` elements).
 */
export function argsFromSoap(op: OperationSpec, body: SoapElement): ReadArgs {
  const list = child(body, "CustomFields");
  const fields = (list?.children ?? [])
    .filter((item) => item.name === "SubscriberCustomField")
    .flatMap((item) => {
      const key = child(item, "Key");
      return key ? [{ Key: key.text, Value: child(item, "Value")?.text ?? "" }] : [];
    });
  return collect(op, (spec) => child(body, spec.name)?.text, fields);
}

/**
 * Arguments from GET query or POST form fields (the first of repeated names counts; CustomFields as
 * indexed pairs, `CustomFields[0].Key`).
 */
export function argsFromForm(op: OperationSpec, form: URLSearchParams): ReadArgs {
  const pairs = new Map<number, Partial<CustomFieldValue>>();
  for (const [name, v] of form) {
    const m = INDEXED.exec(name);
    if (!m) continue;
    const index = Number(m[1]);
    const pair = pairs.get(index) ?? {};
    pair[m[2] as "Key" | "Value"] ??= v;
    pairs.set(index, pair);
  }
  const fields = [...pairs.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, pair]) => (pair.Key === undefined ? [] : [{ Key: pair.Key, Value: pair.Value ?? "" }]));
  return collect(op, (spec) => form.get(spec.name) ?? undefined, fields);
}
