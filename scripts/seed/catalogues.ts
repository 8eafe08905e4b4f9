import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import {
  buildCatalogueProduct,
  type CatalogueProductInput,
  catalogueSlots,
} from "../../src/domain/marketplace/catalogue";
import { DEMO_SHOP_1, DEMO_SHOP_2 } from "./demo-data";

/**
 * The demo shops' catalogues ('Il tuo catalogo', src/domain/marketplace/catalogue.ts), as the page would
 * have saved them: a few products each, so the feed shows 'Ce l'hai a …' on a matching request (the
 * neighbour's backpack for the sport shop; a new 'caricatore' or 'cuffie' request for the electronics shop).
 */
const CATALOGUES: readonly { uid: string; products: readonly CatalogueProductInput[] }[] = [
  {
    uid: DEMO_SHOP_1.uid,
    products: [
      { name: "Caricatore USB-C 65 W", category: "elettronica", condition: "nuovo", price: 34 },
      { name: "Cuffie wireless Sony WH-1000XM5", category: "elettronica", condition: "nuovo", price: 329 },
      { name: "Lampada da scrivania LED", category: "casa", condition: "nuovo", price: 39 },
    ],
  },
  {
    uid: DEMO_SHOP_2.uid,
    products: [
      { name: "Zaino da trekking 30 litri", category: "sport", condition: "nuovo", price: 79 },
      { name: "Bicicletta da città", category: "sport", condition: "usato", price: 189 },
    ],
  },
];

export async function seedCatalogues(db: Firestore, now: Date): Promise<void> {
  const batch = db.batch();
  const slots = catalogueSlots();
  for (const { uid, products } of CATALOGUES) {
    products.forEach((product, index) => {
      const ref = db
        .collection(COLLECTIONS.users)
        .doc(uid)
        .collection(SUBCOLLECTIONS.catalogue)
        .doc(slots[index] ?? "p00");
      batch.set(
        ref,
        buildCatalogueProduct(product, false, () => Timestamp.fromDate(now)),
      );
    });
  }
  await batch.commit();
}
