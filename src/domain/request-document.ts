import { requestGeoFields } from "./geo-cover.ts";
import type { NewRequest, NewRequestInput, RequestLocation } from "./request.ts";
import { newRequestInputSchema } from "./request.ts";
import { INITIAL_REQUEST_STATUS, REQUEST_STATUS, type RequestStatus } from "./state-machine.ts";
import { withoutUndefined } from "./without-undefined.ts";

/**
 * The requests/{id} document, built in one place for every writer: algoChat's publishing, the seed, the
 * geo bench and the rules tests. Pure: the input is validated with the client's own publishing
 * contract (what Algo publishes, a client could have sent), the geohash fields of architecture §4 are
 * computed from the coordinates (never trusted), and `now` gives the writer's time value (a server
 * timestamp sentinel, or a fixed Timestamp in the seed and the bench).
 */

export type RequestDocumentInput = {
  customerId: string;
  request: NewRequestInput;
  /** Stored as a field by the server's writer (algoChat); a client's create leaves it out. */
  id?: string;
  /** Only the bench stores requests already past `active` (its population has a history). */
  status?: RequestStatus;
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
  };

export function buildRequestDocument<Time>(
  input: RequestDocumentInput,
  now: () => Time,
): RequestDocument<Time> {
  const draft = newRequestInputSchema.parse(input.request);
  const { geohash, ...prefixes } = requestGeoFields(draft.location);
  const createdAt = now();
  return {
    ...(input.id === undefined ? {} : { id: input.id }),
    ...withoutUndefined(draft),
    productName: draft.productName,
    category: draft.category,
    budget: draft.budget,
    urgency: draft.urgency,
    deliveryPreference: draft.deliveryPreference,
    location: { ...draft.location, geohash },
    ...prefixes,
    customerId: input.customerId,
    status: input.status ?? INITIAL_REQUEST_STATUS,
    createdAt,
    updatedAt: now(),
  };
}

/** What the owner's cancellation changes on their active request. */
export function requestCancellation<Time>(now: () => Time) {
  return { status: REQUEST_STATUS.cancelled, cancelledAt: now(), updatedAt: now() };
}
