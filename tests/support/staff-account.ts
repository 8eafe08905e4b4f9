import { afterAll, beforeAll } from "vitest";
import { setAdminClaim } from "../../scripts/admin/admin-claim";
import { DEMO_PASSWORD } from "../../scripts/seed/demo-data";
import { overrideEnv } from "./callables";
import { startStack, type TestStack } from "./stack";

type AdminModule = typeof import("../../functions/src/lib/admin");

/** A member of the Vicino team: an account with the admin claim. */
export type StaffAccount = { uid: string; email: string; name: string };

/**
 * For journeys that need the team's side: the stack the journey harness started for this file, the
 * functions' admin SDK pointed at it (for setup and checks a user could not do), and `seedStaff`, which
 * makes a staff account with the demo password and the admin claim, as `npm run admin -- --email …`
 * gives it. Call at the top of the file (it registers beforeAll/afterAll).
 */
export function staffJourney() {
  let stack: TestStack | undefined;
  let admin: AdminModule | undefined;
  let restoreEnv: () => void = () => {};

  beforeAll(async () => {
    stack = await startStack();
    restoreEnv = overrideEnv({
      FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
      FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
      GCLOUD_PROJECT: stack.projectId,
      METADATA_SERVER_DETECTION: "none",
    });
    admin = await import("../../functions/src/lib/admin");
  });

  afterAll(async () => {
    const { deleteApp } = await import("firebase-admin/app");
    if (admin) await deleteApp(admin.adminApp());
    restoreEnv();
  });

  const adminSdk = (): AdminModule => {
    if (!admin) throw new Error("staffJourney: the admin SDK is ready from beforeAll on");
    return admin;
  };

  return {
    stack: (): TestStack => {
      if (!stack) throw new Error("staffJourney: the stack is ready from beforeAll on");
      return stack;
    },
    admin: adminSdk,
    /** Creates (or re-creates) the staff account with its users document and the admin claim. */
    seedStaff: async (account: StaffAccount): Promise<void> => {
      const auth = adminSdk().adminAuth();
      await auth.deleteUser(account.uid).catch(() => undefined);
      await auth.createUser({
        uid: account.uid,
        email: account.email,
        password: DEMO_PASSWORD,
        emailVerified: true,
      });
      await adminSdk().adminDb().doc(`users/${account.uid}`).set({
        id: account.uid,
        uid: account.uid,
        email: account.email,
        displayName: account.name,
        userType: "customer",
        createdAt: new Date(),
      });
      await setAdminClaim(auth, account.email, true);
    },
  };
}
