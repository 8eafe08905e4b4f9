import type { QueryDocumentSnapshot } from "firebase/firestore/lite";
import { COLLECTIONS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { MAX_CATALOGUE_PRODUCTS } from "@/domain/core/limits";
import {
  buildCatalogueProduct,
  type CatalogueProduct,
  type CatalogueProductInput,
  catalogueProductSchema,
} from "@/domain/marketplace/catalogue";
import { isPresent, parseDocument } from "./document";
import { withFirestoreLite } from "./listen";

/**
 * users/{uid}/catalogue/{slot} (src/domain/marketplace/catalogue.ts): the shop's own products, read and
 * written by the shop alone (firestore.rules), over Firestore Lite. The whole catalogue is at most
 * MAX_CATALOGUE_PRODUCTS documents, read in pages of 50 (the rules' bound) by slot.
 */
const PAGE = 50;

export async function listCatalogue(uid: string): Promise<CatalogueProduct[]> {
  return withFirestoreLite(async (fs, db) => {
    const products: CatalogueProduct[] = [];
    const list = fs.collection(db, COLLECTIONS.users, uid, SUBCOLLECTIONS.catalogue);
    let after: QueryDocumentSnapshot | undefined;
    for (let read = 0; read < MAX_CATALOGUE_PRODUCTS; read += PAGE) {
      const page = await fs.getDocs(
        fs.query(list, fs.orderBy(fs.documentId()), ...(after ? [fs.startAfter(after)] : []), fs.limit(PAGE)),
      );
      products.push(
        ...page.docs
          .map((product) =>
            parseDocument(
              catalogueProductSchema,
              product.data(),
              product.id,
              `Prodotto ${product.id} ignorato`,
            ),
          )
          .filter(isPresent),
      );
      after = page.docs.at(-1);
      if (page.docs.length < PAGE) break;
    }
    return products;
  });
}

/** Writes products into their slots in one batch: all of them or none (an import is never half-saved). */
export async function saveCatalogueProducts(
  uid: string,
  products: readonly { slot: string; input: CatalogueProductInput; paused: boolean }[],
): Promise<void> {
  await withFirestoreLite(async (fs, db) => {
    const batch = fs.writeBatch(db);
    for (const { slot, input, paused } of products) {
      batch.set(
        fs.doc(db, COLLECTIONS.users, uid, SUBCOLLECTIONS.catalogue, slot),
        buildCatalogueProduct(input, paused, fs.serverTimestamp),
      );
    }
    await batch.commit();
  });
}
