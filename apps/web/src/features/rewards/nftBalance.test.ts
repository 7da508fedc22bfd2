import { describe, expect, test } from "vitest";
import { encodeFunctionData, encodeFunctionResult, erc721Abi, type Client } from "viem";
import { balanceOfCallData, heldTokens, uint256Result } from "./nftBalance";

const owners = [
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x0000000000000000000000000000000000000001",
  "0xffffffffffffffffffffffffffffffffffffffff",
] as const;
const collection = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

describe("the NFT watcher's balanceOf read", () => {
  test("sends the call data viem's ABI coder would send", () => {
    for (const owner of owners) {
      expect(balanceOfCallData(owner)).toBe(
        encodeFunctionData({ abi: erc721Abi, functionName: "balanceOf", args: [owner] }),
      );
    }
  });

  test("reads the count the collection answers; no contract there reads as none", async () => {
    const calls: unknown[] = [];
    const answering = (answer: `0x${string}`) =>
      ({
        request: async (args: unknown) => {
          calls.push(args);
          return answer;
        },
      }) as unknown as Client;
    const three = encodeFunctionResult({ abi: erc721Abi, functionName: "balanceOf", result: 3n });
    expect(await heldTokens(answering(three), collection, owners[0])).toBe(3n);
    expect(calls[0]).toEqual({
      method: "eth_call",
      params: [{ to: collection, data: balanceOfCallData(owners[0]) }, "latest"],
    });
    expect(await heldTokens(answering("0x"), collection, owners[0])).toBe(0n);
    const most = encodeFunctionResult({
      abi: erc721Abi,
      functionName: "balanceOf",
      result: 2n ** 256n - 1n,
    });
    expect(await heldTokens(answering(most), collection, owners[0])).toBe(2n ** 256n - 1n);
  });

  test("a malformed answer or address is an error, not a count", async () => {
    expect(() => uint256Result("0x01")).toThrow("not a uint256");
    expect(() => balanceOfCallData("0x1234" as `0x${string}`)).toThrow("not an address");
    const client = { request: async () => "0xzz" } as unknown as Client;
    await expect(heldTokens(client, collection, owners[0])).rejects.toThrow("not a uint256");
    // a call the node refuses (a revert, an RPC down) is the caller's error to handle
    const refusing = {
      request: async () => {
        throw new Error("execution reverted");
      },
    } as unknown as Client;
    await expect(heldTokens(refusing, collection, owners[0])).rejects.toThrow("execution reverted");
  });
});
