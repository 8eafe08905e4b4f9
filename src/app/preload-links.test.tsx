import { afterEach, describe, expect, it, vi } from "vitest";
import { PRELOAD_LINKS_PER_TASK, withPreloadLinksInSlices } from "./preload-links";

const preloadLink = (index: number) => {
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.href = `/assets/chunk-${index}.js`;
  return link;
};
const preloadsInHead = () => document.head.querySelectorAll('link[rel="modulepreload"]').length;

describe("withPreloadLinksInSlices", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = "";
  });

  it("inserts a page's preload links a slice per task, and everything else at once", () => {
    vi.useFakeTimers();
    const links = 2 * PRELOAD_LINKS_PER_TASK + 3;
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = "/assets/page.css";

    const result = withPreloadLinksInSlices(() => {
      for (let index = 0; index < links; index += 1) document.head.appendChild(preloadLink(index));
      document.head.appendChild(style);
      // Inside the call the links are held: none is in the document yet.
      expect(preloadsInHead()).toBe(0);
      return "caricata";
    });

    expect(result).toBe("caricata");
    expect(style.isConnected).toBe(true);
    expect(preloadsInHead()).toBe(PRELOAD_LINKS_PER_TASK);
    vi.advanceTimersToNextTimer();
    expect(preloadsInHead()).toBe(2 * PRELOAD_LINKS_PER_TASK);
    vi.advanceTimersToNextTimer();
    expect(preloadsInHead()).toBe(links);
    // In the order the helper appended them, and <head> is itself again.
    const hrefs = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(hrefs.map((link) => link.getAttribute("href"))).toEqual(
      Array.from({ length: links }, (_, index) => `/assets/chunk-${index}.js`),
    );
    expect(Object.hasOwn(document.head, "appendChild")).toBe(false);
  });

  it("puts <head> back and keeps what was held when the import throws", () => {
    expect(() =>
      withPreloadLinksInSlices(() => {
        document.head.appendChild(preloadLink(0));
        throw new Error("offline");
      }),
    ).toThrow("offline");
    expect(Object.hasOwn(document.head, "appendChild")).toBe(false);
    expect(preloadsInHead()).toBe(1);
  });
});
