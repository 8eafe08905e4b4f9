import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS } from "./demo-data";
import { seedDemoData } from "./seed";

/** `npm run seed`: reseeds a running local stack (default: the ports of `npm start`). */
const { values } = parseArgs({
  options: {
    project: { type: "string", default: "demo-vicino" },
    firestore: { type: "string", default: "127.0.0.1:8080" },
    auth: { type: "string", default: "127.0.0.1:9099" },
  },
});

if (!values.project.startsWith("demo-")) {
  console.error(`The seed writes only to a demo-* project (got ${values.project}).`);
  process.exit(1);
}

const summary = await seedDemoData({
  projectId: values.project,
  firestoreHost: values.firestore,
  authHost: values.auth,
});
console.log(
  `Demo data loaded: ${summary.accounts} accounts, ${summary.requests} requests, ${summary.offers} offers, ` +
    `${summary.conversations} conversations, ${summary.messages} messages.`,
);
for (const account of DEMO_ACCOUNTS)
  console.log(`  ${account.role.padEnd(11)} ${account.email} / ${account.password}`);
