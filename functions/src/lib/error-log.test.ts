import { describe, expect, it } from "vitest";
import type { ClientErrorReport } from "@/domain/boundary/client-error";
import {
  type ErrorEventEntry,
  functionsServiceContext,
  logClientError,
  logUnexpectedError,
  REPORTED_ERROR_EVENT_TYPE,
} from "./error-log";

function capture() {
  const entries: ErrorEventEntry[] = [];
  return { entries, write: (entry: ErrorEventEntry) => entries.push(entry) };
}

describe("logUnexpectedError", () => {
  it("writes one Error Reporting event: the stack as message, the service, the uid as the user", () => {
    const { entries, write } = capture();
    const cause = new Error("deadline exceeded");
    logUnexpectedError(
      "acceptOffer failed",
      new Error("transaction failed", { cause }),
      { uid: "uid-1", offerId: "o1" },
      write,
    );
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      severity: "ERROR",
      "@type": REPORTED_ERROR_EVENT_TYPE,
      where: "acceptOffer failed",
      offerId: "o1",
      serviceContext: functionsServiceContext(),
      context: { user: "uid-1" },
    });
    // V8's form, which Error Reporting parses: header line, frames, then the cause's.
    expect(entry?.message).toMatch(/^Error: transaction failed\n\s+at .*error-log\.test\.ts/);
    expect(entry?.message).toContain("Caused by: Error: deadline exceeded\n");
    expect(entry).not.toHaveProperty("uid");
  });

  it("gives a stack to a state found wrong and to a thrown non-Error", () => {
    const { entries, write } = capture();
    logUnexpectedError(
      "syncProfile: users document does not match the schema",
      undefined,
      { detail: "x: bad" },
      write,
    );
    logUnexpectedError("stripeWebhook failed", "plain string", {}, write);
    expect(entries[0]?.message).toMatch(
      /^Error: syncProfile: users document does not match the schema\n\s+at /,
    );
    expect(entries[0]).not.toHaveProperty("context");
    expect(entries[1]?.message).toMatch(/^Error: stripeWebhook failed: plain string\n\s+at /);
  });

  it("leaves e-mail addresses and tokens out of the stack", () => {
    const { entries, write } = capture();
    logUnexpectedError("sendEmail: not sent", new Error("550 <mario.rossi@example.it> rejected"), {}, write);
    expect(entries[0]?.message).toMatch(/^Error: 550 <\[email\]> rejected/);
    expect(JSON.stringify(entries)).not.toContain("mario");
  });

  it("names Cloud Run's service and revision when deployed", () => {
    expect(
      functionsServiceContext({ K_SERVICE: "acceptoffer", K_REVISION: "acceptoffer-00042-abc" }),
    ).toEqual({
      service: "acceptoffer",
      version: "acceptoffer-00042-abc",
    });
    expect(functionsServiceContext({})).toEqual({ service: "vicino-functions", version: "local" });
  });
});

describe("logClientError", () => {
  const report: ClientErrorReport = {
    kind: "error",
    message: "Error: prova-errore",
    stack: "Error: prova-errore\n    at https://vicino.it/assets/index-abc.js:1:200",
    path: "/customer",
    release: "abc123",
    browser: { family: "chrome", major: 131, mobile: true },
  };

  it("writes the browser's error as an event of the web app's service and release", () => {
    const { entries, write } = capture();
    logClientError(report, "uid-7", write);
    expect(entries).toEqual([
      {
        kind: "error",
        severity: "ERROR",
        "@type": REPORTED_ERROR_EVENT_TYPE,
        message: report.stack,
        serviceContext: { service: "vicino-web", version: "abc123" },
        context: { httpRequest: { url: "/customer", userAgent: "chrome 131 mobile" }, user: "uid-7" },
      },
    ]);
    logClientError({ ...report, stack: undefined }, undefined, write);
    expect(entries[1]?.message).toBe("Error: prova-errore");
    expect(entries[1]?.context).toEqual({
      httpRequest: { url: "/customer", userAgent: "chrome 131 mobile" },
    });
  });
});
