#!/usr/bin/env node
// `npm run test:rules` (architecture §7): firestore.rules against the official Firestore emulator.
//
// Only the official emulator evaluates security rules (ours, tools/firestore-emulator, does not), and it
// needs Java 21 and firebase-tools. Where both are present the rules suite runs inside
// `firebase emulators:exec --only firestore`, which sets FIRESTORE_EMULATOR_HOST. Anywhere else the suite
// still loads (so it cannot rot unnoticed), every test reports itself skipped, and this script says so:
// a skipped run is never a passed one. Extra arguments go to vitest (`npm run test:rules -- -t offers`).

import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REQUIRED_JAVA = 21;
const PROJECT_ID = "demo-vicino";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const require = createRequire(join(root, "package.json"));
const vitestArgs = ["run", "--project", "rules", ...process.argv.slice(2)];

/** The major version `java -version` reports ("17.0.15" → 17, "1.8.0_402" → 8), or null without Java. */
function javaMajorVersion() {
  const result = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (result.error || result.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

/** firebase-tools' CLI entry point, or null when the package is not installed. */
function firebaseCli() {
  try {
    const manifest = require.resolve("firebase-tools/package.json");
    return join(dirname(manifest), require(manifest).bin.firebase);
  } catch {
    return null;
  }
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const java = javaMajorVersion();
const cli = firebaseCli();
const skipReason =
  java === null
    ? `the official Firestore emulator needs Java ${REQUIRED_JAVA} (none found)`
    : java < REQUIRED_JAVA
      ? `the official Firestore emulator needs Java ${REQUIRED_JAVA} (found ${java})`
      : cli === null
        ? "the official Firestore emulator comes with firebase-tools, which is not installed"
        : null;

const vitestCli = join(dirname(require.resolve("vitest/package.json")), "vitest.mjs");

if (skipReason === null) {
  const inner = [process.execPath, vitestCli, ...vitestArgs].map((part) => JSON.stringify(part)).join(" ");
  process.exit(
    run(process.execPath, [cli, "emulators:exec", "--only", "firestore", "--project", PROJECT_ID, inner]),
  );
}

// No official emulator: run the suite with FIRESTORE_EMULATOR_HOST unset, so every test is skipped
// (tests/rules/environment.ts describeRules) even if the variable points at our own emulator.
const { FIRESTORE_EMULATOR_HOST: _ignored, ...env } = process.env;
console.log(`Rules tests: ${skipReason}; loading the suite only to check that it still loads.`);
const status = run(process.execPath, [vitestCli, ...vitestArgs], env);
if (status !== 0) process.exit(status);
console.log(`\nRules tests SKIPPED: ${skipReason}; nothing was evaluated.`);
