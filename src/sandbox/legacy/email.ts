/**
 * What the sandbox accepts as an email address (error 1 and 339 otherwise): a dot-atom local
 * part and a domain of at least two labels, the last alphabetic. Letters beyond ASCII are
 * allowed on both sides (internationalised addresses).
 */
const LOCAL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
const TOP_LABEL = /^\p{L}{2,}$/u;

/** True when `text` (trimmed) is a well-formed address. */
export function isValidEmail(text: string): boolean {
  const address = text.trim();
  if (address.length === 0 || address.length > 254) return false;
  const at = address.lastIndexOf("@");
  if (at <= 0) return false;
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split(".");
  const top = labels.at(-1);
  return (
    local.length <= 64 &&
    LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => label.length <= 63 && LABEL.test(label)) &&
    top !== undefined &&
    TOP_LABEL.test(top)
  );
}
