import type { DocumentData } from "firebase/firestore/lite";
import { type User, userSchema } from "@/domain/people/user";
import { fromFirestoreValue } from "./document";

/**
 * users/{uid}'s parser, in a chunk of its own: the session asks for it as it starts on a browser with a
 * session hint (src/lib/session/session-provider.tsx), before the page's code, and ./users.ts with its
 * first read, so the browser builds the user schema and the shared ones (zod builds a schema when its
 * module is evaluated) in a task of its own, not in the session's chunk or the page's (docs/lighthouse.md).
 */
export function parseUser(data: DocumentData): User {
  return userSchema.parse(fromFirestoreValue(data));
}
