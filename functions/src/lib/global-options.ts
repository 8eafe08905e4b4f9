import { setGlobalOptions } from "firebase-functions/options";
import { FUNCTIONS_REGION } from "@/domain/product";

/**
 * Every function runs in Milano. Function modules import `region` from here, so this call
 * is guaranteed to run before any of them is defined.
 */
export const region = FUNCTIONS_REGION;

setGlobalOptions({ region, maxInstances: 10 });
