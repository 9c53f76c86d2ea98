/**
 * An operation name fit to be a metrics label or a log field: a GraphQL name of at most 64
 * characters. Anything else a caller sends is counted and logged under a generic name.
 */
export const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;
