/** Runs tasks one after another per key; tasks of different keys run side by side. */
export type KeyedQueue = <T>(key: number | string, task: () => Promise<T>) => Promise<T>;

/**
 * A queue per key, in this process: a task starts when the tasks queued before it under its key have settled (a
 * failed one does not stop the next). Keys with nothing queued take no memory.
 * @returns inTurn(key, task): the task's own result, once its turn came and it ran
 */
export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<number | string, Promise<void>>();
  const settled = (): void => undefined;
  return <T>(key: number | string, task: () => Promise<T>): Promise<T> => {
    const before = tails.get(key);
    const run = before ? before.then(task) : new Promise<T>((resolve) => resolve(task()));
    const tail = run.then(settled, settled);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
