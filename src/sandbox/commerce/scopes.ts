/**
 * OAuth scopes of the commerce interface and their grant rule: a write_ scope also grants the
 * matching read_ scope (spec: Authentication 2, Scopes).
 */

/** Every scope the spec's table names. */
export const KNOWN_SCOPES: readonly string[] = [
  "read_webhook",
  "write_webhook",
  "read_newsletter_template",
  "read_newsletter_email",
  "read_async_job",
  "read_segments",
  "write_segments",
  "read_customers",
  "write_customers",
  "read_customer_list",
  "write_customer_list",
];

export const isKnownScope = (scope: string): boolean => KNOWN_SCOPES.includes(scope);

/** Does a set of granted scopes satisfy one required scope? */
export function grants(granted: readonly string[], required: string): boolean {
  if (granted.includes(required)) return true;
  return required.startsWith("read_") && granted.includes(`write_${required.slice("read_".length)}`);
}

/** The required scopes a grant lacks, in the order required. */
export const missingScopes = (granted: readonly string[], required: readonly string[]): string[] =>
  required.filter((scope) => !grants(granted, scope));

/** Splits a space-separated scope parameter, dropping empty entries and repeats. */
export const parseScopeParam = (scope: string): string[] => [...new Set(scope.split(/\s+/).filter(Boolean))];
