// The accessibility check cannot pass silently: axe (tests/support/axe.ts) fails on a page with known
// serious violations and passes the same page once fixed.

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "../support/axe";
import { testChromium } from "../support/browser";

const BROKEN = `<!doctype html><html lang="it"><head><title>Prova</title></head><body><main>
  <h1>Prova</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <input type="text"><button></button></main></body></html>`;

const FIXED = `<!doctype html><html lang="it"><head><title>Prova</title></head><body><main>
  <h1>Prova</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Logo">
  <label>Nome <input type="text"></label><button>Invia</button></main></body></html>`;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await testChromium();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe("the axe check", () => {
  it("fails on an image without alt, an unlabeled field and a nameless button, naming rule, impact and target", async () => {
    await page.setContent(BROKEN);
    const failure = await expectAccessible(page, "pagina rotta").then(
      () => "passed",
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/serious\/critical accessibility violation/);
    expect(failure).toMatch(/\[critical\] image-alt: Images must have alternative text\n\s+at img/);
    expect(failure).toMatch(/\[critical\] label: .*\n\s+at input/);
    expect(failure).toMatch(/\[critical\] button-name: .*\n\s+at button/);
    expect(failure).toContain("https://dequeuniversity.com/rules/axe/");
  });

  it("passes the same page once the violations are fixed", async () => {
    await page.setContent(FIXED);
    await expect(expectAccessible(page, "pagina corretta")).resolves.toBeUndefined();
  });
});
