// A request published by an account whose e-mail is not proven waits as `awaiting_email` (functions
// publish it so; release-held.ts makes it active once the address is proven). No shop reads it, by id,
// in the feed or through its photos, and its buyer cannot release it themselves: the status is the
// server's (firestore.rules requests: every shop read asks for 'active', no client writes a request).

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import { collection, doc, getDoc, getDocs, limit, query, updateDoc, where } from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import { COLLECTIONS, REQUEST_FIELDS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { REQUEST_STATUS } from "../../src/domain/marketplace/state-machine";
import { useRulesEnvironment } from "./environment";
import { BUYER, SHOP, storedRequest } from "./fixtures";

const HELD = "held-lamp";

describe("a request held until its buyer proves their e-mail", () => {
  const rules = useRulesEnvironment();

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.requests}/${HELD}`]: storedRequest(BUYER, REQUEST_STATUS.awaitingEmail),
      [`${COLLECTIONS.requests}/${HELD}/${SUBCOLLECTIONS.requestPhotos}/p1`]: {
        customerId: BUYER,
        data: "/9j/",
      },
    });
  });

  it("its buyer reads it, by id and in their list", async () => {
    const db = rules.as(BUYER);
    await assertSucceeds(getDoc(doc(db, COLLECTIONS.requests, HELD)));
    await assertSucceeds(
      getDocs(
        query(collection(db, COLLECTIONS.requests), where(REQUEST_FIELDS.customerId, "==", BUYER), limit(50)),
      ),
    );
  });

  it("a verified shop reads neither it, nor a list of held requests, nor its photos", async () => {
    const db = rules.as(SHOP);
    await assertFails(getDoc(doc(db, COLLECTIONS.requests, HELD)));
    await assertFails(
      getDocs(
        query(
          collection(db, COLLECTIONS.requests),
          where(REQUEST_FIELDS.status, "==", REQUEST_STATUS.awaitingEmail),
          limit(20),
        ),
      ),
    );
    await assertFails(getDoc(doc(db, COLLECTIONS.requests, HELD, SUBCOLLECTIONS.requestPhotos, "p1")));
  });

  it("its buyer cannot release it by writing the status (only the proof does, on the server)", async () => {
    const db = rules.as(BUYER);
    await assertFails(updateDoc(doc(db, COLLECTIONS.requests, HELD), { status: REQUEST_STATUS.active }));
  });
});
