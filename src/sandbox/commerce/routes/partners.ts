/**
 * GET /partners/: the partner interface root (docs/decisions.md, "Partner root").
 */
import { json } from "../http-io.js";
import type { Route } from "./route.js";

export const partnersRoot: Route = {
  handle({ ctx, principal }) {
    if (principal.kind !== "partner") throw new Error("partner route reached without a partner token");
    const { app } = principal;
    const users = new Set<string>();
    for (const grant of ctx.store.accessTokens.values()) if (grant.appId === app.id) users.add(grant.userId);
    return json({ data: { app: { id: app.id, name: app.name }, users: users.size } });
  },
};
