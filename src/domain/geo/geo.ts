import { z } from "zod";

/** A point on the globe, degrees. */
export const latLngSchema = z.object({
  lat: z
    .number({ error: "Latitudine non valida" })
    .min(-90, { error: "Latitudine non valida" })
    .max(90, { error: "Latitudine non valida" }),
  lng: z
    .number({ error: "Longitudine non valida" })
    .min(-180, { error: "Longitudine non valida" })
    .max(180, { error: "Longitudine non valida" }),
});
export type { LatLng } from "./geo-math.ts";
export {
  destinationPoint,
  distanceKm,
  isWithinRadius,
  normalizeLng,
  toDegrees,
  toRadians,
} from "./geo-math.ts";
