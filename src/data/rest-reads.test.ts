import { describe, expect, it } from "vitest";
import { countRestRead, restReadsSettled } from "./rest-reads";

// The reads over REST on their way: the kept session's engine waits for them (src/lib/session/kept-session.ts).

const settledYet = async (waiting: Promise<void>): Promise<boolean> => {
  let settled = false;
  void waiting.then(() => {
    settled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
};

describe("restReadsSettled", () => {
  it("settles at once when no read is on its way", async () => {
    expect(await settledYet(restReadsSettled())).toBe(true);
  });

  it("waits for every read, answered or refused, and hands each read's answer back unchanged", async () => {
    let answer!: (value: string) => void;
    let refuse!: (error: Error) => void;
    const first = countRestRead(new Promise<string>((resolve) => (answer = resolve)));
    const second = countRestRead(new Promise<string>((_, reject) => (refuse = reject)));
    second.catch(() => undefined);
    const waiting = restReadsSettled();
    answer("documents");
    expect(await first).toBe("documents");
    expect(await settledYet(waiting)).toBe(false);
    refuse(new Error("403"));
    await expect(second).rejects.toThrow("403");
    expect(await settledYet(waiting)).toBe(true);
  });
});
