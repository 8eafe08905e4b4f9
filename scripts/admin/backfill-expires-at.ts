import { parseArgs } from "node:util";
import { applicationDefault, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { backfillExpiresAt } from "../../functions/src/requests/backfill-expires-at";

/**
 * `npm run backfill:expires-at [-- --project vicino-prod --yes]`
 *
 * Once, before deploying the expiry sweep that finds requests by expiresAt alone: gives every request
 * written before the field its expiresAt (createdAt + 7 days). Idempotent (a second run writes nothing).
 * Against the local Firestore emulator by default (demo-vicino, 127.0.0.1:8080); with a real --project
 * it uses Application Default Credentials and asks for --yes.
 */
const { values } = parseArgs({
  options: {
    project: { type: "string", default: "demo-vicino" },
    firestore: { type: "string", default: "127.0.0.1:8080" },
    yes: { type: "boolean", default: false },
  },
});

const demo = values.project.startsWith("demo-");
if (demo) process.env.FIRESTORE_EMULATOR_HOST = values.firestore;
else if (!values.yes) {
  console.error(`Writing to the real project ${values.project}: add --yes to confirm.`);
  process.exit(1);
}

const app = initializeApp({
  projectId: values.project,
  ...(demo ? {} : { credential: applicationDefault() }),
});
const outcome = await backfillExpiresAt(getFirestore(app));
console.log(`requests read: ${outcome.read}, expiresAt written: ${outcome.written}`);
