/**
 * The parameter rules of Client.UpdateAccessAndBilling, as one pure function the sandbox calls
 * before it changes a client. The check order is written down in docs/decisions.md.
 */
import type { LegacyClientAccessAndBilling } from "../../../backends/legacy/types.js";
import {
  ACCESS,
  ACCESS_LEVELS,
  accessAllows,
  isBillingType,
  isCurrency,
  type Currency,
} from "../../../backends/legacy/reference.js";

/**
 * The request parameters of Client.UpdateAccessAndBilling after ApiKey and ClientID, as sent:
 * the same wire names, all text, as the AccessAndBilling group Client.GetDetail answers with.
 */
export type AccessAndBillingInput = LegacyClientAccessAndBilling;

/** The standard rates of one currency; a markup may not go below them. */
export interface StandardRate {
  /** Flat fee per campaign, in the currency's major unit. */
  deliveryFee: number;
  /** Per recipient, in the currency's minor unit. */
  costPerRecipient: number;
  /** Per design and spam test, in the currency's major unit. */
  designAndSpamTestFee: number;
}

/** The sandbox's standard rates per currency (the spec does not give them). */
export const STANDARD_RATES: Record<Currency, StandardRate> = Object.freeze({
  USD: { deliveryFee: 5, costPerRecipient: 1, designAndSpamTestFee: 5 },
  GBP: { deliveryFee: 3, costPerRecipient: 0.6, designAndSpamTestFee: 3 },
  EUR: { deliveryFee: 4, costPerRecipient: 0.8, designAndSpamTestFee: 4 },
  CAD: { deliveryFee: 6, costPerRecipient: 1.2, designAndSpamTestFee: 6 },
  AUD: { deliveryFee: 7, costPerRecipient: 1.4, designAndSpamTestFee: 7 },
  NZD: { deliveryFee: 8, costPerRecipient: 1.6, designAndSpamTestFee: 8 },
});

const MIN_PASSWORD_LENGTH = 5;

// Plain decimal text: no currency symbol, no thousands separator, no exponent. A minus sign is
// numeric (so a negative fee is "below minimum", not "not numeric").
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

function parseAccessLevel(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) return undefined;
  const level = Number(trimmed);
  return ACCESS_LEVELS.includes(level) ? level : undefined;
}

function parseAmount(text: string): number | undefined {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * 0 when the parameters are acceptable, otherwise the first failing error code of the spec.
 * `isUsernameTaken` gets the trimmed username and answers for the designer and every other client.
 */
export function checkAccessAndBilling(
  input: AccessAndBillingInput,
  isUsernameTaken: (username: string) => boolean,
): number {
  const level = parseAccessLevel(input.AccessLevel);
  if (level === undefined) return 153;

  if (level !== 0) {
    const username = input.Username.trim();
    if (username === "") return 158;
    if (isUsernameTaken(username)) return 151;
    // Counted in code points, so a password of five non-BMP characters is five characters.
    if ([...input.Password].length < MIN_PASSWORD_LENGTH) return 159;
  }

  // Billing is only read when the client can send campaigns; otherwise it stays blank.
  if (!accessAllows(level, ACCESS.createSendCampaigns)) return 0;

  // Billing types and currency codes are exact wire values: no trimming, no case folding.
  const billingType = input.BillingType;
  if (!isBillingType(billingType)) return 160;
  if (billingType === "UserPaysOnClientsBehalf") return 0;

  const currency = input.Currency;
  if (!isCurrency(currency)) return 167;
  if (billingType === "ClientPaysAtStandardRate") return 0;

  return checkMarkup(input, STANDARD_RATES[currency], accessAllows(level, ACCESS.designAndSpamTests));
}

// ClientPaysWithMarkup: every amount must be numeric before any is compared, so a caller fixing
// one field at a time sees format errors first, then minimums, then the markup rule.
function checkMarkup(input: AccessAndBillingInput, standard: StandardRate, hasDesignTests: boolean): number {
  const deliveryFee = parseAmount(input.DeliveryFee);
  if (deliveryFee === undefined) return 164;
  const costPerRecipient = parseAmount(input.CostPerRecipient);
  if (costPerRecipient === undefined) return 165;
  const designFee = hasDesignTests ? parseAmount(input.DesignAndSpamTestFee) : 0;
  if (designFee === undefined) return 166;

  if (deliveryFee < standard.deliveryFee) return 168;
  if (costPerRecipient < standard.costPerRecipient) return 169;
  if (hasDesignTests && designFee < standard.designAndSpamTestFee) return 171;
  if (deliveryFee <= standard.deliveryFee && costPerRecipient <= standard.costPerRecipient) return 170;
  return 0;
}
