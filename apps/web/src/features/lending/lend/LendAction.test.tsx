import { fireEvent, render, screen } from "@testing-library/react";
import type { Pool } from "@lending/sdk";
import { Component, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";

// a connected lender (the wallet stack's connection state)
vi.mock("@/lib/stack", () => ({ useConnection: () => ({ status: "connected" }) }));
vi.mock("@/components/modal/modalContext", () => ({ useModal: () => ({ open: vi.fn() }) }));
vi.mock("@/components/modal/registry", () => ({ preloadModal: vi.fn() }));

// The full button's chunk: its first load fails (the connection dropped), the next one loads.
const chunk = vi.hoisted(() => ({ fail: true, loads: 0, broken: false }));
vi.mock("./TrancheLend", () => {
  chunk.loads++;
  if (chunk.fail) throw new Error("Failed to fetch dynamically imported module");
  return {
    TrancheLend: () => {
      if (chunk.broken) throw new Error("a bug in the button");
      return <p>the full lend button</p>;
    },
  };
});

/** The app's error page, as far as these tests go. */
class ErrorPage extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>error page: {this.state.error.message}</p> : this.props.children;
  }
}

const lendAction = async () => {
  const { LendAction } = await import("./LendAction");
  return render(
    <ErrorPage>
      <LendAction pool={{} as Pool} trancheId={0n} label="Lend" ariaLabel="Lend into Senior" />
    </ErrorPage>,
  );
};

describe("the lend button of a connected lender", () => {
  it("stays a button as long as its code fails to load, each press one more try", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await lendAction();
      const button = () => screen.getByRole("button", { name: "Lend into Senior" });
      await vi.waitFor(() => expect(button().hasAttribute("disabled")).toBe(false));
      expect(chunk.loads).toBe(1);
      // the connection is still down: the press tries once, and the button is back
      fireEvent.click(button());
      await vi.waitFor(() => expect(chunk.loads).toBe(2));
      await vi.waitFor(() => expect(button().hasAttribute("disabled")).toBe(false));
      expect(screen.queryByText(/error page/)).toBeNull();
      // and once more, a third load
      fireEvent.click(button());
      await vi.waitFor(() => expect(chunk.loads).toBe(3));
      await vi.waitFor(() => expect(button().hasAttribute("disabled")).toBe(false));
      expect(screen.queryByText("the full lend button")).toBeNull();
    } finally {
      chunk.loads = 0; // the next test counts its own loads, from a first failed one
      logged.mockRestore();
    }
  });

  it("stays a button when its code fails to load, and pressing it loads the code again", async () => {
    // React reports the failed load it caught (the test's expected failure)
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await lendAction();
      const button = () => screen.getByRole("button", { name: "Lend into Senior" });
      // disabled while the code loads
      expect(button().hasAttribute("disabled")).toBe(true);
      // not a broken page: the button, enabled, since pressing it is how to try again
      await vi.waitFor(() => expect(button().hasAttribute("disabled")).toBe(false));
      expect(screen.queryByText(/error page/)).toBeNull();
      expect(chunk.loads).toBe(1);
      chunk.fail = false;
      fireEvent.click(button());
      expect(await screen.findByText("the full lend button")).toBeTruthy();
      expect(chunk.loads).toBe(2);
    } finally {
      logged.mockRestore();
    }
  });

  it("leaves any other error of the button to the app's error page", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      chunk.broken = true;
      await lendAction();
      // not a button that fails the same way on every press
      expect(await screen.findByText("error page: a bug in the button")).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Lend into Senior" })).toBeNull();
    } finally {
      chunk.broken = false;
      logged.mockRestore();
    }
  });
});
