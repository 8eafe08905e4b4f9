import type { DeliveryOption, DeliveryPreference } from "../core/enums.ts";

/**
 * The offer form's delivery checkboxes start from the request's preference: both → both. A module of
 * its own (no schema), so the make-offer form and the catalogue's draft carry nothing else.
 */
export function deliveryOptionsFromPreference(preference: DeliveryPreference | undefined): DeliveryOption[] {
  if (preference === "pickup") return ["pickup"];
  if (preference === "delivery") return ["delivery"];
  return ["pickup", "delivery"];
}
