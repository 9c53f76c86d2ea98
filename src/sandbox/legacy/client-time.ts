/**
 * Dates on the wire are in the owning client's time zone; this turns a client into its offset.
 */
import { timeZoneOffsetMinutes } from "../../backends/legacy/reference.js";
import { formatLocal, parseLocal } from "./dates.js";
import type { ClientRecord } from "./records.js";

/** Minutes east of GMT of the client's time zone (0 when the zone text cannot be read). */
export function clientOffset(client: ClientRecord): number {
  return timeZoneOffsetMinutes(client.timeZone) ?? 0;
}

/** An instant as the client's local `YYYY-MM-DD HH:MM:SS`. */
export function clientTime(client: ClientRecord, instant: Date): string {
  return formatLocal(instant, clientOffset(client));
}

/** A local `YYYY-MM-DD HH:MM:SS` of the client as an instant, or undefined when not a date. */
export function parseClientTime(client: ClientRecord, text: string): Date | undefined {
  return parseLocal(text, clientOffset(client));
}
