import { paths } from "../../src/config/paths";
import { DEMO_BUYER, DEMO_SHOP_1 } from "../seed/demo-data";

// The pages `npm run bench:lighthouse` measures, in order, and who is signed in for each.

export type BenchRole = "visitor" | "buyer" | "merchant";

export interface BenchPage {
  /** Name for BENCH_LH_PAGES and the report files. */
  id: string;
  role: BenchRole;
  /** The path, or `conversation`: the buyer's first conversation, found after signing in. */
  path: string | "conversation";
}

export const BENCH_PAGES: readonly BenchPage[] = [
  { id: "home", role: "visitor", path: paths.home.path },
  { id: "auth", role: "visitor", path: paths.auth.path },
  { id: "create", role: "buyer", path: paths.create.path },
  { id: "customer", role: "buyer", path: paths.customerDashboard.path },
  { id: "requests", role: "buyer", path: paths.requests.path },
  { id: "messages", role: "buyer", path: paths.messages.path },
  { id: "conversation", role: "buyer", path: "conversation" },
  { id: "merchant", role: "merchant", path: paths.merchantDashboard.path },
  { id: "browse", role: "merchant", path: paths.browse.path },
];

export const ACCOUNT_BY_ROLE = {
  buyer: DEMO_BUYER,
  merchant: DEMO_SHOP_1,
} as const;

/** The note written next to a page in the report. */
export function roleNote(role: BenchRole): string {
  return role === "visitor" ? "signed out" : `signed in as ${ACCOUNT_BY_ROLE[role].email}`;
}

/**
 * The reference: `/` signed out needs no data and no session, so its TBT moves only with the host. Every
 * run measures it first and again at the end, and reports each page's TBT beside it: a slow host then
 * shows as a slow reference, not as a page's pass or fail by luck.
 */
export const REFERENCE_PAGE: BenchPage = BENCH_PAGES[0] as BenchPage;

/**
 * `BENCH_LH_PAGES=create,customer` → the reference and those pages, in the table's order; unknown names
 * are an error.
 */
export function selectPages(wanted: readonly string[] | undefined): BenchPage[] {
  if (!wanted) return [...BENCH_PAGES];
  const unknown = wanted.filter((id) => !BENCH_PAGES.some((page) => page.id === id));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown BENCH_LH_PAGES: ${unknown.join(", ")} (known: ${BENCH_PAGES.map((p) => p.id).join(", ")})`,
    );
  }
  return BENCH_PAGES.filter((page) => page === REFERENCE_PAGE || wanted.includes(page.id));
}
