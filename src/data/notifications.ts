import type { DocumentData, Firestore, Unsubscribe } from "firebase/firestore";
import {
  doc as liteDoc,
  serverTimestamp as liteServerTimestamp,
  setDoc as liteSetDoc,
} from "firebase/firestore/lite";
import { COLLECTIONS, SUBCOLLECTIONS } from "@/domain/core/collections";
import {
  type AppNotification,
  NOTIFICATION_FIELDS,
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_SETTINGS_IDS,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  notificationPreferencesSchema,
  notificationSchema,
  PREFERENCE_FIELDS,
  PRESENCE_FIELDS,
} from "@/domain/notifications/notifications";
import { isPresent, parseDocument } from "./document";
import { getLiteDb } from "./firestore-lite";
import { type FirestoreSdk, type Listener, lazyListen, subscribeToDocument, withFirestore } from "./listen";

/**
 * users/{uid}/notifications (written by functions only: functions/src/notifications/notify.ts) and
 * users/{uid}/notificationSettings (the owner's e-mail preferences and presence). The bell follows the
 * newest NOTIFICATION_LIST_LIMIT live and marks them read (readAt, the one field the rules let the owner
 * set); /profile saves the preferences; the app stamps lastSeenAt while it is open, so the message
 * trigger knows who is away.
 */

function notificationsCollection(fs: FirestoreSdk, db: Firestore, uid: string) {
  return fs.collection(db, COLLECTIONS.users, uid, SUBCOLLECTIONS.notifications);
}

function settingsDoc(fs: FirestoreSdk, db: Firestore, uid: string, id: string) {
  return fs.doc(db, COLLECTIONS.users, uid, SUBCOLLECTIONS.notificationSettings, id);
}

export function parseNotification(id: string, data: DocumentData | undefined): AppNotification | null {
  return parseDocument(notificationSchema, data, id, `Notifica ${id} ignorata: dati non validi`);
}

/** The user's newest notifications, live, newest first. */
export function subscribeToNotifications(
  uid: string,
  listener: Listener<AppNotification[]>,
  max = NOTIFICATION_LIST_LIMIT,
): Unsubscribe {
  return lazyListen(
    (fs, db, fail) =>
      fs.onSnapshot(
        fs.query(
          notificationsCollection(fs, db, uid),
          fs.orderBy(NOTIFICATION_FIELDS.createdAt, "desc"),
          fs.limit(max),
        ),
        (snapshot) =>
          listener.next(
            snapshot.docs
              .map((item) => parseNotification(item.id, item.data({ serverTimestamps: "estimate" })))
              .filter(isPresent),
          ),
        fail,
      ),
    listener.error,
  );
}

/** Marks these notifications read (readAt = the server's time), in one batch. */
export async function markNotificationsRead(uid: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await withFirestore(async (fs, db) => {
    const batch = fs.writeBatch(db);
    for (const id of ids) {
      batch.update(fs.doc(notificationsCollection(fs, db, uid), id), {
        [NOTIFICATION_FIELDS.readAt]: fs.serverTimestamp(),
      });
    }
    await batch.commit();
  });
}

/** The user's e-mail preferences, live (every kind on until switched off). */
export function subscribeToNotificationPreferences(
  uid: string,
  listener: Listener<NotificationPreferences>,
): Unsubscribe {
  return subscribeToDocument(
    (fs, db) => settingsDoc(fs, db, uid, NOTIFICATION_SETTINGS_IDS.preferences),
    (snapshot) => {
      const parsed = notificationPreferencesSchema.safeParse(snapshot.data());
      return parsed.success ? parsed.data : null;
    },
    {
      next: (value) => listener.next(value ?? notificationPreferencesSchema.parse({})),
      error: listener.error,
    },
  );
}

/** Saves the e-mail switches (the whole set, as /profile shows it). */
export async function saveNotificationPreferences(
  uid: string,
  preferences: NotificationPreferencesInput,
): Promise<void> {
  const parsed = notificationPreferencesSchema.parse(preferences);
  await withFirestore((fs, db) =>
    fs.setDoc(settingsDoc(fs, db, uid, NOTIFICATION_SETTINGS_IDS.preferences), {
      [PREFERENCE_FIELDS.email]: parsed.email,
      [PREFERENCE_FIELDS.push]: parsed.push,
      [PREFERENCE_FIELDS.digest]: parsed.digest,
      [PREFERENCE_FIELDS.updatedAt]: fs.serverTimestamp(),
    }),
  );
}

/**
 * Stamps lastSeenAt with the server's time (the caller throttles: the rules refuse more than one a minute).
 * A plain write through Firestore Lite: it runs on every signed-in page and must not pull in the full SDK.
 */
export async function touchPresence(uid: string): Promise<void> {
  const db = await getLiteDb();
  await liteSetDoc(
    liteDoc(
      db,
      COLLECTIONS.users,
      uid,
      SUBCOLLECTIONS.notificationSettings,
      NOTIFICATION_SETTINGS_IDS.presence,
    ),
    { [PRESENCE_FIELDS.lastSeenAt]: liteServerTimestamp() },
  );
}
