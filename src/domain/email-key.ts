/**
 * How the gateway compares email addresses: surrounding white space aside (the backends' own
 * addresses are read trimmed), and without regard to the case of ASCII letters only. Full Unicode
 * case mapping (String.prototype.toLowerCase) makes different addresses equal: the Kelvin sign
 * U+212A lowers to `k`, so `\u212Aate@example.com` matched kate@example.com and unsubscribeEverywhere
 * unsubscribed her. Neither spec says how a backend compares addresses; DNS compares domain names
 * in ASCII case only, and mailbox providers fold ASCII case in local parts. Anything else must
 * match exactly.
 */
export function emailKey(email: string): string {
  return email.trim().replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}
