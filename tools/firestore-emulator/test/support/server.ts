/** Starts our Firestore on a free port for a test file. */
import {
  type FirestoreEmulator,
  type FirestoreEmulatorOptions,
  startFirestoreEmulator,
} from "../../src/index.ts";

export async function startTestServer(options: FirestoreEmulatorOptions = {}): Promise<FirestoreEmulator> {
  return startFirestoreEmulator({
    host: "127.0.0.1",
    port: 0,
    verbose: process.env.FIRESTORE_VERBOSE === "1",
    ...options,
  });
}
