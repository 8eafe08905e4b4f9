import { collection, getDocs, limit, query, where } from "firebase/firestore/lite";
import { z } from "zod";
import { COLLECTIONS } from "@/domain/core/collections";
import {
  appealDecisionInputSchema,
  DECISION_FIELDS,
  DECISION_LIST_LIMIT,
  type Decision,
  decideAppealInputSchema,
  decisionSchema,
  listAppealsOutputSchema,
  okOutputSchema,
} from "@/domain/people/decisions";
import { callable } from "./callables";
import { isPresent, parseDocument } from "./document";
import { getLiteDb } from "./firestore-lite";

/**
 * Decisions with reasons (src/domain/people/decisions.ts): the person concerned reads theirs (the rules
 * allow it while suspended), asks for a review once; admins list the requests for review and answer.
 */

export const appealDecision = callable("appealDecision", appealDecisionInputSchema, okOutputSchema);
export const decideAppeal = callable("decideAppeal", decideAppealInputSchema, okOutputSchema);
const listAppealsCall = callable("listAppeals", z.object({}), listAppealsOutputSchema);

/** The admin's list of pending requests for review, each with its decision. */
export function listAppeals() {
  return listAppealsCall({});
}

/** The decisions that concern `uid`, newest first. */
export async function listMyDecisions(uid: string): Promise<Decision[]> {
  const snapshot = await getDocs(
    query(
      collection(await getLiteDb(), COLLECTIONS.decisions),
      where(DECISION_FIELDS.subjectId, "==", uid),
      limit(DECISION_LIST_LIMIT),
    ),
  );
  return snapshot.docs
    .map((doc) => parseDocument(decisionSchema, doc.data(), doc.id, `Decisione ${doc.id} ignorata`))
    .filter(isPresent)
    .sort((a, b) => b.decidedAt.getTime() - a.decidedAt.getTime());
}
