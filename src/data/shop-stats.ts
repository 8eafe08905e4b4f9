import type { COLLECTIONS } from "@/domain/core/collections";
import { type ResponseStats, responseStatsSchema } from "@/domain/market/response-time";
import { parseDocument } from "./document";
import { withFirestoreLite } from "./listen";

/**
 * shopStats/{uid} and areaStats/{cell} (src/domain/market/response-time.ts): a shop's and an area's
 * coarse response time, kept by submitOffer, read by anyone signed in. Null when there is none yet.
 */
export async function getResponseStats(
  collection: typeof COLLECTIONS.shopStats | typeof COLLECTIONS.areaStats,
  id: string,
): Promise<ResponseStats | null> {
  return withFirestoreLite(async (fs, db) => {
    const snapshot = await fs.getDoc(fs.doc(db, collection, id));
    if (!snapshot.exists()) return null;
    return parseDocument(responseStatsSchema, snapshot.data(), null, `Tempi di ${id} ignorati`);
  });
}
