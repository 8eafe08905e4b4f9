import { useMemo } from "react";
import { DEFAULT_MERCHANT_LOCATION } from "@/domain/core/limits";
import type { LatLng } from "@/domain/geo/geo";
import { useSession } from "@/lib/session/session-provider";

export type MerchantLocation = LatLng & {
  address: string;
  /** True when the shop has no position yet and the feed uses the default (Milano). */
  isDefault: boolean;
};

/** The shop's position from the signed-in merchant's profile, or the default (spec §2: Milano). */
export function merchantLocationOf(
  location: (LatLng & { address?: string | undefined }) | undefined | null,
): MerchantLocation {
  if (location && Number.isFinite(location.lat) && Number.isFinite(location.lng)) {
    return { lat: location.lat, lng: location.lng, address: location.address ?? "", isDefault: false };
  }
  return { ...DEFAULT_MERCHANT_LOCATION, isDefault: true };
}

export function useMerchantLocation(): MerchantLocation {
  const location = useSession().userData?.location;
  const lat = location?.lat;
  const lng = location?.lng;
  const address = location?.address;
  return useMemo(
    () => merchantLocationOf(lat !== undefined && lng !== undefined ? { lat, lng, address } : null),
    [lat, lng, address],
  );
}
