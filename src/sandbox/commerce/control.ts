/**
 * The sandbox's own endpoints (no authentication; docs/decisions.md "Commerce sandbox webhooks"):
 * - POST /__sandbox/webhooks `{url, topics: [...]}` → 201 `{id, url, topics}`; GET /__sandbox/webhooks;
 *   DELETE /__sandbox/webhooks/<id>; GET /__sandbox/webhooks/deliveries; POST /__sandbox/webhooks/deliver;
 * - POST /__sandbox/newsletters/send `{listId?, templateId?, title?}`: one newsletter-email/sent per
 *   subscribed recipient, then newsletter-template/sent;
 * - POST /__sandbox/abandoned-carts/send `{email, cartId?}`: one abandoned-cart-email/sent.
 */
import type { IncomingMessage } from "node:http";
import { badRequest, notFound } from "./api-error.js";
import { API_PREFIX, type SandboxContext } from "./context.js";
import { json, readJson, type Reply } from "./http-io.js";
import type { Job } from "./jobs.js";
import { isWebhookUrl } from "../webhook-post.js";
import { COMMERCE_TOPICS, type CommerceTopic } from "./webhooks.js";

/** Recipients one newsletter send may have (a burst, but a bounded one). */
export const MAX_NEWSLETTER_RECIPIENTS = 10_000;

const isTopic = (v: unknown): v is CommerceTopic => COMMERCE_TOPICS.some((t) => t === v);
const optionalText = (v: unknown, name: string): string | undefined => {
  if (v === undefined) return undefined;
  if (typeof v !== "string" || v.trim() === "" || v.length > 200) throw badRequest(`${name} must be a non-empty text`);
  return v.trim();
};

async function readObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readJson(req);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw badRequest("the body must be a JSON object");
  return body as Record<string, unknown>;
}

/** The data of async-job/completed: the job as GET /async-jobs/{id} shows it once finished. */
export function jobCompletedData(ctx: SandboxContext, job: Job): Record<string, unknown> {
  const result =
    job.status === "completed" && job.kind === "segments-export"
      ? { url: `${ctx.fallbackOrigin}${API_PREFIX}/async-jobs/${encodeURIComponent(job.id)}/result` }
      : job.result;
  return {
    id: job.id,
    userId: ctx.ownerUserId,
    kind: job.kind,
    status: job.status,
    createdAt: job.createdAt.toISOString(),
    completedAt: job.completedAt?.toISOString() ?? null,
    result,
  };
}

let newsletterSeq = 0;

async function sendNewsletter(req: IncomingMessage, ctx: SandboxContext): Promise<Reply> {
  const body = await readObject(req);
  const listId = optionalText(body.listId, "listId");
  const title = optionalText(body.title, "title") ?? "Sandbox newsletter";
  newsletterSeq += 1;
  const templateId = optionalText(body.templateId, "templateId") ?? `tpl_${String(newsletterSeq).padStart(6, "0")}`;
  let recipients: { id: string; email: string }[];
  if (listId !== undefined) {
    const list = ctx.store.lists.get(listId);
    if (!list) throw notFound(`no customer list with id ${JSON.stringify(listId)}`);
    recipients = ctx.store.entries(list, "subscribed").map((e) => e.customer);
  } else {
    recipients = ctx.store
      .standings()
      .filter((s) => s.status === "subscribed")
      .map((s) => s.customer);
  }
  if (recipients.length > MAX_NEWSLETTER_RECIPIENTS) {
    throw badRequest(`a sandbox newsletter reaches at most ${MAX_NEWSLETTER_RECIPIENTS} recipients`);
  }
  const liveAt = ctx.now().toISOString();
  for (const customer of recipients) {
    ctx.webhooks.emit("newsletter-email/sent", {
      templateId,
      userId: ctx.ownerUserId,
      customerId: customer.id,
      email: customer.email,
      sentAt: ctx.now().toISOString(),
    });
  }
  const sentAt = ctx.now().toISOString();
  ctx.webhooks.emit("newsletter-template/sent", {
    templateId,
    userId: ctx.ownerUserId,
    status: "sent",
    title,
    liveAt,
    sentAt,
  });
  return json({ data: { templateId, recipients: recipients.length } }, 202);
}

let cartSeq = 0;

async function sendAbandonedCart(req: IncomingMessage, ctx: SandboxContext): Promise<Reply> {
  const body = await readObject(req);
  const email = optionalText(body.email, "email");
  if (email === undefined || !email.includes("@")) throw badRequest("email must be an email address");
  cartSeq += 1;
  const cartId = optionalText(body.cartId, "cartId") ?? `cart_${String(cartSeq).padStart(6, "0")}`;
  const customer = ctx.store.customerByEmail(email);
  ctx.webhooks.emit("abandoned-cart-email/sent", {
    cartId,
    userId: ctx.ownerUserId,
    customerId: customer?.id ?? null,
    email: customer?.email ?? email.toLowerCase(),
    sentAt: ctx.now().toISOString(),
  });
  return json({ data: { cartId } }, 202);
}

async function registerEndpoint(req: IncomingMessage, ctx: SandboxContext): Promise<Reply> {
  const { url, topics } = await readObject(req);
  if (!isWebhookUrl(url)) throw badRequest("url must be an absolute http(s) URL");
  if (!Array.isArray(topics) || topics.length === 0 || !topics.every(isTopic)) {
    throw badRequest(`topics must be a non-empty list of ${COMMERCE_TOPICS.join(", ")}`);
  }
  try {
    return json({ data: ctx.webhooks.add(url, topics) }, 201);
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : "refused");
  }
}

const ENDPOINT_PATH = /^\/__sandbox\/webhooks\/(whe_\d+)$/;

/** Answers a /__sandbox/ request. */
export async function handleControl(req: IncomingMessage, url: URL, ctx: SandboxContext): Promise<Reply> {
  const route = `${req.method ?? "GET"} ${url.pathname}`;
  switch (route) {
    case "POST /__sandbox/webhooks":
      return registerEndpoint(req, ctx);
    case "GET /__sandbox/webhooks":
      return json({ data: ctx.webhooks.list() });
    case "GET /__sandbox/webhooks/deliveries":
      return json({ data: ctx.webhooks.deliveries() });
    case "POST /__sandbox/webhooks/deliver":
      await ctx.webhooks.deliverDue();
      return json({ data: ctx.webhooks.deliveries() });
    case "POST /__sandbox/newsletters/send":
      return sendNewsletter(req, ctx);
    case "POST /__sandbox/abandoned-carts/send":
      return sendAbandonedCart(req, ctx);
  }
  const id = ENDPOINT_PATH.exec(url.pathname)?.[1];
  if (req.method === "DELETE" && id !== undefined) {
    if (!ctx.webhooks.remove(id)) throw notFound(`no webhook endpoint ${id}`);
    return { status: 204 };
  }
  throw notFound(`no endpoint ${route}`);
}
