import { type App, getApps, initializeApp } from "firebase-admin/app";
import { type Auth, getAuth } from "firebase-admin/auth";
import { type Firestore, getFirestore } from "firebase-admin/firestore";

/**
 * The one firebase-admin app of this process, created on first use so that importing a
 * function module (in a unit test, or when firebase-tools loads the bundle to list the
 * triggers) costs nothing.
 *
 * Firestore always goes over REST (`preferRest`): REST avoids the gRPC cold start for the
 * unary calls functions make (listeners, which need gRPC, are not used server-side), and
 * Google's emulator speaks it as production does.
 */
let app: App | undefined;
let db: Firestore | undefined;

/** `host:port` of the Firestore emulator when this process talks to a local one. */
export function firestoreEmulatorHost(): string | undefined {
  const host = process.env.FIRESTORE_EMULATOR_HOST?.trim();
  return host ? host : undefined;
}

/**
 * Against an emulator the REST transport still asks google-auth-library for credentials
 * (there are none offline); a fixed bearer token is what emulators accept as the admin.
 * @google-cloud/firestore 9 (firebase-admin 14) sends every REST call through the auth client's
 * `fetch`; older versions asked for `getRequestHeaders` and sent the call themselves.
 */
const emulatorAuthClient = {
  getRequestHeaders: async (): Promise<Headers> => new Headers({ Authorization: "Bearer owner" }),
  fetch: (url: string | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    headers.set("Authorization", "Bearer owner");
    return fetch(url, { ...init, headers });
  },
};

/**
 * Applies Vicino's Firestore settings; must run before the first read or write. With an
 * emulator host, connects to it over plain HTTP as the admin. Also used by the seed script.
 */
export function configureFirestore(firestore: Firestore, emulatorHost = firestoreEmulatorHost()): Firestore {
  if (emulatorHost) {
    // Without this, google-auth-library probes the GCE metadata server (a long timeout offline).
    process.env.METADATA_SERVER_DETECTION ??= "none";
    firestore.settings({
      preferRest: true,
      ignoreUndefinedProperties: true,
      host: emulatorHost,
      ssl: false,
      authClient: emulatorAuthClient,
    });
  } else {
    firestore.settings({ preferRest: true, ignoreUndefinedProperties: true });
  }
  return firestore;
}

export function adminApp(): App {
  if (!app) {
    if (firestoreEmulatorHost()) process.env.METADATA_SERVER_DETECTION ??= "none";
    app = getApps()[0] ?? initializeApp();
  }
  return app;
}

export function adminDb(): Firestore {
  db ??= configureFirestore(getFirestore(adminApp()));
  return db;
}

export function adminAuth(): Auth {
  return getAuth(adminApp());
}
