/**
 * One webhook POST of a sandbox: a real HTTP request with a total deadline, whose outcome is a
 * boolean, never an exception, so delivery can never break the sandbox's request handling.
 */

/** A delivery counts as failed past this unless the sandbox is told otherwise. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5000;

/** What a webhook receiver answered, or why nothing usable came back. */
export interface PostOutcome {
  ok: boolean;
  /** The HTTP status, 0 when none arrived (refused, timed out, bad URL). */
  status: number;
}

/** POSTs `body` to `url`; a 2xx status is success, anything else (or no answer in time) failure. */
export async function postWebhook(
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  timeoutMs: number,
): Promise<PostOutcome> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The receiver's answer is not read: cancelling keeps a large or endless reply from costing memory.
    await res.body?.cancel().catch(() => undefined);
    return { ok: res.status >= 200 && res.status < 300, status: res.status };
  } catch {
    return { ok: false, status: 0 };
  }
}

/** Whether a text is an absolute http(s) URL a webhook may be registered at. */
export function isWebhookUrl(text: unknown): text is string {
  if (typeof text !== "string" || text.length > 2048) return false;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
