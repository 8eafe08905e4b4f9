// The buyer's photos, requests/{id}/photos/{p1..p3} (firestore.rules mayReadRequestPhotos): read like
// the request they belong to, written only by the publishing callables (with the request, in one
// transaction), never by a client — the owner included, whatever its size.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  updateDoc,
} from "firebase/firestore";
import { beforeEach, describe, expect, it } from "vitest";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import {
  MAX_REQUEST_PHOTOS,
  REQUEST_PHOTO_MAX_BASE64_LENGTH,
  requestPhotoDocument,
} from "../../src/domain/marketplace/request-photo";
import type { OfferStatus, RequestStatus } from "../../src/domain/marketplace/state-machine";
import { useRulesEnvironment } from "./environment";
import {
  BUYER,
  EARLIER,
  OTHER_BUYER,
  OTHER_SHOP,
  SHOP,
  storedOffer,
  storedRequest,
  UNVERIFIED_SHOP,
} from "./fixtures";

const REQUEST = "trapano";
const PHOTO = { data: `/9j/${"A".repeat(96)}`, width: 4, height: 3 };

describe("a request's photos", () => {
  const rules = useRulesEnvironment();
  const photoPath = (id = "p1") => `${COLLECTIONS.requests}/${REQUEST}/${SUBCOLLECTIONS.requestPhotos}/${id}`;

  const seed = (status: RequestStatus, offers: Record<string, OfferStatus> = {}) =>
    rules.seed({
      [`${COLLECTIONS.requests}/${REQUEST}`]: { ...storedRequest(BUYER, status), photoCount: 1 },
      [photoPath()]: {
        ...requestPhotoDocument({ requestId: REQUEST, customerId: BUYER, index: 0, photo: PHOTO }),
        createdAt: EARLIER,
      },
      ...Object.fromEntries(
        Object.entries(offers).map(([shop, offerStatus]) => [
          `${COLLECTIONS.offers}/${offerIdFor(REQUEST, shop)}`,
          storedOffer(REQUEST, shop, BUYER, offerStatus),
        ]),
      ),
    });
  const getPhoto = (uid: string) => getDoc(doc(rules.as(uid), photoPath()));
  const listPhotos = (uid: string, max = MAX_REQUEST_PHOTOS) =>
    getDocs(
      query(
        collection(rules.as(uid), COLLECTIONS.requests, REQUEST, SUBCOLLECTIONS.requestPhotos),
        limit(max),
      ),
    );

  beforeEach(async () => {
    await seed("active", { [SHOP]: "pending" });
  });

  it("the buyer and every verified shop read the photos of an active request", async () => {
    const own = await assertSucceeds(listPhotos(BUYER));
    expect(own.docs.map((photo) => photo.id)).toEqual(["p1"]);
    expect(own.docs[0]?.get("data")).toBe(PHOTO.data);
    await assertSucceeds(getPhoto(SHOP));
    await assertSucceeds(listPhotos(OTHER_SHOP));
  });

  it("other buyers, unverified shops and signed-out visitors are refused", async () => {
    await assertFails(getPhoto(OTHER_BUYER));
    await assertFails(listPhotos(OTHER_BUYER));
    await assertFails(getPhoto(UNVERIFIED_SHOP));
    await assertFails(getDoc(doc(rules.anonymous(), photoPath())));
  });

  it("a list must be bounded, as every list over the marketplace", async () => {
    await assertFails(
      getDocs(collection(rules.as(SHOP), COLLECTIONS.requests, REQUEST, SUBCOLLECTIONS.requestPhotos)),
    );
    await assertFails(listPhotos(SHOP, 51));
  });

  it("once an offer is accepted only the buyer and the winning shop still see them", async () => {
    await seed("in_progress", { [SHOP]: "accepted", [OTHER_SHOP]: "rejected" });
    await assertSucceeds(getPhoto(SHOP));
    await assertSucceeds(getPhoto(BUYER));
    await assertFails(getPhoto(OTHER_SHOP));
    await assertFails(listPhotos(OTHER_SHOP));
  });

  it("a cancelled request's photos are the buyer's alone", async () => {
    await seed("cancelled", { [SHOP]: "pending" });
    await assertSucceeds(getPhoto(BUYER));
    await assertFails(getPhoto(SHOP));
  });

  it("no client writes a photo, the owner included and however small: only the publishing callables", async () => {
    const own = rules.as(BUYER);
    const fresh = requestPhotoDocument({ requestId: REQUEST, customerId: BUYER, index: 1, photo: PHOTO });
    await assertFails(setDoc(doc(own, photoPath("p2")), { ...fresh, createdAt: EARLIER }));
    await assertFails(updateDoc(doc(own, photoPath()), { width: 8 }));
    await assertFails(deleteDoc(doc(own, photoPath())));
    await assertFails(setDoc(doc(rules.as(SHOP), photoPath("p2")), { ...fresh, customerId: SHOP }));
  });

  it("nor a photo past the size limit (the callables refuse it too: request-photo.ts)", async () => {
    const heavy = { ...PHOTO, data: `/9j/${"A".repeat(REQUEST_PHOTO_MAX_BASE64_LENGTH)}` };
    const photo = requestPhotoDocument({ requestId: REQUEST, customerId: BUYER, index: 1, photo: heavy });
    await assertFails(setDoc(doc(rules.as(BUYER), photoPath("p2")), { ...photo, createdAt: EARLIER }));
  });
});
