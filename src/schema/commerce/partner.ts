/** `partnerRoot`: the commerce partner interface's root, read with the partner application's credential. */
import type { CommercePartnerRoot } from "../../domain/commerce/index.js";
import { builder } from "../builder.js";
import { commerceAccess, scopesNote } from "./access.js";

const PartnerRootRef = builder.objectRef<CommercePartnerRoot>("PartnerRoot").implement({
  description: "The partner application as the commerce partner interface describes it.",
  fields: (t) => ({
    appId: t.exposeString("appId"),
    appName: t.exposeString("appName"),
    userCount: t.exposeInt("userCount", { description: "Users who authorized the application." }),
  }),
});

builder.queryField("partnerRoot", (t) =>
  t.field({
    type: PartnerRootRef,
    nullable: true,
    description: "The commerce partner interface's root." + scopesNote("partnerRoot"),
    ...commerceAccess("partnerRoot"),
    resolve: (_root, _args, ctx) => ctx.commerce.partnerRoot(),
  }),
);
