import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mock } from "wagmi";
import { connect, disconnect } from "wagmi/actions";
import { wallet } from "@lending/sdk";
import { NavLinks } from "@/components/layout/NavLinks";
import { loadStack, resetStackForTests } from "@/lib/stack/store";
import {
  testPublicConfig as publicConfig,
  renderWithWagmiProbe,
  waitForWalletRestore,
} from "@/lib/stack/testing";
import { Providers } from "@/providers/Providers";
import { readLastActiveWallet } from "./lastActiveWallet";
import { WalletButton, WalletButtonView } from "./WalletButton";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

function renderApp() {
  return renderWithWagmiProbe(
    <>
      <NavLinks />
      <WalletButton labels={wallet} />
    </>,
  ).ref;
}

describe("WalletButtonView", () => {
  it("is a disabled Connect Wallet button until ready", () => {
    const { rerender } = render(
      <WalletButtonView labels={wallet} ready={false} onConnect={() => {}} onManage={() => {}} />,
    );
    const button = screen.getByTestId("wallet-button");
    expect(button.textContent).toBe("Connect Wallet");
    expect(button).toHaveProperty("disabled", true);
    rerender(<WalletButtonView labels={wallet} ready onConnect={() => {}} onManage={() => {}} />);
    expect(screen.getByTestId("wallet-button")).toHaveProperty("disabled", false);
  });

  it("shows the shortened address and a Connected chip", () => {
    let managed = 0;
    render(
      <WalletButtonView
        labels={wallet}
        ready
        address={ACCOUNT}
        onConnect={() => {}}
        onManage={() => managed++}
      />,
    );
    const button = screen.getByTestId("wallet-button");
    expect(button.textContent).toBe("0x7099...79C8Connected");
    fireEvent.click(button);
    expect(managed).toBe(1);
  });
});

describe("WalletButton in the app providers", () => {
  beforeAll(async () => {
    await loadStack();
  });
  // Connecting starts the KYC status check (GET /api/kyc): answer it, as the server would.
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ status: "Not started", provider: "local" }))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("gets ready, connects, shows My Portfolio and remembers the wallet", async () => {
    const ref = renderApp();
    await waitFor(() =>
      expect(screen.getByTestId("wallet-button")).toHaveProperty("disabled", false),
    );
    // a connection made by code waits for wagmi's restore (a user's click opens the modal first)
    await waitForWalletRestore(ref);
    expect(screen.queryByRole("link", { name: "My Portfolio" })).toBeNull();

    await act(async () => {
      await connect(ref.config!, { connector: mock({ accounts: [ACCOUNT] }) });
    });
    await waitFor(() =>
      expect(screen.getByTestId("wallet-button").textContent).toContain("Connected"),
    );
    expect(screen.getByTestId("wallet-button").textContent).toContain("0x7099...79C8");
    expect(screen.getByRole("link", { name: "My Portfolio" })).toBeDefined();
    await waitFor(() =>
      expect(readLastActiveWallet(window.localStorage)).toEqual({
        connectorId: "mock",
        address: ACCOUNT,
      }),
    );

    await act(async () => {
      await disconnect(ref.config!);
    });
    await waitFor(() =>
      expect(screen.getByTestId("wallet-button").textContent).toBe("Connect Wallet"),
    );
    expect(screen.queryByRole("link", { name: "My Portfolio" })).toBeNull();
  });

  it("opens the connect modal with the wallet options", async () => {
    renderApp();
    const button = screen.getByTestId("wallet-button");
    await waitFor(() => expect(button).toHaveProperty("disabled", false));
    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", {}, { timeout: 5000 });
    const labels = [...dialog.querySelectorAll("li button")].map((b) => b.textContent);
    // primary: browser wallet and email (no WalletConnect id, no Google client here); others
    expect(labels).toEqual(["Browser Wallet", "Email", "Coinbase Wallet", "Dev Wallet"]);
  }, 15_000);
});

describe("WalletButton on a visitor's page (no wallet stack loaded)", () => {
  beforeEach(() => {
    window.localStorage.clear();
    resetStackForTests();
  });

  it("is usable at once and loads the wallet stack to open the connect modal", async () => {
    render(
      <Providers config={publicConfig}>
        <NavLinks />
        <WalletButton labels={wallet} />
      </Providers>,
    );
    const button = screen.getByTestId("wallet-button");
    await waitFor(() => expect(button).toHaveProperty("disabled", false));
    expect(button.textContent).toBe("Connect Wallet");
    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", {}, { timeout: 5000 });
    const labels = [...dialog.querySelectorAll("li button")].map((b) => b.textContent);
    expect(labels).toEqual(["Browser Wallet", "Email", "Coinbase Wallet", "Dev Wallet"]);
  }, 15_000);

  it("stays usable while a hover loads the wallet stack: the click that follows opens the modal", async () => {
    render(
      <Providers config={publicConfig}>
        <WalletButton labels={wallet} />
      </Providers>,
    );
    const button = screen.getByTestId("wallet-button");
    await waitFor(() => expect(button).toHaveProperty("disabled", false));
    const states: boolean[] = [];
    const observer = new MutationObserver(() =>
      states.push((screen.getByTestId("wallet-button") as HTMLButtonElement).disabled),
    );
    observer.observe(document.body, { attributes: true, subtree: true, childList: true });
    fireEvent.mouseEnter(button);
    await act(async () => {
      await loadStack();
    });
    fireEvent.click(screen.getByTestId("wallet-button"));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 5000 });
    observer.disconnect();
    expect(dialog).toBeDefined();
    // never disabled on the way: no click was lost
    expect(states.filter(Boolean)).toEqual([]);
  }, 15_000);
});
