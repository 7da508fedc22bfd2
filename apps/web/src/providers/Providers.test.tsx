import { render } from "@testing-library/react";
import { memo } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { useWalletState, type WalletState } from "@/features/wallet/walletState";
import { resetStackForTests } from "@/lib/stack/store";
import { testPublicConfig as publicConfig } from "@/lib/stack/testing";
import { Providers } from "./Providers";

describe("the providers' wallet state", () => {
  beforeEach(() => {
    window.localStorage.clear();
    resetStackForTests();
  });

  it("is the same object when the providers render again with nothing changed: its readers do not re-render", () => {
    const seen: WalletState[] = [];
    const Reader = memo(function Reader() {
      seen.push(useWalletState());
      return null;
    });
    const view = render(
      <Providers config={publicConfig}>
        <Reader />
      </Providers>,
    );
    view.rerender(
      <Providers config={publicConfig}>
        <Reader />
      </Providers>,
    );
    view.rerender(
      <Providers config={{ ...publicConfig }}>
        <Reader />
      </Providers>,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual({ ready: true });
  });
});
