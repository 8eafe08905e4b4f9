import type { DocumentData } from "firebase/firestore/lite";
import { type User, userSchema } from "@/domain/people/user";
import { fromFirestoreValue } from "./document";

/**
 * users/{uid}'s parser, in a chunk of its own: ./users.ts loads it beside the session's first read, so the
 * browser builds the user schema (zod builds a schema when its module is evaluated) in a task of its own
 * while the read is on the network, not in the session's chunk (docs/lighthouse.md).
 */
export function parseUser(data: DocumentData): User {
  return userSchema.parse(fromFirestoreValue(data));
}
