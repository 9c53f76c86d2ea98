/**
 * `npm run sandbox`: the two backend simulators alone, without the gateway, for frontend developers
 * and benchmarks. Ports come from SANDBOX_LEGACY_PORT (4101) and SANDBOX_COMMERCE_PORT (4102).
 */
import { ConfigError, loadConfig } from "../config.js";
import { startCommerceSandbox } from "./commerce/index.js";
import { startLegacySandbox } from "./legacy/index.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const legacy = await startLegacySandbox({
    port: config.sandbox.legacyPort,
    host: config.host,
    apiKey: config.sandbox.legacyApiKey,
    namespace: config.legacy.namespace,
  });
  const commerce = await startCommerceSandbox({
    port: config.sandbox.commercePort,
    host: config.host,
    apiKey: config.sandbox.commerceApiKey,
    syncThreshold: config.sandbox.commerceSyncThreshold,
    rateLimit: config.sandbox.commerceRateLimit,
  });
  console.log(`legacy list service sandbox   ${legacy.url}/api/api.asmx   (WSDL: ${legacy.url}/api/api.asmx?WSDL)`);
  console.log(`commerce REST sandbox         ${commerce.baseUrl}   (OAuth: ${commerce.url}/oauth/authorize)`);
  console.log("demo credentials are listed in README.md; Ctrl-C stops both");

  const stop = async () => {
    await Promise.all([legacy.close(), commerce.close()]);
    process.exit(0);
  };
  const onSignal = (): void => {
    void stop().catch((error: unknown) => {
      console.error("shutdown failed:", error);
      process.exit(1);
    });
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
