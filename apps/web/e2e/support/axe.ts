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

/**
 * An axe check of the page. With no frame in the page (the app has none), axe runs in the page
 * itself (`axe.run`: @axe-core/playwright's "legacy mode"). The default runs each frame's part and
 * then opens a blank page in the context to merge the parts (`axe.finishRun`): a new renderer on
 * every check, twice the time of the check itself (1,231 against 642 ms on /lending, 710 against
 * 365 on /portfolio, with the same violations, passes and incompletes; docs/benchmarks.md, issue
 * 26 goal 4, twelfth session). A page with a frame keeps the default, which checks its frames.
 */
export function axeOnPage(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page });
  return page.frames().length === 1 ? builder.setLegacyMode(true) : builder;
}

/** Serious and critical axe violations on the page, or inside `include` (a CSS selector). */
export async function seriousViolations(page: Page, include?: string) {
  await settleAnimations(page);
  let builder = axeOnPage(page);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
