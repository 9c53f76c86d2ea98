/**
 * One process of the gateway benchmarks (see bench/support/processes.ts), on 127.0.0.1 and a free port:
 * - `legacy-sandbox [delayMs] [jitterMs]`: the legacy sandbox with its demo data, every reply held
 *   back by `delayMs` (default 0; each reply's drawn from delayMs ± jitterMs, seeded, with a
 *   jitter) plus its own work's time after its request arrived, as a backend across a network
 *   would answer (src/sandbox/legacy/reply-delay.ts);
 * - `commerce-sandbox`: the commerce sandbox with its demo data;
 * - `gateway`: the gateway, configured from the environment like `npm start`;
 * - `bare-clients <legacyUrl>`: the bare baseline of `{ clients { id name } }` (bench/support/bare-clients.ts);
 * - `gateway-stubbed`, `yoga-minimal`, `json-minimal`: the floors of bench/profiling/floors.ts (see there);
 * - `yoga-overview <legacyUrl>`: the least GraphQL server of the Overview (bench/support/yoga-overview.ts).
 * Prints `{"url": …}` once listening; stops when stdin ends or on SIGTERM.
 */
import { loadConfig } from "../../src/config.js";
import { startCommerceSandbox } from "../../src/sandbox/commerce/index.js";
import { createLegacySandbox } from "../../src/sandbox/legacy/index.js";
import { createGateway } from "../../src/server.js";
import { listen } from "../../src/util/listen.js";
import { startBareClientsServer } from "./bare-clients.js";
import { startFloorServer } from "./floor-servers.js";
import { startYogaOverview } from "./yoga-overview.js";

const [role, arg, arg2] = process.argv.slice(2);
let running: { url: string; close(): Promise<void> };
switch (role) {
  case "legacy-sandbox": {
    const delayMs = Number(arg ?? 0);
    const sandbox = createLegacySandbox({
      webhookAutoDeliver: false,
      replyDelayMs: delayMs,
      replyJitterMs: Number(arg2 ?? 0),
    });
    const server = await listen(sandbox.handler, {
      port: 0,
      host: "127.0.0.1",
      name: "the legacy sandbox",
      portSetting: "SANDBOX_LEGACY_PORT",
    });
    running = { url: server.url, close: () => server.close() };
    break;
  }
  case "commerce-sandbox": {
    const sandbox = await startCommerceSandbox({ port: 0, host: "127.0.0.1", rateLimit: 0 });
    running = { url: sandbox.baseUrl, close: () => sandbox.close() };
    break;
  }
  case "gateway":
    running = await createGateway(loadConfig({ ...process.env, HOST: "127.0.0.1", PORT: "0" }), { log: () => {} });
    break;
  case "bare-clients":
    if (!arg) throw new Error("bare-clients needs the legacy sandbox's URL");
    running = await startBareClientsServer(arg);
    break;
  case "yoga-overview":
    if (!arg) throw new Error("yoga-overview needs the legacy sandbox's URL");
    running = await startYogaOverview(arg);
    break;
  case "gateway-stubbed":
  case "yoga-minimal":
  case "json-minimal":
    running = await startFloorServer(role);
    break;
  default:
    throw new Error(`unknown role ${String(role)}`);
}
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void running.close().finally(() => process.exit(0));
};
process.stdin.on("end", stop).on("close", stop).resume();
process.once("SIGTERM", stop);
