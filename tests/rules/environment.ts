// The rules test environment (architecture §7): firestore.rules loaded into Google's Firestore emulator,
// one signed-in client per user, data seeded with the rules disabled. The emulator is started once for
// the `rules` project by tests/support/global-setup.ts; where none can start, the run fails and says
// what to install (scripts/stack/firestore-emulator.ts), it never skips.

import { readFileSync } from "node:fs";
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
  type TokenOptions,
} from "@firebase/rules-unit-testing";
import { deleteApp, type FirebaseApp, initializeApp } from "firebase/app";
import { type DocumentData, doc, type Firestore, setDoc, setLogLevel } from "firebase/firestore";
import {
  connectFirestoreEmulator,
  getFirestore as getLiteFirestore,
  type Firestore as LiteFirestore,
} from "firebase/firestore/lite";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import type {} from "../support/stack";
import { emailOf, OTHER_SHOP, SEEDED_USERS, SHOP, storedShopArea, storedUser } from "./fixtures";

/** A demo-* project: the emulator never reaches a real one (style.md). */
export const PROJECT_ID = "demo-vicino-rules";

const RULES_PATH = new URL("../../firestore.rules", import.meta.url);

/** `host:port` of the run's Firestore emulator. */
function emulatorAddress(): { host: string; port: number } {
  const stack = inject("vicinoStack");
  if (!stack)
    throw new Error("The rules suite runs in the `rules` project, whose global setup starts Firestore");
  const url = new URL(stack.urls.firestore);
  return { host: url.hostname, port: Number(url.port) };
}

/** The modular API unwraps the compat instance the library hands out (as its own examples rely on). */
function modular(context: RulesTestContext): Firestore {
  return context.firestore() as unknown as Firestore;
}

export type RulesHarness = {
  /** A client signed in as `uid` (e-mail `uid@example.it` unless `token` says otherwise). */
  as: (uid: string, token?: TokenOptions) => Firestore;
  /** A client with no user. */
  anonymous: () => Firestore;
  /**
   * Firestore Lite signed in as `uid`, for the app's own data functions that take a database
   * (saveOffer, firestoreFeedExecutor): what they send is what the rules judge.
   */
  liteAs: (uid: string) => LiteFirestore;
  /** Writes documents (path → data) with the rules disabled, as the functions' admin SDK would. */
  seed: (documents: Record<string, DocumentData>) => Promise<void>;
};

/**
 * Registers the environment's hooks in the calling `describe` block: rules loaded once per file,
 * every document deleted and the users of fixtures.ts (with the shops' feed areas) re-seeded before each test.
 */
export function useRulesEnvironment(): RulesHarness {
  let environment: RulesTestEnvironment | undefined;
  const liteApps: FirebaseApp[] = [];

  const current = (): RulesTestEnvironment => {
    if (!environment) throw new Error("The rules environment is not started");
    return environment;
  };

  const seed = async (documents: Record<string, DocumentData>) => {
    await current().withSecurityRulesDisabled(async (context) => {
      const db = modular(context);
      await Promise.all(Object.entries(documents).map(([path, data]) => setDoc(doc(db, path), data)));
    });
  };

  beforeAll(async () => {
    // A denied write is what most cases expect; the SDK would also log each one as a stream error.
    setLogLevel("silent");
    environment = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      firestore: { rules: readFileSync(RULES_PATH, "utf8"), ...emulatorAddress() },
    });
  });

  beforeEach(async () => {
    await current().clearFirestore();
    await seed(
      Object.fromEntries(
        Object.entries(SEEDED_USERS).map(([uid, userType]) => [
          `${COLLECTIONS.users}/${uid}`,
          storedUser(uid, userType),
        ]),
      ),
    );
    // The verified shops' feed areas, as syncProfile writes them: around Milano, where the requests are.
    await seed(
      Object.fromEntries(
        [SHOP, OTHER_SHOP].map((uid) => [`${COLLECTIONS.shopAreas}/${uid}`, storedShopArea()]),
      ),
    );
  });

  afterAll(async () => {
    await Promise.all(liteApps.map((app) => deleteApp(app)));
    await environment?.cleanup();
  });

  return {
    as: (uid, token = { email: emailOf(uid) }) => modular(current().authenticatedContext(uid, token)),
    anonymous: () => modular(current().unauthenticatedContext()),
    liteAs: (uid) => {
      const emulator = current().emulators.firestore;
      if (!emulator) throw new Error("The Firestore emulator is not configured");
      const app = initializeApp(
        { projectId: PROJECT_ID, apiKey: "demo-key" },
        `rules-lite-${liteApps.length}`,
      );
      liteApps.push(app);
      const db = getLiteFirestore(app);
      connectFirestoreEmulator(db, emulator.host, emulator.port, {
        mockUserToken: { sub: uid, email: emailOf(uid) },
      });
      return db;
    },
    seed,
  };
}
