import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { configureFirestore } from "../../functions/src/lib/admin";
import { fetchNearbyPage, type NearbyCursor, type NearbyPage } from "../../src/domain/geo/geo-feed";
import { planNearbyQuery } from "../../src/domain/geo/geo-feed-plan";
import { createMemoryFeedExecutor } from "../../src/testing/geo-memory-executor";
import { startStandaloneFirestore } from "../stack/firestore-only";
import { adminFeedExecutor } from "./admin-executor";
import { type BenchRequest, generateRequests } from "./dataset";
import { PAGE_SIZE, PROJECT_ID, type Scenario } from "./scenarios";
import { seedRequests } from "./seed";

/**
 * Google's emulator, seeded with `count` requests of the same kind, answers `pages` pages of each scenario;
 * every page must equal the mirror's over the same documents, reads included. Returns the pages compared.
 */
export async function checkAgainstFirestore(
  count: number,
  now: number,
  scenarios: readonly Scenario[],
  pages: number,
) {
  if (scenarios.length === 0) return { pages: 0, seconds: 0 };
  const started = performance.now();
  const requests = generateRequests(count, 20250101, now);
  const memory = createMemoryFeedExecutor(requests);
  const emulator = await startStandaloneFirestore(PROJECT_ID);
  process.env.METADATA_SERVER_DETECTION ??= "none";
  const app = initializeApp({ projectId: PROJECT_ID }, `bench-geo-${process.pid}`);
  let compared = 0;
  try {
    const db = configureFirestore(getFirestore(app), emulator.host);
    console.log(`\nGoogle's Firestore emulator at ${emulator.origin}: writing ${count} requests…`);
    await seedRequests(db, requests);
    const firestore = adminFeedExecutor<BenchRequest>(db);
    for (const scenario of scenarios) {
      const plan = planNearbyQuery(scenario.at, scenario.radiusKm);
      const params = {
        center: scenario.at,
        radiusKm: scenario.radiusKm,
        pageSize: PAGE_SIZE,
        ...scenario.filters,
      };
      let cursor: NearbyCursor<BenchRequest> | null = null;
      let mirrorCursor: NearbyCursor<BenchRequest> | null = null;
      for (let page = 0; page < pages; page += 1) {
        const viaFirestore: NearbyPage<BenchRequest> = await fetchNearbyPage(
          firestore,
          { ...params, cursor },
          plan,
        );
        const viaMirror: NearbyPage<BenchRequest> = await fetchNearbyPage(
          memory,
          { ...params, cursor: mirrorCursor },
          plan,
        );
        const ids = (result: NearbyPage<BenchRequest>) => result.items.map((item) => item.id).join();
        if (ids(viaFirestore) !== ids(viaMirror) || viaFirestore.reads !== viaMirror.reads) {
          throw new Error(
            `${scenario.merchant} ${scenario.radiusKm} km ${scenario.label}, page ${page + 1}: Google's Firestore emulator and the in-memory mirror disagree`,
          );
        }
        compared += 1;
        cursor = viaFirestore.nextCursor;
        mirrorCursor = viaMirror.nextCursor;
        if (!cursor) break;
      }
      console.log(`  ${scenario.merchant}, ${scenario.radiusKm} km, ${scenario.label}: identical`);
    }
  } finally {
    await deleteApp(app);
    await emulator.stop();
  }
  return { pages: compared, seconds: (performance.now() - started) / 1000 };
}
