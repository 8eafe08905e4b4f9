import type { DocumentData } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { z } from "zod";
import { MAX_RADIUS_KM } from "@/domain/core/enums";
import { latLngSchema } from "@/domain/geo/geo";
import { visibleDistanceKm } from "@/domain/geo/geo-feed";
import { GROUP_OFFER_MESSAGES } from "@/domain/marketplace/group-offer";
import type { User } from "@/domain/people/user";

const placeSchema = z.object({ location: latLngSchema, actionRadius: z.number().positive() });

/**
 * The shop is inside the request's radius, as the feed shows it (the buyer's radius counts): part of
 * readOfferable, so submitOffer, a group offer and priceGuidance's shop question all ask it. A shop
 * without a position, or a request without a place, is outside.
 */
export function assertWithinReach(merchant: Pick<User, "location">, request: DocumentData): void {
  const place = placeSchema.safeParse(request);
  const shop = merchant.location;
  const reached =
    place.success &&
    shop !== undefined &&
    visibleDistanceKm({ id: "", ...place.data }, shop, MAX_RADIUS_KM) !== null;
  if (!reached) throw new HttpsError("failed-precondition", GROUP_OFFER_MESSAGES.outsideRadius);
}
