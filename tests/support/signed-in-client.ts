import { deleteApp, type FirebaseApp, initializeApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import {
  connectFirestoreEmulator,
  getFirestore as getLiteFirestore,
  type Firestore as LiteFirestore,
} from "firebase/firestore/lite";
import { AuthEmulator } from "../../scripts/seed/auth-emulator";
import type { TestStack } from "./stack";

/**
 * A user of the app in a Node test: a real Auth-emulator account, signed in with the browser SDK,
 * and the app's Firestore Lite client carrying that user's ID token. What the data layer sends
 * through it is judged by firestore.rules exactly as in production; only seeding bypasses them.
 */
export interface SignedInClient {
  uid: string;
  app: FirebaseApp;
  lite: LiteFirestore;
  close(): Promise<void>;
}

export interface ClientAccount {
  uid: string;
  email: string;
  password?: string;
  displayName?: string;
  emailVerified?: boolean;
}

let apps = 0;

export async function signedInClient(stack: TestStack, account: ClientAccount): Promise<SignedInClient> {
  const password = account.password ?? "password-1";
  await new AuthEmulator({ host: stack.hosts.auth, projectId: stack.projectId }).createAccount({
    uid: account.uid,
    email: account.email,
    password,
    displayName: account.displayName ?? account.uid,
    emailVerified: account.emailVerified ?? false,
  });
  apps += 1;
  const app = initializeApp({ projectId: stack.projectId, apiKey: "demo-api-key" }, `signed-in-${apps}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, stack.urls.auth, { disableWarnings: true });
  const credential = await signInWithEmailAndPassword(auth, account.email, password);
  const lite = getLiteFirestore(app);
  const [host, port] = stack.hosts.firestore.split(":");
  connectFirestoreEmulator(lite, host!, Number(port));
  return { uid: credential.user.uid, app, lite, close: () => deleteApp(app) };
}
