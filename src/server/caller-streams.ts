/**
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
 * before its subscription starts and gives it back when its response closes (server/stream-admission.ts).
 * A refusal is the limit error MAX_STREAMS_PER_CALLER_EXCEEDED: over HTTP a 429 with the errors
 * body of every refusal, over graphql-ws a close with 1013 (Try Again Later) whose reason carries
 * the code and message.
 */
import { isIPv6 } from "node:net";
import type { GraphQLError } from "graphql";
import { limitError } from "../limits/limit-error.js";

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

/** WebSocket close code of the refusal: 1013, Try Again Later (RFC 6455's registry). */
export const STREAMS_CLOSE_CODE = 1013;

/** The close reason of a refusal: "<code>: <message>", within the 123 bytes a close frame allows. */
export function closeReason(error: GraphQLError): string {
  const reason = `${String(error.extensions["code"])}: ${error.message}`;
  return Buffer.byteLength(reason) <= 123 ? reason : String(error.extensions["code"]);
}
