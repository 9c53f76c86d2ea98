/**
 * Descriptions of legacy fields whose value is checked when it is read (src/domain/legacy/models.ts).
 * Such a field is nullable so that an unreadable value fails that field alone: a non-null one
 * would null its nearest nullable parent instead, a whole record or a whole page of records.
 */

const NULL_WHEN_UNREADABLE =
  "Null when the legacy list service sent a value the gateway could not read " +
  "(the field's UPSTREAM_BAD_RESPONSE error says which).";

/** The description of such a field: `description`, if any, then what its null means. */
export const unreadableNull = (description?: string): string =>
  description ? `${description} ${NULL_WHEN_UNREADABLE}` : NULL_WHEN_UNREADABLE;
