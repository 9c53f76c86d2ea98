/** The errors of the reply reader, and how their messages quote the reply. */

/** Why a reply could not be read as XML: `unsafe` (DOCTYPE, nesting) or `malformed`. */
export class XmlReplyError extends Error {
  constructor(
    readonly kind: "unsafe" | "malformed",
    message: string,
  ) {
    super(message);
    this.name = "XmlReplyError";
  }
}

/** A well-formedness rule the reply breaks, `why` naming it. */
export const malformed = (why: string) => new XmlReplyError("malformed", `not well-formed XML (${why})`);

/** Longest name or text of the reply an error message quotes whole. */
const QUOTED_MAX = 64;

/**
 * A name from the reply as an error message quotes it: whole up to QUOTED_MAX characters, else its
 * start and its length. A hostile reply's megabyte-long name must not become a megabyte of message
 * (and of log line).
 */
export const quoted = (text: string): string =>
  text.length <= QUOTED_MAX ? text : `${text.slice(0, QUOTED_MAX)}… (${text.length} characters)`;
