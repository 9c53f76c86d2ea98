/**
 * fast-xml-parser set up for untrusted XML, for the legacy sandbox's reading of SOAP requests (the
 * gateway reads replies with its own reader, reader.ts).
 */
import { XMLParser } from "fast-xml-parser";

/**
 * A fast-xml-parser set up to read untrusted XML losslessly: ordered nodes with attributes,
 * entities left alone (callers decode the predefined ones and character references exactly once),
 * every value kept as text and untrimmed, nesting capped at `maxNestedTags`. It does not validate:
 * run fast-xml-parser's XMLValidator first, since the parser accepts broken XML silently.
 */
export function createSafeXmlParser(maxNestedTags: number): XMLParser {
  return new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "",
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    cdataPropName: "#cdata",
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags,
  });
}
