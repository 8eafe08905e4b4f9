import { type DocumentData, FieldValue } from "firebase-admin/firestore";
import type { AlgoExtractedData } from "@/domain/algo";
import { COLLECTIONS } from "@/domain/collections";
import { DEFAULT_ACTION_RADIUS_KM, DEFAULT_REQUEST_LOCATION } from "@/domain/limits";
import { applyPublishingDefaults, type PublishableRequest } from "@/domain/publishing";
import { type LocationInput, newRequestInputSchema } from "@/domain/request";
import { buildRequestDocument } from "@/domain/request-document";

/**
 * Publishing what Algo collected as requests/{id} (spec §3, §5; architecture §4): the spec's defaults
 * for every missing field, status 'active', aiGenerated, the conversation id, the location the client
 * sent (Milano centre when it never sent one) with its geohash fields, and the action radius (10 km
 * by default).
 */
export const REQUESTS_COLLECTION = COLLECTIONS.requests;

export interface PublishInput {
  uid: string;
  requestId: string;
  conversationId: string;
  fields: AlgoExtractedData;
  finalRequest?: AlgoExtractedData;
  location?: LocationInput;
  actionRadius?: number;
  imageAnalyzed: boolean;
}

export function publishableRequest(input: PublishInput): PublishableRequest {
  const location = input.location ?? { ...DEFAULT_REQUEST_LOCATION };
  return applyPublishingDefaults({
    ...input.fields,
    ...input.finalRequest,
    productDetails: { ...input.fields.productDetails, ...input.finalRequest?.productDetails },
    location,
    actionRadius: input.actionRadius ?? DEFAULT_ACTION_RADIUS_KM,
    aiGenerated: true,
    imageAnalyzed: input.imageAnalyzed,
    algoConversationId: input.conversationId,
  });
}

/** The requests/{id} document (server timestamps for createdAt/updatedAt), built by the domain's one builder. */
export function requestDocument(input: PublishInput): { request: PublishableRequest; doc: DocumentData } {
  const request = publishableRequest(input);
  // A location the client sent but the sanitizer dropped as invalid fails here, before any write.
  const checked = newRequestInputSchema.parse(request);
  const doc = buildRequestDocument(
    {
      id: input.requestId,
      customerId: input.uid,
      request: { ...checked, aiGenerated: true, algoConversationId: input.conversationId },
    },
    () => FieldValue.serverTimestamp(),
  );
  return { request, doc };
}
