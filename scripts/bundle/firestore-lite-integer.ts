import type { Plugin } from "vite";

/**
 * Firestore Lite imports Closure's `Integer` from @firebase/webchannel-wrapper/bloom-blob for one thing:
 * ordering the legacy numeric document ids (`__id123__`, BasePath.compareSegments). That module is one
 * Closure-compiled blob (Integer and Md5 together, ~3 kB gzip) that no bundler can cut, and every
 * signed-in page downloaded it with the session. A production build gives Firestore Lite this stand-in
 * instead: the same two calls (`Integer.fromString(text).compare(other)`) on BigInt. The full Firestore
 * SDK (the live listeners, loaded on demand) keeps the real module: its bloom filters use Md5 and
 * Integer. firestore-lite-integer.test.ts checks the stand-in against the real Integer.
 */
export const BLOOM_BLOB = "@firebase/webchannel-wrapper/bloom-blob";
export const FIRESTORE_LITE = /[\\/]@firebase[\\/]firestore[\\/]dist[\\/]lite[\\/]/;
const STAND_IN_ID = "\0vicino:firestore-lite-integer";

/** The stand-in's source: `Integer` with fromString (base 10, as Firestore Lite calls it) and compare. */
export const INTEGER_STAND_IN = `
function parse(text) {
  try {
    return BigInt(text);
  } catch {
    return 0n;
  }
}
export class Integer {
  constructor(value) {
    this.value = value;
  }
  static fromString(text) {
    return new Integer(parse(text));
  }
  compare(other) {
    return this.value === other.value ? 0 : this.value < other.value ? -1 : 1;
  }
}
export const Md5 = undefined;
export default { Integer };
`;

export function firestoreLiteInteger(): Plugin {
  return {
    name: "vicino:firestore-lite-integer",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== BLOOM_BLOB || !importer || !FIRESTORE_LITE.test(importer)) return null;
      return STAND_IN_ID;
    },
    load(id) {
      return id === STAND_IN_ID ? INTEGER_STAND_IN : null;
    },
  };
}
