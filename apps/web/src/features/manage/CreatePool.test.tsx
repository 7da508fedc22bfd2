/**
 * Issue 27, the console's "New pool" form: checked by the SDK's rules (the CLI's pool:create
 * too) before the wallet is asked; a valid pool is sent as `createPool` with its tranches,
 * junior first, from the operator's wallet.
 */
import { manage } from "@lending/sdk";
import { draftTrancheArgs } from "@lending/sdk/testing";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CreatePool } from "./CreatePool";

const sent = vi.hoisted(() => [] as { functionName: string; args: readonly unknown[] }[]);
vi.mock("./useOperatorTx", () => ({
  useOperatorTx: () => ({
    run: async (call: { functionName: string; args: readonly unknown[] }) => {
      sent.push(call);
      return { hash: `0x${"1".repeat(64)}` };
    },
  }),
}));
vi.mock("@/lib/queries/hooks", () => ({ useAppChain: () => ({ chainId: 31337 }) }));

const type = (label: string, value: string, index = 0) =>
  fireEvent.change(screen.getAllByLabelText(label)[index]!, { target: { value } });

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CreatePool />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sent.length = 0;
});

describe("the console's New pool form", () => {
  it("refuses bad input with the rule's message and asks the wallet nothing", () => {
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: manage.createPool }));
    expect(screen.getByText(manage.invalidPoolName)).toBeTruthy();
    type(manage.poolName, "Invoice pool");
    type(manage.trancheName, "Junior");
    type(manage.apy, "12");
    type(manage.minimumDeposit, "6000");
    type(manage.maximumDeposit, "5000");
    type(manage.capacity, "100000");
    fireEvent.click(screen.getByRole("button", { name: manage.createPool }));
    expect(screen.getByText(`Tranche 1: ${manage.invalidLimits}`)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("sends createPool with the tranches junior first, up to three", async () => {
    renderForm();
    type(manage.poolName, "Invoice pool");
    type(manage.trancheName, "Junior");
    type(manage.apy, "12");
    type(manage.minimumDeposit, "10");
    type(manage.maximumDeposit, "5000");
    type(manage.capacity, "100000");
    fireEvent.click(screen.getByRole("button", { name: manage.addTranche }));
    type(manage.trancheName, "Senior", 1);
    type(manage.apy, "8", 1);
    type(manage.minimumDeposit, "10", 1);
    type(manage.maximumDeposit, "5000", 1);
    type(manage.capacity, "200000", 1);
    fireEvent.click(screen.getByRole("button", { name: manage.addTranche }));
    // three at most: no fourth
    expect(screen.queryByRole("button", { name: manage.addTranche })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remove tranche 3" }));
    fireEvent.click(screen.getByRole("button", { name: manage.createPool }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      functionName: "createPool",
      args: [
        "Invoice pool",
        "",
        0n,
        [draftTrancheArgs("Junior", 0.12, 100_000n), draftTrancheArgs("Senior", 0.08, 200_000n)],
      ],
    });
    expect(await screen.findByText("Pool created: Invoice pool")).toBeTruthy();
  });
});
