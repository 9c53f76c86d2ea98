import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LegacyClient } from "../../../src/backends/legacy/client.js";
import { LARGE_REPLY_BYTES } from "../../../src/backends/legacy/codec.js";
import { LegacyError } from "../../../src/backends/legacy/errors.js";
import { MAX_XML_ATTRIBUTES } from "../../../src/backends/legacy/xml.js";
import { loadConfig } from "../../../src/config.js";
import { createGateway, type Gateway } from "../../../src/server.js";
import { listen } from "../../../src/util/listen.js";
import { post } from "../../server/support.js";
import { clientFor, scriptedServer, sendXml, type Received } from "./helpers.js";

const GOOD = `<?xml version="1.0" encoding="utf-8"?><ArrayOfList xmlns="http://api.mailgraph.dev/api/"><List><ListID>1</ListID><Name>Ok</Name></List></ArrayOfList>`;
const MB = 1024 * 1024;

/** ` a0="x" a1="x" …`: `n` attributes. */
function attributes(n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += ` a${i}="x"`;
  return out;
}

type Mode = (req: Received, res: ServerResponse) => void;
let mode: Mode = (_req, res) => sendXml(res, GOOD);

const modes = {
  truncated: (_req, res) => sendXml(res, GOOD.slice(0, GOOD.length - 20)),
  html: (_req, res) => {
    res.writeHead(502, { "content-type": "text/html" });
    res.end("<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>");
  },
  htmlAs200Xml: (_req, res) => sendXml(res, "<html><body>maintenance</body></html>"),
  billionLaughs: (_req, res) => {
    const entities = ['<!ENTITY lol "lol">'];
    for (let i = 1; i <= 9; i++) entities.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? "" : i - 1};`.repeat(10)}">`);
    sendXml(
      res,
      `<?xml version="1.0"?><!DOCTYPE lolz [${entities.join("")}]><ArrayOfList><List><Name>&lol9;</Name></List></ArrayOfList>`,
    );
  },
  deep: (_req, res) => sendXml(res, `<ArrayOfList>${"<List>".repeat(10_000)}${"</List>".repeat(10_000)}</ArrayOfList>`),
  // One element with more attributes than any reply carries: read in one go, and (over
  // LARGE_REPLY_BYTES) in slices.
  manyAttributes: (_req, res) => sendXml(res, GOOD.replace("<List>", `<List${attributes(65)}>`)),
  manyAttributesLarge: (_req, res) => sendXml(res, GOOD.replace("<List>", `<List${attributes(80_000)}>`)),
  hugeChunked: (_req, res) => {
    res.writeHead(200, { "content-type": "text/xml" });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const push = () => {
      while (sent < 10 * MB) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", push);
      }
      res.end();
    };
    res.on("error", () => {});
    push();
  },
  hugeDeclared: (_req, res) => {
    res.writeHead(200, { "content-type": "text/xml", "content-length": String(10 * MB) });
    res.on("error", () => {});
    res.write("<ArrayOfList>");
  },
  empty: (_req, res) => {
    res.writeHead(200, { "content-type": "text/xml" });
    res.end();
  },
  hang: () => {},
  hangBody: (_req, res) => {
    res.writeHead(200, { "content-type": "text/xml" });
    res.write("<ArrayOfList>");
  },
  reset: (req, _res) => {
    // Closes the connection without an answer, once; the next request gets a good reply.
    mode = modes.good;
    resets.push(req.url);
    _res.socket?.destroy();
  },
  fault: (_req, res) =>
    sendXml(
      res,
      `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode>` +
        `<faultstring>Server was unable to process request.</faultstring></soap:Fault></soap:Body></soap:Envelope>`,
      500,
    ),
  notFound: (_req, res) => {
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("Not found");
  },
  good: (_req, res) => sendXml(res, GOOD),
} satisfies Record<string, Mode>;
const resets: string[] = [];

let server: Awaited<ReturnType<typeof scriptedServer>>;
let client: LegacyClient;
beforeAll(async () => {
  server = await scriptedServer((req, res) => mode(req, res));
  client = clientFor(server.url, "get", {
    apiKey: "k",
    limits: { headersTimeoutMs: 300, bodyTimeoutMs: 300, maxResponseBytes: MB },
  });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

async function failureOf(promise: Promise<unknown>): Promise<LegacyError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LegacyError);
  return err as LegacyError;
}

/** Calls with the given server behaviour, then checks that a normal call still works. */
async function hostile(name: keyof typeof modes, op: "Client.GetLists" | "Subscriber.Add" = "Client.GetLists") {
  mode = modes[name];
  const err = await failureOf(
    op === "Client.GetLists"
      ? client.call("Client.GetLists", { ClientID: 1 })
      : client.call("Subscriber.Add", { ListID: 1, Email: "a@example.com", Name: "" }),
  );
  mode = modes.good;
  await expect(client.call("Client.GetLists", { ClientID: 1 })).resolves.toEqual([{ ListID: "1", Name: "Ok" }]);
  return err;
}

describe("hostile replies each give their own error, and the next call works", () => {
  it("truncated XML → LEGACY_MALFORMED_REPLY", async () => {
    expect(await hostile("truncated")).toMatchObject({
      code: "LEGACY_MALFORMED_REPLY",
      message: expect.stringMatching(/^Client\.GetLists: not well-formed XML/),
    });
  });

  it("an HTML error page → LEGACY_HTML_REPLY with the status", async () => {
    expect(await hostile("html")).toMatchObject({
      code: "LEGACY_HTML_REPLY",
      status: 502,
      message: "Client.GetLists: the service answered with an HTML page (HTTP 502)",
    });
    expect(await hostile("htmlAs200Xml")).toMatchObject({ code: "LEGACY_HTML_REPLY", status: 200 });
  });

  it("a DOCTYPE with entity declarations (billion laughs) → LEGACY_UNSAFE_XML", async () => {
    expect(await hostile("billionLaughs")).toMatchObject({
      code: "LEGACY_UNSAFE_XML",
      message: "Client.GetLists: the reply declares a DOCTYPE",
    });
  });

  it("nesting 10 000 deep → LEGACY_UNSAFE_XML", async () => {
    expect((await hostile("deep")).code).toBe("LEGACY_UNSAFE_XML");
  });

  it(`an element with more than ${MAX_XML_ATTRIBUTES} attributes → LEGACY_UNSAFE_XML, small or large`, async () => {
    const large = GOOD.length + attributes(80_000).length;
    expect(large).toBeGreaterThan(LARGE_REPLY_BYTES);
    expect(large).toBeLessThan(MB);
    for (const name of ["manyAttributes", "manyAttributesLarge"] as const) {
      expect(await hostile(name)).toMatchObject({
        code: "LEGACY_UNSAFE_XML",
        message: `Client.GetLists: the reply gives an element more than ${MAX_XML_ATTRIBUTES} attributes`,
      });
    }
  });

  it("a 10 MB body → LEGACY_REPLY_TOO_LARGE, streamed or declared", async () => {
    expect(await hostile("hugeChunked")).toMatchObject({
      code: "LEGACY_REPLY_TOO_LARGE",
      message: `Client.GetLists: the reply exceeds ${MB} bytes`,
    });
    expect((await hostile("hugeDeclared")).code).toBe("LEGACY_REPLY_TOO_LARGE");
  });

  it("an empty body → LEGACY_EMPTY_REPLY", async () => {
    expect(await hostile("empty")).toMatchObject({
      code: "LEGACY_EMPTY_REPLY",
      message: "Client.GetLists: the reply is empty",
    });
  });

  it("a server that never answers → LEGACY_TIMEOUT (headers), and one that stalls mid-body (body)", async () => {
    expect(await hostile("hang")).toMatchObject({
      code: "LEGACY_TIMEOUT",
      message: "Client.GetLists: the service timed out (UND_ERR_HEADERS_TIMEOUT)",
    });
    expect((await hostile("hangBody")).code).toBe("LEGACY_TIMEOUT");
  });

  it("a SOAP Fault with HTTP 500 → LEGACY_SOAP_FAULT; another status → LEGACY_HTTP_STATUS", async () => {
    expect(await hostile("fault")).toMatchObject({
      code: "LEGACY_SOAP_FAULT",
      faultCode: "soap:Server",
      status: 500,
      message: "Client.GetLists: SOAP Fault soap:Server: Server was unable to process request.",
    });
    expect(await hostile("notFound")).toMatchObject({ code: "LEGACY_HTTP_STATUS", status: 404 });
  });

  it("a connection closed without a reply: a read is sent once more, a write never", async () => {
    resets.length = 0;
    const before = server.received.length;
    mode = modes.reset;
    await expect(client.call("Client.GetLists", { ClientID: 1 })).resolves.toEqual([{ ListID: "1", Name: "Ok" }]);
    expect(server.received.length - before).toBe(2);

    const err = await hostile("reset", "Subscriber.Add");
    expect(err.code).toBe("LEGACY_UNAVAILABLE");
    expect(resets.filter((url) => url.includes("Subscriber.Add"))).toHaveLength(1);
    expect(server.received.filter((r) => r.url.includes("Subscriber.Add"))).toHaveLength(1);
  });

  it("a caller's abort → LEGACY_ABORTED; a deadline signal → LEGACY_TIMEOUT", async () => {
    mode = modes.hang;
    const controller = new AbortController();
    const pending = client.call("Client.GetLists", { ClientID: 1 }, { signal: controller.signal });
    controller.abort(new Error("request closed"));
    const aborted = await failureOf(pending);
    expect(aborted).toMatchObject({
      code: "LEGACY_ABORTED",
      message: "Client.GetLists: the caller gave up on the call",
    });
    expect((aborted.cause as Error).message).toBe("request closed");
    const deadline = await failureOf(
      client.call("Client.GetLists", { ClientID: 1 }, { signal: AbortSignal.timeout(50) }),
    );
    expect(deadline.code).toBe("LEGACY_TIMEOUT");
    mode = modes.good;
    await expect(client.call("Client.GetLists", { ClientID: 1 })).resolves.toHaveLength(1);
  });
});

describe("an unreachable service", () => {
  it("a refused connection → LEGACY_UNAVAILABLE", async () => {
    const closed = await listen((_req, res) => res.end());
    const url = closed.url;
    await closed.close();
    const refused = clientFor(url, "soap", { apiKey: "k" });
    try {
      const err = await failureOf(refused.call("User.GetClients", {}));
      expect(err).toMatchObject({
        code: "LEGACY_UNAVAILABLE",
        message: "User.GetClients: the service is unreachable (ECONNREFUSED)",
      });
      expect(String((err.cause as { code?: string }).code)).toBe("ECONNREFUSED");
    } finally {
      await refused.close();
    }
  });
});

describe("through the graph: a reply whose element carries 650,000 attributes", () => {
  // The reply of a service built to make the gateway work: `clients` was answered after the reader
  // spent over a second on the one start tag. Now the field fails alone, as an unusable reply.
  const envelope = (client: string) =>
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">` +
    `<soap:Body><User.GetClientsResponse xmlns="http://api.mailgraph.dev/api/"><User.GetClientsResult>${client}` +
    `</User.GetClientsResult></User.GetClientsResponse></soap:Body></soap:Envelope>`;
  let body = "";
  let legacy: Awaited<ReturnType<typeof scriptedServer>>;
  let gateway: Gateway;
  beforeAll(async () => {
    legacy = await scriptedServer((_req, res) => sendXml(res, body));
    gateway = await createGateway(
      loadConfig({ HOST: "127.0.0.1", PORT: "0", AUTH_MODE: "open", LEGACY_URL: legacy.url, LEGACY_API_KEY: "k" }),
      { log: () => undefined },
    );
  });
  afterAll(async () => {
    await gateway.close();
    await legacy.close();
  });

  it("clients is null with UPSTREAM_BAD_RESPONSE; the same reply without them is answered", async () => {
    body = envelope(`<Client${attributes(650_000)}><ClientID>1</ClientID><Name>x</Name></Client>`);
    expect(body.length).toBeGreaterThan(7 * MB);
    const refused = await post(gateway.url, "{ clients { name } }");
    expect(refused.status).toBe(200);
    expect(refused.body?.data).toEqual({ clients: null });
    expect(refused.body?.errors).toEqual([
      expect.objectContaining({
        path: ["clients"],
        extensions: expect.objectContaining({
          code: "UPSTREAM_BAD_RESPONSE",
          backend: "legacy",
          operation: "User.GetClients",
        }) as unknown,
      }),
    ]);
    expect(refused.body?.errors?.[0]?.message).toContain("LEGACY_UNSAFE_XML");

    body = envelope(`<Client><ClientID>1</ClientID><Name>x</Name></Client>`);
    const answered = await post(gateway.url, "{ clients { name } }");
    expect(answered.body).toMatchObject({ data: { clients: [{ name: "x" }] } });
  });
});
