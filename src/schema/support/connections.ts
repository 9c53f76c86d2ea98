/** Fields every connection of the graph has besides Relay's edges and pageInfo. */
import { builder } from "../builder.js";

builder.globalConnectionField("totalCount", (t) =>
  t.int({
    description: "Items in the whole collection, on every page.",
    resolve: (connection) => connection.totalCount,
  }),
);
