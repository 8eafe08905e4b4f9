import { type DocumentData, type Firestore, Timestamp } from "firebase-admin/firestore";
import type { BenchRequest } from "./dataset";

/** The Firestore document of a bench request: the shape the app writes (src/data/requests.ts createRequest). */
export function benchDocument(request: BenchRequest): DocumentData {
  const createdAt = Timestamp.fromMillis(request.createdAtMs);
  return {
    customerId: request.customerId,
    productName: request.productName,
    description: "",
    category: request.category,
    budget: { min: 20, max: 200 },
    urgency: request.urgency,
    deliveryPreference: "both",
    actionRadius: request.actionRadius,
    location: request.location,
    gh3: request.gh3,
    gh4: request.gh4,
    gh5: request.gh5,
    productDetails: { condition: "nuovo" },
    status: request.status,
    aiGenerated: false,
    imageAnalyzed: false,
    createdAt,
    updatedAt: createdAt,
  };
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
      for (const request of slice) batch.set(db.collection("requests").doc(request.id), toDocument(request));
      await batch.commit();
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}
