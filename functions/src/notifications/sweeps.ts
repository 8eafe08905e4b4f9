import { type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS, REQUEST_FIELDS, USER_FIELDS } from "@/domain/collections";
import { requestCategorySchema } from "@/domain/enums";
import { latLngSchema } from "@/domain/geo";
import { visibleDistanceKm } from "@/domain/geo-feed";
import { MERCHANT_ZONE_RADIUS_KM } from "@/domain/limits";
import { NOTIFICATION_DIGEST_INTERVAL_MS, NOTIFICATION_EXPIRY_WINDOW_MS } from "@/domain/notifications";
import { effectiveExpiresAt } from "@/domain/request-life";
import { SHOP_STATUS } from "@/domain/shop-status";
import { REQUEST_STATUS } from "@/domain/state-machine";
import { smtpTransport } from "../email/send";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { requestExpiringEvent, requestsNearbyEvent } from "./events";
import { type NotifyDeps, notify } from "./notify";

/**
 * The two scheduled notifications. Each run is idempotent: the digest's event key is its hour, the
 * warning's is the request and its expiry date, so a repeated or overlapping run writes nothing twice.
 */

function toDate(value: unknown): Date | undefined {
  return value instanceof Timestamp ? value.toDate() : undefined;
}

/** The hour `now` falls in, from its first millisecond. */
export function hourStartOf(now: Date): Date {
  return new Date(
    Math.floor(now.getTime() / NOTIFICATION_DIGEST_INTERVAL_MS) * NOTIFICATION_DIGEST_INTERVAL_MS,
  );
}

type PublishedRequest = {
  id: string;
  customerId: string;
  productName: string;
  category: string;
  actionRadius: number;
  location: { lat: number; lng: number };
};

/**
 * The hourly digest: every verified shop with requests published in the previous hour (still active)
 * within MERCHANT_ZONE_RADIUS_KM of the shop and the request's own radius, in one of its categories,
 * gets one notification (and, by its preferences and at most once an hour, one e-mail).
 */
export async function sendRequestDigests(deps: NotifyDeps): Promise<string[]> {
  const { db } = deps;
  const hourStart = hourStartOf(deps.now());
  const from = Timestamp.fromMillis(hourStart.getTime() - NOTIFICATION_DIGEST_INTERVAL_MS);
  const published = await db
    .collection(COLLECTIONS.requests)
    .where(REQUEST_FIELDS.createdAt, ">=", from)
    .where(REQUEST_FIELDS.createdAt, "<", Timestamp.fromDate(hourStart))
    .get();
  const requests: PublishedRequest[] = published.docs.flatMap((doc) => {
    const data = doc.data();
    const location = latLngSchema.safeParse(data.location);
    if (data.status !== REQUEST_STATUS.active || !location.success) return [];
    return [
      {
        id: doc.id,
        productName: String(data.productName ?? ""),
        category: String(data.category ?? ""),
        actionRadius: Number(data.actionRadius ?? MERCHANT_ZONE_RADIUS_KM),
        location: location.data,
        customerId: String(data.customerId ?? ""),
      },
    ];
  });
  if (requests.length === 0) return [];
  const shops = await db
    .collection(COLLECTIONS.users)
    .where(USER_FIELDS.shopStatus, "==", SHOP_STATUS.verified)
    .get();
  const notified: string[] = [];
  for (const shop of shops.docs) {
    const data = shop.data();
    const center = latLngSchema.safeParse(data.location);
    const categories = requestCategorySchema.array().safeParse(data.shop?.categories);
    if (!center.success || !categories.success) continue;
    const matching = requests.filter(
      (request) =>
        (categories.data as string[]).includes(request.category) &&
        request.customerId !== shop.id &&
        visibleDistanceKm(request, center.data, MERCHANT_ZONE_RADIUS_KM) !== null,
    );
    const first = matching[0];
    if (!first) continue;
    try {
      await notify(
        deps,
        requestsNearbyEvent({
          merchantId: shop.id,
          hourStart,
          count: matching.length,
          firstProductName: first.productName,
        }),
      );
      notified.push(shop.id);
    } catch (error) {
      logger.warn("requestDigest: not notified", { uid: shop.id, error: String(error) });
    }
  }
  return notified;
}

/**
 * Active requests expiring within the next NOTIFICATION_EXPIRY_WINDOW_MS: their buyer is warned once
 * per expiry date (a renewed request is warned again before its new date). Found by expiresAt, which
 * every publication writes (request-life.ts); documents older than the field are not warned.
 */
export async function sendExpiryWarnings(deps: NotifyDeps): Promise<string[]> {
  const { db } = deps;
  const now = deps.now();
  const expiring = await db
    .collection(COLLECTIONS.requests)
    .where(REQUEST_FIELDS.expiresAt, ">", Timestamp.fromDate(now))
    .where(
      REQUEST_FIELDS.expiresAt,
      "<=",
      Timestamp.fromMillis(now.getTime() + NOTIFICATION_EXPIRY_WINDOW_MS),
    )
    .get();
  const warned: string[] = [];
  for (const doc of expiring.docs) {
    const data = doc.data();
    const createdAt = toDate(data.createdAt);
    if (data.status !== REQUEST_STATUS.active || !createdAt || typeof data.customerId !== "string") continue;
    const expiresAt = effectiveExpiresAt({ createdAt, expiresAt: toDate(data.expiresAt) });
    const left = expiresAt.getTime() - now.getTime();
    if (left <= 0 || left > NOTIFICATION_EXPIRY_WINDOW_MS) continue;
    try {
      await notify(
        deps,
        requestExpiringEvent({
          customerId: data.customerId,
          requestId: doc.id,
          productName: String(data.productName ?? ""),
          expiresAt,
        }),
      );
      warned.push(doc.id);
    } catch (error) {
      logger.warn("expiryWarnings: not notified", { requestId: doc.id, error: String(error) });
    }
  }
  return warned;
}

async function scheduledDeps(): Promise<NotifyDeps> {
  const db: Firestore = adminDb();
  return { db, now: await clockFor(db), mail: smtpTransport };
}

/** At minute 5 of every hour: the previous hour's requests, one digest per shop. */
export const requestDigest = onSchedule(
  sized("requestDigest", { schedule: "5 * * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const notified = await sendRequestDigests(await scheduledDeps());
    logger.info("Request digest", { shops: notified.length });
  },
);

/** Every hour: requests entering their last day. */
export const expiryWarnings = onSchedule(
  sized("expiryWarnings", { schedule: "15 * * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const warned = await sendExpiryWarnings(await scheduledDeps());
    logger.info("Expiry warnings", { requests: warned.length });
  },
);
