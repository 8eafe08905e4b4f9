/**
 * The firebase browser build of Firestore (WebChannel + REST), loaded in Node with the XHR shim.
 * The Node build would use gRPC; this keeps the exact browser protocol.
 */
import { installNodeXhr } from "./node-xhr.ts";

installNodeXhr();

const BROWSER_BUILD = new URL(
  "../../../../node_modules/@firebase/firestore/dist/index.esm.js",
  import.meta.url,
).href;

export type WebFirestoreModule = typeof import("firebase/firestore");

export async function loadWebFirestore(): Promise<WebFirestoreModule> {
  return (await import(BROWSER_BUILD)) as WebFirestoreModule;
}
