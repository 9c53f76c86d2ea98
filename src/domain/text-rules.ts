/**
 * Rules a text must keep before the gateway passes it on. The legacy service carries text in XML
 * (SOAP bodies, and its replies echo values back), so a character XML 1.0 forbids is refused where
 * input is checked, before anything is sent, by the same test the legacy wire applies to what it reads.
 */
export { findForbiddenXmlChar } from "../backends/legacy/xml.js";
