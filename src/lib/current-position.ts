import type { LatLng } from "@/domain/geo/geo";

/**
 * The device's position: the 'Usa la mia posizione' shortcut of architecture §4, on /create and in
 * the merchant profile. Coarse (no GPS wake-up) and a minute old at most is plenty for a radius in km.
 */
export function currentPosition(): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(new Error("Geolocalizzazione non disponibile"));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      reject,
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  });
}
