/**
 * A commerce sandbox over real HTTP (test/backends/commerce/support/sandbox.ts) and CommerceServices on it,
 * with the sandbox's call counter to count backend calls.
 */
import { startRig, type Rig } from "../../backends/commerce/support/sandbox.js";
import type { CommerceSandboxOptions } from "../../../src/sandbox/commerce/index.js";
import { CommerceService, type CommerceCaller } from "../../../src/domain/commerce/service.js";
import {
  apiKeyCredential,
  oauthCredential,
  partnerCredential,
  type CommerceCredential,
} from "../../../src/domain/commerce/scopes.js";

/** A started sandbox with helpers to make per-request services. */
export interface DomainRig extends Rig {
  /** A service for one request holding the store owner's API key (every scope). */
  owner(options?: ServiceOptions): CommerceService;
  /** A service for one request holding an OAuth token with these scopes. */
  oauth(scopes: string[]): CommerceService;
  /** A service for one request holding the demo partner token. */
  partnerService(): CommerceService;
  /** A service for one request with this credential (or none). */
  service(credential: CommerceCredential | undefined, options?: ServiceOptions): CommerceService;
  /** Requests the sandbox served for "METHOD /pattern". */
  calls(key: string): number;
}

/** How a test's service differs from the default. */
export interface ServiceOptions {
  concurrency?: number;
  signal?: AbortSignal;
  client?: CommerceCaller;
  membershipPageBudget?: number;
  exportFileBudget?: number;
}

export async function startDomainRig(options: CommerceSandboxOptions = {}): Promise<DomainRig> {
  const rig = await startRig(options);
  const service: DomainRig["service"] = (credential, o = {}) =>
    new CommerceService(o.client ?? rig.client, {
      credential,
      concurrency: o.concurrency ?? 4,
      signal: o.signal,
      membershipPageBudget: o.membershipPageBudget,
      exportFileBudget: o.exportFileBudget,
    });
  return {
    ...rig,
    service,
    owner: (o) => service(apiKeyCredential(rig.apiKey), o),
    oauth: (scopes) => service(oauthCredential(rig.pop(scopes), scopes)),
    partnerService: () => service(partnerCredential(rig.partner)),
    calls: (key) => rig.sb.calls.count(key),
  };
}

/** What a promise rejects with (fails the test when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

export const SUBSCRIBERS = "GET /customer-lists/:id/subscribers";
