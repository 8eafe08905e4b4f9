import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scanRepository, scanSource } from "./contract-scan";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/**
 * Files that may keep a literal, each with the reason. Keep it short: a literal here is a second
 * definition the compiler cannot check.
 */
const ALLOWED: Readonly<Record<string, string>> = {
  // The scanner names what it looks for.
  "scripts/checks/contract-scan.ts": "the scanner's own patterns",
};

describe("contract scan", () => {
  it("finds no collection name, status or field path outside src/domain's definitions", () => {
    const findings = scanRepository(root, ALLOWED).map(
      (finding) => `${finding.file}:${finding.line} ${finding.rule}: ${finding.text}`,
    );
    expect(findings).toEqual([]);
  });

  it("flags the contract where it is used, and leaves words and comments alone", () => {
    const rules = (source: string) => scanSource("x.ts", source).map((finding) => finding.rule);
    expect(rules('db.collection("requests").doc(id)')).toEqual(["collection name"]);
    expect(rules('doc(\n  db,\n  "conversations",\n  id,\n  "messages",\n)')).toEqual(["collection name"]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text the scan reads
    expect(rules("const path = `users/${uid}`;")).toEqual(["collection name"]);
    expect(rules('export const OFFERS_COLLECTION = "offers";')).toEqual(["collection name"]);
    expect(rules('if (request.status === "active") return;')).toEqual(["status literal"]);
    expect(rules('switch (offer.status) {\n  case "pending":\n    break;\n}')).toEqual(["status literal"]);
    expect(rules('countMerchantOffers(uid, "accepted")')).toEqual(["status literal"]);
    expect(rules('const open = ["active", "in_progress"].includes(request.status);')).toEqual([
      "status literal",
    ]);
    expect(rules('q.where(OFFER_FIELDS.status, "==", "pending")')).toEqual(["status literal"]);
    expect(rules('const draft = { status: "active" };')).toEqual(["status literal"]);
    expect(rules('q.where("customerId", "==", uid)')).toEqual(["field path"]);
    expect(rules('const key = "location.lat";')).toEqual(["field path"]);
    expect(rules('const side = "participants.merchantId";')).toEqual(["field path"]);

    expect(rules('const title = "Le tue richieste attive";')).toEqual([]);
    expect(rules('const key = ["messages", uid];')).toEqual([]);
    expect(rules('navigate("/messages");')).toEqual([]);
    expect(rules('const tab = filter === "active" ? 1 : 0;')).toEqual([]);
    expect(rules('if (isAcceptedOffer(offer.status)) return "accepted";')).toEqual([]);
    expect(rules('// requests/{id}: status "active"\nconst x = 1;')).toEqual([]);
    expect(rules('/** db.collection("users") */\nconst y = 2;')).toEqual([]);
  });
});
