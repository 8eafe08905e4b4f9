import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serviceSpecs } from "./service-specs";
import { DEFAULT_PORTS } from "./stack-options";

const rootDir = resolve(import.meta.dirname, "../..");
const dirs: string[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "vicino-stack-config-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the firebase-tools config of a stack", () => {
  it("puts a second suite's hub, logging, eventarc and tasks emulators on its own ports", () => {
    const dir = dataDir();
    const ports = { ...DEFAULT_PORTS, auth: 19099, functions: 15001 };
    const specs = serviceSpecs({
      rootDir,
      projectId: "demo-test",
      ports,
      firebaseSupportPorts: { hub: 14400, logging: 14500, eventarc: 19299, tasks: 19499 },
      dataDir: dir,
      web: { kind: "none" },
    });
    const args = specs.firebase?.args ?? [];
    const configPath = args[args.indexOf("--config") + 1];
    expect(configPath).toBe(join(dir, "firebase.json"));
    const config = JSON.parse(readFileSync(join(dir, "firebase.json"), "utf8"));
    expect(config.emulators).toMatchObject({
      auth: { host: "127.0.0.1", port: 19099 },
      functions: { host: "127.0.0.1", port: 15001 },
      hub: { host: "127.0.0.1", port: 14400 },
      logging: { host: "127.0.0.1", port: 14500 },
      eventarc: { host: "127.0.0.1", port: 19299 },
      tasks: { host: "127.0.0.1", port: 19499 },
    });
  });

  it("uses the repository's firebase.json on the default ports (npm start)", () => {
    const specs = serviceSpecs({
      rootDir,
      projectId: "demo-vicino",
      ports: DEFAULT_PORTS,
      dataDir: dataDir(),
      web: { kind: "none" },
    });
    expect(specs.firebase?.args).not.toContain("--config");
    // A worker per function, as production has an instance per function (see local-stack.md: the
    // emulator's one-process debugging mode can run a request with the previous request's function).
    expect(specs.firebase?.args).not.toContain("--inspect-functions");
  });
});
