import {
  type DocumentData,
  type DocumentReference,
  FieldValue,
  type Firestore,
  type Transaction,
} from "firebase-admin/firestore";
import type { AlgoExtractedData } from "@/domain/algo/algo";
import {
  type PublishRefusal,
  publishRefusal,
  type RequestDailyQuota,
  requestQuotaOn,
  withPublished,
} from "@/domain/algo/request-quota";
import {
  COLLECTIONS,
  REQUEST_FIELDS,
  REQUEST_PRIVATE_LOCATION_ID,
  SUBCOLLECTIONS,
} from "@/domain/core/collections";
import { DEFAULT_ACTION_RADIUS_KM, MAX_ACTIVE_REQUESTS_PER_BUYER } from "@/domain/core/limits";
import { applyPublishingDefaults, type PublishableRequest } from "@/domain/marketplace/publishing";
import { PUBLISHING_MESSAGES } from "@/domain/marketplace/publishing-messages";
import {
  type LocationInput,
  newRequestInputSchema,
  type RequestPrivateLocation,
} from "@/domain/marketplace/request";
import { buildRequestDocument } from "@/domain/marketplace/request-document";
import {
  MAX_REQUEST_PHOTOS,
  type RequestPhotoUpload,
  requestPhotoDocument,
} from "@/domain/marketplace/request-photo";
import { REQUEST_STATUS, type RequestStatus } from "@/domain/marketplace/state-machine";
import { makeThumbnail } from "./photo-thumbnail";

/**
 * Publishing what Algo collected as requests/{id} (spec §3, §5; architecture §4, §7): the spec's
 * defaults for every missing field, status 'active', aiGenerated, the conversation id, the place the
 * client sent (never a default: no place, no request) and the action radius (10 km by default). The
 * public document carries the zone and the coarse position; the exact one goes to
 * requests/{id}/private/location in the same transaction. Clients cannot create requests (rules), so
 * the buyer's caps (request-quota.ts) hold here.
 */
export const REQUESTS_COLLECTION = COLLECTIONS.requests;

export interface PublishInput {
  uid: string;
  requestId: string;
  /** Algo's conversation; none for the free form ('Compila tu'), whose request is not aiGenerated. */
  conversationId?: string;
  fields: AlgoExtractedData;
  finalRequest?: AlgoExtractedData;
  location: LocationInput;
  actionRadius?: number;
  imageAnalyzed: boolean;
  /** Gives the request's expiresAt (src/domain/marketplace/request-life.ts). */
  publishedAt?: Date;
  /** Photos kept with the request (requests/{id}/photos, written with it; request-photo.ts). */
  photos?: readonly RequestPhotoUpload[];
  /** `awaiting_email` while the buyer's address is not proven (checkPublishing decides); else active. */
  status?: RequestStatus;
}

export function publishableRequest(input: PublishInput): PublishableRequest {
  return applyPublishingDefaults({
    ...input.fields,
    ...input.finalRequest,
    productDetails: { ...input.fields.productDetails, ...input.finalRequest?.productDetails },
    location: input.location,
    actionRadius: input.actionRadius ?? DEFAULT_ACTION_RADIUS_KM,
    aiGenerated: input.conversationId !== undefined,
    imageAnalyzed: input.imageAnalyzed,
    ...(input.conversationId ? { algoConversationId: input.conversationId } : {}),
  });
}

/**
 * The requests/{id} document (server timestamps for createdAt/updatedAt) and its private location,
 * built by the domain's one builder.
 */
export function requestDocument(input: PublishInput): {
  request: PublishableRequest;
  doc: DocumentData;
  privateLocation: RequestPrivateLocation;
} {
  const request = publishableRequest(input);
  // A location the client sent but the sanitizer dropped as invalid fails here, before any write.
  const checked = newRequestInputSchema.parse(request);
  const { document, privateLocation } = buildRequestDocument(
    {
      id: input.requestId,
      customerId: input.uid,
      ...(input.publishedAt ? { publishedAt: input.publishedAt } : {}),
      ...(input.status ? { status: input.status } : {}),
      request: checked,
    },
    () => FieldValue.serverTimestamp(),
  );
  return { request, doc: document, privateLocation };
}

const REFUSAL_MESSAGES: Record<PublishRefusal, string> = {
  active_requests: PUBLISHING_MESSAGES.tooManyActive,
  daily_requests: PUBLISHING_MESSAGES.dailyLimit,
};

/** May the buyer publish now: the day's count to write on success, or what Algo says instead. */
export type PublishCheck =
  | {
      ok: true;
      location: LocationInput;
      quota: RequestDailyQuota;
      userRef: DocumentReference;
      /** The publication's time: the request expires 7 days later (request-life.ts). */
      publishedAt: Date;
      /**
       * active, or awaiting_email for an account whose e-mail is not proven: stored, shown to its buyer,
       * seen by no shop until the address is proven (requests/release-held.ts).
       */
      status: RequestStatus;
    }
  | { ok: false; message: string };

/**
 * The reads of publishing, before the transaction writes anything: a place is needed, fewer than
 * MAX_ACTIVE_REQUESTS_PER_BUYER open requests (active or awaiting the e-mail proof; a query bounded at
 * the cap) and the day's count. An account whose e-mail is not proven publishes `awaiting_email`.
 */
export async function checkPublishing(
  tx: Transaction,
  db: Firestore,
  uid: string,
  location: LocationInput | undefined,
  now: Date,
  account: { emailProven: boolean },
): Promise<PublishCheck> {
  if (!location) return { ok: false, message: PUBLISHING_MESSAGES.placeNeeded };
  const userRef = db.collection(COLLECTIONS.users).doc(uid);
  const [user, active] = await Promise.all([
    tx.get(userRef),
    tx.get(
      db
        .collection(COLLECTIONS.requests)
        .where(REQUEST_FIELDS.customerId, "==", uid)
        .where(REQUEST_FIELDS.status, "in", [REQUEST_STATUS.active, REQUEST_STATUS.awaitingEmail])
        .limit(MAX_ACTIVE_REQUESTS_PER_BUYER),
    ),
  ]);
  const quota = requestQuotaOn(user.get("requestQuota"), now);
  const refusal = publishRefusal(active.size, quota);
  if (refusal) return { ok: false, message: REFUSAL_MESSAGES[refusal] };
  const status = account.emailProven ? REQUEST_STATUS.active : REQUEST_STATUS.awaitingEmail;
  return { ok: true, location, quota, userRef, publishedAt: now, status };
}

/**
 * The writes of publishing, shared by Algo's summary card (publish-request.ts) and the free form
 * (publish-form.ts): the request, its private location, its photos (the last MAX_REQUEST_PHOTOS, with
 * photoCount on the request so the feed reads them only where there are some, and the first one's
 * thumbnail, so the cards need not read them at all), the day's count.
 */
export function writePublication(
  tx: Transaction,
  db: Firestore,
  check: Extract<PublishCheck, { ok: true }>,
  input: Omit<PublishInput, "requestId" | "location">,
  requestRef: DocumentReference = db.collection(COLLECTIONS.requests).doc(),
): { request: PublishableRequest; requestId: string } {
  const { request, doc, privateLocation } = requestDocument({
    ...input,
    requestId: requestRef.id,
    location: check.location,
    publishedAt: check.publishedAt,
    status: check.status,
  });
  const photos = (input.photos ?? []).slice(-MAX_REQUEST_PHOTOS);
  const thumbnail = photos[0] ? makeThumbnail(photos[0]) : undefined;
  tx.create(requestRef, {
    ...doc,
    ...(photos.length > 0 ? { [REQUEST_FIELDS.photoCount]: photos.length } : {}),
    ...(thumbnail ? { [REQUEST_FIELDS.thumbnail]: thumbnail } : {}),
  });
  tx.create(
    requestRef.collection(SUBCOLLECTIONS.requestPrivate).doc(REQUEST_PRIVATE_LOCATION_ID),
    privateLocation,
  );
  photos.forEach((photo, index) => {
    const photoDoc = requestPhotoDocument({ requestId: requestRef.id, customerId: input.uid, index, photo });
    tx.create(requestRef.collection(SUBCOLLECTIONS.requestPhotos).doc(photoDoc.id), {
      ...photoDoc,
      createdAt: FieldValue.serverTimestamp(),
    });
  });
  tx.set(check.userRef, { requestQuota: withPublished(check.quota) }, { merge: true });
  return { request, requestId: requestRef.id };
}
