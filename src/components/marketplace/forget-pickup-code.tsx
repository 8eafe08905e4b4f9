import { useEffect } from "react";
import { forgetPickupCode } from "@/lib/pickup-code-storage";

/** Rendered where a deal's code is spent (verified) or no longer needed: takes it off the device. */
export function ForgetPickupCode({ uid, offerId }: { uid: string; offerId: string }) {
  useEffect(() => forgetPickupCode(uid, offerId), [uid, offerId]);
  return null;
}
