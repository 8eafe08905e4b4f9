import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  exportMetadataPath,
  FIRESTORE_EMULATOR_INSTALL_HINT,
  findFirestoreEmulator,
  firestoreEmulatorArgs,
  formatRulesError,
  LOGGING_PROPERTIES,
} from "./firestore-emulator";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "vicino-fs-emulator-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fake Cloud SDK with the emulator component (script + jar), as Debian's package lays it out. */
function fakeSdk(withJar = true): string {
  const root = tempDir();
  const component = join(root, "platform", "cloud-firestore-emulator");
  mkdirSync(component, { recursive: true });
  writeFileSync(join(component, "cloud_firestore_emulator"), "#!/bin/sh\n");
  if (withJar) writeFileSync(join(component, "cloud-firestore-emulator.jar"), "");
  return root;
}

/** An environment with nothing installed: an empty PATH, HOME and cache. */
function bareEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const home = tempDir();
  return { PATH: "", HOME: home, XDG_CACHE_HOME: join(home, ".cache"), ...extra };
}

describe("finding Google's Firestore emulator", () => {
  it("runs the SDK component's jar with Java directly (so signals reach the JVM), its JIT and GC set for a short run", () => {
    const root = fakeSdk();
    const found = findFirestoreEmulator(bareEnv({ CLOUDSDK_ROOT_DIR: root }), []);
    expect(found).toEqual({
      command: "java",
      args: [
        "-XX:TieredStopAtLevel=1",
        "-XX:+UseSerialGC",
        `-Djava.util.logging.config.file=${LOGGING_PROPERTIES}`,
        "-Duser.language=en",
        "-cp",
        join(root, "platform/cloud-firestore-emulator/cloud-firestore-emulator.jar"),
        "com.google.cloud.datastore.emulator.firestore.CloudFirestore",
      ],
      source: root,
    });
  });

  it("falls back to the component's script when there is no jar beside it", () => {
    const root = fakeSdk(false);
    const found = findFirestoreEmulator(bareEnv({ CLOUDSDK_ROOT_DIR: root }), []);
    expect(found?.command).toBe(join(root, "platform/cloud-firestore-emulator/cloud_firestore_emulator"));
    expect(found?.args).toEqual([]);
  });

  it("honours FIRESTORE_EMULATOR_BINARY_PATH first, and names a missing file", () => {
    const jar = join(tempDir(), "cloud-firestore-emulator-v1.22.0.jar");
    writeFileSync(jar, "");
    const env = bareEnv({
      CLOUDSDK_ROOT_DIR: fakeSdk(),
      FIRESTORE_EMULATOR_BINARY_PATH: jar,
      JAVA: "/opt/java",
    });
    expect(findFirestoreEmulator(env)).toMatchObject({
      command: "/opt/java",
      args: [
        "-XX:TieredStopAtLevel=1",
        "-XX:+UseSerialGC",
        `-Djava.util.logging.config.file=${LOGGING_PROPERTIES}`,
        "-Duser.language=en",
        "-cp",
        jar,
        "com.google.cloud.datastore.emulator.firestore.CloudFirestore",
      ],
    });
    expect(() =>
      findFirestoreEmulator({ ...env, FIRESTORE_EMULATOR_BINARY_PATH: "/nope/emulator.jar" }),
    ).toThrow("FIRESTORE_EMULATOR_BINARY_PATH=/nope/emulator.jar: no such file");
  });

  it("uses firebase-tools' downloaded jar, newest first, when no SDK has the component", () => {
    const env = bareEnv();
    const cache = join(env.XDG_CACHE_HOME!, "firebase", "emulators");
    mkdirSync(cache, { recursive: true });
    for (const version of ["1.9.0", "1.22.0", "1.19.9"])
      writeFileSync(join(cache, `cloud-firestore-emulator-v${version}.jar`), "");
    expect(findFirestoreEmulator(env, [])?.args).toContain(
      join(cache, "cloud-firestore-emulator-v1.22.0.jar"),
    );
  });

  it("looks in the usual SDK folders, and returns null where nothing is installed", () => {
    const root = fakeSdk();
    expect(findFirestoreEmulator(bareEnv(), [root])?.source).toBe(root);
    expect(findFirestoreEmulator(bareEnv(), [tempDir()])).toBeNull();
    expect(FIRESTORE_EMULATOR_INSTALL_HINT).toContain("gcloud components install cloud-firestore-emulator");
    expect(FIRESTORE_EMULATOR_INSTALL_HINT).toContain("google-cloud-cli-firestore-emulator");
  });
});

describe("the emulator's command line", () => {
  it("binds to the host and port, names the project and wires exports and triggers", () => {
    const found = { command: "java", args: ["-cp", "x.jar", "Main"], source: "test" };
    expect(
      firestoreEmulatorArgs(found, {
        host: "127.0.0.1",
        port: 8080,
        webSocketPort: 9150,
        projectId: "demo-vicino",
        seedFromExport: "/data/saved/e/e.overall_export_metadata",
        functionsEmulator: "127.0.0.1:5001",
      }),
    ).toEqual([
      "-cp",
      "x.jar",
      "Main",
      "start",
      "--host=127.0.0.1",
      "--port=8080",
      "--websocket_port=9150",
      "--project_id=demo-vicino",
      "--seed_from_export=/data/saved/e/e.overall_export_metadata",
      "--functions_emulator=127.0.0.1:5001",
    ]);
  });

  it("knows where an export's metadata lives", () => {
    expect(exportMetadataPath("/data", "firestore_export")).toBe(
      "/data/firestore_export/firestore_export.overall_export_metadata",
    );
  });
});

describe("rules compile errors", () => {
  it("name the file, line and column of every problem", () => {
    expect(formatRulesError("firestore.rules", "Error compiling rules:\nL2:95 Unexpected ';'.")).toBe(
      "firestore.rules:2:95 Unexpected ';'.",
    );
    expect(
      formatRulesError(
        "firestore.rules",
        "Error compiling rules:\nL10:3 Missing 'match'.\nL12:1 Unexpected '}'.",
      ),
    ).toBe("firestore.rules:10:3 Missing 'match'.\nfirestore.rules:12:1 Unexpected '}'.");
  });

  it("keep an unexpected message whole, under the file's name", () => {
    expect(formatRulesError("firestore.rules", "Error compiling rules:\nsomething odd")).toBe(
      "firestore.rules: something odd",
    );
  });
});
