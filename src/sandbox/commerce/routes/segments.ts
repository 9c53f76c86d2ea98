/**
 * GET /segments and POST /segments/{id}/async-export.
 */
import { notFound } from "../api-error.js";
import { json } from "../http-io.js";
import { matchesAll } from "../segment-criteria.js";
import type { CommerceStore } from "../store.js";
import type { Route } from "./route.js";

export const listSegments: Route = {
  handle({ ctx }) {
    const data = [...ctx.store.segments.values()].map(({ id, name, editable, uses }) => ({ id, name, editable, uses }));
    return json({ data });
  },
};

/** Quotes a CSV field when it needs it (RFC 4180). */
const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The export file: `email,status`, one row per customer the segment selects. */
export function exportSegmentCsv(store: CommerceStore, segmentId: string): string {
  const criteria = store.segmentCriteria(segmentId);
  if (!criteria) throw new Error("the segment no longer exists");
  const rows = store
    .standings()
    .filter((s) => matchesAll(criteria, s.subject, store.segmentCriteria))
    .map((s) => `${csvField(s.customer.email)},${s.status}`);
  return ["email,status", ...rows].join("\r\n") + "\r\n";
}

export const exportSegment: Route = {
  handle({ ctx, params }) {
    const id = params.id ?? "";
    if (!ctx.store.segments.has(id)) throw notFound(`no segment with id ${JSON.stringify(id)}`);
    const job = ctx.jobs.create("segments-export", () => ({ result: {}, csv: exportSegmentCsv(ctx.store, id) }));
    return json({ data: { id: job.id, kind: job.kind, status: job.status } }, 202);
  },
};
