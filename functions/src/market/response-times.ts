import { type DocumentData, type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { COLLECTIONS } from "@/domain/core/collections";
import { REQUEST_LIFETIME_MS } from "@/domain/core/limits";
import type { LatLng } from "@/domain/geo/geo";
import { encodeGeohash } from "@/domain/geo/geohash";
import {
  addResponseSample,
  medianResponseMinutes,
  openMinutesBetween,
  RESPONSE_AREA_PRECISION,
  RESPONSE_TIME,
  type ResponseStats,
  responseBucket,
  responseSamplesSchema,
} from "@/domain/market/response-time";
import type { WeeklyHours } from "@/domain/people/opening-hours";

/**
 * The ONE module that keeps the shops' response times (src/domain/market/response-time.ts): submitOffer
 * calls recordResponseTime after its commit, for a new offer (never an edit). One small transaction reads
 * the shop's and its area's newest samples (responseSamples, bounded by RESPONSE_TIME.keep/areaKeep),
 * adds this answer and writes back the coarse buckets anyone signed in reads (shopStats, areaStats).
 * No scan, no hot document: an area is a geohash cell of about 5 km.
 */

/** When the request reached the shops: its last publication or renewal (expiresAt − lifetime), else createdAt. */
export function reachedAt(request: DocumentData): Date | undefined {
  const expiresAt = request.expiresAt;
  if (expiresAt instanceof Timestamp) return new Date(expiresAt.toMillis() - REQUEST_LIFETIME_MS);
  const createdAt = request.createdAt;
  return createdAt instanceof Timestamp ? createdAt.toDate() : undefined;
}

export type AnsweringShop = {
  uid: string;
  weeklyHours?: WeeklyHours | undefined;
  location?: LatLng | undefined;
};

/** Adds one answer to the shop's and its area's samples; logs, never throws (the offer is already sent). */
export async function recordResponseTime(
  db: Firestore,
  shop: AnsweringShop,
  request: DocumentData,
  at: Date,
): Promise<void> {
  const from = reachedAt(request);
  if (!from) return;
  const sample = { at: at.getTime(), minutes: Math.round(openMinutesBetween(shop.weeklyHours, from, at)) };
  const area = shop.location
    ? encodeGeohash(shop.location.lat, shop.location.lng, RESPONSE_AREA_PRECISION)
    : undefined;
  const samplesOf = db.collection(COLLECTIONS.responseSamples);
  const shopSamples = samplesOf.doc(shop.uid);
  const areaSamples = area ? samplesOf.doc(`area-${area}`) : undefined;
  try {
    await db.runTransaction(async (tx) => {
      const [own, near] = await Promise.all([
        tx.get(shopSamples),
        areaSamples ? tx.get(areaSamples) : Promise.resolve(undefined),
      ]);
      const ownSamples = addResponseSample(
        responseSamplesSchema.parse(own.data() ?? {}).samples,
        sample,
        RESPONSE_TIME.keep,
      );
      tx.set(shopSamples, { samples: ownSamples });
      const stats: ResponseStats = {
        responseBucket: responseBucket(medianResponseMinutes(ownSamples, at)),
        ...(area ? { area } : {}),
      };
      tx.set(db.collection(COLLECTIONS.shopStats).doc(shop.uid), stats);
      if (!areaSamples || !area) return;
      const areaList = addResponseSample(
        responseSamplesSchema.parse(near?.data() ?? {}).samples,
        sample,
        RESPONSE_TIME.areaKeep,
      );
      tx.set(areaSamples, { samples: areaList });
      const areaStats: ResponseStats = {
        responseBucket: responseBucket(medianResponseMinutes(areaList, at)),
      };
      tx.set(db.collection(COLLECTIONS.areaStats).doc(area), areaStats);
    });
  } catch (error) {
    logger.error("recordResponseTime failed", { error: String(error) });
  }
}
