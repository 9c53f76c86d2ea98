/**
 * Reading a request body under a byte cap: refused at once when Content-Length says it is too big,
 * counted chunk by chunk otherwise, and never buffered past the cap; with a deadline, given up (and
 * its bytes dropped) when the whole body has not arrived in time.
 */
import type { IncomingMessage } from "node:http";

/** Returned instead of a body that passes the cap. */
export const TOO_LARGE = Symbol("too large");
/** Returned instead of a body that did not arrive within the deadline. */
export const TIMED_OUT = Symbol("timed out");

/** How long the whole body may take to arrive, counted from the call. */
export interface BodyDeadline {
  deadlineMs: number;
}

/** The Content-Length of a request as a number; undefined when it has none. */
export function declaredLength(req: IncomingMessage): number | undefined {
  const declared = req.headers["content-length"];
  return declared === undefined ? undefined : Number(declared);
}

/** The whole body, or TOO_LARGE as soon as it is known to pass `maxBytes`. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | typeof TOO_LARGE>;
/** The same, or TIMED_OUT when the body has not ended `deadlineMs` after the call. */
export function readBody(
  req: IncomingMessage,
  maxBytes: number,
  deadline: BodyDeadline,
): Promise<Buffer | typeof TOO_LARGE | typeof TIMED_OUT>;
export function readBody(
  req: IncomingMessage,
  maxBytes: number,
  deadline?: BodyDeadline,
): Promise<Buffer | typeof TOO_LARGE | typeof TIMED_OUT> {
  const declared = declaredLength(req);
  if (declared !== undefined && declared > maxBytes) return Promise.resolve(TOO_LARGE);
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    const timer =
      deadline === undefined
        ? undefined
        : setTimeout(() => {
            done();
            // A trickling sender keeps no buffer: the bytes so far are dropped and no more are read.
            chunks = [];
            req.pause();
            resolve(TIMED_OUT);
          }, deadline.deadlineMs);
    const done = () => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        done();
        // Stop reading: the rest is never buffered; the refusal closes the connection.
        chunks = [];
        req.pause();
        resolve(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    const onClose = () => {
      done();
      reject(new Error("the request closed before its body ended"));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}
