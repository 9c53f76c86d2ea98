/** The executable schema: the builder plus every domain file, in dependency order. */
import { GraphQLDeferDirective, GraphQLStreamDirective } from "@graphql-tools/utils";
import { lexicographicSortSchema, specifiedDirectives, type GraphQLSchema } from "graphql";
import { builder } from "./builder.js";
import "./support/scalars.js";
import "./support/connections.js";
import "./support/payload-errors.js";
import "./legacy/refs.js";
import "./legacy/clients.js";
import "./legacy/client-access.js";
import "./legacy/lists.js";
import "./legacy/custom-fields.js";
import "./legacy/subscribers.js";
import "./legacy/segments.js";
import "./legacy/campaigns.js";
import "./legacy/send-campaign.js";
import "./legacy/templates.js";
import "./support/json-object.js";
import "./commerce/refs.js";
import "./commerce/store.js";
import "./commerce/segments.js";
import "./commerce/coupons.js";
import "./commerce/customer-lists.js";
import "./commerce/jobs.js";
import "./commerce/partner.js";
import "./commerce/errors.js";
import "./commerce/mutations.js";
import "./people/contact.js";
import "./people/unsubscribe-everywhere.js";
import "./support/nodes.js";
import "./events/subscriptions.js";
import "./events/job-and-contact.js";

builder.queryType({ description: "Reads of the email-marketing backends." });
builder.mutationType({ description: "Writes; each answers a payload union of its success type and typed errors." });

/**
 * The schema, types and fields in lexicographic order (stable for printing and diffing). It
 * declares @defer and @stream (the definitions the executor reads), so that documents using them
 * validate here, in codegen and in the persisted-documents manifest, not only once yoga's
 * defer-stream plugin has added them to the schema it serves.
 */
export const schema: GraphQLSchema = lexicographicSortSchema(
  builder.toSchema({ directives: [...specifiedDirectives, GraphQLDeferDirective, GraphQLStreamDirective] }),
);
