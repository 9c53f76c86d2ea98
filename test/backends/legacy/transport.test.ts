/**
 * The client's HTTP side: one keep-alive pool per client (sequential calls share a socket,
 * concurrent ones stay within `connections`), the observed GET/POST paths as a fallback, and a
 * namespace other than the default reaching a sandbox that serves it, over every transport.
 */
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_TRANSPORTS } from "../../../src/backends/legacy/catalog.js";
import { LegacyClient } from "../../../src/backends/legacy/client.js";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { listen, type Listening } from "../../../src/util/listen.js";
import { clientFor, scriptedServer, sendXml, testLimits } from "./helpers.js";

const LISTS = `<?xml version="1.0" encoding="utf-8"?><ArrayOfList xmlns="http://api.mailgraph.dev/api/"><List><ListID>1</ListID><Name>Ok</Name></List></ArrayOfList>`;

describe("connection pool", () => {
  let server: Listening;
  /** Client port of every request, in arrival order: one port per TCP connection. */
  const ports: number[] = [];
  let held: ServerResponse[] = [];
  /** Requests are answered once this many wait at the same time (1: at once). */
  let batch = 1;
  let mostAtOnce = 0;

  const answer = (res: ServerResponse) => {
    res.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
    res.end(LISTS);
  };

  beforeAll(async () => {
    server = await listen((req, res) => {
      ports.push(req.socket.remotePort ?? -1);
      req.resume();
      req.on("end", () => {
        held.push(res);
        mostAtOnce = Math.max(mostAtOnce, held.length);
        if (held.length >= batch) {
          const ready = held;
          held = [];
          ready.forEach(answer);
        }
      });
    });
  });
  afterAll(() => server.close());

  it("sends sequential calls over kept-alive connections", async () => {
    const client = clientFor(server.url, "get", { apiKey: "k" });
    try {
      ports.length = 0;
      for (let i = 0; i < 6; i++) {
        expect(await client.call("Client.GetLists", { ClientID: i })).toEqual([{ ListID: "1", Name: "Ok" }]);
      }
      expect(ports).toHaveLength(6);
      // Without keep-alive every call would open its own connection. (The pool may hand the next
      // call to a second idle connection before the first reports itself free, so not exactly 1.)
      expect(new Set(ports).size).toBeLessThanOrEqual(2);
    } finally {
      await client.close();
    }
  });

  it("keeps concurrent calls within the configured number of connections", async () => {
    const client = clientFor(server.url, "post", { apiKey: "k", limits: { connections: 2 } });
    try {
      ports.length = 0;
      mostAtOnce = 0;
      // The server answers in pairs, so two calls must be open at once; a pool that opened a
      // connection per call would show six client ports.
      batch = 2;
      const calls = Array.from({ length: 6 }, (_, i) => client.call("Client.GetLists", { ClientID: i }));
      const results = await Promise.all(calls);
      expect(results.every((r) => r.length === 1)).toBe(true);
      expect(ports).toHaveLength(6);
      expect(new Set(ports).size).toBeLessThanOrEqual(2);
      expect(mostAtOnce).toBe(2);
    } finally {
      batch = 1;
      await client.close();
    }
  });
});

describe("observed paths (transport note 3)", () => {
  const CAMPAIGNS =
    `<?xml version="1.0" encoding="utf-8"?><ArrayOfCampaign xmlns="http://api.mailgraph.dev/api/"><Campaign><CampaignID>7</CampaignID>` +
    `<Subject>S</Subject><Name>N</Name><SentDate>2024-01-01 10:00:00</SentDate><TotalRecipients>3</TotalRecipients></Campaign></ArrayOfCampaign>`;
  const SEGMENTS =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>` +
    `<Client.GetSegmentsResponse xmlns="http://api.mailgraph.dev/api/"><Client.GetSegmentsResult><List><ListID>9</ListID><Name>Seg</Name></List>` +
    `</Client.GetSegmentsResult></Client.GetSegmentsResponse></soap:Body></soap:Envelope>`;
  let server: Awaited<ReturnType<typeof scriptedServer>>;
  /** A service that knows these operations only under their observed paths. */
  beforeAll(async () => {
    server = await scriptedServer((req, res) => {
      const segment = req.url.replace(/\?.*$/s, "").split("/").pop();
      if (segment === "Campaign.GetCampaigns") sendXml(res, CAMPAIGNS);
      else if (segment === "Campaign.GetSegments") sendXml(res, SEGMENTS);
      else if (segment === "Client.GetSegments") {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("Not found");
      } else {
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end(`${segment} Web Service method name is not valid.`);
      }
    });
  });
  afterAll(() => server.close());
  const paths = () => server.received.map((r) => r.url.split("?")[0]);

  it("sends a read once more to its observed path when the documented one is unknown", async () => {
    const post = clientFor(server.url, "post", { apiKey: "k" });
    const get = clientFor(server.url, "get", { apiKey: "k" });
    try {
      server.received.length = 0;
      expect(await post.call("Client.GetCampaigns", { ClientID: 1 })).toEqual([
        { CampaignID: "7", Subject: "S", Name: "N", SentDate: "2024-01-01 10:00:00", TotalRecipients: "3" },
      ]);
      expect(paths()).toEqual(["/api/api.asmx/Client.GetCampaigns", "/api/api.asmx/Campaign.GetCampaigns"]);

      server.received.length = 0;
      expect(await get.call("Client.GetSegments", { ClientID: 1 })).toEqual([{ ListID: "9", Name: "Seg" }]);
      expect(paths()).toEqual(["/api/api.asmx/Client.GetSegments", "/api/api.asmx/Campaign.GetSegments"]);

      // Learned: later calls of the same client go straight to the observed path.
      server.received.length = 0;
      await post.call("Client.GetCampaigns", { ClientID: 2 });
      await get.call("Client.GetSegments", { ClientID: 2 });
      expect(paths()).toEqual(["/api/api.asmx/Campaign.GetCampaigns", "/api/api.asmx/Campaign.GetSegments"]);
    } finally {
      await Promise.all([post.close(), get.close()]);
    }
  });

  it("pays for the resend to the observed path from the call's budget; refused, the call fails with the budget's error", async () => {
    const post = clientFor(server.url, "post", { apiKey: "k" });
    try {
      let left = 1;
      const budget = {
        take() {
          if (left <= 0) throw new RangeError("budget spent");
          left -= 1;
        },
      };
      server.received.length = 0;
      await expect(post.call("Client.GetCampaigns", { ClientID: 1 }, { budget })).rejects.toThrow("budget spent");
      expect(paths()).toEqual(["/api/api.asmx/Client.GetCampaigns"]);

      // With one more, both are sent (and the path is learned, so the next call is one request).
      left = 2;
      server.received.length = 0;
      expect(await post.call("Client.GetCampaigns", { ClientID: 1 }, { budget })).toHaveLength(1);
      expect(paths()).toEqual(["/api/api.asmx/Client.GetCampaigns", "/api/api.asmx/Campaign.GetCampaigns"]);
      expect(left).toBe(0);
      left = 1;
      await post.call("Client.GetCampaigns", { ClientID: 1 }, { budget });
      expect(left).toBe(0);
    } finally {
      await post.close();
    }
  });

  it("does not guess a path the samples do not show", async () => {
    const get = clientFor(server.url, "get", { apiKey: "k" });
    try {
      server.received.length = 0;
      // Campaign.GetCampaigns is observed for POST only.
      await expect(get.call("Client.GetCampaigns", { ClientID: 1 })).rejects.toMatchObject({
        code: "LEGACY_HTTP_STATUS",
        status: 500,
        message: "Client.GetCampaigns: HTTP 500: Client.GetCampaigns Web Service method name is not valid.",
      });
      await expect(get.call("Client.GetLists", { ClientID: 1 })).rejects.toMatchObject({ code: "LEGACY_HTTP_STATUS" });
      expect(paths()).toEqual(["/api/api.asmx/Client.GetCampaigns", "/api/api.asmx/Client.GetLists"]);
    } finally {
      await get.close();
    }
  });
});

describe("a namespace other than the default", () => {
  const NAMESPACE = "urn:example:lists/";
  let sandbox: LegacySandbox;
  beforeAll(async () => {
    sandbox = await startLegacySandbox({ namespace: NAMESPACE, apiKey: "ns-key" });
  });
  afterAll(() => sandbox.close());

  it.each(LEGACY_TRANSPORTS)("reaches a sandbox serving it over %s", async (transport) => {
    const client = new LegacyClient({
      url: sandbox.url,
      transport,
      namespace: NAMESPACE,
      apiKey: "ns-key",
      limits: testLimits(),
    });
    try {
      const clients = await client.call("User.GetClients", {});
      expect(clients.map((c) => c.Name)).toContain("Northwind Traders");
      expect(sandbox.calls.entries().at(-1)).toMatchObject({ operation: "User.GetClients", transport });
    } finally {
      await client.close();
    }
  });

  it("is refused with a SOAP Fault when the client speaks the default one", async () => {
    const client = clientFor(sandbox.url, "soap", { apiKey: "ns-key" });
    try {
      const err = await client.call("User.GetClients", {}).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ code: "LEGACY_SOAP_FAULT", faultCode: "soap:Client", status: 500 });
    } finally {
      await client.close();
    }
  });
});
