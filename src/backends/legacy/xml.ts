/**
 * XML of the legacy codec, by concern: escaping and character checks for requests (xml/escape.ts),
 * references (xml/references.ts), the refusal of declarations (xml/declarations.ts) and the reply
 * reader (xml/reader.ts), its errors (xml/errors.ts), and the fast-xml-parser set-up the sandbox
 * reads requests with (xml/fxp-parser.ts). Callers import from here.
 */
export { quoted, XmlReplyError } from "./xml/errors.js";
export { escapeXml, findForbiddenXmlChar } from "./xml/escape.js";
export { decodeXmlReferences, XmlReferenceError, type XmlReferenceFault } from "./xml/references.js";
export { createSafeXmlParser } from "./xml/fxp-parser.js";
export {
  childNamed,
  MAX_XML_ATTRIBUTES,
  MAX_XML_DEPTH,
  parseXml,
  parseXmlInSlices,
  XML_SLICES,
  type XmlElement,
  type XmlSlices,
} from "./xml/reader.js";
