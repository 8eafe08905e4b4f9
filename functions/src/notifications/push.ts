import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { COLLECTIONS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { DEVICE_FIELDS } from "@/domain/core/push-device";
import {
  NOTIFICATION_FIELDS,
  NOTIFICATION_SETTINGS_IDS,
  type NotificationKind,
  notificationKindSchema,
  notificationPreferencesSchema,
  PUSH_STATUS,
} from "@/domain/notifications/notifications";
import {
  channelsFor,
  MAX_PUSH_DEVICES,
  type PushMessage,
  pushMessageSchema,
} from "@/domain/notifications/push";
import type { PushSender, PushTarget } from "./push-sender";

/**
 * The push step of the notification seam. Whether a kind goes to a recipient's devices is channelsFor's
 * choice (src/domain/notifications/push.ts: the kind, the recipient's devices and switches); this file
 * reads those, sends through the PushSender and deletes the devices the push service reports gone.
 */
export interface PushDeps {
  db: Firestore;
  push: PushSender;
}

export function devicesOf(db: Firestore, uid: string) {
  return db.collection(COLLECTIONS.users).doc(uid).collection(SUBCOLLECTIONS.devices);
}

/** The user's newest devices (≤ MAX_PUSH_DEVICES) as push targets. */
async function targetsOf(db: Firestore, uid: string): Promise<PushTarget[]> {
  const page = await devicesOf(db, uid)
    .orderBy(DEVICE_FIELDS.lastSeenAt, "desc")
    .limit(MAX_PUSH_DEVICES)
    .get();
  return page.docs.flatMap((doc) => {
    const token = doc.get(DEVICE_FIELDS.token);
    return typeof token === "string" && token ? [{ deviceId: doc.id, token }] : [];
  });
}

/**
 * Sends `message` of `kind` to `uid`'s devices if the seam's choice says so. Returns how many devices it
 * reached (0: no device, switched off, or none reached). Never throws: a push is never worth a failed flow.
 */
export async function pushToUser(
  deps: PushDeps,
  uid: string,
  kind: NotificationKind,
  message: PushMessage,
): Promise<number> {
  try {
    const [settings, targets] = await Promise.all([
      deps.db
        .collection(COLLECTIONS.users)
        .doc(uid)
        .collection(SUBCOLLECTIONS.notificationSettings)
        .doc(NOTIFICATION_SETTINGS_IDS.preferences)
        .get(),
      targetsOf(deps.db, uid),
    ]);
    const preferences = notificationPreferencesSchema.safeParse(settings.data() ?? {});
    const channels = channelsFor(kind, {
      hasDevices: targets.length > 0,
      preferences: preferences.success ? preferences.data : undefined,
    });
    if (!channels.push) return 0;
    const result = await deps.push.send(uid, targets, pushMessageSchema.parse(message));
    if (result.gone.length > 0) {
      const batch = deps.db.batch();
      for (const deviceId of result.gone) batch.delete(devicesOf(deps.db, uid).doc(deviceId));
      await batch.commit();
      logger.info("push: devices gone", { count: result.gone.length });
    }
    return result.delivered.length;
  } catch (error) {
    logger.warn("push: not sent", { kind, error: String(error) });
    return 0;
  }
}

/**
 * The push of a bell notification (users/{uid}/notifications/{id}), once: the first call records
 * pushStatus in a transaction and sends; a repeated delivery task finds it recorded and sends nothing.
 * "sent" makes the e-mail step skip it (notify.ts claimEmail): what push reached is not e-mailed.
 */
export async function deliverPush(
  deps: PushDeps,
  ref: DocumentReference,
): Promise<"sent" | "none" | "already"> {
  const uid = ref.parent.parent?.id ?? "";
  const data = await deps.db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const current = snapshot.data();
    if (!current || current[NOTIFICATION_FIELDS.pushStatus] !== undefined) return undefined;
    tx.update(ref, { [NOTIFICATION_FIELDS.pushStatus]: PUSH_STATUS.none });
    return current;
  });
  if (!data) return "already";
  const kind = notificationKindSchema.safeParse(data.kind);
  if (!kind.success) return "none";
  const reached = await pushToUser(deps, uid, kind.data, {
    title: String(data.title),
    body: String(data.body ?? ""),
    url: String(data.link),
    kind: kind.data,
    tag: ref.id,
  });
  if (reached === 0) return "none";
  await ref.update({ [NOTIFICATION_FIELDS.pushStatus]: PUSH_STATUS.sent });
  return "sent";
}
