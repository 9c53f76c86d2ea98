/**
 * One server process of the benchmarks (started by bench/support/processes.ts) on 127.0.0.1 and a
 * free port, in the role its first argument names (the cases of `start`); a role loads only what it
 * runs. Prints `{"url": …}` once listening; stops when stdin ends or on SIGTERM. Under
 * `--expose-gc`, SIGUSR2 runs a full collection (to tell what is held from what is not yet collected).
 */
const [role, arg, arg2] = process.argv.slice(2);

async function start(): Promise<{ url: string; close(): Promise<void> }> {
  switch (role) {
    case "legacy-sandbox": {
      // [delayMs] [jitterMs]: each reply held back by delayMs ± jitterMs (seeded) plus its own work's
      // time, as a backend across a network answers (src/sandbox/legacy/reply-delay.ts).
      const { createLegacySandbox } = await import("../../src/sandbox/legacy/index.js");
      const { listen } = await import("../../src/util/listen.js");
      const sandbox = createLegacySandbox({
        webhookAutoDeliver: false,
        replyDelayMs: Number(arg ?? 0),
        replyJitterMs: Number(arg2 ?? 0),
      });
      return listen(sandbox.handler, {
        port: 0,
        host: "127.0.0.1",
        name: "the legacy sandbox",
        portSetting: "SANDBOX_LEGACY_PORT",
      });
    }
    case "commerce-sandbox": {
      const { startCommerceSandbox } = await import("../../src/sandbox/commerce/index.js");
      const sandbox = await startCommerceSandbox({ port: 0, host: "127.0.0.1", rateLimit: 0 });
      return { url: sandbox.baseUrl, close: () => sandbox.close() };
    }
    case "gateway": {
      // Configured from the environment like `npm start`; the event figures keep its log lines. A
      // figure is one caller sending as fast as it can: with a budget it would measure refusals.
      const { loadConfig } = await import("../../src/config.js");
      const { createGateway } = await import("../../src/server.js");
      const log = process.env.MAILGRAPH_BENCH_LOG === "stdout" ? undefined : () => {};
      return createGateway(loadConfig({ BUDGET: "off", ...process.env, HOST: "127.0.0.1", PORT: "0" }), { log });
    }
    case "bare-clients": {
      if (!arg) throw new Error("bare-clients needs the legacy sandbox's URL");
      const { startBareClientsServer } = await import("./bare-clients.js");
      return startBareClientsServer(arg);
    }
    case "yoga-overview": {
      if (!arg) throw new Error("yoga-overview needs the legacy sandbox's URL");
      const { startYogaOverview } = await import("./yoga-overview.js");
      return startYogaOverview(arg);
    }
    // The floors of bench/profiling/floors.ts.
    case "gateway-stubbed":
    case "yoga-minimal":
    case "json-minimal": {
      const { startFloorServer } = await import("./floor-servers.js");
      return startFloorServer(role);
    }
    default:
      throw new Error(`unknown role ${String(role)}`);
  }
}

const running = await start();
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void running.close().finally(() => process.exit(0));
};
process.stdin.on("end", stop).on("close", stop).resume();
process.once("SIGTERM", stop);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) process.on("SIGUSR2", () => gc());
