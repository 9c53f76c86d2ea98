/** Descriptions of the id fields of mutation inputs, the same wherever the id is taken. */
import { MAX_LENGTH } from "../../domain/input-limits.js";

export const LIST_ID_DESCRIPTION =
  `Global id of the List (at most ${MAX_LENGTH.globalId} characters). The list must be one of the lists of the ` +
  "client the id names, checked before anything is written (OwnershipError LIST_OF_CLIENT otherwise).";

export const CLIENT_ID_DESCRIPTION = `Global id of the Client (at most ${MAX_LENGTH.globalId} characters).`;

export const TEMPLATE_ID_DESCRIPTION = `Global id of the Template (at most ${MAX_LENGTH.globalId} characters).`;
