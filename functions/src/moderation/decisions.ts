import type { Auth } from "firebase-admin/auth";
import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import type { z } from "zod";
import { paths } from "@/config/paths";
import { COLLECTIONS } from "@/domain/core/collections";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import {
  APPEAL_PAGE,
  appealDecisionInputSchema,
  appealOutcomeSummary,
  appealRefusal,
  DECISION_FIELDS,
  DECISION_MESSAGES,
  type DecisionAction,
  type DecisionReasons,
  decideAppealInputSchema,
  decisionSchema,
  decisionSummary,
  type listAppealsOutputSchema,
} from "@/domain/people/decisions";
import { publicName, publicProfileSchema } from "@/domain/people/user";
import { docId, runDeal } from "../deals/deal-store";
import type { MailTransport } from "../email/send";
import { smtpTransport } from "../email/smtp-transport";
import { guardedCall } from "../lib/account-guard";
import { adminAuth, adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { notify } from "../notifications/notify";
import { fromFirestore } from "../profiles/user-record";
import { requireAdmin } from "./admin-claim";
import { liftSuspensionOf } from "./suspension";

/**
 * Decisions with reasons (src/domain/people/decisions.ts): recorded, told, asked for review once,
 * answered. The notices go through notify() with the mail inline (no task queue: the guarded e-mail
 * task drops a suspended account's mail, and these are the ones a suspended account must receive).
 */
export interface DecisionDeps {
  db: Firestore;
  now: () => Date;
  mail: MailTransport;
}

const decisionRef = (db: Firestore, id: string) => db.collection(COLLECTIONS.decisions).doc(docId(id));

/** A notice that fails is logged: the decision stands. */
async function tell(run: () => Promise<unknown>, what: string): Promise<void> {
  try {
    await run();
  } catch (error) {
    logger.warn(`${what} not delivered`, { error: String(error) });
  }
}

/**
 * Records a decision on `subjectId` with its grounds (decisions/{id}; the report's id when there is a
 * report) and tells the person it concerns (in the app and by e-mail). The reporter reads the same
 * reasons on their report (moderateReport).
 */
export async function recordDecision(
  deps: DecisionDeps,
  input: DecisionReasons & {
    id?: string;
    subjectId: string;
    action: DecisionAction;
    reportId?: string;
    excerpt?: string;
  },
): Promise<string> {
  const ref = input.id ? decisionRef(deps.db, input.id) : deps.db.collection(COLLECTIONS.decisions).doc();
  const summary = decisionSummary(input);
  await ref.set({
    id: ref.id,
    subjectId: input.subjectId,
    ...(input.reportId ? { reportId: input.reportId } : {}),
    action: input.action,
    grounds: input.grounds,
    ...(input.reasonText ? { reasonText: input.reasonText } : {}),
    ...(input.excerpt ? { excerpt: input.excerpt } : {}),
    decidedAt: Timestamp.fromDate(deps.now()),
    [DECISION_FIELDS.appealPending]: false,
  });
  await tell(
    () =>
      notify(deps, {
        uid: input.subjectId,
        kind: "moderation_decision",
        eventKey: ref.id,
        params: { summary, reporter: false },
        link: paths.profile.getHref(),
      }),
    "Decision notice",
  );
  return ref.id;
}

/** The person concerned asks once, within the window, for a review: it lands in the admin's list. */
export async function appealDecisionFor(
  uid: string,
  input: z.output<typeof appealDecisionInputSchema>,
  deps: Pick<DecisionDeps, "db" | "now">,
): Promise<{ ok: true }> {
  const ref = decisionRef(deps.db, input.decisionId);
  await deps.db.runTransaction(async (tx) => {
    const parsed = decisionSchema.safeParse(fromFirestore((await tx.get(ref)).data()));
    if (!parsed.success) throw new HttpsError("not-found", DECISION_MESSAGES.notFound);
    const now = deps.now();
    const refusal = appealRefusal(parsed.data, uid, now);
    if (refusal) {
      throw new HttpsError(
        refusal === "notYours" ? "permission-denied" : "failed-precondition",
        DECISION_MESSAGES[refusal],
      );
    }
    const at = Timestamp.fromDate(now);
    tx.update(ref, {
      appeal: { text: input.text, at },
      [DECISION_FIELDS.appealPending]: true,
      [DECISION_FIELDS.appealedAt]: at,
    });
  });
  return { ok: true };
}

type ListAppealsOutput = z.input<typeof listAppealsOutputSchema>;

/** The admin's list: pending requests for review, oldest first, each with its decision (the history). */
export async function listAppealsFor(db: Firestore): Promise<ListAppealsOutput> {
  const snapshot = await db
    .collection(COLLECTIONS.decisions)
    .where(DECISION_FIELDS.appealPending, "==", true)
    .orderBy(DECISION_FIELDS.appealedAt, "asc")
    .limit(APPEAL_PAGE)
    .get();
  const rows = snapshot.docs
    .map((doc) => decisionSchema.safeParse(fromFirestore(doc.data())))
    .flatMap((parsed) => (parsed.success && parsed.data.appeal ? [parsed.data] : []));
  const ids = [...new Set(rows.map((row) => row.subjectId))];
  const profiles = ids.length
    ? await db.getAll(...ids.map((id) => db.collection(COLLECTIONS.profiles).doc(id)))
    : [];
  const names = new Map(
    profiles.map((snap) => {
      const profile = publicProfileSchema.safeParse(snap.data());
      return [snap.id, profile.success ? publicName(profile.data) : snap.id];
    }),
  );
  return {
    appeals: rows.map((row) => ({
      ...row,
      decidedAt: row.decidedAt.toISOString(),
      appeal: { text: row.appeal?.text ?? "", at: (row.appeal?.at ?? row.decidedAt).toISOString() },
      subjectName: names.get(row.subjectId) ?? row.subjectId,
    })),
  };
}

/**
 * The admin's outcome: written back on the decision and told to the person. A suspension revoked is
 * lifted (liftSuspensionOf); a refused shop revoked may send its data again from /profile.
 */
export async function decideAppealFor(
  input: z.output<typeof decideAppealInputSchema>,
  deps: DecisionDeps & { auth: Auth },
): Promise<{ ok: true }> {
  const ref = decisionRef(deps.db, input.decisionId);
  const at = Timestamp.fromDate(deps.now());
  const decision = await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const parsed = decisionSchema.safeParse(fromFirestore(snap.data()));
    if (!parsed.success) throw new HttpsError("not-found", DECISION_MESSAGES.notFound);
    if (snap.get(DECISION_FIELDS.appealPending) !== true || parsed.data.appealOutcome) {
      throw new HttpsError("failed-precondition", DECISION_MESSAGES.notAppealed);
    }
    tx.update(ref, {
      appealOutcome: { outcome: input.outcome, text: input.text, at },
      [DECISION_FIELDS.appealPending]: false,
    });
    return parsed.data;
  });
  if (input.outcome === "revoked" && decision.action === "suspend_user") {
    await liftSuspensionOf(deps, decision.subjectId);
  }
  await tell(
    () =>
      notify(deps, {
        uid: decision.subjectId,
        kind: "appeal_decided",
        eventKey: decision.id,
        params: { summary: appealOutcomeSummary(input.outcome, input.text) },
        link: paths.profile.getHref(),
      }),
    "Appeal outcome notice",
  );
  return { ok: true };
}

export const appealDecision = guardedCall(
  ACCOUNT_GUARD.appeal,
  sized("appealDecision", callableOptions),
  (request): Promise<{ ok: true }> =>
    runDeal("appealDecision", request.auth?.uid, DECISION_MESSAGES.appealFailed, (uid) =>
      appealDecisionFor(uid, parseCallableInput(appealDecisionInputSchema, request.data), {
        db: adminDb(),
        now: () => new Date(),
      }),
    ),
);

export const listAppeals = guardedCall(
  ACCOUNT_GUARD.admin,
  sized("listAppeals", callableOptions),
  (request): Promise<ListAppealsOutput> => {
    const admin = requireAdmin(request);
    return runDeal("listAppeals", admin, DECISION_MESSAGES.appealFailed, () => listAppealsFor(adminDb()));
  },
);

export const decideAppeal = guardedCall(
  ACCOUNT_GUARD.admin,
  sized("decideAppeal", callableOptions),
  (request): Promise<{ ok: true }> => {
    const admin = requireAdmin(request);
    return runDeal("decideAppeal", admin, DECISION_MESSAGES.appealFailed, () =>
      decideAppealFor(parseCallableInput(decideAppealInputSchema, request.data), {
        db: adminDb(),
        auth: adminAuth(),
        mail: smtpTransport,
        now: () => new Date(),
      }),
    );
  },
);
