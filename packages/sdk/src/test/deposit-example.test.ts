import { bytesToHex } from "viem";
import { describe, expect, it } from "vitest";
import { devAccount, useChain } from "./chain";
import { depositExample } from "./deposit-example";

const key = (index: number) => bytesToHex(devAccount(index).getHdKey().privateKey!);

describe("docs/sdk.md example", () => {
  const chain = useChain();

  it("reads a position, then approves, authorises and sends a deposit", async () => {
    await chain.inSnapshot(async () => {
      const { before, receipt, requests } = await depositExample({
        rpcUrl: chain.rpcUrl,
        lenderKey: key(1),
        kycSignerKey: key(9),
      });
      expect(before.pendingDeposits).toBe(0n);
      expect(receipt.status).toBe("success");
      expect(requests[0]).toMatchObject({
        kind: "Deposit",
        amount: 250_000_000n,
        status: "Pending",
        trancheName: "Senior",
        lendingPool: { name: "Harbour Invoice Finance" },
      });
    });
  }, 30_000);
});
