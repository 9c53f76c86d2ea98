/**
 * Typed commerce outcomes of mutation payload unions, besides InputError: the backend refusing a
 * write's input (HTTP 400 or 422, with the rules it names) and a list or segment it does not have
 * (HTTP 404). Which client error becomes which member is decided in support/graph-errors.ts.
 */
import type { CommerceValidationDetail } from "../../domain/backend-failures.js";
import { InputError } from "../../domain/input-error.js";
import { builder } from "../builder.js";
import { CommerceRecordMissing, CommerceRejection } from "../support/graph-errors.js";
import { ErrorInterface } from "../support/payload-errors.js";

const RejectionDetailRef = builder.objectRef<CommerceValidationDetail>("CommerceRejectionDetail").implement({
  description: "One rule the commerce service says the input broke.",
  fields: (t) => ({
    field: t.exposeString("field"),
    rule: t.exposeString("rule", { description: "The service's rule name, e.g. `max_properties`." }),
    message: t.exposeString("message"),
  }),
});

builder.objectType(CommerceRejection, {
  name: "CommerceRejectedError",
  description:
    "The commerce service refused the input (HTTP 400 or 422) after the graph's own checks passed, e.g. the " +
    "account's limit of 20 distinct properties; nothing was written.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    httpStatus: t.exposeInt("status", { description: "The HTTP status the service answered." }),
    code: t.exposeString("serverCode", { nullable: true, description: "The service's error code." }),
    details: t.field({ type: [RejectionDetailRef], resolve: (error) => [...error.details] }),
  }),
});

builder.objectType(CommerceRecordMissing, {
  name: "CommerceNotFoundError",
  description: "The commerce service has no customer list or segment with the id given; nothing was written.",
  interfaces: [ErrorInterface],
});

/** The members of a commerce mutation's payload union besides its success type. */
export const COMMERCE_WRITE_ERRORS = [InputError, CommerceRejection, CommerceRecordMissing];
