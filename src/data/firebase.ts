import { type FirebaseApp, getApps, initializeApp } from "firebase/app";
import type { Auth } from "firebase/auth";
import * as firebaseAuth from "firebase/auth";
import type { Firestore } from "firebase/firestore";
import type { Functions } from "firebase/functions";
import { env } from "@/config/env";
import { initAppCheck } from "./app-check";
import { provideIdToken } from "./signed-in-token";

/**
 * Firebase's app and services for the data layer (src/data is the only place that touches the SDK;
 * Firestore Lite has its own getter, ./firestore-lite.ts). The app and Auth are imported statically: they
 * travel in the session's first chunk, which every signed-in page loads first (vite.config.ts), so a
 * dynamic import would only wrap them for a lazy start. The full Firestore SDK and Functions are loaded
 * on first use through dynamic imports. The landing and marketing pages never download Firebase. Each
 * getter initialises its service once and, when the environment says so,
 * connects it to the local emulators before anyone can use it.
 *
 * App Check starts with the app (./app-check.ts), in the same task as `initializeApp`, so every service
 * (Auth, Firestore full and Lite, Functions) is created after it and sends its token: enforcement can be
 * switched on for Firestore and Auth without breaking a read. This getter is the only place the app is
 * created.
 */

/** Memoises an async factory; a failed load (e.g. offline chunk fetch) is retried next call. */
function lazy<T>(factory: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= factory().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

export const getFirebaseApp = lazy(async (): Promise<FirebaseApp> => {
  // An app that exists already was made here (e.g. before a hot reload), App Check included.
  const existing = getApps()[0];
  if (existing) return existing;
  const app = initializeApp(env.firebase);
  initAppCheck(app, env);
  return app;
});

export const getAuthInstance = lazy(async (): Promise<Auth> => {
  const app = await getFirebaseApp();
  const { connectAuthEmulator, getAuth, initializeAuth } = firebaseAuth;
  // getAuth() would also install the popup resolver, which on phones loads Google's api.js up front on
  // every signed-in page; only the Google button needs it (signInWithGoogle passes it per call).
  let auth: Auth;
  try {
    auth = initializeAuth(app, {
      persistence: [
        firebaseAuth.indexedDBLocalPersistence,
        firebaseAuth.browserLocalPersistence,
        firebaseAuth.browserSessionPersistence,
      ],
    });
  } catch {
    // Already initialised (e.g. a hot reload in development).
    auth = getAuth(app);
  }
  if (env.emulators) {
    connectAuthEmulator(auth, env.emulators.auth.url, { disableWarnings: true });
  }
  provideIdToken(async () => {
    await auth.authStateReady();
    return auth.currentUser ? auth.currentUser.getIdToken() : null;
  });
  return auth;
});

/**
 * Auth, once it has restored the signed-in user (or found none): every other service waits for it
 * before its first request, so none is sent without the user's token. A page opened on the session this
 * device kept (src/lib/session/kept-session.ts) may read before anything else has started Auth, and a
 * request sent while Auth is still restoring the user goes out signed out and is refused.
 */
export const getReadyAuth = lazy(async (): Promise<Auth> => {
  const auth = await getAuthInstance();
  await auth.authStateReady();
  return auth;
});

export const getDb = lazy(async (): Promise<Firestore> => {
  // Auth ready first (getReadyAuth): a listener's first request carries the user's token.
  const [app, { connectFirestoreEmulator, getFirestore }] = await Promise.all([
    getFirebaseApp(),
    import("firebase/firestore"),
    getReadyAuth(),
  ]);
  const db = getFirestore(app);
  if (env.emulators) {
    connectFirestoreEmulator(db, env.emulators.firestore.host, env.emulators.firestore.port);
  }
  return db;
});

/**
 * The Functions instance, loaded on the first callable. Every callable enforces App Check; the SDK
 * sends the token of the App Check instance getFirebaseApp started.
 */
export const getFunctionsInstance = lazy(async (): Promise<Functions> => {
  const [app, { connectFunctionsEmulator, getFunctions }] = await Promise.all([
    getFirebaseApp(),
    import("firebase/functions"),
    getReadyAuth(),
  ]);
  const functions = getFunctions(app, env.functionsRegion);
  if (env.emulators) {
    connectFunctionsEmulator(functions, env.emulators.functions.host, env.emulators.functions.port);
  }
  return functions;
});
