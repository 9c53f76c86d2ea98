/**
 * A counting semaphore: at most `limit` tasks run at once, the rest wait in arrival order.
 * Loaders wrap every backend call in one so a wide query cannot flood a backend.
 */

/** Runs a task once a slot is free and releases the slot when it settles. */
export type Gate = <T>(task: () => Promise<T>) => Promise<T>;

/** A gate admitting `limit` concurrent tasks (at least one). */
export function createGate(limit: number): Gate {
  const max = Math.max(1, Math.floor(limit));
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };

  return <T>(task: () => Promise<T>): Promise<T> => {
    const start = (): Promise<T> => {
      let result: Promise<T>;
      try {
        result = task();
      } catch (error) {
        result = Promise.reject(error);
      }
      return result.finally(release);
    };
    if (running < max) {
      running += 1;
      return start();
    }
    return new Promise<void>((resolve) => waiting.push(resolve)).then(start);
  };
}
