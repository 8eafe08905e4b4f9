import { type DocumentData, FieldValue } from "firebase-admin/firestore";
import type { AlgoExtractedData } from "@/domain/algo";
import { requestGeoFields } from "@/domain/geo-cover";
import { DEFAULT_ACTION_RADIUS_KM, DEFAULT_MERCHANT_LOCATION } from "@/domain/limits";
import { applyPublishingDefaults, type PublishableRequest } from "@/domain/publishing";
import { type LocationInput, newRequestInputSchema } from "@/domain/request";

/**
 * Publishing what Algo collected as requests/{id} (spec §3, §5; architecture §4): the spec's defaults
 * for every missing field, status 'active', aiGenerated, the conversation id, the location the client
 * sent (Milano centre when it never sent one) with its geohash fields, and the action radius (10 km
 * by default).
 */
export const REQUESTS_COLLECTION = "requests";

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
  const location = input.location ?? { ...DEFAULT_MERCHANT_LOCATION };
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

/** The requests/{id} document (server timestamps for createdAt/updatedAt). */
export function requestDocument(input: PublishInput): { request: PublishableRequest; doc: DocumentData } {
  const request = publishableRequest(input);
  // Checked against the client's own publishing contract: what Algo publishes, a client could have.
  const checked = newRequestInputSchema.parse(request);
  const geo = requestGeoFields(checked.location);
  return {
    request,
    doc: {
      id: input.requestId,
      customerId: input.uid,
      productName: checked.productName,
      description: checked.description,
      category: checked.category,
      budget: checked.budget,
      urgency: checked.urgency,
      deliveryPreference: checked.deliveryPreference,
      actionRadius: checked.actionRadius,
      location: { ...checked.location, geohash: geo.geohash },
      gh3: geo.gh3,
      gh4: geo.gh4,
      gh5: geo.gh5,
      productDetails: checked.productDetails,
      status: "active",
      aiGenerated: true,
      imageAnalyzed: checked.imageAnalyzed,
      algoConversationId: input.conversationId,
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    },
  };
}
