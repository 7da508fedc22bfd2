import { erc20Abi as viemErc20Abi } from "viem";
import { getBalance } from "viem/actions";
import { describe, expect, it } from "vitest";
import { erc20Abi } from "../abi/erc20";
import { approve, MAX_UINT256 } from "../actions/tokens";
import { devAccount, useChain } from "../test/chain";
import { readAllowance, readEthBalance, readTokenBalance, readTokenMetadata } from "./tokens";

describe("token reads and approve against the seeded anvil", () => {
  const chain = useChain();
  const { deployment, publicClient: client } = chain;
  const owner = devAccount(4).address;

  it("reads metadata and the seeded balances", async () => {
    expect(await readTokenMetadata(client, deployment.usdc)).toEqual({
      address: deployment.usdc,
      symbol: "USDC",
      name: "USD Coin",
      decimals: 6,
    });
    expect(await readTokenMetadata(client, deployment.ksu)).toMatchObject({
      symbol: "KSU",
      decimals: 18,
    });
    expect(await readTokenBalance(client, { token: deployment.usdc, owner })).toBe(
      100_000n * 10n ** 6n,
    );
    expect(await readTokenBalance(client, { token: deployment.ksu, owner })).toBe(
      10_000n * 10n ** 18n,
    );
    expect(await readEthBalance(client, owner)).toBeGreaterThan(10n ** 21n);
    // its own eth_getBalance reads what viem's getBalance does, an empty address's 0 included
    const empty = "0x000000000000000000000000000000000000dEaD";
    for (const address of [owner, empty] as const) {
      expect(await readEthBalance(client, address)).toBe(await getBalance(client, { address }));
    }
  });

  it("approve changes the allowance (unlimited, then exact)", async () => {
    await chain.inSnapshot(async () => {
      const args = { token: deployment.usdc, owner, spender: deployment.lendingPoolManager };
      expect(await readAllowance(client, args)).toBe(0n);
      await chain.send(4, approve({ ...args, amount: MAX_UINT256 }));
      expect(await readAllowance(client, args)).toBe(MAX_UINT256);
      await chain.send(4, approve({ ...args, amount: 123n }));
      expect(await readAllowance(client, args)).toBe(123n);
    });
  });
});

describe("the SDK's ERC-20 ABI", () => {
  it("is viem's erc20Abi entry for entry (the same calls, events and decoding)", () => {
    expect(erc20Abi).toEqual(viemErc20Abi);
  });
});
