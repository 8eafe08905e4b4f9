import type { Firestore } from "firebase-admin/firestore";
import {
  type CallableFunction,
  type CallableOptions,
  type CallableRequest,
  HttpsError,
  onCall,
} from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import {
  onTaskDispatched,
  type Request,
  type TaskQueueFunction,
  type TaskQueueOptions,
} from "firebase-functions/tasks";
import { COLLECTIONS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import {
  ACCOUNT_GUARD,
  type AccountGuardPolicy,
  type AccountRecord,
  type AccountRefusal,
  accountRefusal,
} from "@/domain/people/account-standing";
import { ACCOUNT_GUARD_MESSAGES } from "@/domain/people/trust-messages";
import { adminDb } from "./admin";

/**
 * The one account guard (src/domain/people/account-standing.ts says what each policy asks). It reads
 * users/{uid} when the call arrives, so a suspension or a deletion bites within a second, while the
 * caller's ID token still looks valid. Every callable is built with `guardedCall`, which marks the
 * function with its policy; functions/src/account-guard.test.ts fails on an exported callable or task
 * that is not marked.
 */

/** The property `guardedCall` and `guardedTask` set on a function: its policy. */
export const ACCOUNT_GUARD_MARK = "__accountGuard";

/** Why `uid` may not act now under `policy` (undefined: it may), from its users document. */
export async function accountRefusalOf(
  db: Firestore,
  uid: string,
  policy: AccountGuardPolicy,
): Promise<AccountRefusal | undefined> {
  if (policy === ACCOUNT_GUARD.public) return undefined;
  const snapshot = await db.collection(COLLECTIONS.users).doc(uid).get();
  return accountRefusal(snapshot.exists ? (snapshot.data() as AccountRecord) : undefined, policy);
}

/** Throws permission-denied with the guard's Italian message when `uid` may not act under `policy`. */
export async function assertAccountMayAct(
  db: Firestore,
  uid: string,
  policy: AccountGuardPolicy,
): Promise<void> {
  const refusal = await accountRefusalOf(db, uid, policy);
  if (refusal) throw new HttpsError("permission-denied", ACCOUNT_GUARD_MESSAGES[refusal]);
}

/** Marks `fn` with the policy it was built with (read by the export scan). */
export function markGuarded<F extends object>(fn: F, policy: AccountGuardPolicy): F {
  Object.defineProperty(fn, ACCOUNT_GUARD_MARK, { value: policy, enumerable: false });
  return fn;
}

/**
 * `onCall` with the account guard in front of the handler: a signed-in caller is checked under
 * `policy` before the handler reads its input; without a session, anything but `public` is refused.
 */
export function guardedCall<Res>(
  policy: AccountGuardPolicy,
  options: CallableOptions,
  handler: (request: CallableRequest) => Res | Promise<Res>,
): CallableFunction<unknown, Promise<Awaited<Res>>> {
  const fn = onCall(options, async (request: CallableRequest): Promise<Awaited<Res>> => {
    if (policy !== ACCOUNT_GUARD.public) {
      const uid = request.auth?.uid;
      if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
      await assertAccountMayAct(adminDb(), uid, policy);
    }
    return await handler(request);
  });
  return markGuarded(fn, policy);
}

/**
 * `onTaskDispatched` for a task that acts for a user: the account `uidOf` names is checked under
 * `policy` when the task runs, and a task for an account that may no longer act is dropped (logged,
 * not retried): a suspended shop's digest, a deleted account's e-mail. A task whose data names no
 * account goes to the handler, whose own parsing drops it as malformed.
 */
export function guardedTask<Args>(
  policy: AccountGuardPolicy,
  options: TaskQueueOptions,
  uidOf: (data: unknown) => string | undefined,
  handler: (request: Request<Args>) => Promise<void>,
): TaskQueueFunction<Args> {
  const fn = onTaskDispatched<Args>(options, async (request) => {
    const uid = uidOf(request.data);
    if (uid) {
      const refusal = await accountRefusalOf(adminDb(), uid, policy);
      if (refusal) {
        logger.info("Task dropped: the account may not act", { refusal });
        return;
      }
    }
    await handler(request);
  });
  return markGuarded(fn, policy);
}

/** The `uid` field of a task's data, when it has one. */
export function taskUid(data: unknown): string | undefined {
  const uid = (data as { uid?: unknown } | null)?.uid;
  return typeof uid === "string" && uid.length > 0 ? uid : undefined;
}
