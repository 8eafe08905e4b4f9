import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "@/testing/render-app";

// Whether the app's query client (react-query's QueryClient: src/lib/app-query-client.tsx) was imported.
const code = vi.hoisted(() => ({ imported: false }));
vi.mock("@/lib/query-client", async (importOriginal) => {
  code.imported = true;
  return importOriginal();
});

describe("the marketing pages' code", () => {
  it.each([
    ["/", /I negozi vicini ti fanno un'offerta/],
    ["/acquirenti", /.+/],
    ["/negozianti", /.+/],
  ])("%s paints without the query client: it reads no data (architecture §8)", async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeVisible();
    // The footer and whatever else loads after the paint.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(code.imported).toBe(false);
  });

  it("a page that reads data brings it with its own code", async () => {
    renderApp("/auth");
    await vi.waitFor(() => expect(code.imported).toBe(true), { timeout: 5000 });
  });
});
