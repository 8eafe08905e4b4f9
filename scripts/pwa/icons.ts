// `node --import tsx scripts/pwa/icons.ts`: draws the app's icons (public/icons/*.png, committed) from the
// logo (public/favicon.svg) with the local Chromium, no network: 192 and 512 px as they are, and a
// maskable 512 px one whose logo sits inside the safe zone (the middle 80 %) on the brand colour, so a
// launcher can crop it to any shape.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../../tests/support/browser";

const root = fileURLToPath(new URL("../../", import.meta.url));
const logo = readFileSync(`${root}public/favicon.svg`, "utf8");
/** The logo's circle colour (design token brand-700), the maskable icon's background. */
const BRAND = "#0f766e";

const ICONS = [
  { file: "icon-192.png", size: 192, logoScale: 1, background: "transparent" },
  { file: "icon-512.png", size: 512, logoScale: 1, background: "transparent" },
  { file: "icon-maskable-512.png", size: 512, logoScale: 0.7, background: BRAND },
  { file: "apple-touch-icon.png", size: 180, logoScale: 0.8, background: BRAND },
];

const browser = await launchChromium();
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    const logoSize = Math.round(icon.size * icon.logoScale);
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background}">
        <div style="width:${logoSize}px;height:${logoSize}px">${logo.replace("<svg ", '<svg width="100%" height="100%" ')}</div></body>`,
    );
    await page.screenshot({
      path: `${root}public/icons/${icon.file}`,
      omitBackground: icon.background === "transparent",
    });
    console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
