// The third part of `npm run bench:scale` (BENCH_SCALE_PARTS=sweeps): the scheduled jobs at national size.
// For each size (BENCH_SCALE_SWEEP_SIZES, default 1,000 and 20,000) a fresh project in one standalone
// Firestore emulator holds the same DUE items of every job (sweep-seed.ts) beside that many documents not
// due in each swept collection. Each job is run once with the injected clock, counting its reads and
// writes (counting.ts), then at once again (nothing left to do). Budget (sweep-budget.ts): reads per due
// item at the largest size within 10 % of the smallest, every due item handled, a rerun ≤ 2 reads a query.

import { randomBytes } from "node:crypto";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { configureFirestore } from "../../functions/src/lib/admin";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { NOTIFICATION_EMAIL_STATUS, notificationId } from "../../src/domain/notifications/notifications";
import { startStandaloneFirestore } from "../stack/firestore-only";
import { installCounting, measure } from "./counting";
import { type ReconcilerRow, reconcilerRows, reconcilerTable, reconcilerVerdict } from "./reconcilers";
import { type SweepRow, sweepTable, sweepVerdict } from "./sweep-budget";
import { dueDocs, notDueDocs, type SeedDoc, writeAll } from "./sweep-seed";

const SIZES = (process.env.BENCH_SCALE_SWEEP_SIZES ?? "1000,20000").split(",").map(Number);
const DUE = 50;
const NOW = new Date("2026-11-25T10:00:00Z");
const MINUTE = 60 * 1000;

interface Job {
  name: string;
  /** Queries one run makes (the rerun's budget). */
  queries: number;
  /** Runs the job once at NOW; how many due items it handled. */
  run: (db: Firestore) => Promise<number>;
}

/** The jobs, each with production's dependencies but the clock (NOW) and an e-mail transport and queue that keep nothing. */
async function loadJobs(): Promise<Job[]> {
  const [expire, warnings, retention, reminders, retries, holds] = await Promise.all([
    import("../../functions/src/requests/expire-requests"),
    import("../../functions/src/notifications/sweeps"),
    import("../../functions/src/privacy/retention"),
    import("../../functions/src/billing/reminders"),
    import("../../functions/src/notifications/email-retries"),
    import("../../functions/src/deals/hold-reminders"),
  ]);
  const now = () => NOW;
  const emailQueue = { enqueue: async () => {} };
  const mail = { send: async () => {} };
  return [
    {
      name: "expireRequests",
      queries: 1,
      // One request a page, so one transaction at a time: the emulator locks a whole collection for a
      // query in a transaction, and ten at once (each querying its pending offers while the others
      // expire theirs) time out on its locks; production locks the index ranges read. The reads are
      // the same but the empty last page (a page of one per due request, then one empty).
      run: async (db) => (await expire.runExpireRequests({ db, now, pageSize: 1 })).length,
    },
    {
      name: "expiryWarnings",
      queries: 1,
      run: async (db) => (await warnings.sendExpiryWarnings({ db, now, emailQueue })).length,
    },
    {
      name: "retentionSweep",
      queries: 1,
      run: async (db) => (await retention.runRetention({ db, now })).length,
    },
    {
      name: "holdReminders",
      queries: 1,
      run: async (db) => (await holds.sendHoldReminders({ db, now, emailQueue })).length,
    },
    {
      name: "planReminders",
      queries: 2,
      run: async (db) => (await reminders.sendPlanReminders({ db, now, mail })).length,
    },
    {
      name: "emailRetries",
      queries: 2,
      run: async (db) => (await retries.retryPendingEmails({ db, now, mail })).sent,
    },
  ];
}

/** users/{uid}/notifications/{id} of an offer received `ago` before NOW, its e-mail in `status`. */
async function notificationSeeder() {
  const { buildNotification } = await import("../../functions/src/notifications/notify");
  const { offerReceivedEvent } = await import("../../functions/src/notifications/events");
  return (uid: string, offerId: string, ago: number, status: string): SeedDoc => {
    const event = offerReceivedEvent({
      customerId: uid,
      offerId,
      merchantName: "Ferramenta Rossi",
      productName: "Trapano",
      price: 10,
    });
    const path = `${COLLECTIONS.users}/${uid}/${SUBCOLLECTIONS.notifications}/${notificationId(event.kind, event.eventKey)}`;
    return [path, { ...buildNotification(event, new Date(NOW.getTime() - ago)), emailStatus: status }];
  };
}

async function runSize(
  host: string,
  notDue: number,
  jobs: Job[],
): Promise<{ rows: SweepRow[]; seedMs: number }> {
  const app = initializeApp({ projectId: `demo-sweeps-${notDue}` }, `bench-sweeps-${notDue}`);
  try {
    const db = configureFirestore(getFirestore(app), host);
    const notification = await notificationSeeder();
    const started = performance.now();
    await writeAll(db, [
      // The unsubscribe links' signing key, as production has it (created by the first e-mail ever sent:
      // left to the bench's first e-mails, ten parallel transactions would race to create it).
      [`${COLLECTIONS.notificationState}/unsubscribe-key`, { key: randomBytes(32).toString("base64") }],
      ...dueDocs(DUE, NOW, (uid, i) =>
        notification(uid, `due-${i}`, 15 * MINUTE, NOTIFICATION_EMAIL_STATUS.pending),
      ),
      // Sent e-mails of the last day (the retries' window), ten to a reader.
      ...notDueDocs(notDue, NOW, (i) =>
        notification(
          `reader-${i % Math.max(1, notDue / 10)}`,
          `sent-${i}`,
          ((i * 7919) % 1440) * MINUTE,
          NOTIFICATION_EMAIL_STATUS.sent,
        ),
      ),
    ]);
    const seedMs = performance.now() - started;
    const rows: SweepRow[] = [];
    for (const job of jobs) {
      process.stderr.write(`sweeps: ${job.name} beside ${notDue}\n`);
      const first = await measure(() => job.run(db));
      const rerun = await measure(() => job.run(db));
      rows.push({
        job: job.name,
        due: DUE,
        notDue,
        handled: first.result,
        reads: first.reads,
        writes: first.writes,
        rerunReads: rerun.reads,
        queries: job.queries,
        ms: first.ms,
      });
    }
    return { rows, seedMs };
  } finally {
    await deleteApp(app);
  }
}

/** The sweeps' tables (one per size) and verdict: the part of the `scale:` line about scheduled jobs. */
export async function sweepsPart(): Promise<{ ok: boolean; summary: string }> {
  installCounting();
  const jobs = await loadJobs();
  const firestore = await startStandaloneFirestore("demo-sweeps");
  const rows: SweepRow[] = [];
  let reconciled: ReconcilerRow[] = [];
  try {
    for (const notDue of process.env.BENCH_SCALE_RECONCILERS_ONLY ? [] : SIZES) {
      const size = await runSize(firestore.host, notDue, jobs);
      console.log(
        `Sweeps at ${NOW.toISOString()}: ${DUE} due per job beside ${notDue} not due per swept collection ` +
          `(seeded in ${(size.seedMs / 1000).toFixed(0)} s)`,
      );
      for (const line of sweepTable(size.rows)) console.log(line);
      console.log("");
      rows.push(...size.rows);
    }
    reconciled = await reconcilerRows(firestore.host);
    console.log("The night's reconcilers, whole and cut by their budget (reconcilers.ts):");
    for (const line of reconcilerTable(reconciled)) console.log(line);
    console.log("");
  } finally {
    await firestore.stop();
  }
  const verdict = sweepVerdict(rows);
  for (const { job, misses } of verdict.over) console.log(`Over budget: ${job}: ${misses.join("; ")}`);
  const reconcilerMisses = reconciled.flatMap((row) =>
    reconcilerVerdict(row).misses.map((miss) => `${row.job}: ${miss}`),
  );
  for (const miss of reconcilerMisses) console.log(`Over budget: ${miss}`);
  const reconcilersOk = reconciled.length > 0 && reconcilerMisses.length === 0;
  return {
    ok: verdict.ok && reconcilersOk,
    summary: `${verdict.summary}; ${
      reconcilersOk
        ? `reconcilers resume and fit the night (${reconciled.map((row) => `${row.job} ~${Math.round(reconcilerVerdict(row).projectedS)} s`).join(", ")})`
        : `reconcilers over budget: ${reconcilerMisses.join("; ")}`
    }`,
  };
}
