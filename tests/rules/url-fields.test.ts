// URL fields a client writes (a Google sign-up's photoURL) must be absolute https links, as
// src/domain/core/fields.ts httpsUrlSchema says: never javascript:, data:, http: or relative. (Requests carry
// no image URL: their photos are documents of their own, src/domain/marketplace/request-photo.ts.)

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import { doc, setDoc } from "firebase/firestore";
import { describe, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { useRulesEnvironment } from "./environment";
import { emailOf, signUpFields } from "./fixtures";

const NEWCOMER = "google-newcomer";
const BAD_URLS = [
  "javascript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD4=",
  "http://example.it/foto.jpg",
  "/foto.jpg",
  "https://user:pass@example.it/foto.jpg",
];

describe("URL fields", () => {
  const rules = useRulesEnvironment();
  const google = () =>
    rules.as(NEWCOMER, {
      email: emailOf(NEWCOMER),
      email_verified: true,
      firebase: { sign_in_provider: "google.com" },
    });

  it("a Google sign-up stores its https photo", async () => {
    await assertSucceeds(
      setDoc(doc(google(), COLLECTIONS.users, NEWCOMER), {
        ...signUpFields(NEWCOMER, "customer"),
        photoURL: "https://lh3.googleusercontent.com/a/foto",
      }),
    );
  });

  it.each(BAD_URLS)("a sign-up photoURL %s is refused", async (url) => {
    await assertFails(
      setDoc(doc(google(), COLLECTIONS.users, NEWCOMER), {
        ...signUpFields(NEWCOMER, "customer"),
        photoURL: url,
      }),
    );
  });
});
