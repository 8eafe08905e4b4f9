import { collection, getDocs, limit, query, where } from "firebase/firestore/lite";
import { z } from "zod";
import { BLOCK_FIELDS, COLLECTIONS, REPORT_FIELDS } from "@/domain/core/collections";
import { moderateReportInputSchema } from "@/domain/people/decisions";
import {
  type Block,
  blockSchema,
  listReportsOutputSchema,
  moderateReportOutputSchema,
  type Report,
  reportContentInputSchema,
  reportContentOutputSchema,
  reportSchema,
  setBlockInputSchema,
  setBlockOutputSchema,
} from "@/domain/people/moderation";
import { callable } from "./callables";
import { isPresent, parseDocument } from "./document";
import { getLiteDb } from "./firestore-lite";

/** The reports and blocks a user reads (bounded, as the rules require). */
const OWN_LIST_LIMIT = 50;

export const reportContent = callable("reportContent", reportContentInputSchema, reportContentOutputSchema);
export const setBlock = callable("setBlock", setBlockInputSchema, setBlockOutputSchema);
export const moderateReport = callable(
  "moderateReport",
  moderateReportInputSchema,
  moderateReportOutputSchema,
);
const listReportsCall = callable("listReports", z.object({}), listReportsOutputSchema);

/** The admin queue (listReports: admins only). */
export function listReports() {
  return listReportsCall({});
}

/** The reports `uid` filed, with the admin's outcome once decided. */
export async function listMyReports(uid: string): Promise<Report[]> {
  const snapshot = await getDocs(
    query(
      collection(await getLiteDb(), COLLECTIONS.reports),
      where(REPORT_FIELDS.reporterId, "==", uid),
      limit(OWN_LIST_LIMIT),
    ),
  );
  return snapshot.docs
    .map((doc) =>
      parseDocument(reportSchema, doc.data(), doc.id, `Segnalazione ${doc.id} ignorata: dati non validi`),
    )
    .filter(isPresent)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** The people `uid` blocked. */
export async function listMyBlocks(uid: string): Promise<Block[]> {
  const snapshot = await getDocs(
    query(
      collection(await getLiteDb(), COLLECTIONS.blocks),
      where(BLOCK_FIELDS.blockerId, "==", uid),
      limit(OWN_LIST_LIMIT),
    ),
  );
  return snapshot.docs
    .map((doc) => parseDocument(blockSchema, doc.data(), null, `Blocco ${doc.id} ignorato: dati non validi`))
    .filter(isPresent);
}
