/**
 * The service endpoint, /api/api.asmx, over its three transports: SOAP 1.1 (POST, operation named
 * by SOAPAction and the Body element), GET /api/api.asmx/<Op>?Param=… and POST /api/api.asmx/<Op>
 * with a form body. Routing and parameter checks come from the catalog, behaviour from HANDLERS;
 * what the service cannot process gets what ASMX gives (docs/decisions.md, "Replies: Results in
 * place of values, typed SOAP results; HTTP status of faults").
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  findOperation,
  LEGACY_PATH,
  OPERATIONS,
  operationForPath,
  type OperationName,
  type OperationSpec,
} from "../../backends/legacy/catalog.js";
import type { RecordingCallLog } from "./call-log.js";
import { readBody, requestOrigin, send, mediaType, TEXT_TYPE, XML_TYPE } from "./http-io.js";
import { HANDLERS } from "./operations/index.js";
import { result, type Reply } from "./operations/types.js";
import { httpReply, soapFault, soapReply, type FaultCode } from "./replies.js";
import { ArgsError, argsFromForm, argsFromSoap, type ReadArgs } from "./request-args.js";
import { readSoapBody, SoapRequestError } from "./soap-request.js";
import type { LegacyStore } from "./store.js";
import { wsdlDocument } from "./wsdl.js";

/** What the endpoint needs to answer. */
export interface AsmxOptions {
  readonly store: LegacyStore;
  readonly calls: RecordingCallLog;
  readonly apiKey: string;
  readonly namespace: string;
}

const digest = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest();

/** The digest of each sandbox's key, computed once rather than on every call. */
const keyDigests = new WeakMap<AsmxOptions, Buffer>();

/** Runs one operation: the key first (100 on every operation), then the handler. */
function run(options: AsmxOptions, op: OperationSpec, read: ReadArgs, origin: string): Reply {
  let expected = keyDigests.get(options);
  if (!expected) keyDigests.set(options, (expected = digest(options.apiKey)));
  if (!timingSafeEqual(digest(read.apiKey), expected)) return result(100);
  return HANDLERS[op.name as OperationName]({ store: options.store, args: read.args, origin });
}

function record(options: AsmxOptions, op: OperationSpec, transport: "soap" | "get" | "post", read?: ReadArgs): void {
  const params: Record<string, unknown> = { ...read?.args.values };
  if (read && op.params.some((p) => p.array)) params.CustomFields = read.args.customFields.map((f) => ({ ...f }));
  options.calls.record({ operation: op.name, transport, params });
}

function fault(res: ServerResponse, code: FaultCode, message: string): void {
  send(res, 500, XML_TYPE, soapFault(code, message));
}

async function handleSoap(options: AsmxOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (mediaType(req) !== "text/xml") {
    send(res, 415, TEXT_TYPE, "SOAP 1.1 requests must be sent as text/xml.");
    return;
  }
  const header = req.headers.soapaction;
  const action = ((Array.isArray(header) ? header[0] : header) ?? "").trim().replace(/^"(.*)"$/, "$1");
  const op = action.startsWith(options.namespace) ? findOperation(action.slice(options.namespace.length)) : undefined;
  const bytes = await readBody(req);
  if (!op) {
    fault(res, "soap:Client", `Server did not recognize the value of HTTP Header SOAPAction: ${action}.`);
    return;
  }
  let xml: string;
  try {
    xml = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    record(options, op, "soap");
    fault(res, "soap:Client", "The request is not valid UTF-8.");
    return;
  }
  let read: ReadArgs;
  try {
    const body = readSoapBody(xml);
    if (body.name !== op.name || body.namespace !== options.namespace) {
      throw new SoapRequestError("soap:Client", `The Body element does not match SOAPAction ${action}.`);
    }
    read = argsFromSoap(op, body);
  } catch (error) {
    record(options, op, "soap");
    if (error instanceof SoapRequestError) fault(res, error.fault, error.message);
    else if (error instanceof ArgsError) fault(res, "soap:Client", error.message);
    else throw error;
    return;
  }
  record(options, op, "soap", read);
  const reply = run(options, op, read, requestOrigin(req));
  send(res, 200, XML_TYPE, soapReply(op, reply, options.namespace));
}

async function handleHttp(
  options: AsmxOptions,
  transport: "get" | "post",
  segment: string,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
): Promise<void> {
  let form = query;
  if (transport === "post") {
    if (mediaType(req) !== "application/x-www-form-urlencoded") {
      send(res, 415, TEXT_TYPE, "HTTP POST requests must be sent as application/x-www-form-urlencoded.");
      return;
    }
    form = new URLSearchParams((await readBody(req)).toString("utf8"));
  }
  const op = operationForPath(transport, segment);
  if (!op) {
    send(res, 500, TEXT_TYPE, `${segment} Web Service method name is not valid.`);
    return;
  }
  let read: ReadArgs;
  try {
    read = argsFromForm(op, form);
  } catch (error) {
    record(options, op, transport);
    if (!(error instanceof ArgsError)) throw error;
    send(res, 500, TEXT_TYPE, error.message);
    return;
  }
  record(options, op, transport, read);
  const reply = run(options, op, read, requestOrigin(req));
  send(res, 200, XML_TYPE, httpReply(op, reply, options.namespace));
}

function helpPage(): string {
  const items = (OPERATIONS as readonly OperationSpec[]).map((op) => `<li>${op.name}</li>`).join("");
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>api</title></head><body><h1>api</h1><p>The following operations are supported. For a formal definition, see the <a href="${LEGACY_PATH}?WSDL">Service Description</a>.</p><ul>${items}</ul></body></html>`;
}

/** Answers a request under /api/api.asmx; false when the path is not the service's. */
export async function handleAsmx(
  options: AsmxOptions,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname;
  if (path === LEGACY_PATH) {
    if (req.method === "POST") await handleSoap(options, req, res);
    else if (req.method === "GET" && [...url.searchParams.keys()].some((k) => k.toLowerCase() === "wsdl")) {
      send(res, 200, XML_TYPE, wsdlDocument(options.namespace, `${requestOrigin(req)}${LEGACY_PATH}`));
    } else if (req.method === "GET") send(res, 200, "text/html; charset=utf-8", helpPage());
    else send(res, 405, TEXT_TYPE, "Method not allowed.", { allow: "GET, POST" });
    return true;
  }
  if (!path.startsWith(`${LEGACY_PATH}/`)) return false;
  const rest = path.slice(LEGACY_PATH.length + 1);
  let segment: string;
  try {
    segment = decodeURIComponent(rest);
  } catch {
    segment = "/";
  }
  if (segment === "" || segment.includes("/")) {
    send(res, 404, TEXT_TYPE, "Not found.");
  } else if (req.method === "GET") await handleHttp(options, "get", segment, req, res, url.searchParams);
  else if (req.method === "POST") await handleHttp(options, "post", segment, req, res, url.searchParams);
  else send(res, 405, TEXT_TYPE, "Method not allowed.", { allow: "GET, POST" });
  return true;
}
