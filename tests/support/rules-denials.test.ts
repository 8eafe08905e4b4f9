import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { denialsSince } from "./rules-denials";

// What Google's Firestore emulator logs (scripts/stack/firestore-logging.properties) for a refused REST
// read, a refused write on a stream (gRPC or the browser's WebChannel), a transaction that waited too long
// for a lock (retried by the SDK: not a refusal), and a request it does not know.
const LOG = [
  "Nov 24, 2026 7:57:22 PM io.gapi.emulators.netty.HttpHandler$1 onError",
  "INFO: Exception when handling request: PERMISSION_DENIED: ",
  "false for 'list' @ L268, false for 'list' @ L440",
  "Nov 24, 2026 7:57:23 PM com.google.cloud.datastore.emulator.impl.util.WrappedStreamObserver onError",
  "WARNING: Operation failed: ",
  "false for 'create' @ L272, false for 'update' @ L274",
  "Nov 24, 2026 7:57:23 PM com.google.cloud.datastore.emulator.impl.util.WrappedStreamObserver onError",
  "WARNING: Operation failed: Transaction lock timeout.",
  "Nov 24, 2026 7:57:24 PM io.gapi.emulators.netty.NotFoundHandler handleRequest",
  "INFO: Unknown request URI: /vicino-log-marker/abc",
  "",
].join("\n");

const dir = mkdtempSync(join(tmpdir(), "vicino-denials-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("reading the emulator's denials from its log", () => {
  it("finds each refusal with the rules that said no and its time, and only those after the offset", () => {
    const file = join(dir, "firestore.log");
    writeFileSync(file, LOG);
    expect(denialsSince(file, 0)).toEqual([
      "[7:57:22 PM] false for 'list' @ L268, false for 'list' @ L440",
      "[7:57:23 PM] false for 'create' @ L272, false for 'update' @ L274",
    ]);
    const second = LOG.indexOf("Nov 24, 2026 7:57:23");
    expect(denialsSince(file, second)).toEqual([
      "[7:57:23 PM] false for 'create' @ L272, false for 'update' @ L274",
    ]);
    expect(denialsSince(file, LOG.length)).toEqual([]);
    expect(denialsSince(join(dir, "missing.log"), 0)).toEqual([]);
  });
});
