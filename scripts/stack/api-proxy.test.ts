import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { localApiProxy, readFunctionRoutes } from "./api-proxy";

const rootDir = fileURLToPath(new URL("../..", import.meta.url));

describe("the local /api proxy", () => {
  it("follows firebase.json's Hosting rewrites to functions", () => {
    expect(readFunctionRoutes(rootDir, "europe-west8")).toContainEqual({
      path: "/api/send-email",
      functionId: "sendEmail",
      region: "europe-west8",
    });
  });

  it("points at the Functions emulator of the demo project in development", () => {
    const proxy = localApiProxy("development", rootDir);
    const entry = Object.entries(proxy ?? {}).find(([pattern]) =>
      new RegExp(pattern).test("/api/send-email"),
    );
    expect(entry).toBeDefined();
    const [pattern, options] = entry!;
    expect(options.target).toBe("http://127.0.0.1:5001");
    expect(options.rewrite?.("/api/send-email")).toBe("/demo-vicino/europe-west8/sendEmail");
    expect(options.rewrite?.("/api/send-email?x=1")).toBe("/demo-vicino/europe-west8/sendEmail?x=1");
    expect(new RegExp(pattern).test("/api/send-emailx")).toBe(false);
  });
});
