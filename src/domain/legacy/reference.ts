/**
 * The legacy service's reference values as the domain offers them to the graph: access levels and
 * their permission bits, currencies, countries and time zones (which the graph lists and checks
 * input against), and the names of its Result codes. One set of values, the same the client and
 * the sandbox use, so the graph and the service agree on what is accepted.
 */
export {
  ACCESS,
  ACCESS_LEVELS,
  COUNTRIES,
  CURRENCIES,
  TIME_ZONES,
  accessAllows,
} from "../../backends/legacy/reference.js";
export { LEGACY_ERROR_NAMES } from "../../backends/legacy/catalog.js";
