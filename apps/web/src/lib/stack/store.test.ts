// @vitest-environment node
import { describe, expect, it } from "vitest";
import { connectionRemembered } from "./store";

function storage(items: Record<string, string>): Storage {
  const map = new Map(Object.entries(items));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

const ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("connectionRemembered (the wallet stack loads at once)", () => {
  it("is false for a browser that never connected", () => {
    expect(connectionRemembered(storage({}))).toBe(false);
    expect(connectionRemembered(undefined)).toBe(false);
  });

  it("is true with the app's last active wallet", () => {
    const last = JSON.stringify({ connectorId: "injected", address: ADDRESS });
    expect(connectionRemembered(storage({ "lending.lastActiveWallet": last }))).toBe(true);
  });

  it("is true with wagmi's persisted connection, false once it holds none", () => {
    const store = (connections: unknown[], current: string | null) =>
      JSON.stringify({
        state: { connections: { __type: "Map", value: connections }, chainId: 31337, current },
        version: 3,
      });
    const connection = ["uid1", { accounts: [ADDRESS], chainId: 31337 }];
    expect(
      connectionRemembered(storage({ "lending.wagmi.store": store([connection], "uid1") })),
    ).toBe(true);
    expect(connectionRemembered(storage({ "lending.wagmi.store": store([], null) }))).toBe(false);
    expect(connectionRemembered(storage({ "lending.wagmi.store": "not json" }))).toBe(false);
    expect(connectionRemembered(storage({ "lending.wagmi.injected.connected": "true" }))).toBe(
      true,
    );
  });
});
