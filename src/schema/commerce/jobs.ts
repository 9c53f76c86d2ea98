/**
 * Async jobs (segment exports, large segment unsubscribes): the AsyncJob node and Store.asyncJob.
 * A completed unsubscribe's result is its report, read with the job. A completed export's result
 * is its rows, a connection over the job's CSV file: the file is read only when `rows` is selected,
 * once per request and job however many fields ask, and handed out a bounded page at a time.
 */
import type { AsyncJobResult, ExportRow, UnsubscribeReport } from "../../domain/commerce/index.js";
import { EXPORT_ROWS } from "../../domain/commerce/index.js";
import { encodeExportRowCursor } from "../../domain/commerce/cursors.js";
import { builder } from "../builder.js";
import { compositeId, parseCompositeId } from "../support/global-id.js";
import { graphError } from "../support/graph-errors.js";
import { DateTime } from "../support/scalars.js";
import { commerceAccess, scopesNote } from "./access.js";
import { AsyncJobRef, CommerceSubscriberStatus, ID_NOTE, StoreRef } from "./refs.js";
import { staleness } from "../support/staleness.js";

const AsyncJobStatus = builder.enumType("AsyncJobStatus", {
  description: "Where an async job is.",
  values: {
    PENDING: { description: "Created, not started." },
    RUNNING: { description: "Started." },
    COMPLETED: { description: "Finished; its result can be read." },
    FAILED: { description: "Finished without a result." },
  } as const,
});

/** The report of an unsubscribe: counts, and the reasons of the addresses that failed. */
export const UnsubscribeReportRef = builder.objectRef<UnsubscribeReport>("UnsubscribeReport").implement({
  description: "What an unsubscribe did; partial failure is reported here, not as an error.",
  fields: (t) => ({
    unsubscribed: t.exposeInt("unsubscribed"),
    failed: t.exposeInt("failed"),
    failedReasons: t.exposeStringList("failedReasons", {
      description: "One text per failure, as the backend gives it.",
    }),
  }),
});

const ExportRowRef = builder.objectRef<ExportRow>("SegmentExportRow").implement({
  description: "One row of a segment export's CSV.",
  fields: (t) => ({
    email: t.exposeString("email"),
    status: t.field({ type: CommerceSubscriberStatus, resolve: (row) => row.status }),
  }),
});

type ExportResult = Extract<AsyncJobResult, { kind: "segments-export" }>;
type UnsubscribeResult = Extract<AsyncJobResult, { kind: "segment-unsubscribe" }>;

const SegmentExportResultRef = builder.objectRef<ExportResult>("SegmentExportResult").implement({
  description: "A completed segment export: its rows, read from the job's CSV file when they are asked for.",
  fields: (t) => ({
    rows: t.connection(
      {
        type: ExportRowRef,
        nullable: true,
        description:
          `The export's rows in the file's order; \`first\` 1–${EXPORT_ROWS.page} ` +
          `(default ${EXPORT_ROWS.defaultPage}), forward paging only; \`totalCount\` is the rows of the whole ` +
          "export. Selecting it reads the job's file (one more call), once per request however many fields ask; " +
          `one request reads the rows of at most ${EXPORT_ROWS.filesPerRequest} exports (more is BAD_USER_INPUT, ` +
          "rule MAX_COUNT)." +
          scopesNote("asyncJob"),
        ...commerceAccess("asyncJob"),
        resolve: async (result, args, ctx) => {
          if (args.last != null || args.before != null)
            throw graphError("BAD_USER_INPUT", "Export rows page forward only: use first and after.");
          const page = await ctx.commerce.exportRows(result.jobId, { first: args.first, after: args.after });
          // Cursors are offsets in the file, so each edge has its own: the rows up to and including it.
          return {
            edges: page.nodes.map((node, i) => ({
              cursor: encodeExportRowCursor(page.jobId, page.offset + i + 1),
              node,
            })),
            pageInfo: page.pageInfo,
            totalCount: page.totalCount,
          };
        },
      },
      { name: "SegmentExportRowConnection" },
      { name: "SegmentExportRowEdge" },
    ),
  }),
});

const SegmentUnsubscribeResultRef = builder.objectRef<UnsubscribeResult>("SegmentUnsubscribeResult").implement({
  description: "The report of a completed segment unsubscribe.",
  fields: (t) => ({
    report: t.field({ type: UnsubscribeReportRef, resolve: (result) => result.report }),
  }),
});

const AsyncJobResultUnion = builder.unionType("AsyncJobResult", {
  description: "What a completed job produced, by its kind.",
  types: [SegmentExportResultRef, SegmentUnsubscribeResultRef],
  resolveType: (result) => (result.kind === "segments-export" ? SegmentExportResultRef : SegmentUnsubscribeResultRef),
});

/** A date the backend gave as ISO 8601 text, or null when it gave none or one that is not a date. */
function instant(text: string | null): Date | null {
  if (text === null) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

builder.node(AsyncJobRef, {
  description: "An async job of the store: a segment export, or a segment unsubscribe too large to run at once.",
  id: { resolve: (job) => compositeId(job.id) },
  loadWithoutCache: (id, ctx) => {
    const [jobId] = parseCompositeId(id, 1);
    return ctx.commerce.asyncJob(jobId);
  },
  fields: (t) => ({
    jobId: t.exposeString("id", { description: "The backend's job id." }),
    kind: t.exposeString("kind", { description: "The backend's kind, e.g. `segments-export`." }),
    status: t.field({ type: AsyncJobStatus, resolve: (job) => job.status }),
    createdAt: t.field({ type: DateTime, nullable: true, resolve: (job) => instant(job.createdAt) }),
    completedAt: t.field({ type: DateTime, nullable: true, resolve: (job) => instant(job.completedAt) }),
    result: t.field({
      type: AsyncJobResultUnion,
      nullable: true,
      description:
        "Once completed: the export's rows (read only when `rows` is selected) or the unsubscribe's report; " +
        "null before, after a failure, or for a kind the graph does not know.",
      resolve: (job) => job.result,
    }),
  }),
});

builder.objectFields(StoreRef, (t) => ({
  asyncJob: t.field({
    type: AsyncJobRef,
    nullable: true,
    description:
      "An async job by the backend's id; NOT_FOUND when there is none." +
      staleness(
        "job",
        "its completion is seen at once when the backend's async-job/completed webhook reaches the gateway.",
      ) +
      scopesNote("asyncJob"),
    args: { jobId: t.arg.string({ required: true, description: `The backend's job id. ${ID_NOTE}` }) },
    ...commerceAccess("asyncJob"),
    resolve: (_store, args, ctx) => ctx.commerce.asyncJob(args.jobId),
  }),
}));
