/**
 * Validation of an authorization request (spec: GET {auth_url}/oauth/authorize). Every problem
 * is collected, so the error page can list each one.
 */
import type { AuthorizeParams } from "../model.js";
import { isKnownScope, parseScopeParam } from "../scopes.js";
import type { CommerceStore } from "../store.js";

/** OAuth state: at least this many characters (spec: Limits). */
export const MIN_STATE_LENGTH = 10;

const NAMES = { clientId: "client_id", redirectUri: "redirect_uri", scope: "scope", state: "state" } as const;

/** The request's parameters, or every problem found. */
export type AuthorizeCheck =
  { ok: true; params: AuthorizeParams; scopes: string[] } | { ok: false; problems: string[] };

export function checkAuthorizeParams(input: URLSearchParams, store: CommerceStore): AuthorizeCheck {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const values = input.getAll(name);
    if (values.length > 1) problems.push(`${name} is given more than once`);
    return values[0];
  };
  const clientId = read(NAMES.clientId);
  const redirectUri = read(NAMES.redirectUri);
  const scope = read(NAMES.scope) ?? "";
  const state = read(NAMES.state);

  const app = clientId ? store.apps.get(clientId) : undefined;
  if (!clientId) problems.push("client_id is missing");
  else if (!app) problems.push("client_id does not name a registered application");

  if (!redirectUri) problems.push("redirect_uri is missing");
  else if (app && redirectUri !== app.redirectUri) {
    problems.push("redirect_uri does not match the redirect URI registered for this application");
  }

  if (!state) problems.push("state is missing");
  else if (state.length < MIN_STATE_LENGTH) problems.push(`state must have at least ${MIN_STATE_LENGTH} characters`);

  const scopes = parseScopeParam(scope);
  for (const s of scopes) if (!isKnownScope(s)) problems.push(`scope "${s}" is not a known scope`);

  if (problems.length > 0 || !clientId || !redirectUri || !state) return { ok: false, problems };
  return { ok: true, params: { clientId, redirectUri, scope, state }, scopes };
}
