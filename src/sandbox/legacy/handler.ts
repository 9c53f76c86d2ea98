/**
 * The sandbox's request listener: the service endpoint, then the sandbox's own endpoints.
 * Oversized bodies get 413; an unexpected error gets a bare 500 (never request data).
 */
import type { RequestListener } from "node:http";
import { handleAsmx, type AsmxOptions } from "./asmx.js";
import { handleControl } from "./control.js";
import { BodyTooLargeError, delayReply, pauseWork, resumeWork, send, TEXT_TYPE } from "./http-io.js";
import type { ReplyDelay } from "./reply-delay.js";
import type { LegacyWebhooks } from "./webhooks.js";

/** What the listener serves: the service, and the sandbox's webhooks for the control endpoints. */
export interface ListenerOptions extends AsmxOptions {
  readonly webhooks: LegacyWebhooks;
  /** Latency added to every reply (none when absent). */
  readonly replyDelay?: ReplyDelay;
}

/**
 * The node:http listener of one sandbox. With a reply delay, a request is only noted when it
 * arrives and worked on once the requests that arrived with it are noted too (setImmediate runs
 * after the loop has read every socket that was ready), so its reply's time counts from when it
 * arrived, not from when the sandbox's one thread finished the others' work.
 */
export function createRequestListener(options: ListenerOptions): RequestListener {
  const respond: RequestListener = (req, res) => {
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    const answer = async (): Promise<void> => {
      if (await handleAsmx(options, req, res, url)) return;
      if (await handleControl(options.store, options.calls, options.webhooks, req, res, url)) return;
      send(res, 404, TEXT_TYPE, "Not found.");
    };
    const answered = answer();
    pauseWork(req);
    answered.catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof BodyTooLargeError)
        send(res, 413, TEXT_TYPE, "Request body too large.", { connection: "close" });
      else send(res, 500, TEXT_TYPE, "Internal sandbox error.");
    });
  };
  const delay = options.replyDelay;
  if (!delay) return respond;
  return (req, res) => {
    delayReply(req, delay);
    pauseWork(req);
    setImmediate(() => {
      resumeWork(req);
      respond(req, res);
    });
  };
}
