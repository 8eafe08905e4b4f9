/**
 * The buyer's and the shop's dashboards' first reads over REST (src/lib/first-read.ts), one chunk for
 * the route table to load on a page load: no Firebase and no zod in it, so it arrives long before
 * either. The messages screen and the shop's feed load their own (src/app/route-prefetch.ts).
 */
export { startCustomerFirstReads } from "@/features/customer/api/first-reads";
export { startMerchantFirstReads } from "@/features/merchant/api/first-reads";
