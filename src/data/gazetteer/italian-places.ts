import { type Gazetteer, placeSearch } from "@/domain/geo/gazetteer";
import places from "./places-it.json";

/**
 * The lookups over the real dataset. This module (data and lookup code together) is the chunk that
 * load-gazetteer.ts imports on demand; nothing imports it statically.
 */
export const italianPlaces = placeSearch(places as unknown as Gazetteer);
