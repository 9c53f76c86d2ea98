/**
 * A shared execution's result serialized once for all its subscribers, and the results that stay
 * true for as long as it runs (standing notices), which subscribers joining later get first.
 */
import type { ExecutionResult } from "graphql";

/** The JSON text of a result as graphql-ws would write it (errors in their JSON form). */
export function serializeResult(result: ExecutionResult): string {
  const { errors, ...rest } = result;
  return JSON.stringify(errors ? { ...rest, errors: errors.map((error) => error.toJSON()) } : rest);
}

/** A result and its JSON text, made once for every subscriber of a shared execution. */
export class RawPayload {
  constructor(
    /** The result's JSON text. */
    readonly raw: string,
    /** The result itself, for subscribers that serialize on their own. */
    readonly result: ExecutionResult,
  ) {}
}

/**
 * Whether a result reports a lasting condition of the stream rather than an event: no data, and
 * every error marked `partial: true` (a side of the stream left out, the rest streaming on, as
 * contactEvents opens without a legacy key).
 */
export function isStandingNotice(result: ExecutionResult): boolean {
  const { errors } = result;
  return (
    (result.data === null || result.data === undefined) &&
    errors !== undefined &&
    errors.length > 0 &&
    errors.every((error) => error.extensions?.partial === true)
  );
}
