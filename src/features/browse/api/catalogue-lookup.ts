import { useQuery } from "@tanstack/react-query";

// The lookup's code and the catalogue's data module load with its first read (a dynamic import, once).
const lookupModule = () => import("../lib/catalogue-lookup");

/**
 * The shop's catalogue as a lookup for the feed's cards, loaded after the feed (its code and its read
 * on demand); under the catalogue's key, so a change on /catalogo reads it again.
 */
export function useCatalogueLookup(uid: string) {
  return useQuery({
    queryKey: ["catalogue", uid, "lookup"],
    queryFn: async () => (await lookupModule()).loadCatalogueLookup(uid),
    enabled: uid !== "",
    staleTime: 60_000,
  }).data;
}
