import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { applicationDefault, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { issueLaunchCodes } from "./launch-codes";

/**
 * `npm run launch-codes -- --city Milano --expires 2027-06-30 --shops soci.txt [--project vicino-prod]`
 *
 * Issues one launch-offer code per line of the file (the association member shops' names) and prints
 * `code<TAB>shop` lines to hand to the association. Against the local emulators by default
 * (demo-vicino, 127.0.0.1:8080); with a real --project it uses Application Default Credentials
 * (`gcloud auth application-default login`) and asks for --yes.
 */
const { values } = parseArgs({
  options: {
    city: { type: "string" },
    expires: { type: "string" },
    shops: { type: "string" },
    shop: { type: "string", multiple: true },
    project: { type: "string", default: "demo-vicino" },
    firestore: { type: "string", default: "127.0.0.1:8080" },
    yes: { type: "boolean", default: false },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const city = values.city ?? fail("--city is required (the pilot city, e.g. Milano)");
const expiresAt = new Date(`${values.expires ?? fail("--expires YYYY-MM-DD is required")}T23:59:59+01:00`);
if (Number.isNaN(expiresAt.getTime())) fail("--expires must be a date, YYYY-MM-DD");
const names = [
  ...(values.shop ?? []),
  ...(values.shops ? readFileSync(values.shops, "utf8").split(/\r?\n/) : []),
]
  .map((name) => name.trim())
  .filter(Boolean);
if (names.length === 0) fail("name the shops: --shops file.txt (one per line) or --shop 'Name' (repeatable)");

const demo = values.project.startsWith("demo-");
if (demo) process.env.FIRESTORE_EMULATOR_HOST = values.firestore;
else if (!values.yes) fail(`Writing to the real project ${values.project}: add --yes to confirm.`);

const app = initializeApp({
  projectId: values.project,
  ...(demo ? {} : { credential: applicationDefault() }),
});
const issued = await issueLaunchCodes(getFirestore(app), { city, expiresAt, issuedTo: names });
for (const { code, issuedTo } of issued) console.log(`${code}\t${issuedTo}`);
console.error(
  `${issued.length} codici per ${city}, validi fino al ${expiresAt.toLocaleDateString("it-IT")}.`,
);
