import type { Page } from "@playwright/test";
import { parseEther } from "viem";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { openReviewStep, verifiedLenderPage } from "./support/journey";
import { SPEC_ROUTES } from "./support/routes";

// A 390 px wide phone (iPhone 12-15 in CSS pixels): every page and modal fits its width, so
// nothing needs sideways scrolling (issue 11; STYLE.md).
const PHONE = { width: 390, height: 844 };

// Every route of spec section 2, and the local KYC widget page.
const ROUTES = [...SPEC_ROUTES, "/kyc/local"];

/** The document's width beyond its viewport: 0 when nothing scrolls sideways. */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    return el.scrollWidth - el.clientWidth;
  });
}

/** The elements (tag, test id, text) whose right edge is past the viewport: for the message. */
async function overflowingElements(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}${e.getAttribute("data-testid") ? `[${e.getAttribute("data-testid")}]` : ""} "${(e.textContent ?? "").trim().slice(0, 40)}"`,
      );
  });
}

/** Boxes inside the page that scroll sideways (a wide table in an overflow-x-auto wrapper). */
async function sidewaysScrollers(page: Page, within = "body") {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    return [...(root?.querySelectorAll("*") ?? [])]
      .filter((e) => {
        const { overflowX } = getComputedStyle(e);
        return (
          (overflowX === "auto" || overflowX === "scroll") && e.scrollWidth > e.clientWidth + 1
        );
      })
      .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent ?? "").trim().slice(0, 40)}"`);
  }, within);
}

/** Neither the document nor any box in it (or in `within`) scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, where: string, within?: string) {
  const overflow = await horizontalOverflow(page);
  expect(
    overflow,
    `${where} overflows by ${overflow}px: ${(await overflowingElements(page)).join("; ")}`,
  ).toBeLessThanOrEqual(0);
  expect(await sidewaysScrollers(page, within), `${where}: boxes scrolling sideways`).toEqual([]);
}

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

for (const route of ROUTES) {
  test(`${route} fits a 390 px phone without sideways scrolling`, async ({ page }) => {
    const response = await page.goto(route);
    expect(response?.status(), `HTTP status of ${route}`).toBeLessThan(400);
    await expect(page.locator("h1").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSidewaysScroll(page, route);
  });
}

test("the pool cards' Lend buttons are on screen at 390 px", async ({ page }) => {
  await page.goto("/lending");
  const buttons = page.getByTestId("lend-button");
  await expect(buttons.first()).toBeVisible();
  // each button fully inside the 390 px width without scrolling anything sideways
  for (const button of await buttons.all()) {
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }
  await expectNoSidewaysScroll(page, "/lending");
  // the stacked tranche cards keep an accessible table (header row visually hidden only)
  await expect(page.getByRole("columnheader", { name: "Variable APY" }).first()).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the connect and lend modals fit a 390 px phone", async ({ browser, stack, request }) => {
  test.setTimeout(60_000);
  const amount = 500_000_000n;
  const { target, context, page } = await verifiedLenderPage(
    browser,
    request,
    stack,
    { eth: parseEther("1"), usdc: amount },
    { fullName: "Katherine Johnson" },
  );
  await page.setViewportSize(PHONE);

  // the connect modal (a visitor's Lend click)
  await page.goto("/lending");
  await page.getByTestId("wallet-button").click();
  const connect = page.getByRole("dialog");
  await expect(connect).toBeVisible();
  await expectNoSidewaysScroll(page, "the connect modal");
  await expectInViewport(page, connect);
  await page.keyboard.press("Escape");
  await expect(connect).toHaveCount(0);

  // the lend modal, step 1 then step 2
  const dialog = await openReviewStep(page, target, amount);
  await expect(dialog.getByRole("button", { name: "Generate Loan Contract" })).toBeVisible();
  await expectNoSidewaysScroll(page, "the lend modal, step 2");
  await expectInViewport(page, dialog);
  await dialog.getByRole("button", { name: "Adjust" }).click();
  await expect(dialog.getByTestId("lend-amount")).toBeVisible();
  await expectNoSidewaysScroll(page, "the lend modal, step 1");
  await expectInViewport(page, dialog);
  await context.close();
});

test("a modal's loading state (the click's first frame) fits a 390 px phone and passes axe", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto("/lending");
  await page.waitForLoadState("networkidle");
  // the code the click loads (the wallet stack, the connect modal's chunk) is held back, so the
  // loading state stays on screen while it is checked
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.getByTestId("wallet-button").click();
  const frame = page.locator("[data-modal-loading]");
  await expect(frame).toBeVisible();
  await expect(frame).toContainText("Connect a wallet");
  await expect(frame.getByRole("status")).toHaveText("Loading…");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectNoSidewaysScroll(page, "the loading state");
  const box = (await frame.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousViolations(page, "[data-modal-loading]")).toEqual([]);
  // the real dialog replaces it, in the same frame
  release();
  await page.unroute("**/_next/static/chunks/**");
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  await expect(dialog).toBeVisible();
  await expect(frame).toHaveCount(0);
  expect((await dialog.boundingBox())!.width).toBeCloseTo(box.width, 0);
});

async function expectInViewport(page: Page, dialog: ReturnType<Page["getByRole"]>) {
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  // nothing inside the dialog scrolls sideways
  expect(
    await sidewaysScrollers(page, '[role="dialog"]'),
    "boxes in the dialog scrolling sideways",
  ).toEqual([]);
}
