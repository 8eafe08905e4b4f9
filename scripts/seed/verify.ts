import type { Firestore, QuerySnapshot } from "firebase-admin/firestore";
import type { z } from "zod";
import { fromFirestore } from "../../functions/src/profiles/user-record";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { conversationSchema } from "../../src/domain/marketplace/conversation";
import { messageSchema } from "../../src/domain/marketplace/message";
import { offerSchema } from "../../src/domain/marketplace/offer";
import { requestSchema } from "../../src/domain/marketplace/request";
import { unreadCountsSchema } from "../../src/domain/notifications/unread-counts";
import { publicProfileSchema, userSchema } from "../../src/domain/people/user";

export class SeedValidationError extends Error {
  override name = "SeedValidationError";
}

/**
 * Reads back everything the seed wrote and checks each document with its domain schema, as the app's
 * parsers do. The app skips a document that does not parse (a list never breaks on one bad document),
 * so without this a seed that drifted from the schemas would show up only as missing data on screen.
 */
export async function verifySeededData(db: Firestore): Promise<void> {
  const checks: [z.ZodType, Promise<QuerySnapshot>][] = [
    [userSchema, db.collection(COLLECTIONS.users).get()],
    [publicProfileSchema, db.collection(COLLECTIONS.profiles).get()],
    [requestSchema, db.collection(COLLECTIONS.requests).get()],
    [offerSchema, db.collection(COLLECTIONS.offers).get()],
    [conversationSchema, db.collection(COLLECTIONS.conversations).get()],
    [messageSchema, db.collectionGroup(SUBCOLLECTIONS.messages).get()],
    [unreadCountsSchema, db.collection(COLLECTIONS.unreadCounts).get()],
  ];
  const problems: string[] = [];
  for (const [schema, query] of checks) {
    for (const snapshot of (await query).docs) {
      const parsed = schema.safeParse({ ...(fromFirestore(snapshot.data()) as object), id: snapshot.id });
      if (parsed.success) continue;
      const issues = parsed.error.issues.map(
        (issue) => `${issue.path.join(".") || "(document)"}: ${issue.message}`,
      );
      problems.push(`${snapshot.ref.path}: ${issues.join("; ")}`);
    }
  }
  if (problems.length > 0) {
    throw new SeedValidationError(`Seeded documents the app would not read:\n  ${problems.join("\n  ")}`);
  }
}
