import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** Neither the page nor the open dialogs scroll sideways at the current viewport. */
export async function fitsTheViewport(page: Page) {
  const overflow = await page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement;
    const dialogs = [...document.querySelectorAll('[role="dialog"]')];
    return Math.max(
      doc.scrollWidth - doc.clientWidth,
      ...dialogs.map((d) => d.scrollWidth - d.clientWidth),
    );
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The page (and any open dialog) fits a 390 px phone; the viewport is set back to desktop. */
export async function fitsThePhone(page: Page) {
  await page.setViewportSize(PHONE);
  await fitsTheViewport(page);
  await page.setViewportSize(DESKTOP);
}
