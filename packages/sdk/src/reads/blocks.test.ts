import { getBlock, getBlockNumber, mine } from "viem/actions";
import { describe, expect, it } from "vitest";
import { useChain } from "../test/chain";
import { readBlockNumber, readLatestBlock } from "./blocks";

describe("block reads against the seeded anvil", () => {
  const chain = useChain();
  const { publicClient: client, testClient } = chain;

  it("read the latest block's number and timestamp as viem's getBlock and getBlockNumber do", async () => {
    await chain.inSnapshot(async () => {
      for (let i = 0; i < 2; i++) {
        const block = await getBlock(client, { blockTag: "latest" });
        expect(await readLatestBlock(client)).toEqual({
          number: block.number,
          timestamp: block.timestamp,
        });
        expect(await readBlockNumber(client)).toBe(await getBlockNumber(client, { cacheTime: 0 }));
        // a new block moves both (no cache between reads)
        await mine(testClient, { blocks: 1 });
        expect(await readBlockNumber(client)).toBe(block.number + 1n);
      }
    });
  });
});
