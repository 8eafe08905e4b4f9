import { describe, expect, it, vi } from "vitest";
import type { ClientErrorReport } from "@/domain/boundary/client-error";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { createErrorReporter, type ErrorReporterDeps } from "./error-reporter";

vi.mock("@/data/client-errors", () => ({ postClientErrorReport: vi.fn() }));

const CHROME =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

function reporter(overrides: Partial<ErrorReporterDeps> = {}) {
  const sent: ClientErrorReport[] = [];
  const report = createErrorReporter({
    send: async (body) => {
      sent.push(body);
    },
    release: "abc123",
    pathname: () => "/messages/req8Hk2mQ9xLp3Zt7Va1_shop99",
    userAgent: () => CHROME,
    online: () => true,
    ...overrides,
  });
  return { report, sent };
}

const coded = (code: string) => Object.assign(new Error("refused"), { code });

describe("the client error reporter", () => {
  it("sends one report per error, with nothing personal in it", () => {
    const { report, sent } = reporter();
    report(new Error("Nessun profilo per giulia.rossi@example.it, tel. 333 123 4567"), "error");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: "error",
      message: "Error: Nessun profilo per [email], tel. [number]",
      path: "/messages/:id",
      release: "abc123",
      browser: { family: "chrome", major: 131, mobile: true },
    });
    const body = JSON.stringify(sent[0]);
    expect(body).not.toMatch(/giulia|333 123|Android 14|req8Hk2m/);
    // The uid is the server's to add, from a verified token: a report has no field for it.
    expect(Object.keys(sent[0] ?? {}).sort()).toEqual([
      "browser",
      "kind",
      "message",
      "path",
      "release",
      "stack",
    ]);
  });

  it("sends the same error once per page load", () => {
    const { report, sent } = reporter();
    const failEveryFrame = () => new Error("x is undefined");
    for (let frame = 0; frame < 100; frame += 1) report(failEveryFrame(), "error");
    expect(sent).toHaveLength(1);
    report(new Error("another one"), "error");
    expect(sent).toHaveLength(2);
  });

  it("stops at the cap of reports per page load", () => {
    const { report, sent } = reporter();
    for (let i = 0; i < 25; i += 1) report(new Error(`error number ${i}`), "error");
    expect(sent).toHaveLength(10);
    const small = reporter({ maxReports: 2 });
    for (let i = 0; i < 5; i += 1) small.report(new Error(`e${i}`), "boundary");
    expect(small.sent).toHaveLength(2);
  });

  it("leaves out failed calls the product expects, reports the others", () => {
    const { report, sent } = reporter();
    report(coded("functions/failed-precondition"), "mutation");
    report(coded("auth/wrong-password"), "mutation");
    report(new Error(ERROR_MESSAGES.generic, { cause: new TypeError("Failed to fetch") }), "query");
    expect(sent).toHaveLength(0);
    report(coded("functions/internal"), "mutation");
    report(new Error(ERROR_MESSAGES.generic, { cause: coded("permission-denied") }), "query");
    expect(sent.map((body) => body.kind)).toEqual(["mutation", "query"]);
  });

  it("never throws and never waits: a failing send, a broken environment, offline", async () => {
    const rejecting = reporter({ send: () => Promise.reject(new Error("network down")) });
    expect(() => rejecting.report(new Error("a"), "error")).not.toThrow();
    const throwing = reporter({
      send: () => {
        throw new Error("sync failure");
      },
    });
    expect(() => throwing.report(new Error("b"), "error")).not.toThrow();
    const broken = reporter({
      pathname: () => {
        throw new Error("no location");
      },
    });
    expect(() => broken.report(new Error("c"), "error")).not.toThrow();
    expect(broken.sent).toHaveLength(0);
    const offline = reporter({ online: () => false });
    offline.report(new Error("d"), "error");
    expect(offline.sent).toHaveLength(0);
    // The send is started, not awaited: reporting returns before the network answers.
    let answered = false;
    const slow = reporter({
      send: () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            answered = true;
            resolve();
          }, 50),
        ),
    });
    slow.report(new Error("e"), "error");
    expect(answered).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(answered).toBe(true);
  });
});
