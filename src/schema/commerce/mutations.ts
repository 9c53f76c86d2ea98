/**
 * Commerce writes: subscribe an address to a customer list, unsubscribe addresses or a segment of
 * a list, export a segment. Each answers a payload union: its success type, InputError (every rule
 * of the input checked by the commerce service before any call), CommerceRejectedError and
 * CommerceNotFoundError. Lists and segments are named by the backend's ids, as Store names them.
 */
import { COMMERCE_LIMITS, type CommerceSubscription, type UnsubscribeReport } from "../../domain/commerce/index.js";
import { builder } from "../builder.js";
import { JSONObject } from "../support/json-object.js";
import { commerceAccess, scopesNote } from "./access.js";
import { COMMERCE_WRITE_ERRORS } from "./errors.js";
import { UnsubscribeReportRef } from "./jobs.js";
import type { CommerceAsyncJob } from "../../domain/commerce/index.js";
import { AsyncJobRef, CommerceSubscriberStatus, CustomerListRef, ID_NOTE } from "./refs.js";

/** Names and labels: one line. */
const ONE_LINE = "One line: no control characters (TEXT_CHARACTERS), tabs or line breaks (SINGLE_LINE).";
/** Wording that may run over lines. */
const LINES = "Tabs and line breaks are allowed, other control characters not (TEXT_CHARACTERS).";

// --- subscribe ----------------------------------------------------------------------------------

const SubscribeToCustomerListInput = builder.inputType("SubscribeToCustomerListInput", {
  fields: (t) => ({
    listId: t.string({ required: true, description: `The backend's customer list id. ${ID_NOTE}` }),
    email: t.string({ required: true, description: `At most ${COMMERCE_LIMITS.email} characters.` }),
    name: t.string({
      description: `First, or first and last name. At most ${COMMERCE_LIMITS.text} characters. ${ONE_LINE}`,
    }),
    properties: t.field({
      type: JSONObject,
      description:
        `Tracked properties: at most ${COMMERCE_LIMITS.properties} keys of at most ${COMMERCE_LIMITS.propertyKey} ` +
        "characters matching ^[a-zA-Z0-9-_]+$ (PROPERTY_KEY); values text, finite numbers, booleans, ISO 8601 " +
        "dates, null, or lists of one of those kinds (PROPERTY_VALUE). Text may span lines but holds no other " +
        `control characters (TEXT_CHARACTERS); a whole number must lie within ±${Number.MAX_SAFE_INTEGER} ` +
        "(EXACT_NUMBER): JSON cannot carry a larger one exactly, so send it as text. The service infers a key's " +
        "type from its first value.",
    }),
    source: t.string({
      description: `Where the subscription came from. At most ${COMMERCE_LIMITS.text} characters. ${ONE_LINE}`,
    }),
    sourceType: t.string({
      description: `The kind of control used. At most ${COMMERCE_LIMITS.text} characters. ${ONE_LINE}`,
    }),
    sourceId: t.string({
      description: `The form id or slug. At most ${COMMERCE_LIMITS.text} characters. ${ONE_LINE}`,
    }),
    optInText: t.string({
      description: `The opt-in text shown (GDPR). At most ${COMMERCE_LIMITS.optInText} characters. ${LINES}`,
    }),
  }),
});

const SubscribeToCustomerListSuccess = builder
  .objectRef<CommerceSubscription>("SubscribeToCustomerListSuccess")
  .implement({
    description: "The address is subscribed to the list, or pending its opt-in.",
    fields: (t) => ({
      subscriptionId: t.exposeString("id", { description: "The backend's subscription id." }),
      email: t.exposeString("email"),
      status: t.field({
        type: CommerceSubscriberStatus,
        description: "SUBSCRIBED, or PENDING while the list awaits the address's opt-in.",
        resolve: (s) => s.status,
      }),
      properties: t.field({ type: JSONObject, resolve: (s) => s.properties }),
      customerList: t.field({
        type: CustomerListRef,
        resolve: (s) => ({ id: s.listId }),
      }),
    }),
  });

// --- unsubscribe --------------------------------------------------------------------------------

interface ListReport {
  listId: string;
  report: UnsubscribeReport;
}

const UnsubscribeCustomerEmailsInput = builder.inputType("UnsubscribeCustomerEmailsInput", {
  fields: (t) => ({
    listId: t.string({ required: true, description: `The backend's customer list id. ${ID_NOTE}` }),
    emails: t.stringList({
      required: true,
      description: `1–${COMMERCE_LIMITS.emails} addresses, none repeated (any case).`,
    }),
  }),
});

const UnsubscribeCustomerEmailsSuccess = builder.objectRef<ListReport>("UnsubscribeCustomerEmailsSuccess").implement({
  description: "The backend's report: how many addresses it unsubscribed and why the others failed.",
  fields: (t) => ({
    report: t.field({ type: UnsubscribeReportRef, resolve: (p) => p.report }),
    customerList: t.field({ type: CustomerListRef, resolve: (p) => ({ id: p.listId }) }),
  }),
});

const SegmentCriterionInput = builder.inputType("SegmentCriterionInput", {
  description: "One criterion of a segment; what names and filters mean is the commerce service's to judge.",
  fields: (t) => ({
    criteriaName: t.string({
      required: true,
      description: `At most ${COMMERCE_LIMITS.criteriaName} characters. ${ONE_LINE}`,
    }),
    negate: t.boolean({ required: true }),
    filters: t.field({
      type: [JSONObject],
      required: true,
      description:
        `1–${COMMERCE_LIMITS.filters} filter objects. Their texts hold no control characters other than tab, ` +
        "line feed and carriage return (TEXT_CHARACTERS); their numbers are finite, and whole ones within " +
        `±${Number.MAX_SAFE_INTEGER} (EXACT_NUMBER).`,
    }),
  }),
});

const UnsubscribeCustomerSegmentInput = builder.inputType("UnsubscribeCustomerSegmentInput", {
  fields: (t) => ({
    listId: t.string({ required: true, description: `The backend's customer list id. ${ID_NOTE}` }),
    criteria: t.field({
      type: [SegmentCriterionInput],
      required: true,
      description:
        `1–${COMMERCE_LIMITS.criteria} criteria, all of which must hold. An empty list is refused (REQUIRED): ` +
        "the service would read it as no condition and unsubscribe every member of the list. To mean everyone, " +
        "say so with a criterion.",
    }),
  }),
});

interface SegmentOutcome {
  listId: string;
  report: UnsubscribeReport | null;
  jobId: string | null;
}

const UnsubscribeCustomerSegmentSuccess = builder
  .objectRef<SegmentOutcome>("UnsubscribeCustomerSegmentSuccess")
  .implement({
    description:
      "A small audience is unsubscribed at once (`report`); a large one became an async job (`job`, HTTP 202). " +
      "Exactly one of report and jobId is set.",
    fields: (t) => ({
      report: t.field({ type: UnsubscribeReportRef, nullable: true, resolve: (p) => p.report }),
      jobId: t.exposeString("jobId", { nullable: true, description: "The backend's id of the job it became." }),
      job: t.field({
        type: AsyncJobRef,
        nullable: true,
        description: "The job it became, read now." + scopesNote("asyncJob"),
        ...commerceAccess("asyncJob"),
        resolve: (p, _args, ctx) => (p.jobId === null ? null : ctx.commerce.asyncJob(p.jobId)),
      }),
      customerList: t.field({ type: CustomerListRef, resolve: (p) => ({ id: p.listId }) }),
    }),
  });

// --- export -------------------------------------------------------------------------------------

const ExportSegmentInput = builder.inputType("ExportSegmentInput", {
  fields: (t) => ({
    segmentId: t.string({ required: true, description: `The backend's segment id. ${ID_NOTE}` }),
  }),
});

const ExportSegmentSuccess = builder.objectRef<{ job: CommerceAsyncJob }>("ExportSegmentSuccess").implement({
  description: "The export job was started; its rows are its result once it completes.",
  fields: (t) => ({
    job: t.field({ type: AsyncJobRef, resolve: (p) => p.job }),
  }),
});

builder.mutationFields((t) => ({
  subscribeToCustomerList: t.field({
    type: SubscribeToCustomerListSuccess,
    nullable: true,
    description: "Subscribes an address to a customer list." + scopesNote("subscribe"),
    args: { input: t.arg({ type: SubscribeToCustomerListInput, required: true }) },
    ...commerceAccess("subscribe"),
    errors: { types: COMMERCE_WRITE_ERRORS, directResult: true },
    resolve: (_root, { input }, ctx) => ctx.commerce.subscribe(input.listId, input),
  }),
  unsubscribeCustomerEmails: t.field({
    type: UnsubscribeCustomerEmailsSuccess,
    nullable: true,
    description:
      "Unsubscribes addresses from a customer list; addresses that fail are counted in the report." +
      scopesNote("unsubscribeEmails"),
    args: { input: t.arg({ type: UnsubscribeCustomerEmailsInput, required: true }) },
    ...commerceAccess("unsubscribeEmails"),
    errors: { types: COMMERCE_WRITE_ERRORS, directResult: true },
    resolve: async (_root, { input }, ctx) => ({
      listId: input.listId,
      report: await ctx.commerce.unsubscribeEmails(input.listId, input.emails),
    }),
  }),
  unsubscribeCustomerSegment: t.field({
    type: UnsubscribeCustomerSegmentSuccess,
    nullable: true,
    description:
      "Unsubscribes the members of a customer list that match segment criteria: at once, or as an async job " +
      "for a large audience." +
      scopesNote("unsubscribeSegment"),
    args: { input: t.arg({ type: UnsubscribeCustomerSegmentInput, required: true }) },
    ...commerceAccess("unsubscribeSegment"),
    errors: { types: COMMERCE_WRITE_ERRORS, directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const outcome = await ctx.commerce.unsubscribeSegment(input.listId, { criteria: input.criteria });
      return outcome.kind === "JOB"
        ? { listId: input.listId, report: null, jobId: outcome.jobId }
        : { listId: input.listId, report: outcome.report, jobId: null };
    },
  }),
  exportSegment: t.field({
    type: ExportSegmentSuccess,
    nullable: true,
    description: "Starts an export of a segment's customers as an async job." + scopesNote("exportSegment"),
    args: { input: t.arg({ type: ExportSegmentInput, required: true }) },
    ...commerceAccess("exportSegment"),
    errors: { types: COMMERCE_WRITE_ERRORS, directResult: true },
    resolve: async (_root, { input }, ctx) => ({ job: await ctx.commerce.exportSegment(input.segmentId) }),
  }),
}));
