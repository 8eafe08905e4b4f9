import type * as auth from "firebase/auth";
import type * as firestore from "firebase/firestore";
import type * as functions from "firebase/functions";
import type { AppEnv } from "@/config/env-schema";
import type { getAuthInstance, getDb, getFirebaseApp, getFunctionsInstance } from "@/data/firebase";

/** What tests reach in a page as `window.vicinoTest` (see ../firebase-in-page.ts). */
export interface VicinoTestApi {
  sdk: { auth: typeof auth; firestore: typeof firestore; functions: typeof functions };
  env: AppEnv;
  getFirebaseApp: typeof getFirebaseApp;
  getAuthInstance: typeof getAuthInstance;
  getDb: typeof getDb;
  getFunctionsInstance: typeof getFunctionsInstance;
}

declare global {
  interface Window {
    vicinoTest: VicinoTestApi;
  }
}
