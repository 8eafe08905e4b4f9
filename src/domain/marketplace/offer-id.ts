// An offer's id and what it names, apart from ./offer.ts (its schemas): a route's first reads name a
// conversation's offer and request from its id before zod has loaded (src/features/messages/api/first-reads.ts).

/**
 * One offer per merchant per request: offers/{requestId}_{merchantId}. A second visit to the make-offer
 * page finds (and, while pending, edits) the same offer, and the rules can check "this merchant has an
 * offer on this request" with one exists(). The offer's conversation has the same id.
 */
export function offerIdFor(requestId: string, merchantId: string): string {
  return `${requestId}_${merchantId}`;
}

/**
 * The request and the shop an offer's (or its conversation's) id names, the inverse of offerIdFor;
 * undefined for an id of another shape. Neither part holds an underscore: request ids are Firestore's
 * automatic ids, `form-<hex>` (publishRequest) or the seed's `demo-req-…`, shop ids are Auth uids.
 */
export function offerIdParts(offerId: string): { requestId: string; merchantId: string } | undefined {
  const parts = offerId.split("_");
  if (parts.length !== 2 || !parts[0] || !parts[1]) return undefined;
  return { requestId: parts[0], merchantId: parts[1] };
}
