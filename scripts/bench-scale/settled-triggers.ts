import { COLLECTIONS } from "../../src/domain/core/collections";
import { delay } from "../stack/process";

// The seed's messages and offers start the functions' triggers (onMessageCreated counts each message into
// unreadCounts/{uid}), which the Functions emulator works through for a while on a shared machine. A page
// measured meanwhile would count the listener's updates as its own reads: wait until the demo accounts'
// counts have not changed for STILL_MS.

const STILL_MS = 15_000;
const MAX_WAIT_MS = 300_000;

async function updateTimes(firestoreHost: string, projectId: string, uids: readonly string[]) {
  const times = await Promise.all(
    uids.map(async (uid) => {
      const url = `http://${firestoreHost}/v1/projects/${projectId}/databases/(default)/documents/${COLLECTIONS.unreadCounts}/${uid}`;
      // The emulator's "owner" token reads past the rules.
      const answer = await fetch(url, { headers: { Authorization: "Bearer owner" } });
      const body = (await answer.json()) as { updateTime?: string };
      return body.updateTime ?? "none";
    }),
  );
  return times.join(",");
}

export async function waitForTriggersToSettle(
  firestoreHost: string,
  projectId: string,
  uids: readonly string[],
): Promise<void> {
  const started = Date.now();
  let last = await updateTimes(firestoreHost, projectId, uids);
  let stillSince = Date.now();
  while (Date.now() - stillSince < STILL_MS) {
    if (Date.now() - started > MAX_WAIT_MS)
      throw new Error("the seed's triggers did not settle in 5 minutes");
    await delay(1_000);
    const now = await updateTimes(firestoreHost, projectId, uids);
    if (now !== last) {
      last = now;
      stillSince = Date.now();
    }
  }
}
