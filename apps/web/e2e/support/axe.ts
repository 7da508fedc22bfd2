import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Waits (at most 3 s) until the page's finite animations and transitions have finished: a toast
 * sliding in is half transparent, and axe would measure the contrast of a frame, not of the page.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    // two frames: a toast inserted just now starts its transition on the next one
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((r) => setTimeout(r, 3000)),
    ]);
  });
}

/** Serious and critical axe violations on the page, or inside `include` (a CSS selector). */
export async function seriousViolations(page: Page, include?: string) {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
