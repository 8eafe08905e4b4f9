/** Snapshot save/load through the API and the CLI (flags, ready line, SIGTERM save). */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { connectAdmin } from "../support/admin.ts";
import { startTestServer } from "../support/server.ts";

const dir = mkdtempSync(join(tmpdir(), "vicino-fs-snap-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("snapshot through the API", () => {
  it("saves on stop and loads on start, keeping versions", async () => {
    const file = join(dir, "api", "data.snapshot.json");
    const emu1 = await startTestServer({ snapshotPath: file });
    const a1 = connectAdmin(emu1.port, "demo-snap");
    await a1.db.doc("kept/one").set({ v: 1, nested: { arr: [1, "x"] }, when: new Date(1_700_000_000_000) });
    await a1.db.doc("kept/one/sub/two").set({ v: 2 });
    const before = await a1.db.doc("kept/one").get();
    await a1.close();
    await emu1.stop();
    expect(existsSync(file)).toBe(true);

    const emu2 = await startTestServer({ snapshotPath: file });
    const a2 = connectAdmin(emu2.port, "demo-snap");
    try {
      const after = await a2.db.doc("kept/one").get();
      expect(after.data()).toEqual(before.data());
      expect(after.updateTime?.isEqual(before.updateTime as FirebaseFirestore.Timestamp)).toBe(true);
      expect((await a2.db.doc("kept/one/sub/two").get()).get("v")).toBe(2);
      const w = await a2.db.doc("kept/one").update({ v: 3 });
      expect(w.writeTime.toMillis()).toBeGreaterThanOrEqual(
        (before.updateTime as FirebaseFirestore.Timestamp).toMillis(),
      );
      emu2.clear();
      expect((await a2.db.doc("kept/one").get()).exists).toBe(false);
    } finally {
      await a2.close();
      await emu2.stop();
    }
  });
});

describe("CLI", () => {
  const bin = fileURLToPath(new URL("../../bin/vicino-firestore.mjs", import.meta.url));

  function startCli(args: string[]): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    child.stderr?.on("data", (c: Buffer) => {
      err += c.toString();
    });
    return new Promise((resolve, reject) => {
      let out = "";
      const timer = setTimeout(() => reject(new Error(`CLI did not start: ${out} ${err}`)), 20_000);
      child.stdout?.on("data", (c: Buffer) => {
        out += c.toString();
        const m = /Firestore locale pronto su (http:\/\/\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve({ child, url: m[1] as string, stderr: () => err });
        }
      });
      child.on("exit", (code) => reject(new Error(`CLI exited with ${code}: ${out} ${err}`)));
    });
  }

  it("prints the ready line, is quiet, serves, and saves the snapshot on SIGTERM", async () => {
    const file = join(dir, "cli.snapshot.json");
    const { child, url, stderr } = await startCli(["--host", "127.0.0.1", "--port", "0", "--snapshot", file]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${url}/`)).text()).toMatch(/^Ok/);
    const res = await fetch(`${url}/v1/projects/demo-cli/databases/(default)/documents:commit`, {
      method: "POST",
      body: JSON.stringify({
        writes: [
          {
            update: {
              name: "projects/demo-cli/databases/(default)/documents/a/b",
              fields: { x: { stringValue: "ciao" } },
            },
          },
        ],
      }),
    });
    expect(res.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stderr()).toBe("");
    const snap = JSON.parse(readFileSync(file, "utf8")) as {
      databases: Array<{ name: string; documents: Array<{ path: string }> }>;
    };
    expect(snap.databases[0]?.name).toBe("projects/demo-cli/databases/(default)");
    expect(snap.databases[0]?.documents[0]?.path).toBe("a/b");

    // Loads it back.
    const again = await startCli(["--port", "0", "--snapshot", file]);
    const got = await fetch(`${again.url}/v1/projects/demo-cli/databases/(default)/documents/a/b`);
    expect(((await got.json()) as { fields: unknown }).fields).toEqual({ x: { stringValue: "ciao" } });
    const done = new Promise<number | null>((resolve) => again.child.on("exit", (code) => resolve(code)));
    again.child.kill("SIGINT");
    expect(await done).toBe(0);
  });

  it("rejects unknown flags", async () => {
    await expect(startCli(["--bogus"])).rejects.toThrow(/exited with 2/);
  });
});
