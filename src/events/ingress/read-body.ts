/**
 * Reading a request body under a byte cap: refused at once when Content-Length says it is too big,
 * counted chunk by chunk otherwise, and never buffered past the cap.
 */
import type { IncomingMessage } from "node:http";

/** Returned instead of a body that passes the cap. */
export const TOO_LARGE = Symbol("too large");

/** The whole body, or TOO_LARGE as soon as it is known to pass `maxBytes`. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | typeof TOO_LARGE> {
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > maxBytes) return Promise.resolve(TOO_LARGE);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
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
