/**
 * A commerce sandbox on a free port with a fake clock, a client pointed at it, and signers for
 * the demo credentials.
 */
import { apiKeySigner, partnerSigner, popSigner, type CommerceSigner } from "../../../../src/backends/commerce/auth.js";
import { CommerceClient } from "../../../../src/backends/commerce/client.js";
import { CommerceError } from "../../../../src/backends/commerce/errors.js";
import type { CommerceSandbox, CommerceSandboxOptions } from "../../../../src/sandbox/commerce/index.js";
import { startStack } from "../../../support/stack.js";
import { testLimits } from "./limits.js";

/** A clock tests move by hand; starts on a whole second so ts arithmetic is exact. */
export class FakeClock {
  constructor(public ms = Date.UTC(2025, 0, 15, 12, 0, 0)) {}
  readonly now = (): Date => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
  /** A clock reading this one's time plus an offset, for a skewed signer. */
  skewed(offsetMs: number): () => Date {
    return () => new Date(this.ms + offsetMs);
  }
}

/** A started sandbox, its clock, a client, and the demo signers. */
export interface Rig {
  sb: CommerceSandbox;
  clock: FakeClock;
  client: CommerceClient;
  apiKey: CommerceSigner;
  /** A PoP signer for a fresh token with these scopes, signed on the sandbox clock. */
  pop(scopes: string[]): CommerceSigner;
  partner: CommerceSigner;
  close(): Promise<void>;
}

export async function startRig(options: CommerceSandboxOptions = {}): Promise<Rig> {
  const clock = new FakeClock();
  const stack = await startStack({ legacy: false, gateway: false, commerce: { port: 0, now: clock.now, ...options } });
  const sb = stack.commerce;
  const client = new CommerceClient({ baseUrl: sb.baseUrl, authUrl: sb.url, limits: testLimits() });
  const { clientId, clientSecret } = sb.demo.app;
  return {
    sb,
    clock,
    client,
    apiKey: apiKeySigner(sb.demo.apiKey),
    pop: (scopes) => popSigner({ accessToken: sb.issueAccessToken({ scopes }), clientSecret, now: clock.now }),
    partner: partnerSigner({ appId: clientId, clientSecret, now: clock.now }),
    async close() {
      await client.close();
      await stack.close();
    },
  };
}

/** The CommerceError a promise rejects with (fails the test when it resolves). */
export async function failure(p: Promise<unknown>): Promise<CommerceError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof CommerceError) return e;
    throw e;
  }
  throw new Error("expected a rejection");
}

/** A signer that sends whatever Authorization header a test built by hand. */
export const rawAuthorization = (value: string): CommerceSigner => ({
  scheme: "pop",
  headers: () => Promise.resolve({ Authorization: value }),
});
