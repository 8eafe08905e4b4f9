import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findFreePorts, RESERVED_PORT_RANGE, releaseReservedPorts, reservePort } from "./ports";

const reservation = (port: number) => join(tmpdir(), "vicino-port-reservations", String(port));
const others: number[] = [];

/** Marks `port` as reserved by process `pid`, as another process of the run would. */
function reservedBy(port: number, pid: number): void {
  mkdirSync(reservation(port), { recursive: true });
  writeFileSync(join(reservation(port), "pid"), String(pid));
  others.push(port);
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
    encoding: "utf8",
  });
  return Number(child.stdout);
}

afterEach(() => {
  releaseReservedPorts();
  for (const port of others.splice(0)) rmSync(reservation(port), { recursive: true, force: true });
});

describe("the stacks' ports", () => {
  it("are distinct, below the kernel's ephemeral range, and reserved for this process until released", async () => {
    const ports = await findFreePorts(4);
    expect(new Set(ports).size).toBe(4);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(RESERVED_PORT_RANGE.from);
      expect(port).toBeLessThan(RESERVED_PORT_RANGE.to);
      expect(readFileSync(join(reservation(port), "pid"), "utf8")).toBe(String(process.pid));
    }
    releaseReservedPorts();
    for (const port of ports) expect(existsSync(reservation(port))).toBe(false);
  });

  it("are never given to two processes: another live process's port is refused", () => {
    const port = RESERVED_PORT_RANGE.from + 7;
    reservedBy(port, process.ppid);
    expect(reservePort(port)).toBe(false);
  });

  it("take over the reservation of a process that has died", () => {
    const port = RESERVED_PORT_RANGE.from + 8;
    reservedBy(port, deadPid());
    expect(reservePort(port)).toBe(true);
    expect(readFileSync(join(reservation(port), "pid"), "utf8")).toBe(String(process.pid));
  });

  it("refuse a reservation being made right now (its folder still without a pid)", () => {
    const port = RESERVED_PORT_RANGE.from + 9;
    mkdirSync(reservation(port), { recursive: true });
    others.push(port);
    expect(reservePort(port)).toBe(false);
  });
});
