/** REDIS_URL forms: one server or the seed nodes of a cluster; key names with their hash tags. */
import { describe, expect, it } from "vitest";
import { redisKey } from "../../src/redis/connect.js";
import { isClusterUrl, parseClusterUrl } from "../../src/redis/url.js";
import { loadConfig } from "../../src/config.js";
import { problemsOf } from "../support/config-problems.js";

describe("REDIS_URL", () => {
  it("names the seed nodes and credentials of a cluster", () => {
    expect(isClusterUrl("redis://127.0.0.1:6379")).toBe(false);
    expect(parseClusterUrl("rediss+cluster://user:p%40ss@10.0.0.1:7000,[::1]:7001,redis-2/")).toEqual({
      nodes: [
        { host: "10.0.0.1", port: 7000 },
        { host: "::1", port: 7001 },
        { host: "redis-2", port: 6379 },
      ],
      username: "user",
      password: "p@ss",
      tls: true,
    });
  });

  it("refuses a cluster URL with a database number, naming the rule and not the URL", () => {
    const problem = parseClusterUrl("redis+cluster://:secret@a:7000,b:7001/2");
    expect(problem).toMatch(/no database number/);
    expect(problem).not.toMatch(/secret/);
  });
});

describe("REDIS_URL in the config", () => {
  it("takes a cluster URL as it is, and names what is wrong with a bad one without showing it", () => {
    const url = "redis+cluster://127.0.0.1:7000,127.0.0.1:7001/";
    expect(loadConfig({ AUTH_MODE: "open", REDIS_URL: url }).events.redisUrl).toBe(url);
    const problems = problemsOf({ AUTH_MODE: "open", REDIS_URL: "redis+cluster://:hunter2pw@a:7000/3" });
    expect(problems.join("\n")).toMatch(/REDIS_URL must be redis\+cluster:\/\/.*no database number/);
    expect(problems.join("\n")).not.toContain("hunter2pw");
  });
});

describe("redisKey", () => {
  it("puts the tag in braces, so only it decides the cluster slot", () => {
    expect(redisKey("mailgraph:", "events", "legacy")).toBe("mailgraph:{events}:legacy");
    expect(redisKey("mailgraph:", "events", "dedupe", "legacy", "g")).toBe("mailgraph:{events}:dedupe:legacy:g");
    expect(redisKey("mailgraph:", "events")).toBe("mailgraph:{events}");
  });
});
