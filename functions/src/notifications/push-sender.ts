import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { getMessaging } from "firebase-admin/messaging";
import * as logger from "firebase-functions/logger";
import { COLLECTIONS } from "@/domain/core/collections";
import { LOCAL_DEVICE_PREFIX } from "@/domain/core/push-device";
import type { PushMessage } from "@/domain/notifications/push";
import { isDeployedRuntime } from "../email/config";
import { adminApp } from "../lib/admin";

/** One of a user's devices: its document id and its push token. */
export interface PushTarget {
  deviceId: string;
  token: string;
}

/** What one send did, by device id: reached, or gone for good (its document is then deleted). */
export interface PushResult {
  delivered: string[];
  gone: string[];
}

/** The one way a push leaves the functions: FCM in production, the outbox on the emulators. */
export interface PushSender {
  send(uid: string, targets: readonly PushTarget[], message: PushMessage): Promise<PushResult>;
}

/** FCM's answers that mean the token will never work again. */
const GONE_CODES = new Set([
  "messaging/registration-token-not-registered",
  "messaging/invalid-registration-token",
  "messaging/invalid-argument",
]);

/** Production: data-only messages (the service worker shows them) to every token in one multicast. */
export function fcmPushSender(): PushSender {
  return {
    async send(_uid, targets, message) {
      if (targets.length === 0) return { delivered: [], gone: [] };
      const answer = await getMessaging(adminApp()).sendEachForMulticast({
        tokens: targets.map((target) => target.token),
        data: { ...message },
        webpush: { headers: { Urgency: "high", TTL: String(24 * 60 * 60) } },
      });
      const result: PushResult = { delivered: [], gone: [] };
      answer.responses.forEach((response, index) => {
        const target = targets[index];
        if (!target) return;
        if (response.success) result.delivered.push(target.deviceId);
        else if (GONE_CODES.has(response.error?.code ?? "")) result.gone.push(target.deviceId);
        else logger.warn("push: not delivered", { code: response.error?.code });
      });
      return result;
    },
  };
}

/**
 * The emulators' fake sender ("no Google account needed"): each message a device would receive becomes a
 * devPushOutbox document, which the end-to-end journey reads and delivers to the page's service worker.
 * Only local device ids can be reached here; any other token (a real FCM token in an emulator run) is
 * reported gone, as FCM would for a token of another project.
 */
export function outboxPushSender(db: Firestore, now: () => Date = () => new Date()): PushSender {
  return {
    async send(uid, targets, message) {
      const result: PushResult = { delivered: [], gone: [] };
      const batch = db.batch();
      for (const target of targets) {
        if (!target.token.startsWith(LOCAL_DEVICE_PREFIX)) {
          result.gone.push(target.deviceId);
          continue;
        }
        batch.create(db.collection(COLLECTIONS.devPushOutbox).doc(), {
          uid,
          deviceId: target.deviceId,
          token: target.token,
          message,
          sentAt: Timestamp.fromDate(now()),
        });
        result.delivered.push(target.deviceId);
      }
      if (result.delivered.length > 0) await batch.commit();
      return result;
    },
  };
}

let sender: PushSender | undefined;

/** The sender of this process: FCM when deployed, the outbox on the emulators and in tests. */
export function pushSenderFor(db: Firestore): PushSender {
  sender ??= isDeployedRuntime() ? fcmPushSender() : outboxPushSender(db);
  return sender;
}
