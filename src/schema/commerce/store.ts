/**
 * `store`: the commerce account the request's commerce credential designates (the caller's
 * X-Commerce-Api-Key, else the server's credential). It makes no call of its own; each of its
 * fields makes the calls it needs and fails on its own.
 */
import { builder } from "../builder.js";
import { StoreRef, type Store } from "./refs.js";

const STORE: Store = { kind: "store" };

StoreRef.implement({
  description:
    "The commerce store the request's credential designates: its segments, coupons, customer lists and async jobs.",
  fields: () => ({}),
});

builder.queryField("store", (t) =>
  t.field({
    type: StoreRef,
    description:
      "The commerce store of the request's commerce credential (X-Commerce-Api-Key, else the server's own). " +
      "Makes no call itself: a missing credential or scope shows on the fields that need it.",
    resolve: () => STORE,
  }),
);
