import { type DocumentData, type Firestore, Timestamp } from "firebase-admin/firestore";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { buildRequestDocument } from "../../src/domain/marketplace/request-document";
import type { BenchRequest } from "./dataset";

/**
 * The Firestore document of a bench request, built by the domain's one request builder (the shape every
 * writer stores), with the bench's own history: its status and its creation time.
 */
export function benchDocument(request: BenchRequest): DocumentData {
  const createdAt = Timestamp.fromMillis(request.createdAtMs);
  const { document } = buildRequestDocument(
    {
      customerId: request.customerId,
      status: request.status,
      request: {
        productName: request.productName,
        category: request.category,
        budget: { min: 20, max: 200 },
        urgency: request.urgency,
        deliveryPreference: "both",
        actionRadius: request.actionRadius,
        location: { lat: request.location.lat, lng: request.location.lng, address: request.location.address },
        productDetails: { condition: "nuovo" },
      },
    },
    () => createdAt,
  );
  // The bench checks the feed against its own dataset, so the stored position is the dataset's as given,
  // not the public grid node the builder snaps to (the edge cases sit exactly on radii, and the read
  // counts of docs/geo-bench.md stay comparable). Bench requests need no private location: the feed
  // reads only the public document.
  const { location, gh3, gh4, gh5 } = request;
  return { ...document, location, gh3, gh4, gh5 };
}

/** Writes the requests in batches of 500, four at a time. */
export async function seedRequests(
  db: Firestore,
  requests: readonly BenchRequest[],
  toDocument: (request: BenchRequest) => DocumentData = benchDocument,
): Promise<void> {
  const BATCH = 500;
  const PARALLEL = 4;
  const batches: BenchRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH) batches.push(requests.slice(i, i + BATCH));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const slice = batches[next++] as BenchRequest[];
      const batch = db.batch();
      for (const request of slice)
        batch.set(db.collection(COLLECTIONS.requests).doc(request.id), toDocument(request));
      await batch.commit();
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}
