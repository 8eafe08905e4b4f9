import {
  type DocumentData,
  type DocumentReference,
  type Firestore,
  Timestamp,
  type Transaction,
} from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import {
  applyMonthlyReset,
  refundTokens,
  spendTokens,
  type TokenState,
} from "@/domain/billing/token-balance";
import {
  monthlyAllowance,
  type TokenAction,
  type TokenLedgerEntry,
  tokenCost,
} from "@/domain/billing/tokens";
import { COLLECTIONS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { type UserType, userTypeSchema } from "@/domain/core/user-type";

/**
 * Token balances in Firestore (architecture §5). Every change runs inside the caller's transaction:
 * the lazy monthly reset, the balance check, the decrement or credit, and one ledger entry per
 * movement in users/{uid}/tokenLedger/{autoId}.
 */
export const USERS_COLLECTION = COLLECTIONS.users;
export const TOKEN_LEDGER_COLLECTION = SUBCOLLECTIONS.tokenLedger;

export function userDocRef(db: Firestore, uid: string): DocumentReference {
  return db.collection(USERS_COLLECTION).doc(uid);
}

export type UserTokenState = TokenState & { userType: UserType; aiInteractions: number };

function finite(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** The token fields of a users/{uid} document; missing numbers are 0, an unknown role is a customer. */
export function tokenStateFromDoc(data: DocumentData): UserTokenState {
  const role = userTypeSchema.safeParse(data.userType);
  const reset = data.lastTokenReset;
  return {
    userType: role.success ? role.data : "customer",
    aiTokens: finite(data.aiTokens),
    monthlyTokensUsed: finite(data.monthlyTokensUsed),
    aiInteractions: finite(data.aiInteractions),
    lastTokenReset: reset instanceof Timestamp ? reset.toDate() : reset instanceof Date ? reset : null,
  };
}

/** Reads users/{uid} in the transaction; a missing document is 'Dati utente non trovati'. */
export async function readUserTokens(
  tx: Transaction,
  db: Firestore,
  uid: string,
): Promise<{ ref: DocumentReference; data: DocumentData; state: UserTokenState }> {
  const ref = userDocRef(db, uid);
  const snapshot = await tx.get(ref);
  const data = snapshot.data();
  if (!data) throw new HttpsError("not-found", ERROR_MESSAGES.userDataNotFound);
  return { ref, data, state: tokenStateFromDoc(data) };
}

type LedgerInput = Omit<TokenLedgerEntry, "id" | "userId" | "createdAt">;

/** Appends one ledger entry (written with the transaction). */
export function addLedgerEntry(
  tx: Transaction,
  userRef: DocumentReference,
  uid: string,
  entry: LedgerInput,
  now: Date,
): string {
  const ref = userRef.collection(TOKEN_LEDGER_COLLECTION).doc();
  const clean = Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined));
  tx.set(ref, { id: ref.id, userId: uid, ...clean, createdAt: Timestamp.fromDate(now) });
  return ref.id;
}

export type ChargeOutcome =
  | { ok: true; balance: number; cost: number; reset: boolean }
  | { ok: false; balance: number; cost: number; reset: boolean };

/**
 * One spend inside `tx` (after every read of the transaction): lazy monthly reset (with its ledger
 * entry), balance ≥ cost, decrement `aiTokens`, add to `monthlyTokensUsed`, +1 `aiInteractions`,
 * ledger entry. On refusal only the reset, if due, is written.
 */
export function chargeInTransaction(
  tx: Transaction,
  user: { ref: DocumentReference; state: UserTokenState },
  uid: string,
  action: TokenAction,
  now: Date,
): ChargeOutcome {
  const cost = tokenCost(action);
  const result = spendTokens(user.state, cost, now);
  const afterReset = applyMonthlyReset(user.state, now);
  if (result.reset) {
    addLedgerEntry(
      tx,
      user.ref,
      uid,
      {
        kind: "monthly_allowance",
        amount: monthlyAllowance(user.state.userType),
        balanceAfter: afterReset.aiTokens,
      },
      now,
    );
  }
  if (!result.ok) {
    if (result.reset) {
      tx.update(user.ref, {
        aiTokens: afterReset.aiTokens,
        monthlyTokensUsed: afterReset.monthlyTokensUsed,
        lastTokenReset: Timestamp.fromDate(now),
      });
    }
    return { ok: false, balance: afterReset.aiTokens, cost, reset: result.reset };
  }
  const state = result.state;
  tx.update(user.ref, {
    aiTokens: state.aiTokens,
    monthlyTokensUsed: state.monthlyTokensUsed,
    aiInteractions: user.state.aiInteractions + 1,
    ...(result.reset ? { lastTokenReset: Timestamp.fromDate(now) } : {}),
  });
  if (cost > 0)
    addLedgerEntry(
      tx,
      user.ref,
      uid,
      { kind: "spend", amount: -cost, balanceAfter: state.aiTokens, action },
      now,
    );
  return { ok: true, balance: state.aiTokens, cost, reset: result.reset };
}

/** A spend in its own transaction (for callables that read nothing else first). */
export function spendTokensForAction(
  db: Firestore,
  uid: string,
  action: TokenAction,
  now: () => Date = () => new Date(),
): Promise<ChargeOutcome> {
  return db.runTransaction(async (tx) => {
    const user = await readUserTokens(tx, db, uid);
    return chargeInTransaction(tx, user, uid, action, now());
  });
}

/**
 * Gives back `cost` tokens spent on `action` whose AI call failed for technical reasons, in its own
 * transaction, with a `refund` ledger entry. Returns the balance after the refund. `alsoWrite` adds
 * fields of the caller's to the same update of users/{uid} (e.g. a count of refunds), given the
 * document as read.
 */
export function refundSpend(
  db: Firestore,
  uid: string,
  action: TokenAction,
  cost: number,
  now: () => Date = () => new Date(),
  alsoWrite?: (data: DocumentData, at: Date) => DocumentData,
): Promise<number> {
  return db.runTransaction(async (tx) => {
    const user = await readUserTokens(tx, db, uid);
    const state = refundTokens(user.state, cost);
    if (state === user.state) return user.state.aiTokens;
    tx.update(user.ref, {
      aiTokens: state.aiTokens,
      monthlyTokensUsed: state.monthlyTokensUsed,
      ...(alsoWrite ? alsoWrite(user.data, now()) : {}),
    });
    addLedgerEntry(
      tx,
      user.ref,
      uid,
      { kind: "refund", amount: cost, balanceAfter: state.aiTokens, action },
      now(),
    );
    return state.aiTokens;
  });
}
