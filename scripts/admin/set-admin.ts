import { parseArgs } from "node:util";
import { applicationDefault, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { setAdminClaim } from "./admin-claim";

/**
 * `npm run admin -- --email moderatore@vicino.it [--revoke] [--project vicino-prod --yes]`
 *
 * Gives the account with this e-mail the admin role (the `admin` custom claim), or takes it away with
 * --revoke. Against the local Auth emulator by default (demo-vicino, 127.0.0.1:9099); with a real
 * --project it uses Application Default Credentials (`gcloud auth application-default login`) and
 * asks for --yes. The user sees /admin/segnalazioni after signing in again.
 */
const { values } = parseArgs({
  options: {
    email: { type: "string" },
    revoke: { type: "boolean", default: false },
    project: { type: "string", default: "demo-vicino" },
    auth: { type: "string", default: "127.0.0.1:9099" },
    yes: { type: "boolean", default: false },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const email = values.email ?? fail("--email is required (the account to make an admin)");
const demo = values.project.startsWith("demo-");
if (demo) process.env.FIREBASE_AUTH_EMULATOR_HOST = values.auth;
else if (!values.yes) fail(`Changing roles on the real project ${values.project}: add --yes to confirm.`);

const app = initializeApp({
  projectId: values.project,
  ...(demo ? {} : { credential: applicationDefault() }),
});
const uid = await setAdminClaim(getAuth(app), email, !values.revoke);
console.log(`${email} (${uid}): ${values.revoke ? "non è più amministratore" : "ora è amministratore"}.`);
console.log("Il ruolo vale dal prossimo accesso.");
