import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { busyPorts, findFreePort, isPortFree } from "./ports";
import { ServiceProcess } from "./process";

const node = process.execPath;

/** Running (a zombie waiting for a reaper counts as gone). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

describe("ServiceProcess", () => {
  it("prefixes output and keeps it, printing only important lines when quiet", async () => {
    const printed: string[] = [];
    const service = new ServiceProcess(
      {
        name: "demo",
        command: node,
        args: ["-e", "console.log('uno'); console.error('Error: due')"],
        cwd: process.cwd(),
        important: (line) => line.startsWith("Error"),
      },
      { verbose: false, print: (line) => printed.push(line) },
    );
    expect(await service.exited).toBe(0);
    expect(service.recentOutput()).toEqual(expect.arrayContaining(["uno", "Error: due"]));
    expect(printed).toEqual(["[demo] Error: due"]);
  });

  it("stops the whole process group, grandchildren included", async () => {
    const script = `
      const { spawn } = require("node:child_process");
      const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
      console.log("grandchild " + child.pid);
      process.on("SIGINT", () => process.exit(0));
      setInterval(() => {}, 1000);
    `;
    const lines: string[] = [];
    const service = new ServiceProcess(
      { name: "group", command: node, args: ["-e", script], cwd: process.cwd() },
      { verbose: true, print: (line) => lines.push(line) },
    );
    service.ready = true;
    while (!lines.some((line) => line.includes("grandchild")))
      await new Promise((resolve) => setTimeout(resolve, 20));
    const grandchild = Number(
      lines
        .find((line) => line.includes("grandchild"))!
        .split(" ")
        .pop(),
    );
    expect(alive(grandchild)).toBe(true);
    await service.stop(5_000);
    expect(service.hasExited).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(grandchild)).toBe(false);
  });
});

describe("ports", () => {
  it("tells a busy port from a free one", async () => {
    const { createServer } = await import("node:net");
    const port = await findFreePort();
    expect(await isPortFree(port)).toBe(true);
    const server = createServer().listen(port, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      expect(await busyPorts([{ name: "Firestore emulator", port }])).toEqual([
        { name: "Firestore emulator", port },
      ]);
    } finally {
      server.close();
    }
  });
});
