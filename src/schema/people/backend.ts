/** The Backend enum: which of the two backends a record, a membership or an outcome belongs to. */
import { builder } from "../builder.js";
import type { Backend } from "../support/global-id.js";

/** The graph's enum of the two backends (values are the global-id backend names). */
export const BackendEnum = builder.enumType("Backend", {
  description: "One of the two email-marketing backends behind the graph.",
  values: {
    LEGACY: { value: "legacy", description: "The legacy list service (clients, lists, campaigns, templates)." },
    COMMERCE: { value: "commerce", description: "The commerce REST interface (customer lists, segments, coupons)." },
  } as const satisfies Record<string, { value: Backend; description: string }>,
});
