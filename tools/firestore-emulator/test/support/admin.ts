/** firebase-admin wired to the local server over REST (preferRest), with a fixed 'owner' token. */
import { randomBytes } from "node:crypto";
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { OAuth2Client } from "google-auth-library";

export interface AdminHandle {
  app: App;
  db: Firestore;
  projectId: string;
  close(): Promise<void>;
}

export function connectAdmin(
  port: number,
  projectId = `demo-admin-${randomBytes(4).toString("hex")}`,
): AdminHandle {
  process.env.METADATA_SERVER_DETECTION = "none";
  const app = initializeApp({ projectId }, `admin-${projectId}-${randomBytes(3).toString("hex")}`);
  const db = getFirestore(app);
  const authClient = new OAuth2Client();
  authClient.setCredentials({ access_token: "owner", expiry_date: Date.now() + 365 * 24 * 3600 * 1000 });
  db.settings({
    host: `127.0.0.1:${port}`,
    ssl: false,
    preferRest: true,
    authClient,
    ignoreUndefinedProperties: false,
  });
  return {
    app,
    db,
    projectId,
    close: async () => {
      await db.terminate().catch(() => {});
      await deleteApp(app).catch(() => {});
    },
  };
}
