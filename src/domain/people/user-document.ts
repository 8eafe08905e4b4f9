import { withoutUndefined } from "../core/without-undefined.ts";
import { currentConsent } from "../legal/legal-consent.ts";
import { type NewUserInput, newUserInputSchema, type ProfileUpdate, profileUpdateSchema } from "./user.ts";

/** What a sign-up writes; `photoURL` only for Google accounts. */
export type NewUserDoc = Pick<NewUserInput, "uid" | "email" | "displayName" | "userType" | "isVerified"> & {
  photoURL?: string | null;
};

/**
 * users/{uid} in exactly the sign-up shape the rules allow: id, uid, email, displayName, userType,
 * isVerified, photoURL (Google only), createdAt and updatedAt, and `consent`: the versions of the terms
 * accepted and the privacy notice acknowledged, at `now` (every sign-up path shows both: the form's
 * required checkbox, the notice beside Google and the magic link). Never tokens, ratings or learning
 * fields: only functions write those. Pure: `now` gives the writer's time value.
 */
export function buildUserDocument<Time>(input: NewUserDoc, now: () => Time) {
  const parsed = newUserInputSchema.parse({ ...input, id: input.uid });
  return {
    id: parsed.id,
    uid: parsed.uid,
    email: parsed.email,
    displayName: parsed.displayName,
    userType: parsed.userType,
    isVerified: parsed.isVerified,
    ...(parsed.photoURL ? { photoURL: parsed.photoURL } : {}),
    createdAt: now(),
    updatedAt: now(),
    consent: currentConsent(now),
  };
}

/** The owner's own editable fields (PROFILE_EDITABLE_FIELDS) and updatedAt, nothing else. */
export function profileUpdateDocument<Time>(update: ProfileUpdate, now: () => Time) {
  return { ...withoutUndefined(profileUpdateSchema.parse(update)), updatedAt: now() };
}
