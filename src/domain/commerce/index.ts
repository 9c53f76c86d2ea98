/** Public surface of the commerce domain: the per-request service, its models, scopes and errors. */
export * from "./service.js";
export * from "./scopes.js";
export * from "./errors.js";
export type * from "./models.js";
export {
  COMMERCE_INPUT_RULES,
  COMMERCE_LIMITS,
  COMMERCE_PAGE_DEFAULTS,
  type CommerceInputRule,
} from "./input-rules.js";
export { PROPERTY_KEY_PATTERN, type PropertyValue } from "./property-rules.js";
