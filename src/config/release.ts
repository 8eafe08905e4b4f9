/** Set by vite.config.ts from the build's commit; absent under tests. */
declare const __VICINO_RELEASE__: string | undefined;

/**
 * Which build this is: the short commit it was built from (or VICINO_RELEASE), as the error reports
 * name it (src/domain/boundary/client-error.ts), so Error Reporting tells releases apart.
 */
export const RELEASE: string = typeof __VICINO_RELEASE__ === "string" ? __VICINO_RELEASE__ : "dev";
