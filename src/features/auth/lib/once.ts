/**
 * Runs `task` once per key and hands every caller the same promise while it runs or after it has
 * succeeded. Single-use links (a magic-link token, a Firebase e-mail link) must not be spent twice
 * when React StrictMode mounts a page twice, or when the page is revisited. A failed run is
 * forgotten, so the user can try again (e.g. after a network error).
 */
export function onceByKey<T>(): (key: string, task: () => Promise<T>) => Promise<T> {
  const runs = new Map<string, Promise<T>>();
  return (key, task) => {
    const existing = runs.get(key);
    if (existing) return existing;
    const run = task();
    runs.set(key, run);
    run.catch(() => runs.delete(key));
    return run;
  };
}
