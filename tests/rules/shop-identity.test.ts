// Shops are who they say (firestore.rules, the 'Shop verification and public names' block): a shop
// that has sent its details keeps its business name and address until verifyShop sends them to an
// admin again; the Partita IVA claims are the functions' alone; the review queue (with VIES's answers
// and the shops' e-mails) is for admins only; a waiting shop has no shop powers; and no client sets a
// name that passes for the platform, nor a buyer a business name.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
} from "firebase/firestore";
import { describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { SHOP_STATUS } from "../../src/domain/people/shop-verification";
import { useRulesEnvironment } from "./environment";
import { BUYER, EARLIER, SHOP, signUpFields, storedRequest, storedUser, UNVERIFIED_SHOP } from "./fixtures";

const REVIEW = {
  uid: UNVERIFIED_SHOP,
  status: "pending",
  businessName: "Ferramenta Nuova",
  address: "Via Roma 1, Milano",
  partitaIva: "00743110157",
  email: "unverified-shop@example.it",
  vies: { state: "valid", name: "FERRAMENTA NUOVA SRL", source: "simulated", checkedAt: EARLIER },
  viesAttempts: 1,
  submittedAt: EARLIER,
};
const ADMIN = { email: "staff@example.it", admin: true };

describe("shop identity after verification", () => {
  const rules = useRulesEnvironment();
  const shopDoc = (uid = SHOP) => doc(rules.as(uid), COLLECTIONS.users, uid);

  it("a verified shop cannot rename itself or move its address, but edits its phone and hours", async () => {
    await assertFails(updateDoc(shopDoc(), { businessName: "Altro Nome", updatedAt: serverTimestamp() }));
    await assertFails(
      updateDoc(shopDoc(), {
        location: { lat: 41.9, lng: 12.5, address: "Via del Corso 1, Roma" },
        updatedAt: serverTimestamp(),
      }),
    );
    await assertSucceeds(updateDoc(shopDoc(), { phone: "02 1234567", updatedAt: serverTimestamp() }));
  });

  it("a shop waiting for review is frozen the same way, and has no shop powers", async () => {
    const { verifiedAt: _, ...shop } = storedUser(SHOP, "merchant").shop;
    await rules.seed({
      [`${COLLECTIONS.users}/${SHOP}`]: {
        ...storedUser(SHOP, "merchant"),
        businessName: "Ferramenta Rossi",
        shop: { ...shop, status: SHOP_STATUS.pending, submittedAt: EARLIER },
      },
      [`${COLLECTIONS.requests}/bici`]: storedRequest(BUYER),
    });
    await assertFails(updateDoc(shopDoc(), { businessName: "Altro Nome", updatedAt: serverTimestamp() }));
    await assertFails(getDoc(doc(rules.as(SHOP), COLLECTIONS.requests, "bici")));
  });

  it("a merchant that never sent its details still sets its business name", async () => {
    await assertSucceeds(
      updateDoc(shopDoc(UNVERIFIED_SHOP), { businessName: "Bottega Bianchi", updatedAt: serverTimestamp() }),
    );
  });
});

describe("claims and the review queue", () => {
  const rules = useRulesEnvironment();

  it("no client reads or writes a Partita IVA claim", async () => {
    await rules.seed({ [`${COLLECTIONS.partiteIva}/00743110157`]: { uid: SHOP, claimedAt: EARLIER } });
    const claim = (uid: string) => doc(rules.as(uid), COLLECTIONS.partiteIva, "00743110157");
    await assertFails(getDoc(claim(SHOP)));
    await assertFails(setDoc(claim(UNVERIFIED_SHOP), { uid: UNVERIFIED_SHOP, claimedAt: serverTimestamp() }));
    await assertFails(
      setDoc(doc(rules.as(UNVERIFIED_SHOP), COLLECTIONS.partiteIva, "04812310151"), {
        uid: UNVERIFIED_SHOP,
        claimedAt: serverTimestamp(),
      }),
    );
  });

  it("only admins read the review queue, a bounded page at a time; nobody writes it", async () => {
    await rules.seed({ [`${COLLECTIONS.shopReviews}/${UNVERIFIED_SHOP}`]: REVIEW });
    const pending = (db: ReturnType<typeof rules.as>, size?: number) =>
      getDocs(
        size
          ? query(collection(db, COLLECTIONS.shopReviews), where("status", "==", "pending"), limit(size))
          : query(collection(db, COLLECTIONS.shopReviews), where("status", "==", "pending")),
      );
    const staff = rules.as("staff", ADMIN);
    const page = await assertSucceeds(pending(staff, 50));
    expect(page.docs.map((review) => review.id)).toEqual([UNVERIFIED_SHOP]);
    await assertSucceeds(getDoc(doc(staff, COLLECTIONS.shopReviews, UNVERIFIED_SHOP)));
    await assertFails(pending(staff));
    // The shop itself, another shop, a buyer: nobody else.
    for (const uid of [UNVERIFIED_SHOP, SHOP, BUYER]) {
      await assertFails(getDoc(doc(rules.as(uid), COLLECTIONS.shopReviews, UNVERIFIED_SHOP)));
      await assertFails(pending(rules.as(uid), 50));
    }
    await assertFails(
      updateDoc(doc(rules.as(UNVERIFIED_SHOP), COLLECTIONS.shopReviews, UNVERIFIED_SHOP), {
        status: "approved",
      }),
    );
    await assertFails(
      updateDoc(doc(staff, COLLECTIONS.shopReviews, UNVERIFIED_SHOP), { status: "approved" }),
    );
  });
});

describe("public names", () => {
  const rules = useRulesEnvironment();

  it.each(["Vicino", "V i c i n o", "ADM1N", "Suppòrto", "Assistenza Clienti", "Staff Vicino"])(
    "nobody signs up or renames themself %j",
    async (name) => {
      const fresh = "fresh";
      await assertFails(
        setDoc(doc(rules.as(fresh), COLLECTIONS.users, fresh), {
          ...signUpFields(fresh, "customer"),
          displayName: name,
        }),
      );
      await assertFails(
        updateDoc(doc(rules.as(BUYER), COLLECTIONS.users, BUYER), {
          displayName: name,
          updatedAt: serverTimestamp(),
        }),
      );
      await assertFails(
        updateDoc(doc(rules.as(UNVERIFIED_SHOP), COLLECTIONS.users, UNVERIFIED_SHOP), {
          businessName: name,
          updatedAt: serverTimestamp(),
        }),
      );
    },
  );

  it("a buyer has no business name; ordinary names pass", async () => {
    const fresh = "fresh";
    const db = rules.as(fresh);
    await assertFails(
      setDoc(doc(db, COLLECTIONS.users, fresh), {
        ...signUpFields(fresh, "customer"),
        businessName: "Bottega",
      }),
    );
    await assertSucceeds(setDoc(doc(db, COLLECTIONS.users, fresh), signUpFields(fresh, "customer")));
    await assertFails(
      updateDoc(doc(rules.as(BUYER), COLLECTIONS.users, BUYER), {
        businessName: "Bottega",
        updatedAt: serverTimestamp(),
      }),
    );
    await assertSucceeds(
      updateDoc(doc(rules.as(BUYER), COLLECTIONS.users, BUYER), {
        displayName: "Bar Il Vicino",
        updatedAt: serverTimestamp(),
      }),
    );
    // Accents and symbols fold without error: an ordinary accented name is accepted.
    await assertSucceeds(
      updateDoc(doc(rules.as(BUYER), COLLECTIONS.users, BUYER), {
        displayName: "Niccolò Ëlite-Caffè 4",
        updatedAt: serverTimestamp(),
      }),
    );
  });
});
