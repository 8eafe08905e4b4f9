import {
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  Timestamp,
  type Transaction,
} from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { z } from "zod";
import { type DomainFailure, FAILURE_REASONS, failureDetails } from "@/domain/boundary/errors";
import { COLLECTIONS } from "@/domain/core/collections";
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from "@/domain/core/common-messages";
import { HOLD_CHOICES } from "@/domain/marketplace/pickup-hold";
import {
  offerStatusSchema,
  storedRequestStatusSchema,
  type TransitionResult,
} from "@/domain/marketplace/state-machine";
import { logUnexpectedError } from "../lib/error-log";

/**
 * What the deal callables (acceptOffer, rejectOffer, completeTransaction) read and write: requests,
 * offers and the conversation of an offer (conversations/{offerId}, src/data/conversations.ts). Only the
 * fields the state machine and the permission checks need are parsed; the rest of a document is left
 * as it is.
 */

/**
 * Where a deal reads and writes, and what time it is. The callables pass the admin database and the
 * wall clock; the demo seed (scripts/seed) passes the emulator's database and the scenario's times, so
 * the seeded deals are written by this very code.
 */
export interface DealDeps {
  db: Firestore;
  now: () => Date;
}

/** A path segment Firestore accepts as a document id (no `/`, not `.` or `..`, not `__x__`). */
const DOC_ID = /^(?!\.\.?$)(?!__.*__$)[^/]+$/;

/** Rejects ids that cannot name a document (they would otherwise fail as an internal error). */
export function docId(id: string): string {
  if (!DOC_ID.test(id)) throw new HttpsError("invalid-argument", VALIDATION_MESSAGES.invalidData);
  return id;
}

export function requestRef(db: Firestore, id: string): DocumentReference {
  return db.collection(COLLECTIONS.requests).doc(docId(id));
}

export function offerRef(db: Firestore, id: string): DocumentReference {
  return db.collection(COLLECTIONS.offers).doc(docId(id));
}

/** One conversation per offer, with the offer's id as its own. */
export function conversationRef(db: Firestore, offerId: string): DocumentReference {
  return db.collection(COLLECTIONS.conversations).doc(docId(offerId));
}

const storedRequestSchema = z.object({
  customerId: z.string().min(1),
  status: storedRequestStatusSchema,
  acceptedOfferId: z.string().min(1).optional(),
});
export type StoredRequest = z.infer<typeof storedRequestSchema> & { id: string };

export const storedOfferSchema = z.object({
  requestId: z.string().min(1),
  merchantId: z.string().min(1),
  status: offerStatusSchema,
  // Checked against the terms the buyer saw when accepting (acceptOffer).
  price: z.number().optional(),
  description: z.string().optional(),
  deliveryOptions: z.array(z.string()).optional(),
  // The hold the shop chose when it offered (acceptOffer turns it into holdUntil); older offers have none.
  holdChoice: z.enum(HOLD_CHOICES).optional().catch(undefined),
});
export type StoredOffer = z.infer<typeof storedOfferSchema> & { id: string };

/** A stored document that breaks the schema: logged, and reported as the action's internal error. */
class CorruptDocument extends Error {
  override name = "CorruptDocument";
}

function parseStored<S extends z.ZodType>(schema: S, snapshot: DocumentSnapshot): z.output<S> {
  const parsed = schema.safeParse(snapshot.data());
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new CorruptDocument(
    `${snapshot.ref.path}: ${issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid"}`,
  );
}

/** The request, or not-found. */
export function readRequest(snapshot: DocumentSnapshot): StoredRequest {
  if (!snapshot.exists) throw new HttpsError("not-found", ERROR_MESSAGES.requestNotFound);
  return { ...parseStored(storedRequestSchema, snapshot), id: snapshot.id };
}

/** The offer, or not-found. */
export function readOffer(snapshot: DocumentSnapshot): StoredOffer {
  if (!snapshot.exists) throw new HttpsError("not-found", ERROR_MESSAGES.notFound);
  return { ...parseStored(storedOfferSchema, snapshot), id: snapshot.id };
}

/** Only the request's customer may accept, reject or complete. */
export function assertCustomer(request: StoredRequest, uid: string): void {
  if (request.customerId !== uid) throw new HttpsError("permission-denied", ERROR_MESSAGES.permissionDenied);
}

/** A refused state-machine transition becomes failed-precondition with the domain's message. */
export function assertTransition<S extends string>(result: TransitionResult<S>): void {
  if (!result.ok) {
    const failure: DomainFailure = { code: result.code, message: result.message };
    throw new HttpsError(failure.code, failure.message, failureDetails(FAILURE_REASONS.transitionRefused));
  }
}

/** Reads the conversations of these offers (inside the transaction, before any write). */
export async function readConversations(
  tx: Transaction,
  db: Firestore,
  offerIds: readonly string[],
): Promise<DocumentReference[]> {
  if (offerIds.length === 0) return [];
  const snapshots = await tx.getAll(...offerIds.map((id) => conversationRef(db, id)));
  return snapshots.filter((snapshot) => snapshot.exists).map((snapshot) => snapshot.ref);
}

/** Moves the conversations' updatedAt so both parties' lists re-sort (existing documents only). */
export function touchConversations(tx: Transaction, refs: readonly DocumentReference[], at: Timestamp): void {
  for (const ref of refs) tx.update(ref, { updatedAt: at });
}

export function timestamp(deps: DealDeps): Timestamp {
  return Timestamp.fromDate(deps.now());
}

/**
 * Runs a deal handler for a signed-in caller: HttpsErrors pass through, anything else is logged and
 * becomes `internal` with the action's Italian message (spec §8).
 */
export async function runDeal<T>(
  action: string,
  uid: string | undefined,
  failureMessage: string,
  handler: (uid: string) => Promise<T>,
): Promise<T> {
  if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
  try {
    return await handler(uid);
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    logUnexpectedError(`${action} failed`, error, { uid });
    throw new HttpsError("internal", failureMessage);
  }
}
