/** The executable schema: the builder plus every domain file, in dependency order. */
import { lexicographicSortSchema, type GraphQLSchema } from "graphql";
import { builder } from "./builder.js";
import "./scalars.js";
import "./connections.js";
import "./errors.js";
import "./refs.js";
import "./clients.js";
import "./client-access.js";
import "./lists.js";
import "./custom-fields.js";
import "./subscribers.js";
import "./segments.js";
import "./campaigns.js";
import "./send-campaign.js";
import "./templates.js";
import "./node.js";

builder.queryType({ description: "Reads of the email-marketing backends." });
builder.mutationType({ description: "Writes; each answers a payload union of its success type and typed errors." });

/** The schema, types and fields in lexicographic order (stable for printing and diffing). */
export const schema: GraphQLSchema = lexicographicSortSchema(builder.toSchema());
