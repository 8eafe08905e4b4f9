/** The product's name lives here only (spec: 'Benvenuto su {product}'). */
export const PRODUCT_NAME = "Vicino";

/** Firebase project id for everything local; a `demo-*` id can never reach a real project. */
export const LOCAL_PROJECT_ID = "demo-vicino";

/** Cloud Functions region (Milano). */
export const FUNCTIONS_REGION = "europe-west8";
