import { Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import type { z } from "zod";
import { COLLECTIONS } from "@/domain/core/collections";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { blockId, setBlockInputSchema, type setBlockOutputSchema } from "@/domain/people/moderation";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { publicName, publicProfileSchema } from "@/domain/people/user";
import { docId, runDeal } from "../deals/deal-store";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { hitRateLimits } from "../lib/rate-limit";
import { BLOCK_RATE_POLICY } from "../lib/rate-limit-policy";
import { sized } from "../lib/sizing";
import type { ModerationDeps } from "./report-content";

type SetBlockOutput = z.infer<typeof setBlockOutputSchema>;

/**
 * `uid` blocks (or unblocks) `userId`: blocks/{uid}_{userId}, with the blocked person's public name for
 * the blocker's list. While it exists the rules refuse the blocked person's messages to `uid` and
 * submitOffer refuses their offers on `uid`'s requests; the blocker's lists hide them.
 */
export async function setBlockFor(
  uid: string,
  input: z.output<typeof setBlockInputSchema>,
  deps: ModerationDeps,
): Promise<SetBlockOutput> {
  if (input.userId === uid) throw new HttpsError("invalid-argument", MODERATION_MESSAGES.blockSelf);
  // Each call reads a profile and writes a block that the rules then read on every message.
  const allowed = await hitRateLimits(
    deps.db,
    [{ key: `block:uid:${uid}`, policy: BLOCK_RATE_POLICY }],
    deps.now(),
  );
  if (!allowed) throw new HttpsError("resource-exhausted", MODERATION_MESSAGES.tooManyBlocks);
  const ref = deps.db.collection(COLLECTIONS.blocks).doc(docId(blockId(uid, input.userId)));
  if (!input.blocked) {
    await ref.delete();
    return { blocked: false };
  }
  const profile = publicProfileSchema.safeParse(
    (await deps.db.collection(COLLECTIONS.profiles).doc(docId(input.userId)).get()).data(),
  );
  await ref.set({
    blockerId: uid,
    blockedId: input.userId,
    blockedName: profile.success ? publicName(profile.data) : "",
    createdAt: Timestamp.fromDate(deps.now()),
  });
  return { blocked: true };
}

export const setBlock = guardedCall(
  ACCOUNT_GUARD.account,
  sized("setBlock", callableOptions),
  (request): Promise<SetBlockOutput> =>
    runDeal("setBlock", request.auth?.uid, MODERATION_MESSAGES.blockFailed, (uid) =>
      setBlockFor(uid, parseCallableInput(setBlockInputSchema, request.data), {
        db: adminDb(),
        now: () => new Date(),
      }),
    ),
);
