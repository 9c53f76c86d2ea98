/**
 * Streams over HTTP, and streams per caller.
 *
 * What a stream is, decided here once: over HTTP, a subscription whose request's Accept covers
 * text/event-stream, the way yoga picks its SSE answer (`acceptsEventStream`): `*\/*` (curl's and
 * fetch's default) and no Accept at all do, as do text/event-stream and text/*. Every stream
 * rule applies to exactly those (`useHttpStreams`): it takes one of its caller's slots before the
 * subscription starts, is cut when the gateway token that opened it expires, and is a stream, not
 * a request in flight, to a shutdown (`isStreamResponse`). A subscription whose Accept cannot
 * stream (application/json, application/graphql-response+json) is refused before it starts,
 * 406 with SUBSCRIPTION_NEEDS_STREAM saying how to subscribe: yoga would run it, then answer 406
 * with an empty body and leave the feed it opened running. Anything a refused request opened
 * anyway is closed before its answer goes out.
 *
 * Streams per caller: the websocket connections and SSE streams one caller holds open at once on
 * one gateway instance, at most MAX_STREAMS_PER_CALLER. Each holds subscriptions (a websocket up
 * to MAX_OPERATIONS_PER_CONNECTION of them), so without a bound one caller could open as many as
 * its sockets allow.
 *
 * A caller is the subject of the gateway token it presents, when the token names one; else the
 * address its connection comes from as this server sees it (the socket's peer: proxy headers are
 * not trusted, as /metrics does not trust them), an IPv6 address by its /64, the block one
 * subscriber line is given. Behind a reverse proxy every caller without a subject is the proxy's
 * address. A websocket connection takes its slot when its connection_init is admitted (the token
 * may come in its payload) and gives it back when the socket closes; an SSE stream takes one
 * before its subscription starts and gives it back when its response closes. A refusal is the
 * limit error MAX_STREAMS_PER_CALLER_EXCEEDED: over HTTP a 429 with the errors body of every
 * refusal, over graphql-ws a close with 1013 (Try Again Later) whose reason carries the code and
 * message.
 */
import { isIPv6 } from "node:net";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isAsyncIterable } from "@envelop/core";
import { GraphQLError, type ExecutionResult } from "graphql";
import type { Plugin } from "graphql-yoga";
import { isLiveStream } from "../events/live-stream.js";
import { limitError } from "./limit-error.js";
import { acceptedRanges, coversType, JSON_TYPE, jsonTypeFor } from "./graphql-http.js";

/** A slot taken (give it back once with `release`; again is harmless), or the refusal. */
export type StreamSlot = { readonly release: () => void } | { readonly refused: GraphQLError };

/** The streams every caller holds on this instance. */
export class CallerStreams {
  readonly #max: number;
  /** Slots held, by caller; a caller holding none is not kept. */
  readonly #held = new Map<string, number>();

  constructor(max: number) {
    this.#max = max;
  }

  /** Takes one of `caller`'s slots, or refuses when it holds the maximum already. */
  take(caller: string): StreamSlot {
    const held = this.#held.get(caller) ?? 0;
    if (held >= this.#max) return { refused: limitError("MAX_STREAMS_PER_CALLER", this.#max, held + 1) };
    this.#held.set(caller, held + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const now = (this.#held.get(caller) ?? 1) - 1;
        if (now > 0) this.#held.set(caller, now);
        else this.#held.delete(caller);
      },
    };
  }

  /** Slots `caller` holds now. */
  heldBy(caller: string): number {
    return this.#held.get(caller) ?? 0;
  }
}

/** Who a stream is counted against: the token's subject, else the client address's key. */
export function callerKey(subject: string | undefined, address: string | undefined): string {
  return subject ? `subject:${subject}` : `address:${addressKey(address)}`;
}

/** An address as callers are told apart by it: IPv4 as is (also when IPv4-mapped), IPv6 by its /64. */
export function addressKey(address: string | undefined): string {
  if (!address) return "unknown";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address (a zone dropped, `::` expanded, an IPv4 tail as two groups). */
function ipv6Groups(address: string): string[] {
  const bare = address.split("%")[0] ?? address;
  const split = bare.indexOf("::");
  const groupsOf = (part: string): string[] => {
    if (part === "") return [];
    const groups = part.split(":");
    const last = groups.at(-1) ?? "";
    if (last.includes(".")) {
      const [a = 0, b = 0, c = 0, d = 0] = last.split(".").map(Number);
      groups.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    }
    return groups;
  };
  const head = groupsOf(split < 0 ? bare : bare.slice(0, split));
  const tail = split < 0 ? [] : groupsOf(bare.slice(split + 2));
  const zeros = Array.from({ length: 8 - head.length - tail.length }, () => "0");
  return [...head, ...zeros, ...tail].map((group) => parseInt(group, 16).toString(16));
}

/** The media type of an SSE answer. */
const EVENT_STREAM_TYPE = "text/event-stream";

/**
 * Whether yoga answers a subscription of `request` as an SSE stream: some range of its Accept (no
 * Accept is `*\/*`; a range asking for a charset other than UTF-8 does not count) covers
 * text/event-stream. A subscription has no other streaming answer (yoga offers multipart/mixed to
 * queries only), whatever order or q-values the ranges come in.
 */
export function acceptsEventStream(request: Request): boolean {
  return acceptedRanges(request).some((range) => coversType(range, EVENT_STREAM_TYPE));
}

/** The refusal of a subscription over HTTP whose Accept cannot stream. */
export function streamNeededError(): GraphQLError {
  return new GraphQLError(
    "A subscription is answered as a stream, and this request's Accept allows none: send Accept: text/event-stream " +
      "(server-sent events; */* or no Accept also streams), or subscribe over graphql-ws (graphql-transport-ws) on this same path.",
    { extensions: { code: "SUBSCRIPTION_NEEDS_STREAM", http: { status: 406 } } },
  );
}

/** The responses of SSE streams on this process (a shutdown ends them rather than waits for them). */
const streamResponses = new WeakSet<ServerResponse>();

/** Whether `res` answers a request `useHttpStreams` admitted as a stream. */
export function isStreamResponse(res: ServerResponse): boolean {
  return streamResponses.has(res);
}

/**
 * Admits a stream over node:http: takes its caller's slot, and arranges the rules that follow the
 * response (the slot back, the cut at the token's expiry) on `res`. Resolves with the refusal, if
 * any.
 */
export type StreamAdmission = (req: IncomingMessage, res: ServerResponse) => Promise<GraphQLError | undefined>;

/** Options of useHttpStreams. */
export interface HttpStreamsOptions {
  /** Given by the node server; without one (yoga.fetch) only the Accept rule applies. */
  readonly admit?: StreamAdmission;
  /** Whether `request` stands for a websocket operation (its socket admitted it): not HTTP. */
  readonly overWebSocket: (request: Request) => boolean;
}

/** Errors this module answers with, as JSON whatever else the request accepts. */
const REFUSAL_CODES = new Set(["SUBSCRIPTION_NEEDS_STREAM", "MAX_STREAMS_PER_CALLER_EXCEEDED"]);

/** The one error of a result, when it is a refusal of this module. */
function refusalOf(result: unknown): GraphQLError | undefined {
  if (!result || typeof result !== "object" || isAsyncIterable(result) || "data" in result) return undefined;
  const [error, ...more] = (result as ExecutionResult).errors ?? [];
  return error && more.length === 0 && REFUSAL_CODES.has(String(error.extensions["code"])) ? error : undefined;
}

/** Closes a subscription's stream nobody will read (its feed, its metrics, its slot). */
function abandon(result: unknown): void {
  if (isLiveStream(result)) {
    void result.return().catch(() => undefined);
    return;
  }
  if (isAsyncIterable(result)) {
    const iterator = result[Symbol.asyncIterator]();
    void iterator.return?.()?.catch(() => undefined);
  }
}

/** What the context of an HTTP operation carries from node:http (absent with `yoga.fetch`). */
interface NodeParts {
  request?: Request;
  req?: IncomingMessage;
  res?: ServerResponse;
}

/**
 * The stream rules over HTTP (see the file's comment). Place it after the request limits (a
 * subscription refused by them takes no slot) and before every plugin that starts the stream.
 */
export function useHttpStreams({ admit, overWebSocket }: HttpStreamsOptions): Plugin {
  return {
    onSubscribe({ args, setResultAndStopExecution }) {
      const { request, req, res } = (args.contextValue ?? {}) as NodeParts;
      // A websocket's subscriptions (and shared executions) are admitted by their socket.
      if (!request || overWebSocket(request)) return;
      if (!acceptsEventStream(request)) {
        setResultAndStopExecution({ errors: [streamNeededError()] });
        return;
      }
      if (!admit || !req || !res) return;
      return admit(req, res).then((refused) => {
        if (refused) setResultAndStopExecution({ errors: [refused] });
        else streamResponses.add(res);
      });
    },
    onResultProcess(payload) {
      const { request, result, resultProcessor } = payload;
      // A stream yoga will not send (no processor streams it) is closed now, not left to run.
      if ((isAsyncIterable(result) && !resultProcessor) || isLiveStream(result)) {
        abandon(result);
        payload.setResult({ errors: [streamNeededError()] });
      }
      const refusal = refusalOf(payload.result);
      if (!refusal) return;
      // As JSON even to an Accept of text/event-stream alone: a refusal is no stream.
      const type = jsonTypeFor(request) ?? JSON_TYPE;
      payload.setResultProcessor((_result, fetchAPI) => {
        const status = refusal.extensions["http"]?.status ?? 400;
        return new fetchAPI.Response(JSON.stringify(refusalBody(refusal)), {
          status,
          headers: { "content-type": `${type}; charset=utf-8`, "cache-control": "no-store" },
        });
      }, type);
    },
  };
}

/** The JSON body of an HTTP refusal: `{ errors: [{ message, extensions }] }`, without yoga's `http` hint. */
export function refusalBody(error: GraphQLError): {
  errors: { message: string; extensions: Record<string, unknown> }[];
} {
  const { http: _http, ...extensions } = error.extensions as Record<string, unknown>;
  return { errors: [{ message: error.message, extensions }] };
}

/** WebSocket close code of the refusal: 1013, Try Again Later (RFC 6455's registry). */
export const STREAMS_CLOSE_CODE = 1013;

/** The close reason of a refusal: "<code>: <message>", within the 123 bytes a close frame allows. */
export function closeReason(error: GraphQLError): string {
  const reason = `${String(error.extensions["code"])}: ${error.message}`;
  return Buffer.byteLength(reason) <= 123 ? reason : String(error.extensions["code"]);
}
