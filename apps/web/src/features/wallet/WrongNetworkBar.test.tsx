import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { fill, wallet } from "@lending/sdk";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { testPublicConfig } from "@/lib/stack/testing";
import { PublicConfigProvider } from "@/providers/PublicConfigContext";
import { WrongNetworkBar } from "./WrongNetworkBar";

const state = vi.hoisted(() => ({
  ready: true,
  status: "connected" as string,
  chainId: 1 as number | undefined,
  chains: [{ id: 31337, name: "Anvil" }] as { id: number; name: string }[],
  switchChain: vi.fn<(args: { chainId: number }) => Promise<unknown>>(),
  isPending: false,
}));

vi.mock("wagmi", () => ({
  useConnection: () => ({ status: state.status, chainId: state.chainId }),
  useChains: () => state.chains,
  useSwitchChain: () => ({ mutateAsync: state.switchChain, isPending: state.isPending }),
}));
vi.mock("./WalletStateProvider", () => ({
  useWalletState: () => ({ ready: state.ready, devWallet: false }),
}));

function renderBar() {
  return render(
    <PublicConfigProvider value={testPublicConfig}>
      <WrongNetworkBar />
    </PublicConfigProvider>,
  );
}

describe("the wrong-network bar", () => {
  beforeEach(() => {
    Object.assign(state, {
      ready: true,
      status: "connected",
      chainId: 1,
      chains: [{ id: testPublicConfig.chainId, name: "Anvil" }],
      isPending: false,
    });
    state.switchChain.mockReset();
  });

  it("shows nothing on the app's chain, before the wallet layer is ready, or when not connected", () => {
    state.chainId = testPublicConfig.chainId;
    const { container, rerender } = renderBar();
    expect(container.textContent).toBe("");
    state.chainId = 1;
    state.ready = false;
    rerender(
      <PublicConfigProvider value={testPublicConfig}>
        <WrongNetworkBar />
      </PublicConfigProvider>,
    );
    expect(container.textContent).toBe("");
    state.ready = true;
    state.status = "disconnected";
    rerender(
      <PublicConfigProvider value={testPublicConfig}>
        <WrongNetworkBar />
      </PublicConfigProvider>,
    );
    expect(screen.queryByTestId("wrong-network-bar")).toBeNull();
    // connected, but the wallet has not said which chain it is on yet
    state.status = "connected";
    state.chainId = undefined;
    rerender(
      <PublicConfigProvider value={testPublicConfig}>
        <WrongNetworkBar />
      </PublicConfigProvider>,
    );
    expect(screen.queryByTestId("wrong-network-bar")).toBeNull();
  });

  it("names the app's chain and switches the wallet to it", async () => {
    state.switchChain.mockResolvedValue({ id: testPublicConfig.chainId });
    renderBar();
    const bar = screen.getByRole("alert");
    expect(bar.textContent).toContain(wallet.wrongNetwork);
    expect(bar.textContent).toContain(fill(wallet.wrongNetworkText, { chain: "Anvil" }));
    fireEvent.click(
      screen.getByRole("button", { name: fill(wallet.switchTo, { chain: "Anvil" }) }),
    );
    expect(state.switchChain).toHaveBeenCalledWith({ chainId: testPublicConfig.chainId });
  });

  it("names the chain by id when the wallet configuration does not know it", () => {
    state.chains = [];
    renderBar();
    const name = fill(wallet.unknownChain, { chainId: testPublicConfig.chainId });
    expect(
      screen.getByRole("button", { name: fill(wallet.switchTo, { chain: name }) }),
    ).toBeTruthy();
  });

  it("says why a switch failed, and clears it on the next try", async () => {
    state.switchChain.mockRejectedValueOnce(
      Object.assign(new Error("User rejected the request."), { code: 4001 }),
    );
    renderBar();
    const button = screen.getByRole("button", { name: fill(wallet.switchTo, { chain: "Anvil" }) });
    fireEvent.click(button);
    await screen.findByText(wallet.errors.rejected);
    state.switchChain.mockReturnValueOnce(new Promise(() => {}));
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByText(wallet.errors.rejected)).toBeNull());
  });

  it("disables the button while the wallet is asked", () => {
    state.isPending = true;
    renderBar();
    expect(
      (
        screen.getByRole("button", {
          name: fill(wallet.switchTo, { chain: "Anvil" }),
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });
});
