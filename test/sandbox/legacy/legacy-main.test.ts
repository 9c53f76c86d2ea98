/**
 * `npm run sandbox` for the legacy list service, as a frontend developer or a benchmark uses it:
 * it listens on SANDBOX_LEGACY_PORT, prints the service and WSDL URLs, serves the demo data over
 * SOAP, GET and POST to the key SANDBOX_LEGACY_API_KEY names (code 100 to any other), and exits
 * cleanly on SIGINT.
 */
import { describe, expect, it } from "vitest";
import { freePort, output, runEntry } from "../../support/child-process.js";
import { LEGACY_TRANSPORTS } from "../../../src/backends/legacy/catalog.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { clientFor } from "../../backends/legacy/helpers.js";

describe("npm run sandbox (legacy)", () => {
  it("serves the demo data over every transport on SANDBOX_LEGACY_PORT with SANDBOX_LEGACY_API_KEY", async () => {
    const port = await freePort();
    const key = "frontend-legacy-key";
    const child = runEntry("src/sandbox/main.ts", {
      SANDBOX_LEGACY_PORT: String(port),
      SANDBOX_COMMERCE_PORT: "0",
      SANDBOX_LEGACY_API_KEY: key,
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    try {
      const out = await output(child, /legacy list service sandbox\s+\S+\s+\(WSDL: \S+\)/);
      const [, service, wsdl] = /legacy list service sandbox\s+(\S+)\s+\(WSDL: (\S+)\)/.exec(out) ?? [];
      if (service === undefined || wsdl === undefined) throw new Error(`no service and WSDL URLs in: ${out}`);
      const origin = `http://127.0.0.1:${port}`;
      expect(service).toBe(`${origin}/api/api.asmx`);
      expect(wsdl).toBe(`${origin}/api/api.asmx?WSDL`);
      const description = await fetch(wsdl);
      expect(description.status).toBe(200);
      expect(await description.text()).toContain(`<soap:address location="${service}" />`);

      for (const transport of LEGACY_TRANSPORTS) {
        const client = clientFor(origin, transport, { apiKey: key });
        const demoKey = clientFor(origin, transport, { apiKey: DEMO.apiKey });
        try {
          const clients = await client.call("User.GetClients", {});
          expect(
            clients.map((c) => c.ClientID),
            transport,
          ).toEqual(Object.values(DEMO.clients));
          const active = await client.call("Subscribers.GetActive", {
            ListID: DEMO.lists.newsletter,
            Date: "2000-01-01 00:00:00",
          });
          expect(
            active.map((s) => s.EmailAddress),
            transport,
          ).toContain(DEMO.emails.active);
          // The configured key replaces the default one.
          await expect(demoKey.call("User.GetClients", {})).rejects.toMatchObject({
            code: "LEGACY_RESULT",
            resultCode: 100,
          });
        } finally {
          await Promise.all([client.close(), demoKey.close()]);
        }
      }
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
  });
});
