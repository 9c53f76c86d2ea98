/**
 * How stale a field can be when the gateway's shared cache of backend reads is on (CACHE=on), for
 * its description: the setting that bounds it and what makes a change seen at once.
 */

/** What a field's description adds: `setting` bounds its age, `reported` says which changes are seen at once. */
export function staleness(setting: string, defaultS: number, reported: string): string {
  return (
    ` With CACHE=on it can be up to ${setting} old (default ${defaultS} s); ${reported} ` +
    "Cache-Control: no-cache on the request reads it fresh, and extensions.cache says how old what was served is."
  );
}
