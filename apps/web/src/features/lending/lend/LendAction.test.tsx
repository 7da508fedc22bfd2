import { fireEvent, render, screen } from "@testing-library/react";
import type { Pool } from "@lending/sdk";
import { describe, expect, it, vi } from "vitest";

// a connected lender (the wallet stack's connection state)
vi.mock("@/lib/stack", () => ({ useConnection: () => ({ status: "connected" }) }));
vi.mock("@/components/modal/modalContext", () => ({ useModal: () => ({ open: vi.fn() }) }));
vi.mock("@/components/modal/registry", () => ({ preloadModal: vi.fn() }));

// The full button's chunk: its first load fails (the connection dropped), the next one loads.
const chunk = vi.hoisted(() => ({ fail: true, loads: 0 }));
vi.mock("./TrancheLend", () => {
  chunk.loads++;
  if (chunk.fail) throw new Error("Failed to fetch dynamically imported module");
  return { TrancheLend: () => <p>the full lend button</p> };
});

describe("the lend button of a connected lender", () => {
  it("stays a button when its code fails to load, and pressing it loads the code again", async () => {
    // React reports the failed load it caught (the test's expected failure)
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { LendAction } = await import("./LendAction");
    render(
      <LendAction pool={{} as Pool} trancheId={0n} label="Lend" ariaLabel="Lend into Senior" />,
    );
    // not a broken page: the button, enabled, since pressing it is how to try again
    const button = () => screen.getByRole("button", { name: "Lend into Senior" });
    // disabled while the code loads
    expect(button().hasAttribute("disabled")).toBe(true);
    await vi.waitFor(() => expect(button().hasAttribute("disabled")).toBe(false));
    expect(chunk.loads).toBe(1);
    chunk.fail = false;
    fireEvent.click(button());
    expect(await screen.findByText("the full lend button")).toBeTruthy();
    expect(chunk.loads).toBe(2);
    logged.mockRestore();
  });
});
