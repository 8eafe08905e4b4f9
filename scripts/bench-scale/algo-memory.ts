// `npm run bench:algo-memory`: what one Algo photo turn costs the function's memory, to size algoChat
// (functions/src/lib/sizing.ts: the instance's memory and how many requests it serves at once).
//
// In this process: Google's Firestore emulator (scripts/stack/firestore-only.ts), the fake Gemini server
// (tests/support/fake-gemini.ts, which keeps no request body here) and the functions' own runAlgoChat,
// called N times at once with a ~300 kB base64 photo each (the client's JPEG at quality 0.8), for N in
// BENCH_ALGO_CONCURRENCY (default 1,5,20); BENCH_ALGO_PHOTO_CHARS sets the photo's size (default
// 300000). Heap and RSS are sampled every 5 ms; the growth over the idle baseline (after a forced
// garbage collection) divided by N is the memory per concurrent turn.
// Run with --expose-gc (the npm script does).

import { randomBytes } from "node:crypto";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore, Timestamp } from "firebase-admin/firestore";
import { configureFirestore } from "../../functions/src/lib/admin";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { geminiJson, startFakeGemini } from "../../tests/support/fake-gemini";
import { startStandaloneFirestore } from "../stack/firestore-only";

const CONCURRENCY = (process.env.BENCH_ALGO_CONCURRENCY ?? "1,5,20").split(",").map(Number);
const PHOTO_BASE64_CHARS = Number(process.env.BENCH_ALGO_PHOTO_CHARS ?? 300_000);
const PLACE = { address: "Porta Venezia, Milano", lat: 45.4746, lng: 9.2053 };
const REPLY = {
  message: "Vedo una bici da città. La pubblico?",
  extractedData: { productName: "bici da città", category: "sport", budget: { min: 0, max: 300 } },
  isComplete: true,
  finalRequest: { urgency: "giorni", deliveryPreference: "both" },
};

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => bytes / 1024 / 1024;

async function main() {
  if (!gc) throw new Error("run with node --expose-gc (npm run bench:algo-memory)");
  const firestore = await startStandaloneFirestore("demo-algo-memory");
  const gemini = await startFakeGemini();
  // The fake keeps every request body for tests to read: here that would be counted as the turn's memory.
  gemini.requests.push = () => 0;
  const app = initializeApp({ projectId: "demo-algo-memory" }, "algo-memory");
  try {
    const db = configureFirestore(getFirestore(app), firestore.host);
    const { runAlgoChat } = await import("../../functions/src/algo/algo-chat");
    const deps = {
      db,
      gemini: { apiKey: "bench-key", model: "gemini-bench", baseUrl: gemini.url, timeoutMs: 30_000 },
      now: () => new Date(),
      emailProven: true,
    };
    const photo = () => randomBytes((PHOTO_BASE64_CHARS * 3) / 4).toString("base64");
    const turn = async (uid: string) => {
      await db
        .collection(COLLECTIONS.users)
        .doc(uid)
        .set({
          id: uid,
          uid,
          email: `${uid}@example.it`,
          displayName: uid,
          userType: "customer",
          createdAt: Timestamp.now(),
          aiTokens: 50,
          monthlyTokensUsed: 0,
          lastTokenReset: Timestamp.now(),
        });
      return { uid, imageBase64: photo() };
    };
    // One warm-up turn: the modules, the SDK clients and the emulator connection are loaded once.
    gemini.enqueue(geminiJson(REPLY));
    const warm = await turn("warm-up");
    await runAlgoChat(warm.uid, { message: "questa", imageBase64: warm.imageBase64, location: PLACE }, deps);
    console.log("| turns at once | heap growth (MB) | RSS growth (MB) | per turn: heap / RSS (MB) | ms |");
    console.log("| --: | --: | --: | --: | --: |");
    for (const n of CONCURRENCY) {
      const inputs = await Promise.all(Array.from({ length: n }, (_, i) => turn(`buyer-${n}-${i}`)));
      for (let i = 0; i < n; i += 1) gemini.enqueue(geminiJson(REPLY));
      gc();
      const base = process.memoryUsage();
      let peak = { heap: base.heapUsed, rss: base.rss };
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peak = { heap: Math.max(peak.heap, now.heapUsed), rss: Math.max(peak.rss, now.rss) };
      }, 5);
      const started = performance.now();
      await Promise.all(
        inputs.map(({ uid, imageBase64 }) =>
          runAlgoChat(uid, { message: "questa", imageBase64, location: PLACE }, deps),
        ),
      );
      const ms = performance.now() - started;
      clearInterval(sampler);
      const heap = mb(peak.heap - base.heapUsed);
      const rss = mb(peak.rss - base.rss);
      console.log(
        `| ${n} | ${heap.toFixed(1)} | ${rss.toFixed(1)} | ${(heap / n).toFixed(2)} / ${(rss / n).toFixed(2)} | ${ms.toFixed(0)} |`,
      );
    }
    const idle = process.memoryUsage();
    console.log(
      `Idle process after the runs: heap ${mb(idle.heapUsed).toFixed(0)} MB, RSS ${mb(idle.rss).toFixed(0)} MB`,
    );
  } finally {
    await deleteApp(app);
    await gemini.close();
    await firestore.stop();
  }
}

await main();
