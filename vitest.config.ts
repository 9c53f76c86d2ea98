import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // graphql ships CJS (main) and ESM (module) builds. Node (and so tsx, npm start) loads the CJS
    // one for every importer; Vite would give our files the ESM one while dependencies such as
    // Pothos get the CJS one, and graphql refuses to mix two instances. Resolve as Node does.
    alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }],
  },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Every log line of every test is captured and, at the end of the run, checked for secrets
    // and email addresses (test/support/log-*.ts).
    globalSetup: ["test/support/log-global-setup.ts"],
    setupFiles: ["test/support/log-capture.ts"],
  },
});
