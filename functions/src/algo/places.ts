import places from "@/data/gazetteer/places-it.json";
import type { Gazetteer } from "@/domain/geo/gazetteer";
import { findPlaceMention, type PlaceMention, placeFromParts } from "@/domain/geo/place-mention";

/**
 * The offline Italian gazetteer on the server (the same file the app loads lazily), bundled into the
 * functions by esbuild: Algo resolves the places said in the chat with it, offline or after Gemini.
 */
export const ITALIAN_PLACES = places as unknown as Gazetteer;

/** The place a message names ('a Roma, zona Trastevere'), 'near me', or undefined. */
export function readPlace(text: string, answering = false): PlaceMention | undefined {
  return findPlaceMention(ITALIAN_PLACES, text, { answering });
}

/** The place a model named in its `place` fields, through the gazetteer. */
export function resolveModelPlace(parts: {
  comune?: string;
  provincia?: string;
  zona?: string;
}): PlaceMention | undefined {
  return placeFromParts(ITALIAN_PLACES, parts);
}
