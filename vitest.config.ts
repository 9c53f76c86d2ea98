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
    // Two files at a time: vitest's default on a 2-core machine is one (CPUs - 1), and most suites
    // wait on sockets and child processes. On a 2-core host the suite took 520 s one at a time and
    // 285–312 s two at a time.
    maxWorkers: 2,
    // Every log line of every test is captured and, at the end of the run, checked for secrets
    // and email addresses (test/support/log-*.ts).
    globalSetup: ["test/support/log-global-setup.ts"],
    setupFiles: ["test/support/log-capture.ts"],
  },
});
