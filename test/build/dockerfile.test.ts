/**
 * The Dockerfile cannot be built on machines without a Docker engine, so its shape is checked here:
 * a build stage that compiles, a Node 22 runtime stage with production dependencies and dist/ only,
 * running `node dist/main.js` as a non-root user with a HEALTHCHECK; and a .dockerignore that keeps
 * local artefacts out of the build context.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** One Dockerfile instruction: its keyword (upper case) and the rest of the (joined) line. */
interface Instruction {
  keyword: string;
  args: string;
}

/** Instructions in order, with `\` continuations joined and comments dropped. */
function parseDockerfile(text: string): Instruction[] {
  const joined = text
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n")
    .replace(/\\\n/g, " ");
  return joined
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      const [keyword = "", ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(" ") };
    });
}

/** The instructions grouped by FROM, each stage with its name (`AS x`) and base image. */
function stages(instructions: Instruction[]): { name?: string; image: string; body: Instruction[] }[] {
  const result: { name?: string; image: string; body: Instruction[] }[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const [image = "", as, name] = instruction.args.split(/\s+/);
      result.push({ image, name: as?.toUpperCase() === "AS" ? name : undefined, body: [] });
    } else {
      result.at(-1)?.body.push(instruction);
    }
  }
  return result;
}

const dockerfile = parseDockerfile(readFileSync(`${ROOT}/Dockerfile`, "utf8"));
/** `value`, or a failed test naming what is missing. */
function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the Dockerfile has no ${what}`);
  return value;
}

const build = present(stages(dockerfile)[0], "build stage");
const runtime = present(stages(dockerfile)[1], "runtime stage");
const args = (body: Instruction[], keyword: string) => body.filter((i) => i.keyword === keyword).map((i) => i.args);
const dockerignore = readFileSync(`${ROOT}/.dockerignore`, "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));

describe("Dockerfile", () => {
  it("has a build stage and a runtime stage, both on node:22-bookworm-slim", () => {
    expect(stages(dockerfile)).toHaveLength(2);
    expect(build.name).toBeDefined();
    expect([build.image, runtime.image]).toEqual(["node:22-bookworm-slim", "node:22-bookworm-slim"]);
  });

  it("compiles in the build stage with every dependency installed", () => {
    const runs = args(build.body, "RUN");
    expect(runs.some((r) => /^npm ci\b/.test(r) && !r.includes("--omit=dev"))).toBe(true);
    expect(runs.some((r) => r.includes("npm run build"))).toBe(true);
    const copied = args(build.body, "COPY").join(" ");
    for (const file of ["package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json", "src"]) {
      expect(copied.split(/\s+/)).toContain(file);
    }
  });

  it("installs production dependencies only in the runtime stage and copies dist/ from the build", () => {
    const runs = args(runtime.body, "RUN");
    expect(runs.some((r) => /^npm ci\b.*--omit=dev/.test(r))).toBe(true);
    const copies = args(runtime.body, "COPY");
    expect(copies).toContain(`--from=${build.name} /app/dist ./dist`);
    expect(copies.some((c) => /\bsrc\b/.test(c))).toBe(false);
  });

  it("runs node dist/main.js as a non-root user, publishing the gateway only", () => {
    const users = args(runtime.body, "USER");
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^(root|0)(:|$)/);
    expect(args(runtime.body, "CMD")).toEqual(['["node", "dist/main.js"]']);
    expect(args(runtime.body, "ENTRYPOINT")).toEqual([]);
    expect(args(runtime.body, "ENV").join(" ")).toMatch(/\bHOST=0\.0\.0\.0\b/);
    // The embedded sandboxes stay on the container's loopback: only the gateway is published.
    expect(args(runtime.body, "EXPOSE")).toEqual(["4000"]);
  });

  it("runs with NODE_ENV=production and leaves the demo sandboxes to an explicit SANDBOX=true", () => {
    const env = args(runtime.body, "ENV").join(" ");
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    // Without backend URLs the container refuses to start instead of serving demo data.
    expect(env).not.toMatch(/\bSANDBOX=/);
  });

  it("has a HEALTHCHECK on /health that needs nothing but node", () => {
    const [healthcheck] = args(runtime.body, "HEALTHCHECK");
    expect(healthcheck).toMatch(/CMD \["node", "-e", .*fetch\(.*\/health/);
    expect(healthcheck).not.toMatch(/\b(curl|wget)\b/);
  });
});

describe(".dockerignore", () => {
  it("keeps local artefacts, history and non-runtime code out of the build context", () => {
    for (const entry of ["node_modules", "dist", ".git", "test", "bench", ".env"]) {
      expect(dockerignore).toContain(entry);
    }
  });

  it("does not exclude anything the Dockerfile copies from the context", () => {
    const fromContext = dockerfile
      .filter((i) => i.keyword === "COPY" && !i.args.startsWith("--from"))
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    expect(fromContext.filter((path) => dockerignore.includes(path))).toEqual([]);
  });
});
