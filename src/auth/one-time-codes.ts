/**
 * One-time codes of logins that return to an app: each stands for one gateway token, works once,
 * for a short time, and only for the origin the login returned to. Held in this process's memory
 * (docs/decisions.md, "Gateway auth"): the app exchanges the code on the instance that made it.
 */
import { createHash, randomBytes } from "node:crypto";

interface Pending {
  token: string;
  origin: string;
  expiresAt: number;
  /** When the gateway token itself expires (Unix ms). */
  tokenExpiresAt: number;
}

/** The codes waiting for POST /auth/token. */
export class OneTimeCodes {
  // Keyed by the code's SHA-256, so a heap dump shows no usable code.
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    /** Codes waiting at once; beyond it the oldest go (a login flood cannot grow memory without bound). */
    private readonly maxPending = 10_000,
  ) {}

  /** A fresh code (43 url-safe characters) for `token`, redeemable from `origin`. */
  issue(token: string, origin: string, tokenTtlSeconds: number): string {
    this.sweep();
    while (this.pending.size >= this.maxPending) {
      const oldest = this.pending.keys().next().value;
      if (oldest === undefined) break;
      this.pending.delete(oldest);
    }
    const code = randomBytes(32).toString("base64url");
    const at = this.now();
    this.pending.set(digest(code), {
      token,
      origin,
      expiresAt: at + this.ttlMs,
      tokenExpiresAt: at + tokenTtlSeconds * 1000,
    });
    return code;
  }

  /**
   * The token of `code`, once: unknown, expired and used codes give undefined, and so does a code
   * presented by another origin than the one it was issued for (an absent Origin is a server-side app).
   */
  redeem(code: string, origin: string | undefined): { token: string; expiresIn: number } | undefined {
    this.sweep();
    const key = digest(code);
    const entry = this.pending.get(key);
    if (!entry) return undefined;
    if (origin !== undefined && origin !== entry.origin) return undefined;
    this.pending.delete(key);
    return { token: entry.token, expiresIn: Math.max(0, Math.floor((entry.tokenExpiresAt - this.now()) / 1000)) };
  }

  private sweep(): void {
    const at = this.now();
    for (const [key, entry] of this.pending) if (entry.expiresAt <= at) this.pending.delete(key);
  }
}

const digest = (code: string) => createHash("sha256").update(code, "utf8").digest("base64url");
