import type { Locator, Page } from "playwright-core";
import { SERVER_WAIT_MS } from "./page-ready";

/**
 * Driving a page with the keyboard alone, as someone who cannot use a pointer: Tab / Shift+Tab moves the
 * focus, Enter / Space activate, typing fills the focused field. Every stop the focus makes on the way
 * must be visible (a :focus-visible outline or ring), or a keyboard user would be lost.
 */

/** What is focused now, for error messages: tag, role, name. */
async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "(nessun elemento: body)";
    const name = el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().slice(0, 60);
    return `<${el.tagName.toLowerCase()}${el.getAttribute("role") ? ` role=${el.getAttribute("role")}` : ""}> ${name}`;
  });
}

/** The focused element shows it: it matches :focus-visible and draws an outline or a ring. */
export async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || !el.matches(":focus-visible")) return false;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none" && style.boxShadow !== "";
    const box = el.getBoundingClientRect();
    return (outline || ring) && box.width > 0 && box.height > 0;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `maxPresses` times; fails if it never
 * gets there or if the focus ever stops somewhere without a visible indicator.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, maxPresses = 120 } = {},
): Promise<void> {
  await target.waitFor({ timeout: SERVER_WAIT_MS });
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    const here = await page.evaluate(() => document.activeElement !== document.body);
    if (here && !(await focusIsVisible(page))) {
      throw new Error(`Il focus da tastiera non si vede su ${await describeFocus(page)}`);
    }
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) {
      return;
    }
  }
  throw new Error(
    `${maxPresses} pressioni di ${backwards ? "Shift+Tab" : "Tab"} senza raggiungere ${target}; il focus è su ${await describeFocus(page)}`,
  );
}

/** Tabs to a field and types into it (the field's previous text is kept, as a person would). */
export async function tabAndType(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}
