#!/usr/bin/env node
// `npm run size`: builds the SPA and checks the initial-JS budgets of architecture §8.
//
// Initial JS of a route = the entry chunk + its static imports (recursively) + the route's lazy
// chunk(s) + their static imports, gzipped. Fails when a marketing route (/, /acquirenti, /negozianti)
// exceeds 120 kB, when any route exceeds 300 kB, when a route is less than 10 % under its budget (the room
// to grow, architecture §8), or when a marketing route's initial JS contains Firestore. `--skip-build` reuses the last build of this script (faster while iterating);
// `--budget-kb=N` sets every budget to N kB (`--budget-kb=1` must fail: the check can fail). The check
// itself is scripts/size/budget.mjs, tested with made-up manifests (budget.test.ts).

import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { checkBudgets, kb } from "./size/budget.mjs";
import { readRouteTable } from "./size/route-table.mjs";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
// Outside dist/ so this never clobbers a build someone is previewing; kept for --skip-build.
const outDir = join(tmpdir(), "vicino-size-build");

// --- Routes, read from the route table ----------------------------------------------------------
// scripts/size/route-table.mjs reads src/app/routes.tsx's lazy pages and routes from its syntax tree and
// each route's path from src/config/paths.ts itself, with its lazy page and frame (the `shell` painted
// while the page loads). A public route whose page is in the entry (the landing) or in
// src/features/marketing/ is a marketing page. Every other route waits for the session
// (RouteAccessGate), whose engine and Firebase load on demand, with the session this device kept and
// the first reads over REST (src/lib/first-read.ts).
const SESSION = [
  "src/lib/session/session-runtime.ts",
  "src/lib/session/follow-user.ts",
  "src/lib/session/kept-session.ts",
  "src/lib/session/zod-first.ts",
];
// What a page loads right after painting (or as its gate renders), counted as its initial JS: the auth
// screen's flows (and Firebase), the first reads of the pages that have them.
const CUSTOMER_FIRST_READS = ["src/app/customer-first-reads.ts"];
const MERCHANT_FIRST_READS = ["src/app/merchant-first-reads.ts"];
const AFTER_PAINT = {
  // The first reads over REST (src/lib/first-read.ts), loaded by the gate of the pages that declare them
  // (src/app/route-prefetch.ts).
  "src/features/customer/customer-dashboard-page.tsx": CUSTOMER_FIRST_READS,
  "src/features/customer/customer-requests-page.tsx": CUSTOMER_FIRST_READS,
  // The shop's zone (src/data/requests.ts), downloaded with the page's code (src/lib/page-data.ts).
  "src/features/merchant/merchant-dashboard-page.tsx": [...MERCHANT_FIRST_READS, "src/data/requests.ts"],
  "src/features/messages/messages-page.tsx": ["src/features/messages/api/first-reads.ts"],
  // The feed over REST (src/data/feed-over-rest.ts), downloaded with the page's code, and its first
  // round, started by the gate.
  "src/features/browse/browse-page.tsx": [
    "src/data/feed-over-rest.ts",
    "src/features/browse/api/first-reads.ts",
  ],
  "src/features/auth/auth-page.tsx": [
    "src/features/auth/api/password-auth.ts",
    "src/features/auth/api/google-sign-in.ts",
    "src/features/auth/api/email-requests.ts",
  ],
};

/** The marketing pages (the landing in the entry, the others lazy): the 120 kB budget, no Firestore. */
const MARKETING = "src/features/marketing/";

async function readRoutes() {
  return (await readRouteTable(root)).map(({ path, access, page, shell }) => {
    const marketing = access === "public" && (!page || page.startsWith(MARKETING));
    const lazy = [...(page ? [page, ...(AFTER_PAINT[page] ?? [])] : []), ...(shell ? [shell] : [])];
    return { path, lazy: marketing ? lazy : [...lazy, ...SESSION], marketing };
  });
}

const ROUTES = await readRoutes();

/**
 * Lazy modules loaded on demand inside a page (not at route entry), so not in any route's initial JS.
 * (src/lib/pending-user-type.ts left this list: the auth pages import it statically, so it is a shared
 * chunk now, still loaded on demand by the marketing pages' start links. So did src/data/admin-role.ts:
 * the admin pages import it statically, and the account menu's import of it is a shared chunk.)
 */
const ON_DEMAND = new Set([
  // The site footer, below the fold of every page but the messages screen, loaded once the layout renders.
  "src/app/layouts/site-footer.tsx",
  "src/components/ui/toaster.tsx",
  // The full Firestore SDK of every live listener (src/data/listen.ts): the session's users/{uid} once the
  // page is idle, the messages screen's once it has painted.
  "node_modules/firebase/firestore/dist/esm/index.esm.js",
  // /profile's account records (decisions, reports, blocks), loaded once the page has rendered.
  "src/features/profile/components/my-decisions.tsx",
  "src/features/profile/components/trust-lists.tsx",
  // The emulators' App Check token maker, loaded with the first token (src/data/app-check.ts).
  "src/data/emulator-app-check-token.ts",
  // Firebase Functions, loaded by the first callable (src/data/callables.ts): a button's first tap.
  "node_modules/firebase/functions/dist/esm/index.esm.js",
  // The offline gazetteer, data and lookup (~150 kB gzip): fetched on the first keystroke in a place
  // field (/create, /profile).
  "src/data/gazetteer/italian-places.ts",
  // The header's unread total (its one listener, on unreadCounts/{uid}), loaded once someone is signed in.
  "src/features/messages/components/with-unread-total.tsx",
  // The client error reporter (src/lib/error-reporting.ts loads it with the first error to report).
  "src/lib/error-reporter.ts",
  // The shop's reviews, loaded by the shop page's first query.
  "src/data/shop-page.ts",
  // The suspension notice's words, loaded only when the signed-in account is suspended.
  "src/app/layouts/suspension-notice-body.tsx",
  // Decisions with reasons and their reviews, loaded by /profile's first query of them and the admin queue's.
  "src/data/decisions.ts",
  // 'Un'offerta per tutti' (its schemas and the products' similarity), loaded when a shop sends one on /browse.
  "src/data/group-offers.ts",
  // 'Attiva le notifiche' on the dashboards, loaded once the dashboard has rendered; the push device's
  // data module when a user turns notifications on or off, or signs out with one; Cloud Messaging then,
  // on a real project.
  "src/components/push/push-prompt.tsx",
  "src/data/push.ts",
  "node_modules/firebase/messaging/dist/esm/index.esm.js",
  // The header's notification bell (its live list), loaded once someone is signed in.
  "src/features/notifications/components/notification-bell.tsx",
  // The messages screen's early reads (the route gate's `prefetch`), loaded once the uid is known; the
  // data modules they use are the page's own.
  "src/features/messages/api/prefetch.ts",
  // The requests' reads (src/data/requests.ts): the buyer's (/customer, /requests, a request's page) and
  // the feed's when it is not read over REST, loaded by their first query; /merchant counts it (above).
  "src/data/requests.ts",
  // The rating form on a buyer's request card (src/features/customer/components/deal-on-card.tsx), loaded
  // when the card shows a deal to rate.
  "src/components/marketplace/completion-form.tsx",
  // The offers the buyer received (/customer, /requests, a request's page), loaded by their first query.
  "src/data/received-offers.ts",
  // 'Detta l'offerta' (the browser's speech recognition), loaded when the shop first taps it on /make-offer.
  "src/features/offers/lib/listen.ts",
  // The pickup code's QR (uqr's encoder), loaded when the buyer taps 'Mostra il codice di ritiro'.
  "src/components/marketplace/pickup-qr.tsx",
  // The pickup code's panel in the chat, loaded when the buyer's deal waits for its pickup (the
  // request's page imports it with the page).
  "src/components/marketplace/pickup-code-panel.tsx",
  // The user document's parser and its schemas (src/data/user-parsing.ts), loaded by the session beside
  // its first read of users/{uid} on every signed-in page, so that they are built in a task of their own.
  "src/data/user-parsing.ts",
  // The user document's builders, loaded by the first write of users/{uid} (sign-up, profile).
  "src/domain/people/user-document.ts",
  // 'Verifica il codice' (the form and its QR scanner), loaded when a deal waiting for its pickup is on
  // the shop's screen (the chat's deal panel, the dashboard's 'Ritiri di oggi').
  "src/components/marketplace/verify-pickup-form.tsx",
  // A request's photos (Firestore Lite), loaded by the first card or page of a request that has some.
  "src/data/request-photos.ts",
  // 'Segnala' (the report dialog), loaded on the first tap on it (a chat, a message, the shop's feed).
  "src/components/marketplace/report-dialog.tsx",
  // The token purchase dialog, loaded on the first tap on 'Acquista token' (the badge, the wallet).
  "src/components/tokens/purchase-dialog.tsx",
  // The chat's deal panel (the offer, its photos, accepting, the pickup, the rating), loaded once the
  // conversation is on screen and knows its deal.
  "src/features/messages/components/deal-panel.tsx",
  // The callables behind a deal's buttons (accept or decline an offer, withdraw it, close a request, verify
  // a pickup), loaded by the first tap on one on /customer, /offers and the shop's 'Ritiri di oggi' (the
  // chat's deal panel brings them with it).
  "src/data/deals.ts",
  "src/data/pickup-codes.ts",
  "src/data/request-life.ts",
  // The shop verification steps, loaded on /merchant only for a shop not verified yet.
  "src/features/merchant/components/shop-verification-panel.tsx",
  // The shop's catalogue (src/data/catalogue.ts), loaded by its first read (/catalogo, the feed's matches);
  // the CSV import and its parser, loaded on the first tap on 'Importa da CSV'.
  "src/data/catalogue.ts",
  "src/features/catalogue/components/csv-import.tsx",
  // The feed's 'Ce l'hai a …' (the catalogue's lookup), loaded once the feed has painted.
  "src/features/browse/lib/catalogue-lookup.ts",
  // 'Di solito risponde entro …' (shopStats/{uid}, areaStats/{cell}), read after an offer card, a shop's
  // page or the shop's dashboard has painted; on the buyer's cards its code loads then too.
  "src/data/shop-stats.ts",
  "src/components/marketplace/response-time.tsx",
  // 'Un'offerta per tutti' on /browse (the group's form), loaded on the first tap on it.
  "src/features/browse/components/group-offer-form.tsx",
]);

/**
 * Routes still short of the 10 % room (architecture §8), each with the most it may weigh until it has the
 * room (the check then fails, so that the exception goes). None today: the marketing pages, /customer and
 * /make-offer left it when the query client left the entry (src/lib/app-query-client.tsx), a request's
 * page when its pickup code panel went on demand. A route that cannot make room names itself here.
 */
/** @type {Record<string, number>} route path → the most it may weigh, in bytes (`N * KB`). */
const ROOM_EXCEPTIONS = {};

// Strings only the Firestore SDK contains: its API host and gRPC service name. (Not "@firebase/firestore":
// firebase/app lists that name too, and firebase/app alone is not Firestore.)
const FIRESTORE_MARKERS = ["firestore.googleapis.com", "google.firestore.v1.Firestore"];
// -----------------------------------------------------------------------------------------------

async function runBuild() {
  const { build } = await import("vite");
  mkdirSync(outDir, { recursive: true });
  await build({
    root,
    logLevel: "warn",
    build: { outDir, emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 10_000 },
  });
}

function readManifest() {
  const file = join(outDir, ".vite", "manifest.json");
  if (!existsSync(file)) throw new Error(`No manifest at ${file}: run without --skip-build`);
  return JSON.parse(readFileSync(file, "utf8"));
}

const gzipCache = new Map();
function chunkInfo(manifest, key) {
  const { file } = manifest[key];
  if (!gzipCache.has(file)) {
    const code = readFileSync(join(outDir, file));
    const text = code.toString("utf8");
    gzipCache.set(file, {
      gzip: gzipSync(code, { level: 9 }).length,
      firestore: FIRESTORE_MARKERS.some((marker) => text.includes(marker)),
    });
  }
  return gzipCache.get(file);
}

function main() {
  const manifest = readManifest();
  const { rows, problems } = checkBudgets({
    manifest,
    routes: ROUTES,
    onDemand: ON_DEMAND,
    chunkInfo: (key) => chunkInfo(manifest, key),
    budgets: budgetsFromArgs(),
    roomExceptions: ROOM_EXCEPTIONS,
  });
  return report(rows, problems);
}

/**
 * `--budget-kb=N` sets both budgets to N kB: `npm run size -- --skip-build --budget-kb=1` must fail
 * (the check that the check can fail, docs/testing.md).
 */
function budgetsFromArgs() {
  const arg = process.argv.find((value) => value.startsWith("--budget-kb="));
  if (!arg) return {};
  const bytes = Number(arg.slice("--budget-kb=".length)) * 1000;
  if (!Number.isFinite(bytes) || bytes <= 0) throw new Error(`${arg}: a positive number of kB`);
  return { marketing: bytes, route: bytes };
}

function report(rows, problems) {
  if (rows.length > 0) {
    const header = ["Route", "Chunks", "Initial JS (gzip)", "Budget", "Firestore", ""];
    const lines = rows.map((row) => [
      row.route,
      String(row.chunks),
      kb(row.gzip),
      kb(row.budget),
      row.firestore ? "yes" : "no",
      row.ok ? "ok" : "FAIL",
    ]);
    const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
    const format = (cells) =>
      cells.map((cell, i) =>
        i === 1 || i === 2 || i === 3 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]),
      );
    console.log(format(header).join("  "));
    console.log(widths.map((width) => "-".repeat(width)).join("  "));
    for (const line of lines) console.log(format(line).join("  "));
  }
  if (problems.length > 0) {
    console.error(`\nSize check failed:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    const excepted = Object.entries(ROOM_EXCEPTIONS).map(([path, most]) => `${path} (at most ${kb(most)})`);
    const but = excepted.length > 0 ? ` but ${excepted.join(", ")}, still short of it` : "";
    console.log(`\nAll routes at least 10 % under their budget${but}; no Firestore on the marketing pages.`);
  }
}

if (!process.argv.includes("--skip-build")) await runBuild();
main();
