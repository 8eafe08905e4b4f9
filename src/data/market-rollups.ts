import { COLLECTIONS } from "@/domain/core/collections";
import {
  MARKET_MONTHS_READ_LIMIT,
  type MarketMonth,
  marketMonthSchema,
} from "@/domain/market/market-rollups";
import { isPresent, parseDocument } from "./document";
import { withFirestoreLite } from "./listen";

/**
 * marketRollups/{YYYY-MM} (src/domain/market/market-rollups.ts): the market dashboard's counts, kept by the
 * functions and readable by admins only (firestore.rules). The page reads the months from `fromMonth` on
 * in one bounded query over Firestore Lite: at most MARKET_MONTHS_READ_LIMIT documents, 90 days' worth.
 */
export async function fetchMarketMonths(fromMonth: string): Promise<MarketMonth[]> {
  return withFirestoreLite(async (fs, db) => {
    const snapshot = await fs.getDocs(
      fs.query(
        fs.collection(db, COLLECTIONS.marketRollups),
        fs.where(fs.documentId(), ">=", fromMonth),
        fs.orderBy(fs.documentId()),
        fs.limit(MARKET_MONTHS_READ_LIMIT),
      ),
    );
    return snapshot.docs
      .map((month) =>
        parseDocument(marketMonthSchema, month.data(), null, `Mese ${month.id} ignorato: dati non validi`),
      )
      .filter(isPresent);
  });
}
