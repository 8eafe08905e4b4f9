/**
 * The shop's dashboard's first reads over REST (src/lib/first-read.ts), a chunk of its own for the route
 * table to load on a page load: no Firebase and no zod in it, so it arrives long before either; the
 * buyer's (./customer-first-reads.ts) are not on this path.
 */
export { startMerchantFirstReads } from "@/features/merchant/api/first-reads";
