/** Helper of the Overview benchmarks' baselines: one SOAP call of the legacy sandbox's demo account. */
import type { Agent } from "undici";
import { DEFAULT_LEGACY_NAMESPACE } from "../../src/backends/legacy/catalog.js";
import { DEMO } from "../../src/sandbox/demo-data.js";

/** Calls `op` with `params` (its parameter elements) at `origin` through `agent`: the reply's text; throws unless 200. */
export async function soapText(agent: Agent, origin: string, op: string, params: string): Promise<string> {
  const reply = await agent.request({
    origin,
    path: "/api/api.asmx",
    method: "POST",
    headers: { "content-type": "text/xml; charset=utf-8", soapaction: `"${DEFAULT_LEGACY_NAMESPACE}${op}"` },
    body:
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">` +
      `<soap:Body><${op} xmlns="${DEFAULT_LEGACY_NAMESPACE}"><ApiKey>${DEMO.apiKey}</ApiKey>${params}</${op}></soap:Body></soap:Envelope>`,
  });
  const text = await reply.body.text();
  if (reply.statusCode !== 200) throw new Error(`${op} answered ${reply.statusCode}: ${text.slice(0, 200)}`);
  return text;
}
