// Prints, as JSON, the `__endpoint` firebase-functions attached to each export of a functions bundle:
//   node endpoints-dump.mjs <bundle.js>
// Run by scripts/deploy/functions-bundle.ts in a process of its own (the bundle's module-level code and
// firebase-functions' global options must not leak into the checker). A value left to the platform's
// default (firebase-functions' ResetValue) prints as null; a param (an Expression) as { param: "<CEL>" }.
import { createRequire } from "node:module";
import { resolve } from "node:path";

const bundle = resolve(process.argv[2] ?? "");
const exported = createRequire(bundle)(bundle);

const isParam = (value) => value !== null && typeof value === "object" && typeof value.toCEL === "function";
const endpoints = {};
for (const [name, value] of Object.entries(exported)) {
  if (value?.__endpoint) endpoints[name] = value.__endpoint;
}
// Loading the bundle may open handles (timers, the Admin SDK); the dump is all that was wanted.
process.stdout.write(
  JSON.stringify(endpoints, (_key, value) => (isParam(value) ? { param: value.toCEL() } : value)),
  () => process.exit(0),
);
