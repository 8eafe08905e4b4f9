/**
 * The guarded pages' first reads over REST (src/lib/first-read.ts), one chunk for the route table to
 * load on a page load: no Firebase and no zod in it, so it arrives long before either.
 */
export { startCustomerFirstReads } from "@/features/customer/api/first-reads";
export { startMerchantFirstReads } from "@/features/merchant/api/first-reads";
export { startMessagesFirstReads } from "@/features/messages/api/first-reads";
