import type { Firestore } from "firebase-admin/firestore";
import { stageOfferPrice } from "../../functions/src/market/price-stats";
import { runPriceBuilds } from "../../functions/src/market/price-summaries";
import { requestGeoFields } from "../../src/domain/geo/geo-cover";
import { PRICE_GUIDANCE } from "../../src/domain/marketplace/price-guidance";

/**
 * The demo's price history: offers that shops around Milano made in the last weeks, on
 * requests long gone, as submitOffer left them in priceEntries (through its own stageOfferPrice), then
 * summed up as the summaries job does (runPriceBuilds over the guidance window). Four past shops, so the
 * threshold (5 offers, 3 shops) is met and `npm start` shows a range for a city bike ('Compila tu' or
 * Algo: 'bicicletta da città', sport, in Milano) and a desk lamp, and a shop writing an offer on the lamp
 * or the jacket sees its price's band.
 */
type Past = { productName: string; category: string; prices: number[]; place: { lat: number; lng: number } };

const PAST: Past[] = [
  {
    productName: "bicicletta da città",
    category: "sport",
    prices: [239, 265, 289, 310, 349, 399],
    place: { lat: 45.47, lng: 9.2 },
  },
  {
    productName: "lampada da scrivania",
    category: "casa",
    prices: [24.9, 29, 35, 39.9, 45],
    place: { lat: 45.455, lng: 9.18 },
  },
  {
    productName: "giacca impermeabile",
    category: "abbigliamento",
    prices: [79, 89.9, 99, 119, 129],
    place: { lat: 45.485, lng: 9.19 },
  },
];

const PAST_SHOPS = ["past-shop-1", "past-shop-2", "past-shop-3", "past-shop-4"];
const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedPastPrices(db: Firestore, now: Date): Promise<number> {
  const batch = db.batch();
  let count = 0;
  for (const past of PAST) {
    past.prices.forEach((price, index) => {
      const merchantId = PAST_SHOPS[index % PAST_SHOPS.length] ?? "past-shop-1";
      // Spread over the last two months, a little apart in the city.
      const at = new Date(now.getTime() - (20 + index * 7) * DAY_MS);
      const place = { lat: past.place.lat + index * 0.004, lng: past.place.lng - index * 0.003 };
      const request = { category: past.category, productName: past.productName, ...requestGeoFields(place) };
      stageOfferPrice(batch, db, request, {
        offerId: `past-${past.category}-${index}`,
        merchantId,
        price,
        at,
      });
      count += 1;
    });
  }
  await batch.commit();
  await runPriceBuilds({ db, now: () => now, catchUpDays: PRICE_GUIDANCE.days });
  return count;
}
