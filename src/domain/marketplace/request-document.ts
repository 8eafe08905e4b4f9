import { withoutUndefined } from "../core/without-undefined.ts";
import { requestGeoFields } from "../geo/geo-cover.ts";
import { coarsePosition, requestZone } from "./geo-privacy.ts";
import type { NewRequest, NewRequestInput, RequestLocation, RequestPrivateLocation } from "./request.ts";
import { newRequestInputSchema } from "./request.ts";
import { requestExpiresAt } from "./request-life.ts";
import { INITIAL_REQUEST_STATUS, type RequestStatus } from "./state-machine.ts";

/**
 * The requests/{id} document, built in one place for every writer: algoChat's publishing (the only
 * writer in the product: clients cannot create requests), the seed, the geo bench and the rules tests.
 * Pure: the input is validated with the publishing contract, and `now` gives the writer's time value
 * (a server timestamp sentinel, or a fixed Timestamp in the seed and the bench).
 *
 * Location privacy (architecture §7): the document everyone with access reads carries the zone
 * (geo-privacy.ts requestZone: comune and neighbourhood, no street) and the position snapped to the
 * public grid; the geohash fields of architecture §4 are computed from that coarse point, so the
 * merchant feed is exact against what shops read. The exact point and the typed address come back
 * apart, as `privateLocation`, for requests/{id}/private/location (owner-only), written with it.
 */

export type RequestDocumentInput = {
  customerId: string;
  request: NewRequestInput;
  /** Stored as a field by the server's writer (algoChat); a client's create leaves it out. */
  id?: string;
  /** Only the bench stores requests already past `active` (its population has a history). */
  status?: RequestStatus;
  /**
   * When it is published: gives `expiresAt` (request-life.ts requestExpiresAt). Every publishing path
   * passes it; without it the document has no expiresAt and is read as createdAt + 7 days.
   */
  publishedAt?: Date;
};

export type RequestDocument<Time> = Omit<Partial<NewRequest>, "location"> &
  Pick<NewRequest, "productName" | "category" | "budget" | "urgency" | "deliveryPreference"> & {
    id?: string;
    customerId: string;
    location: RequestLocation;
    gh3: string;
    gh4: string;
    gh5: string;
    status: RequestStatus;
    createdAt: Time;
    updatedAt: Time;
    expiresAt?: Date;
  };

export type RequestDocumentWrite<Time> = {
  document: RequestDocument<Time>;
  privateLocation: RequestPrivateLocation;
};

export function buildRequestDocument<Time>(
  input: RequestDocumentInput,
  now: () => Time,
): RequestDocumentWrite<Time> {
  const draft = newRequestInputSchema.parse(input.request);
  const exact = draft.location;
  const coarse = coarsePosition(exact);
  const { geohash, ...prefixes } = requestGeoFields(coarse);
  const createdAt = now();
  const document: RequestDocument<Time> = {
    ...(input.id === undefined ? {} : { id: input.id }),
    ...withoutUndefined(draft),
    productName: draft.productName,
    category: draft.category,
    budget: draft.budget,
    urgency: draft.urgency,
    deliveryPreference: draft.deliveryPreference,
    location: { address: requestZone(exact.address), ...coarse, geohash },
    ...prefixes,
    customerId: input.customerId,
    status: input.status ?? INITIAL_REQUEST_STATUS,
    createdAt,
    updatedAt: now(),
    ...(input.publishedAt === undefined ? {} : { expiresAt: requestExpiresAt(input.publishedAt) }),
  };
  const privateLocation = {
    customerId: input.customerId,
    address: exact.address,
    lat: exact.lat,
    lng: exact.lng,
  };
  return { document, privateLocation };
}
