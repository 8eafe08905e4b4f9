// firestore.rules for the users' own data (architecture §2): users/{uid} and its token ledger,
// the public profiles/{uid}, and the collections only functions touch.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  type DocumentData,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
} from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import { TOKEN_LEDGER_KINDS } from "../../src/domain/billing/tokens";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { USER_TYPES } from "../../src/domain/core/user-type";
import { LEGAL_DOCUMENTS } from "../../src/domain/legal/legal";
import { useRulesEnvironment } from "./environment";
import {
  BUYER,
  EARLIER,
  emailOf,
  MILANO,
  OTHER_BUYER,
  SHOP,
  signUpFields,
  UNVERIFIED_SHOP,
} from "./fixtures";

/** Written by functions only; the names are those of functions/src (their modules load firebase-admin). */
const TOKEN_LEDGER = "tokenLedger"; // functions/src/tokens/token-store.ts
const FUNCTION_ONLY_COLLECTIONS = [
  "ai_cache", // functions/src/algo/ai-cache.ts
  "ai_learning", // functions/src/algo/learning.ts
  "algo_conversations", // functions/src/algo/conversation-store.ts
  "tokenPurchases", // functions/src/tokens/purchase-tokens.ts
  "magicLinks", // functions/src/auth/magic-link.ts
  "rateLimits", // functions/src/lib/rate-limit.ts
] as const;

const NEWCOMER = "newcomer";

describe("users/{uid}", () => {
  const rules = useRulesEnvironment();
  const userDoc = (db: Firestore, uid: string) => doc(db, COLLECTIONS.users, uid);

  it.each(USER_TYPES)(
    "a new %s creates their own document in the sign-up shape (createUserDoc)",
    async (type) => {
      await assertSucceeds(setDoc(userDoc(rules.as(NEWCOMER), NEWCOMER), signUpFields(NEWCOMER, type)));
    },
  );

  it("a Google sign-up may be marked verified and carry its photo", async () => {
    const db = rules.as(NEWCOMER, {
      email: emailOf(NEWCOMER),
      email_verified: true,
      firebase: { sign_in_provider: "google.com" },
    });
    await assertSucceeds(
      setDoc(userDoc(db, NEWCOMER), {
        ...signUpFields(NEWCOMER, "customer"),
        isVerified: true,
        photoURL: "https://lh3.googleusercontent.com/a/foto",
      }),
    );
  });

  const refusedSignUps: Array<[string, DocumentData]> = [
    ["with a token balance", { aiTokens: 1000 }],
    ["with a rating", { averageRating: 5, totalRatings: 12 }],
    ["with a learning profile", { learningProfile: { topSearchTerms: [] } }],
    ["with an unknown role", { userType: "admin" }],
    ["with an e-mail that is not the account's", { email: "capo@example.it" }],
    ["marked verified without a proven e-mail", { isVerified: true }],
    ["with a photo outside a Google sign-in", { photoURL: "https://example.it/foto.png" }],
    ["with a client-chosen creation date", { createdAt: EARLIER }],
    ["with a blank display name", { displayName: "   " }],
    [
      "backdating the acceptance of the terms",
      { consent: { termsVersion: "1", privacyVersion: "1", acceptedAt: EARLIER } },
    ],
    [
      "with a blank terms version",
      { consent: { termsVersion: "", privacyVersion: "1", acceptedAt: serverTimestamp() } },
    ],
    [
      "with more than the consent record",
      { consent: { termsVersion: "1", privacyVersion: "1", acceptedAt: serverTimestamp(), marketing: true } },
    ],
    ["marked suspended", { suspendedAt: serverTimestamp() }],
    [
      "naming an older privacy notice than the current one",
      {
        consent: {
          termsVersion: LEGAL_DOCUMENTS.terms.version,
          privacyVersion: "2026-11-25",
          acceptedAt: serverTimestamp(),
        },
      },
    ],
    [
      "naming terms that do not exist",
      {
        consent: {
          termsVersion: "2099-01-01",
          privacyVersion: LEGAL_DOCUMENTS.privacy.version,
          acceptedAt: serverTimestamp(),
        },
      },
    ],
  ];

  it("a sign-up without the terms accepted and the privacy notice acknowledged is refused", async () => {
    const { consent: _omitted, ...withoutConsent } = signUpFields(NEWCOMER, "customer");
    await assertFails(setDoc(userDoc(rules.as(NEWCOMER), NEWCOMER), withoutConsent));
  });

  it.each(refusedSignUps)("a sign-up %s is refused", async (_, change) => {
    await assertFails(
      setDoc(userDoc(rules.as(NEWCOMER), NEWCOMER), { ...signUpFields(NEWCOMER, "customer"), ...change }),
    );
  });

  it("nobody creates another user's document", async () => {
    // Every field right for the target (its e-mail in the token too): only the uid differs.
    const db = rules.as(NEWCOMER, { email: emailOf("someone-else") });
    await assertFails(setDoc(userDoc(db, "someone-else"), signUpFields("someone-else", "customer")));
  });

  it("the owner reads their document", async () => {
    await assertSucceeds(getDoc(userDoc(rules.as(BUYER), BUYER)));
  });

  it("another user cannot read it", async () => {
    await assertFails(getDoc(userDoc(rules.as(SHOP), BUYER)));
    await assertFails(getDoc(userDoc(rules.as(OTHER_BUYER), BUYER)));
  });

  it("a visitor cannot read it", async () => {
    await assertFails(getDoc(userDoc(rules.anonymous(), BUYER)));
  });

  it("the collection cannot be queried, not even for one's own document", async () => {
    await assertFails(
      getDocs(query(collection(rules.as(BUYER), COLLECTIONS.users), where("id", "==", BUYER))),
    );
  });

  it("the owner edits their profile fields (updateUserProfile)", async () => {
    // A shop that has not sent its details yet: once sent, its name and address are frozen
    // (shop-identity.test.ts).
    await assertSucceeds(
      updateDoc(userDoc(rules.as(UNVERIFIED_SHOP), UNVERIFIED_SHOP), {
        displayName: "Mario Bianchi",
        firstName: "Mario",
        lastName: "Bianchi",
        businessName: "Bici & Co.",
        location: { ...MILANO, zone: "Milano" },
        updatedAt: serverTimestamp(),
      }),
    );
  });

  const functionFields: Array<[string, DocumentData]> = [
    ["aiTokens", { aiTokens: 1_000_000 }],
    ["monthlyTokensUsed", { monthlyTokensUsed: 0 }],
    ["tokenPurchases", { tokenPurchases: [] }],
    ["averageRating", { averageRating: 5 }],
    ["totalRatings", { totalRatings: 99 }],
    ["userType", { userType: "merchant" }],
    ["email", { email: "nuova@example.it" }],
    ["isVerified", { isVerified: true }],
    ["learningProfile", { learningProfile: { topSearchTerms: ["bici"] } }],
  ];

  it.each(functionFields)("the owner cannot change %s after sign-up", async (_, change) => {
    await assertFails(
      updateDoc(userDoc(rules.as(BUYER), BUYER), { ...change, updatedAt: serverTimestamp() }),
    );
  });

  it("the owner cannot overwrite their document with a fresh sign-up (dropping tokens and rating)", async () => {
    await assertFails(setDoc(userDoc(rules.as(BUYER), BUYER), signUpFields(BUYER, "customer")));
  });

  it("nobody else edits it", async () => {
    await assertFails(
      updateDoc(userDoc(rules.as(OTHER_BUYER), BUYER), {
        displayName: "Intruso",
        updatedAt: serverTimestamp(),
      }),
    );
  });

  it("the owner cannot delete it (a function's job)", async () => {
    await assertFails(deleteDoc(userDoc(rules.as(BUYER), BUYER)));
  });
});

describe("users/{uid}/tokenLedger", () => {
  const rules = useRulesEnvironment();
  const ledger = (db: Firestore, uid: string) => collection(db, COLLECTIONS.users, uid, TOKEN_LEDGER);

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.users}/${BUYER}/${TOKEN_LEDGER}/entry-1`]: {
        userId: BUYER,
        kind: TOKEN_LEDGER_KINDS[0],
        amount: -0.5,
        balanceAfter: 9.5,
        createdAt: EARLIER,
      },
    });
  });

  it("the owner reads their ledger, by entry and as a bounded list", async () => {
    const db = rules.as(BUYER);
    await assertSucceeds(getDoc(doc(ledger(db, BUYER), "entry-1")));
    await assertSucceeds(getDocs(query(ledger(db, BUYER), limit(50))));
  });

  it("an unbounded list of the ledger is refused, like every other list", async () => {
    const db = rules.as(BUYER);
    await assertFails(getDocs(ledger(db, BUYER)));
    await assertFails(getDocs(query(ledger(db, BUYER), limit(51))));
  });

  it("another user cannot read it", async () => {
    const db = rules.as(OTHER_BUYER);
    await assertFails(getDoc(doc(ledger(db, BUYER), "entry-1")));
    await assertFails(getDocs(ledger(db, BUYER)));
  });

  it("the owner cannot add, change or delete an entry", async () => {
    const db = rules.as(BUYER);
    await assertFails(
      setDoc(doc(ledger(db, BUYER), "entry-2"), {
        userId: BUYER,
        kind: TOKEN_LEDGER_KINDS[0],
        amount: 100,
        balanceAfter: 109.5,
        createdAt: serverTimestamp(),
      }),
    );
    await assertFails(updateDoc(doc(ledger(db, BUYER), "entry-1"), { amount: 100 }));
    await assertFails(deleteDoc(doc(ledger(db, BUYER), "entry-1")));
  });
});

describe("profiles/{uid}", () => {
  const rules = useRulesEnvironment();
  const profileDoc = (db: Firestore, uid: string) => doc(db, COLLECTIONS.profiles, uid);

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.profiles}/${SHOP}`]: {
        uid: SHOP,
        displayName: "Mario Bianchi",
        businessName: "Bici & Co.",
        userType: "merchant",
        averageRating: 4.5,
        totalRatings: 2,
      },
    });
  });

  it("any signed-in user reads a public profile", async () => {
    await assertSucceeds(getDoc(profileDoc(rules.as(BUYER), SHOP)));
    await assertSucceeds(getDoc(profileDoc(rules.as(SHOP), SHOP)));
  });

  it("a visitor does not", async () => {
    await assertFails(getDoc(profileDoc(rules.anonymous(), SHOP)));
  });

  it("nobody lists profiles, bounded or not (one by one only: no directory of every user)", async () => {
    const profiles = collection(rules.as(BUYER), COLLECTIONS.profiles);
    await assertFails(getDocs(profiles));
    await assertFails(getDocs(query(profiles, limit(1))));
    await assertFails(getDocs(query(profiles, where("userType", "==", "merchant"), limit(10))));
  });

  it("the owner cannot write their profile (functions keep it in step with users/{uid})", async () => {
    const db = rules.as(SHOP);
    await assertFails(updateDoc(profileDoc(db, SHOP), { averageRating: 5 }));
    await assertFails(updateDoc(profileDoc(db, SHOP), { businessName: "Bici & Co. Srl" }));
    await assertFails(deleteDoc(profileDoc(db, SHOP)));
  });

  it("nobody creates a profile, not even their own", async () => {
    await assertFails(
      setDoc(profileDoc(rules.as(BUYER), BUYER), { uid: BUYER, displayName: "Giulia", userType: "merchant" }),
    );
  });
});

describe("collections only functions use", () => {
  const rules = useRulesEnvironment();

  beforeEach(async () => {
    await rules.seed(
      Object.fromEntries(
        FUNCTION_ONLY_COLLECTIONS.map((name) => [`${name}/doc-1`, { userId: BUYER, createdAt: EARLIER }]),
      ),
    );
  });

  it.each(FUNCTION_ONLY_COLLECTIONS)("%s: no client reads, queries or writes it", async (name) => {
    for (const db of [rules.as(BUYER), rules.as(SHOP), rules.anonymous()]) {
      await assertFails(getDoc(doc(db, name, "doc-1")));
      await assertFails(getDocs(query(collection(db, name), where("userId", "==", BUYER))));
      await assertFails(setDoc(doc(db, name, "doc-2"), { userId: BUYER, createdAt: serverTimestamp() }));
      await assertFails(updateDoc(doc(db, name, "doc-1"), { userId: SHOP }));
      await assertFails(deleteDoc(doc(db, name, "doc-1")));
    }
  });

  it("a collection no rule names is closed", async () => {
    const db = rules.as(BUYER);
    await assertFails(setDoc(doc(db, "anything", "doc-1"), { userId: BUYER }));
    await assertFails(getDocs(collection(db, "anything")));
  });
});
