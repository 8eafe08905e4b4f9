/**
 * The buyer's pages' first reads over REST (src/lib/first-read.ts), a chunk of its own for the route
 * table to load on a page load: no Firebase and no zod in it, so it arrives long before either; the
 * shop's (./merchant-first-reads.ts), the messages screen's and the feed's are not on this path.
 */
export { startCustomerFirstReads } from "@/features/customer/api/first-reads";
