import { formatDateTime } from "@lending/sdk";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { generateLoanContract, verifiedLenderPage } from "./support/journey";

// Spec section 2, "Loan contract modal". A fresh lender (KYC through the API, USDC, no ETH: only
// a signature is needed to generate the contract).
test("the Loan Contract modal expands and minimises, scrolls to the bottom, and Back does not accept", async ({
  browser,
  stack,
  request,
}) => {
  test.setTimeout(60_000);
  const amount = 321_000_000n;
  const { target, context, page } = await verifiedLenderPage(
    browser,
    request,
    stack,
    { eth: 0n, usdc: amount },
    { fullName: "Katherine Johnson" },
  );
  const { dialog, contract, generated } = await generateLoanContract(page, target, amount);

  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  // The important note, the four sections and the signing date of the generated contract.
  const formatted = JSON.parse(generated.formattedMessage) as {
    importantNote: string;
    sections: { heading: string }[];
  };
  expect(formatted.sections).toHaveLength(4);
  await expect(contract.getByRole("note")).toHaveText(formatted.importantNote);
  await expect(contract.getByRole("heading", { level: 3 })).toHaveText(
    formatted.sections.map((s) => s.heading),
  );
  await expect(contract).toContainText("Katherine Johnson");
  const signingDate = contract.getByText(/^Signing date: /);
  await expect(signingDate).toHaveText(
    `Signing date: ${formatDateTime(new Date(generated.timestamp), 0)}`,
  );

  // Expand: the dialog fills the viewport; Minimise: back to at most 1000 px wide.
  const viewport = page.viewportSize()!;
  const box = async () => (await contract.boundingBox())!;
  const wide = await box();
  expect(wide.width).toBeLessThanOrEqual(1000);
  expect(wide.height).toBeLessThan(viewport.height);
  await contract.getByRole("button", { name: "Expand" }).click();
  await expect(contract.getByRole("button", { name: "Minimise" })).toBeVisible();
  await expect
    .poll(async () => {
      const b = await box();
      return [b.x, b.y, b.width, b.height];
    })
    .toEqual([0, 0, viewport.width, viewport.height]);
  await contract.getByRole("button", { name: "Minimise" }).click();
  await expect(contract.getByRole("button", { name: "Expand" })).toBeVisible();
  await expect.poll(async () => (await box()).width).toBe(wide.width);
  expect((await box()).height).toBeLessThan(viewport.height);

  // The text overflows; the button scrolls it to the bottom and is then disabled.
  const text = contract.getByLabel("Loan contract text");
  const scroll = () =>
    text.evaluate((el) => ({
      top: el.scrollTop,
      left: el.scrollHeight - el.clientHeight - el.scrollTop,
    }));
  expect(await scroll()).toMatchObject({ top: 0 });
  expect((await scroll()).left).toBeGreaterThan(0);
  await expect(signingDate).not.toBeInViewport();
  const toBottom = contract.getByRole("button", { name: "Scroll to bottom" });
  await expect(toBottom).toBeEnabled();
  await toBottom.click();
  await expect.poll(async () => (await scroll()).left).toBeLessThanOrEqual(1);
  await expect(signingDate).toBeInViewport();
  await expect(toBottom).toBeDisabled();

  // Back closes the contract without accepting it.
  await contract.getByRole("button", { name: "Back" }).click();
  await expect(contract).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("loan-contract-status")).toHaveText("Generated, not accepted");
  await expect(dialog.getByRole("button", { name: "Review and accept" })).toBeVisible();
  await expect(dialog.getByTestId("approve-then-act")).toHaveCount(0);
  await context.close();
});
