/**
 * npm run bench -w @vicino/firestore-emulator
 *
 * Starts the server in its own process (like the real stack: clients and server do not share a
 * thread) and measures:
 *  - single-document commits/s through firebase-admin REST (sequential and 32 in flight);
 *  - single-document commits/s through the browser Write stream: the real firebase browser build
 *    run in Node over an XMLHttpRequest shim (sequential and concurrent), and a minimal raw
 *    WebChannel Write client pipelining 32 commits (the server's own ceiling);
 *  - `where(==) + orderBy + limit 50` latency over 10k and 100k documents (admin REST, p50/p95);
 *  - fan-out: one commit to 50 Listen streams (raw WebChannel clients), p95 of commit→delivery.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { initializeApp } from "firebase/app";
import { connectAdmin } from "../test/support/admin.ts";
import { loadWebFirestore } from "../test/support/web-sdk.ts";
import {
  type Backchannel,
  httpRequest,
  payloads,
  WebChannelClient,
} from "../test/support/webchannel-client.ts";

const PROJECT = "demo-bench";
const DB = `projects/${PROJECT}/databases/(default)`;
const ROOT = `${DB}/documents`;

interface Row {
  what: string;
  result: string;
  goal: string;
}
const rows: Row[] = [];
const log = (s: string) => process.stdout.write(`${s}\n`);

function startServer(): Promise<{ child: ChildProcess; url: string; port: number }> {
  const bin = fileURLToPath(new URL("../bin/vicino-firestore.mjs", import.meta.url));
  const child = spawn(process.execPath, [bin, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /pronto su (http:\/\/[^:]+:(\d+))/.exec(out);
      if (m) resolve({ child, url: m[1] as string, port: Number(m[2]) });
    });
    child.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
}

/** CPU time (user + system) of the server process in ms, from /proc (Linux); null elsewhere. */
function serverCpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // CLK_TCK = 100
  } catch {
    return null;
  }
}

function cpuNote(before: number | null, after: number | null, n: number): string {
  if (before === null || after === null) return "";
  return `; server CPU ${((after - before) / n).toFixed(2)} ms/commit`;
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
}

async function restCommit(url: string, writes: unknown[]): Promise<void> {
  const res = await httpRequest(`${url}/v1/${ROOT}:commit`, "POST", JSON.stringify({ writes }));
  if (res.status !== 200) throw new Error(`commit failed ${res.status} ${res.body.slice(0, 200)}`);
}

async function clear(url: string): Promise<void> {
  await httpRequest(`${url}/emulator/v1/${ROOT}`, "DELETE");
}

async function rawRestCommits(url: string, pid: number | undefined): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const u = new URL(url);
  const post = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          agent,
          host: u.hostname,
          port: u.port,
          method: "POST",
          path: `/v1/${ROOT}:commit?$alt=json%3Benum-encoding=int`,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on("end", () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`)),
          );
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  const body = (i: number) =>
    JSON.stringify({
      writes: [
        {
          update: {
            name: `${ROOT}/bench-rest/d${i % 500}`,
            fields: { i: { integerValue: String(i) }, name: { stringValue: `doc ${i}` } },
          },
        },
      ],
    });
  for (let i = 0; i < 300; i++) await post(body(i));
  const N = 8000;
  const C = 32;
  let next = 0;
  const cpu0 = serverCpuMs(pid);
  const [, ms] = await timed(() =>
    Promise.all(
      Array.from({ length: C }, async () => {
        while (next < N) await post(body(next++));
      }),
    ),
  );
  rows.push({
    what: `lean REST client (node:http keep-alive, same JSON as admin), ${C} in flight: the server's ceiling`,
    result: `${Math.round((N / ms) * 1000)} commits/s${cpuNote(cpu0, serverCpuMs(pid), N)}`,
    goal: "≥ 2,000 commits/s",
  });
  agent.destroy();
}

async function adminCommits(port: number, pid: number | undefined): Promise<void> {
  const admin = connectAdmin(port, PROJECT);
  const col = admin.db.collection("bench-admin");
  await col.doc("warm").set({ v: 0 });
  for (let i = 0; i < 200; i++) await col.doc(`w${i}`).set({ i });
  const N = 3000;
  let cpu0 = serverCpuMs(pid);
  const [, seqMs] = await timed(async () => {
    for (let i = 0; i < N; i++) await col.doc(`s${i % 500}`).set({ i, name: `doc ${i}`, tags: ["a", "b"] });
  });
  rows.push({
    what: "admin REST `set()` sequential",
    result: `${Math.round((N / seqMs) * 1000)} commits/s${cpuNote(cpu0, serverCpuMs(pid), N)}`,
    goal: "≥ 2,000 commits/s",
  });
  const C = 32;
  const M = 6000;
  cpu0 = serverCpuMs(pid);
  const [, concMs] = await timed(async () => {
    let next = 0;
    await Promise.all(
      Array.from({ length: C }, async () => {
        while (next < M) {
          const i = next++;
          await col.doc(`c${i % 1000}`).set({ i, name: `doc ${i}` });
        }
      }),
    );
  });
  rows.push({
    what: `admin REST \`set()\`, ${C} in flight`,
    result: `${Math.round((M / concMs) * 1000)} commits/s${cpuNote(cpu0, serverCpuMs(pid), M)}`,
    goal: "≥ 2,000 commits/s",
  });
  await admin.close();
}

async function browserSdkCommits(port: number): Promise<void> {
  const fs = await loadWebFirestore();
  fs.setLogLevel("silent");
  const app = initializeApp({ projectId: PROJECT, apiKey: "bench" }, "bench-web");
  const db = fs.initializeFirestore(app, {});
  fs.connectFirestoreEmulator(db, "127.0.0.1", port);
  for (let i = 0; i < 100; i++) await fs.setDoc(fs.doc(db, `bench-web/w${i}`), { i });
  const N = 1000;
  const [, seqMs] = await timed(async () => {
    for (let i = 0; i < N; i++) await fs.setDoc(fs.doc(db, `bench-web/s${i % 200}`), { i, name: `doc ${i}` });
  });
  rows.push({
    what: "browser SDK Write stream (firebase browser build in Node, XHR shim), `setDoc` sequential",
    result: `${Math.round((N / seqMs) * 1000)} commits/s`,
    goal: "—",
  });
  const M = 3000;
  const [, concMs] = await timed(async () => {
    await Promise.all(
      Array.from({ length: M }, (_, i) => fs.setDoc(fs.doc(db, `bench-web/c${i % 500}`), { i })),
    );
  });
  rows.push({
    what: `browser SDK Write stream, ${M} \`setDoc\` at once (SDK pipelines ≤ 10 batches)`,
    result: `${Math.round((M / concMs) * 1000)} commits/s`,
    goal: "—",
  });
  await fs.terminate(db);
}

async function rawWriteStream(url: string): Promise<void> {
  const c = new WebChannelClient(url, "Write", DB);
  await c.open({ database: DB });
  let aid = 0;
  let bc: Backchannel = c.backchannel(aid);
  await bc.waitFor((es) => payloads(es).length >= 1);
  let token = (payloads(bc.entries)[0] as { streamToken: string }).streamToken;
  let responses = 0;
  const seen = new Set<number>();
  const N = 6000;
  const inFlight = 32;
  let sent = 0;
  const write = (i: number) => ({
    streamToken: token,
    writes: [
      { update: { name: `${ROOT}/bench-raw/d${i % 500}`, fields: { i: { integerValue: String(i) } } } },
    ],
  });
  const [, ms] = await timed(async () => {
    const pump = async () => {
      while (sent < N && sent - responses < inFlight) {
        const batch = [];
        while (sent < N && sent - responses + batch.length < inFlight && batch.length < 8)
          batch.push(write(sent + batch.length));
        sent += batch.length;
        await c.send(batch, aid);
      }
    };
    await pump();
    while (responses < N) {
      await bc.waitFor((es) => es.some((e) => !seen.has(e[0])) || bc.ended, 10_000);
      for (const e of bc.entries) {
        if (seen.has(e[0])) continue;
        seen.add(e[0]);
        aid = Math.max(aid, e[0]);
        const p = e[1][0] as { writeResults?: unknown[]; streamToken?: string } | string;
        if (typeof p === "object" && p.writeResults) {
          responses++;
          token = p.streamToken ?? token;
        }
      }
      if (bc.ended) {
        bc = c.backchannel(aid);
        seen.clear();
      }
      await pump();
    }
  });
  rows.push({
    what: "raw WebChannel Write stream (minimal client, 32 commits in flight)",
    result: `${Math.round((N / ms) * 1000)} commits/s`,
    goal: "—",
  });
  bc.close();
  await c.terminate();
}

async function load(url: string, collection: string, n: number): Promise<void> {
  const batch = 500;
  const jobs: Array<() => Promise<void>> = [];
  for (let start = 0; start < n; start += batch) {
    jobs.push(() => {
      const writes = [];
      for (let i = start; i < Math.min(n, start + batch); i++) {
        writes.push({
          update: {
            name: `${ROOT}/${collection}/d${String(i).padStart(6, "0")}`,
            fields: {
              category: { stringValue: `cat${i % 20}` },
              price: { doubleValue: ((i * 7919) % 100000) / 100 },
              title: { stringValue: `Articolo numero ${i}` },
              seller: { stringValue: `s${i % 500}` },
              active: { booleanValue: i % 3 !== 0 },
            },
          },
        });
      }
      return restCommit(url, writes);
    });
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < jobs.length) await (jobs[next++] as () => Promise<void>)();
    }),
  );
}

async function queryLatency(url: string, port: number, n: number): Promise<void> {
  const collection = `items${n}`;
  const [, loadMs] = await timed(() => load(url, collection, n));
  log(`  loaded ${n} docs in ${(loadMs / 1000).toFixed(1)} s`);
  const admin = connectAdmin(port, PROJECT);
  const q = (i: number) =>
    admin.db
      .collection(collection)
      .where("category", "==", `cat${i % 20}`)
      .orderBy("price", "desc")
      .limit(50);
  const [first, coldMs] = await timed(() => q(0).get());
  if (first.size !== 50) throw new Error(`expected 50 results, got ${first.size}`);
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const [snap, ms] = await timed(() => q(i).get());
    if (snap.size !== 50) throw new Error("bad result size");
    times.push(ms);
  }
  rows.push({
    what: `\`where(category ==) + orderBy(price desc) + limit(50)\` over ${n.toLocaleString("en")} docs (admin REST, end to end)`,
    result: `p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms (first query, building the index: ${coldMs.toFixed(0)} ms)`,
    goal: n >= 100_000 ? "≤ 150 ms" : "—",
  });
  // Range + orderBy without equality (no index help: full scan + top-k).
  const scan: number[] = [];
  for (let i = 0; i < 10; i++) {
    const [, ms] = await timed(() =>
      admin.db.collection(collection).where("price", ">", 100).orderBy("price").limit(50).get(),
    );
    scan.push(ms);
  }
  rows.push({
    what: `\`where(price >) + orderBy(price) + limit(50)\` over ${n.toLocaleString("en")} docs (full scan)`,
    result: `p50 ${pct(scan, 50).toFixed(1)} ms, p95 ${pct(scan, 95).toFixed(1)} ms`,
    goal: "—",
  });
  await admin.close();
}

async function fanOut(url: string): Promise<void> {
  const L = 50;
  const target = `${ROOT}/fanout/room`;
  await restCommit(url, [{ update: { name: target, fields: { n: { integerValue: "0" } } } }]);
  const listeners = await Promise.all(
    Array.from({ length: L }, async (_, i) => {
      const c = new WebChannelClient(url, "Listen", DB);
      await c.open({
        database: DB,
        addTarget: {
          targetId: 2,
          query: {
            parent: ROOT,
            structuredQuery: {
              from: [{ collectionId: "fanout" }],
              orderBy: [{ field: { fieldPath: "__name__" } }],
            },
          },
        },
      });
      const bc = c.backchannel(0);
      await bc.waitFor((es) =>
        payloads(es).some(
          (p) =>
            (p as { targetChange?: { targetChangeType?: string } }).targetChange?.targetChangeType ===
            "CURRENT",
        ),
      );
      return { c, bc, i };
    }),
  );
  const latencies: number[] = [];
  const ROUNDS = 40;
  for (let r = 1; r <= ROUNDS; r++) {
    const marker = String(r);
    const has = (es: (typeof listeners)[number]["bc"]["entries"]) =>
      payloads(es).some((p) => {
        const dc = (p as { documentChange?: { document: { fields: { n: { integerValue: string } } } } })
          .documentChange;
        return dc?.document.fields.n.integerValue === marker;
      });
    const t0 = performance.now();
    const arrivals = listeners.map(async (l) => {
      await l.bc.waitFor(has, 10_000);
      latencies.push(performance.now() - t0);
    });
    await restCommit(url, [{ update: { name: target, fields: { n: { integerValue: marker } } } }]);
    await Promise.all(arrivals);
  }
  rows.push({
    what: `fan-out of one commit to ${L} Listen streams (raw WebChannel clients, ${ROUNDS} commits, commit sent → change received)`,
    result: `p50 ${pct(latencies, 50).toFixed(1)} ms, p95 ${pct(latencies, 95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
    goal: "p95 ≤ 100 ms",
  });
  for (const l of listeners) {
    l.bc.close();
    await l.c.terminate();
  }
}

const server = await startServer();
log(
  `server ${server.url} (separate process); machine: ${cpus().length} cores, ${cpus()[0]?.model ?? "?"}, Node ${process.version}`,
);
try {
  log("REST commits (lean client)…");
  await rawRestCommits(server.url, server.child.pid);
  log("admin REST commits…");
  await adminCommits(server.port, server.child.pid);
  log("browser SDK Write stream commits…");
  await browserSdkCommits(server.port);
  log("raw WebChannel Write stream…");
  await rawWriteStream(server.url);
  await clear(server.url);
  log("query latency, 10k…");
  await queryLatency(server.url, server.port, 10_000);
  log("query latency, 100k…");
  await queryLatency(server.url, server.port, 100_000);
  await clear(server.url);
  log("listener fan-out…");
  await fanOut(server.url);
} finally {
  server.child.kill("SIGTERM");
}
log("");
log("| Measure | Result | Goal |");
log("|---|---|---|");
for (const r of rows) log(`| ${r.what} | ${r.result} | ${r.goal} |`);
process.exit(0);
