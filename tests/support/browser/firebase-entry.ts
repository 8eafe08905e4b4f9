// Bundled for the browser by ../firebase-in-page.ts. The app's own Firebase module plus the
// SDK namespaces, exposed for page.evaluate in tests.
import * as auth from "firebase/auth";
import * as firestore from "firebase/firestore";
import * as functions from "firebase/functions";
import { env } from "@/config/env";
import { getAuthInstance, getDb, getFirebaseApp, getFunctionsInstance } from "@/data/firebase";
import type { VicinoTestApi } from "./types";

const api: VicinoTestApi = {
  sdk: { auth, firestore, functions },
  env,
  getFirebaseApp,
  getAuthInstance,
  getDb,
  getFunctionsInstance,
};
window.vicinoTest = api;
