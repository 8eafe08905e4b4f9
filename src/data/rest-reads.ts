/**
 * The reads over REST on their way (./firestore-rest.ts counts them): the session's engine, on a page
 * opened on the session the device kept, loads once they have answered (src/lib/session/kept-session.ts),
 * so that its 70 kB do not share a phone's link with the page's data (docs/content-bench.md).
 */
let onTheirWay = 0;
let waiting: (() => void)[] = [];

/** Counts a read over REST for as long as `read` is pending; returns it. */
export function countRestRead<T>(read: Promise<T>): Promise<T> {
  onTheirWay += 1;
  const done = () => {
    onTheirWay -= 1;
    if (onTheirWay > 0) return;
    const settled = waiting;
    waiting = [];
    for (const resolve of settled) resolve();
  };
  read.then(done, done);
  return read;
}

/** Settles once no read over REST is on its way (at once when none is). */
export function restReadsSettled(): Promise<void> {
  return onTheirWay === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
}
