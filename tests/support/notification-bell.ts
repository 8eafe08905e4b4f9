import type { Page } from "playwright-core";
import { SERVER_WAIT_MS } from "./page-ready";

/** The header's bell of a signed-in page. */
export const bellOf = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifiche/ });

/** The bell's popover. */
export const notificationPanelOf = (page: Page) => page.getByRole("region", { name: "Le tue notifiche" });

/** Marks the seeded notifications read, so the bell starts at none; closes the popover. */
export async function readAllNotifications(page: Page): Promise<void> {
  await bellOf(page).click({ timeout: SERVER_WAIT_MS });
  await notificationPanelOf(page).getByRole("button", { name: "Segna tutte come lette" }).click();
  await page
    .getByRole("banner")
    .getByRole("button", { name: "Notifiche, nessuna nuova" })
    .waitFor({ timeout: SERVER_WAIT_MS });
  await page.keyboard.press("Escape");
}
