// @vitest-environment node
import { createTestClient, http, type Hex } from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { usedSignatures } from "../db/schema";
import { newAccount, setupApiTestDatabase, signatureEncodings } from "../test/harness";
import {
  consumeSignature,
  REPLAYED_SIGNATURE_MESSAGE,
  signedMessageKey,
  verifySignedMessage,
} from "./signatures";

// Hand-assembled runtime code of two ERC-1271 smart accounts: one answers the magic value
// 0x1626ba7e to every isValidSignature call, the other answers zero.
const ACCEPTING_1271 = "0x631626ba7e60e01b60005260206000f3";
const REFUSING_1271 = "0x60206000f3";
const ACCEPTING = "0x0000000000000000000000000000000000001271";
const REFUSING = "0x0000000000000000000000000000000000001272";

describe("signature service", () => {
  const t = setupApiTestDatabase();
  const { rpcUrl } = inject("anvil");
  const test = createTestClient({ mode: "anvil", chain: foundry, transport: http(rpcUrl) });
  let snapshot: Hex;
  beforeAll(async () => {
    snapshot = await test.snapshot();
    await test.setCode({ address: ACCEPTING, bytecode: ACCEPTING_1271 });
    await test.setCode({ address: REFUSING, bytecode: REFUSING_1271 });
  });
  afterAll(async () => {
    await test.revert({ id: snapshot });
  });

  it("verifies EOA signatures and rejects other signers, other messages and stale timestamps", async () => {
    const a = newAccount();
    const now = Date.now();
    const signature = await a.signMessage({ message: "hello" });
    await expect(
      verifySignedMessage({ address: a.address, message: "hello", signature, timestamp: now }),
    ).resolves.toBeUndefined();
    await expect(
      verifySignedMessage({ address: newAccount().address, message: "hello", signature }),
    ).rejects.toMatchObject({ statusCode: 401 });
    await expect(
      verifySignedMessage({ address: a.address, message: "hello!", signature }),
    ).rejects.toMatchObject({ statusCode: 401 });
    await expect(
      verifySignedMessage({
        address: a.address,
        message: "hello",
        signature,
        timestamp: now - 300_001,
        now,
      }),
    ).rejects.toMatchObject({ statusCode: 401 });
    await expect(
      verifySignedMessage({
        address: a.address,
        message: "hello",
        signature,
        timestamp: now + 300_001,
        now,
      }),
    ).rejects.toMatchObject({ statusCode: 401 });
    await expect(
      verifySignedMessage({ address: a.address, message: "hello", signature: "0x1234" }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it("asks smart accounts (ERC-1271) through the chain", async () => {
    const signature = await newAccount().signMessage({ message: "from a smart account" });
    await expect(
      verifySignedMessage({ address: ACCEPTING, message: "from a smart account", signature }),
    ).resolves.toBeUndefined();
    await expect(
      verifySignedMessage({ address: REFUSING, message: "from a smart account", signature }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it("accepts a signed message once per signer and purpose, whatever the signature's encoding", async () => {
    const a = newAccount();
    const signature = await a.signMessage({ message: "once" });
    // every encoding verifies: the reason the key is the message, not the bytes
    for (const encoding of signatureEncodings(signature)) {
      await expect(
        verifySignedMessage({ address: a.address, message: "once", signature: encoding }),
      ).resolves.toBeUndefined();
    }
    expect(signedMessageKey({ address: a.address, message: "once", purpose: "test" })).toBe(
      signedMessageKey({ address: a.address.toUpperCase(), message: "once", purpose: "test" }),
    );
    await consumeSignature(t.db(), { address: a.address, message: "once", purpose: "test" });
    await expect(
      consumeSignature(t.db(), { address: a.address, message: "once", purpose: "test" }),
    ).rejects.toMatchObject({ statusCode: 409, message: REPLAYED_SIGNATURE_MESSAGE });
    // another purpose, signer or message is another key
    await consumeSignature(t.db(), { address: a.address, message: "once", purpose: "other" });
    await consumeSignature(t.db(), { address: ACCEPTING, message: "once", purpose: "test" });
    await consumeSignature(t.db(), { address: a.address, message: "twice", purpose: "test" });
    expect(await t.db().select().from(usedSignatures)).toHaveLength(4);
  });
});
