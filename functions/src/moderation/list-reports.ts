import type { Firestore } from "firebase-admin/firestore";
import type { z } from "zod";
import { COLLECTIONS, REPORT_FIELDS } from "@/domain/core/collections";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import {
  type listReportsOutputSchema,
  REPORT_STATUS,
  type Report,
  reportSchema,
} from "@/domain/people/moderation";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { publicName, publicProfileSchema } from "@/domain/people/user";
import { runDeal } from "../deals/deal-store";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { fromFirestore } from "../profiles/user-record";
import { requireAdmin } from "./admin-claim";

type ListReportsOutput = z.input<typeof listReportsOutputSchema>;

/** How many open and how many recently resolved reports the queue shows. */
const OPEN_PAGE = 50;
const RESOLVED_PAGE = 20;

/** The admin queue: open reports oldest first, then the latest resolved, with the reported person's name. */
export async function listReportsFor(db: Firestore): Promise<ListReportsOutput> {
  const reports = db.collection(COLLECTIONS.reports);
  const [open, resolved] = await Promise.all([
    reports
      .where(REPORT_FIELDS.status, "==", REPORT_STATUS.open)
      .orderBy(REPORT_FIELDS.createdAt, "asc")
      .limit(OPEN_PAGE)
      .get(),
    reports
      .where(REPORT_FIELDS.status, "==", REPORT_STATUS.resolved)
      .orderBy(REPORT_FIELDS.createdAt, "desc")
      .limit(RESOLVED_PAGE)
      .get(),
  ]);
  const rows: Report[] = [];
  for (const doc of [...open.docs, ...resolved.docs]) {
    const parsed = reportSchema.safeParse(fromFirestore(doc.data()));
    if (parsed.success) rows.push(parsed.data);
  }
  const ids = [...new Set(rows.map((row) => row.reportedUserId))];
  const profiles = ids.length
    ? await db.getAll(...ids.map((id) => db.collection(COLLECTIONS.profiles).doc(id)))
    : [];
  const byId = new Map(profiles.map((snapshot) => [snapshot.id, snapshot.data()]));
  return {
    reports: rows.map((row) => {
      const data = byId.get(row.reportedUserId);
      const profile = publicProfileSchema.safeParse(data);
      return {
        ...row,
        createdAt: row.createdAt.toISOString(),
        ...(row.resolvedAt ? { resolvedAt: row.resolvedAt.toISOString() } : {}),
        reportedName: profile.success ? publicName(profile.data) : row.reportedUserId,
        reportedSuspended: data?.suspended === true,
      };
    }),
  };
}

export const listReports = guardedCall(
  ACCOUNT_GUARD.admin,
  sized("listReports", callableOptions),
  (request): Promise<ListReportsOutput> => {
    const admin = requireAdmin(request);
    return runDeal("listReports", admin, MODERATION_MESSAGES.reportFailed, () => listReportsFor(adminDb()));
  },
);
