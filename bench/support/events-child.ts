/**
 * A process of the event benchmarks: `legacy-sandbox` (the legacy sandbox with its demo data) or
 * `gateway` (configured from its environment like `npm start`), on 127.0.0.1 and a free port. It
 * prints one line `{"url": …}` once listening, and stops when its stdin ends (the parent exiting,
 * even abruptly, ends it) or on SIGTERM.
 * Run by bench/support/events.ts: node --import tsx bench/support/events-child.ts <role>
 */
import { loadConfig } from "../../src/config.js";
import { startLegacySandbox } from "../../src/sandbox/legacy/index.js";
import { createGateway } from "../../src/server.js";

const role = process.argv[2];
let running: { url: string; close(): Promise<void> };
if (role === "legacy-sandbox") {
  running = await startLegacySandbox({ port: 0, host: "127.0.0.1" });
} else if (role === "gateway") {
  running = await createGateway(loadConfig({ ...process.env, HOST: "127.0.0.1", PORT: "0" }));
} else {
  throw new Error(`unknown role ${String(role)}: legacy-sandbox or gateway`);
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
