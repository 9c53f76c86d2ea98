/**
 * How stale a field can be when the gateway's shared cache of backend reads is on (CACHE=on), for
 * its description: the setting that bounds it, its default, and what makes a change seen at once.
 */
import { CACHE_TTL_DEFAULTS } from "../../config.js";

/** What a field's description adds: reads of `kind` bound its age, `reported` says which changes are seen at once. */
export function staleness(kind: keyof typeof CACHE_TTL_DEFAULTS, reported: string): string {
  const { setting, seconds } = CACHE_TTL_DEFAULTS[kind];
  return (
    ` With CACHE=on it can be up to ${setting} old (default ${seconds} s); ${reported} ` +
    "Cache-Control: no-cache on the request reads it fresh, and extensions.cache says how old what was served is."
  );
}
