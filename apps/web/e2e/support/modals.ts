import type { Locator, Page } from "@playwright/test";
import { axeOnPage, settleAnimations } from "./axe";
import { expect } from "./fixtures";
import { PHONE } from "./layout";

// Issue 23 items 10 and 14, at 390 px: every modal a lender meets passes axe with the WCAG 2.2
// target-size rule on, and every control in it is at least 24 x 24 CSS px (our own bounding-box
// check; links inside a sentence are WCAG 2.5.8's inline exception).

/** The dialog on top: the only one not made inert (components/modal/modalStack.ts). */
export const TOP_DIALOG = '[role="dialog"]:not([inert])';

/** Serious and critical axe violations in the top dialog, with the target-size rule on. */
export async function topDialogViolations(page: Page) {
  await settleAnimations(page);
  const { violations } = await axeOnPage(page)
    .include(TOP_DIALOG)
    .options({ rules: { "target-size": { enabled: true } } })
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * Visible controls inside `selector` smaller than 24 x 24 px: "tag 'name' W x H". Inline links
 * in running text are exempt (WCAG 2.5.8), as are elements hidden or visually hidden (sr-only).
 */
export async function smallTargets(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const controls =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="radio"], [role="checkbox"], [role="tab"], [role="link"]';
    const roots = [...document.querySelectorAll(sel)];
    return roots.flatMap((root) =>
      [...root.querySelectorAll(controls)]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          if (r.width <= 1 || r.height <= 1 || style.visibility === "hidden") return false;
          if (el.tagName === "A" && style.display === "inline") return false;
          return r.width < 24 || r.height < 24;
        })
        .map((el) => {
          const r = el.getBoundingClientRect();
          const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30);
          return `${el.tagName.toLowerCase()} '${name}' ${r.width.toFixed(0)} x ${r.height.toFixed(0)}`;
        }),
    );
  }, selector);
}

/** Nothing in the top dialog (nor the page) scrolls sideways. */
export async function sidewaysOverflow(page: Page) {
  return page.evaluate((sel) => {
    const doc = document.scrollingElement ?? document.documentElement;
    const top = document.querySelector(sel);
    const boxes = [...(top?.querySelectorAll("*") ?? [])].filter((e) => {
      const { overflowX } = getComputedStyle(e);
      return (overflowX === "auto" || overflowX === "scroll") && e.scrollWidth > e.clientWidth + 1;
    });
    return {
      page: doc.scrollWidth - doc.clientWidth,
      boxes: boxes.map((e) => (e.textContent ?? "").trim().slice(0, 40)),
    };
  }, TOP_DIALOG);
}

/**
 * The checks every modal passes at 390 px (the page's viewport must be {@link PHONE}): inside the
 * phone, nothing scrolls sideways, no serious axe violation, no control under 24 x 24 px.
 */
export async function checkModal(page: Page, dialog: Locator, what: string) {
  expect(page.viewportSize(), `${what}: checked at 390 px`).toEqual(PHONE);
  await expect(dialog, what).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x, `${what}: inside the phone`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: inside the phone`).toBeLessThanOrEqual(PHONE.width);
  expect(await sidewaysOverflow(page), `${what}: nothing scrolls sideways`).toEqual({
    page: 0,
    boxes: [],
  });
  expect(await topDialogViolations(page), `${what}: axe`).toEqual([]);
  expect(await smallTargets(page, TOP_DIALOG), `${what}: targets under 24 px`).toEqual([]);
}
