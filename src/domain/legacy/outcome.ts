/**
 * LegacyOutcome: a Result code ≠ 0 the legacy service answered a call with, and the codes each
 * write of the service can answer with. The graph types these per mutation (payload unions) and
 * reports them on reads as field errors; the domain only says what the service said.
 */
import { LEGACY_ERROR_NAMES, operation as operationSpec, type OperationName } from "../../backends/legacy/catalog.js";

/** What a LegacyOutcome carries; a LegacyOutcome is one, so a typed copy is `new Typed(outcome)`. */
export interface LegacyOutcomeInit {
  readonly code: number;
  readonly message: string;
  readonly operation: string;
  /** The call was a write (a read's outcome is the record it names being absent, mostly). */
  readonly write: boolean;
}

/** A Result code ≠ 0: a domain outcome the legacy service reports, with its code and message. */
export class LegacyOutcome extends Error implements LegacyOutcomeInit {
  readonly code: number;
  readonly operation: string;
  readonly write: boolean;
  constructor(init: LegacyOutcomeInit) {
    super(init.message);
    this.name = new.target.name;
    this.code = init.code;
    this.operation = init.operation;
    this.write = init.write;
  }

  /** From a Result: the service's message, else the code's name, else the bare code. */
  static fromResult(operation: OperationName, code: number, message: string): LegacyOutcome {
    const text = message.trim() || (LEGACY_ERROR_NAMES[code] ?? `Code ${code}`);
    return new LegacyOutcome({ code, message: text, operation, write: operationSpec(operation).write });
  }
}

/** The Result code of a refused API key: a credentials problem, never a domain outcome. */
export const INVALID_API_KEY = 100;

const codesOf = (...ops: OperationName[]): number[] =>
  [...new Set(ops.flatMap((op) => operationSpec(op).errorCodes))].filter((code) => code !== INVALID_API_KEY);

/**
 * Per write of LegacyService: the Result codes it can answer with (the spec's codes of the calls it
 * makes, and those of the reads it makes first) and whether it checks the ids it takes belong where
 * its input says before writing (OwnershipError).
 */
export const LEGACY_WRITES = {
  addSubscriber: {
    codes: codesOf(
      "Subscriber.Add",
      "Subscriber.AddWithCustomFields",
      "Subscriber.AddAndResubscribe",
      "Subscriber.AddAndResubscribeWithCustomFields",
    ),
    checksOwnership: true,
  },
  unsubscribe: { codes: codesOf("Subscriber.Unsubscribe"), checksOwnership: true },
  createList: { codes: codesOf("List.Create"), checksOwnership: false },
  updateList: { codes: codesOf("List.Update"), checksOwnership: true },
  createCustomField: { codes: codesOf("List.CreateCustomField"), checksOwnership: true },
  deleteCustomField: { codes: codesOf("List.DeleteCustomField"), checksOwnership: true },
  createClient: { codes: codesOf("Client.Create"), checksOwnership: false },
  // The spec lists no "Invalid ClientID" for Client.UpdateBasics, but the call names a client.
  updateClientBasics: { codes: [...codesOf("Client.UpdateBasics"), 102], checksOwnership: false },
  updateClientAccessAndBilling: { codes: codesOf("Client.UpdateAccessAndBilling"), checksOwnership: false },
  // 102 comes from reading the client first (its time zone, and whether it exists).
  sendCampaign: { codes: [...codesOf("Campaign.Send"), 102], checksOwnership: true },
  updateTemplate: { codes: codesOf("Template.Update"), checksOwnership: false },
} as const satisfies Record<string, { codes: readonly number[]; checksOwnership: boolean }>;

/** The name of a write of LegacyService. */
export type LegacyWrite = keyof typeof LEGACY_WRITES;
