import { env } from "@/config/env";
import { COLLECTIONS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { DEVICE_FIELDS, LOCAL_DEVICE_PREFIX, PUSH_STORAGE_KEYS } from "@/domain/core/push-device";
import { getDb, getFirebaseApp } from "./firebase";
import { type PushPermission, pushPermission, storedPushDevice } from "./push-state";

/**
 * This browser as a push device: users/{uid}/devices/{deviceId} (deviceSchema, push.ts), one per
 * browser, written by its owner only. Turning notifications on asks the browser's permission, registers
 * the app's service worker (/sw.js, which shows the pushes: scripts/pwa/push.js) and stores the token.
 * `firebase/messaging` is loaded here only then, on a real project: nothing of it is in any page's first
 * load. On the emulators no Cloud Messaging exists: the device gets a local id (`local-…`) that the
 * functions' fake sender records in devPushOutbox (functions/src/notifications/push-sender.ts).
 */

function randomId(): string {
  return crypto.randomUUID().replace(/-/g, "");
}

/** The full SDK and the database (not ./listen's helper: ./auth imports this module at sign-out). */
async function withFirestore<T>(
  write: (fs: typeof import("firebase/firestore"), db: Awaited<ReturnType<typeof getDb>>) => Promise<T>,
): Promise<T> {
  const [fs, db] = await Promise.all([import("firebase/firestore"), getDb()]);
  return write(fs, db);
}

async function messagingToken(registration: ServiceWorkerRegistration): Promise<string> {
  const { getMessaging, getToken } = await import("firebase/messaging");
  return getToken(getMessaging(await getFirebaseApp()), {
    ...(env.pushVapidKey ? { vapidKey: env.pushVapidKey } : {}),
    serviceWorkerRegistration: registration,
  });
}

/**
 * Turns notifications on for `uid` on this browser: the permission (the browser asks), the worker, the
 * token, the device document. Resolves to the permission the user gave.
 */
export async function enablePush(uid: string): Promise<PushPermission> {
  if (pushPermission() === "unsupported") return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission;
  const registration = await navigator.serviceWorker.register("/sw.js");
  await navigator.serviceWorker.ready;
  const token = env.emulators ? `${LOCAL_DEVICE_PREFIX}${randomId()}` : await messagingToken(registration);
  const stored = storedPushDevice();
  const deviceId = stored?.uid === uid ? stored.deviceId : randomId();
  await withFirestore((fs, db) =>
    fs.setDoc(fs.doc(db, COLLECTIONS.users, uid, SUBCOLLECTIONS.devices, deviceId), {
      [DEVICE_FIELDS.token]: token,
      [DEVICE_FIELDS.platform]: env.emulators ? "local" : "web",
      [DEVICE_FIELDS.createdAt]: fs.serverTimestamp(),
      [DEVICE_FIELDS.lastSeenAt]: fs.serverTimestamp(),
    }),
  );
  localStorage.setItem(PUSH_STORAGE_KEYS.pushDevice, JSON.stringify({ uid, deviceId }));
  return "granted";
}

/**
 * Removes this browser's device of `uid` (turning notifications off, signing out): its document, and on a
 * real project its Cloud Messaging token. Nothing to do when this browser has none.
 */
export async function disablePush(uid: string): Promise<void> {
  const stored = storedPushDevice();
  if (!stored || stored.uid !== uid) return;
  await withFirestore((fs, db) =>
    fs.deleteDoc(fs.doc(db, COLLECTIONS.users, uid, SUBCOLLECTIONS.devices, stored.deviceId)),
  );
  localStorage.removeItem(PUSH_STORAGE_KEYS.pushDevice);
  if (!env.emulators) {
    const { deleteToken, getMessaging } = await import("firebase/messaging");
    await deleteToken(getMessaging(await getFirebaseApp())).catch(() => undefined);
  }
}

/**
 * At sign-out, before Auth signs out: this browser's device, whoever's it is, leaves with the session.
 * Never throws: a device left behind must not stop the sign-out.
 */
export async function forgetThisDevice(): Promise<void> {
  const stored = storedPushDevice();
  if (stored)
    await disablePush(stored.uid).catch((error: unknown) => console.warn("Push device not removed", error));
}
