/**
 * A timer for an instant that may lie further ahead than setTimeout reaches (about 24.8 days; a
 * longer delay fires at once): a gateway token lives up to 30 days, and a connection it opened
 * ends at its expiry.
 */

/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Calls `expire` once `atMs` (epoch milliseconds) has passed, at once if it already has; the timer
 * does not keep the process alive. Returns what cancels it.
 */
export function atExpiry(atMs: number, expire: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (): void => {
    const left = atMs - Date.now();
    if (left <= 0) {
      expire();
      return;
    }
    // A later instant is looked at again when the longest delay has passed.
    timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}
