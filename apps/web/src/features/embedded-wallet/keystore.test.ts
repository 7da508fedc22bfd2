// @vitest-environment node
import "fake-indexeddb/auto";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, describe, expect, it } from "vitest";
import { bytesToBase64 } from "./encoding";
import {
  createEmbeddedKey,
  deleteDeviceKey,
  deviceKeyAddress,
  KEYSTORE_DB_NAME,
  KEYSTORE_STORE,
  loadDeviceKey,
  saveDeviceKey,
  type DeviceKeyRecord,
} from "./keystore";
import { hexToBytes } from "viem";

/** Reads the raw stored record, as anything with access to the database would. */
function rawRecord(accountId: string): Promise<DeviceKeyRecord | undefined> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(KEYSTORE_DB_NAME);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const get = db
        .transaction(KEYSTORE_STORE, "readonly")
        .objectStore(KEYSTORE_STORE)
        .get(accountId);
      get.onerror = () => reject(get.error);
      get.onsuccess = () => {
        db.close();
        resolve(get.result as DeviceKeyRecord | undefined);
      };
    };
  });
}

afterEach(async () => {
  await deleteDeviceKey("acct-1");
  await deleteDeviceKey("acct-2");
});

describe("device keystore", () => {
  it("saves and loads a key", async () => {
    const privateKey = createEmbeddedKey();
    const address = privateKeyToAccount(privateKey).address;
    await expect(saveDeviceKey("acct-1", privateKey)).resolves.toBe(address);
    await expect(loadDeviceKey("acct-1")).resolves.toEqual({ address, privateKey });
    await expect(deviceKeyAddress("acct-1")).resolves.toBe(address);
    await expect(loadDeviceKey("acct-2")).resolves.toBeNull();
    await expect(deviceKeyAddress("acct-2")).resolves.toBeNull();
  });

  it("keeps accounts apart and replaces on save", async () => {
    const a = createEmbeddedKey();
    const b = createEmbeddedKey();
    await saveDeviceKey("acct-1", a);
    await saveDeviceKey("acct-2", b);
    expect((await loadDeviceKey("acct-1"))?.privateKey).toBe(a);
    expect((await loadDeviceKey("acct-2"))?.privateKey).toBe(b);
    await saveDeviceKey("acct-1", b);
    expect((await loadDeviceKey("acct-1"))?.privateKey).toBe(b);
  });

  it("stores a non-extractable wrapping key and no key in clear", async () => {
    const privateKey = createEmbeddedKey();
    await saveDeviceKey("acct-1", privateKey);
    const record = await rawRecord("acct-1");
    expect(record).toBeDefined();
    const { wrappingKey } = record!;
    expect(wrappingKey).toBeInstanceOf(CryptoKey);
    expect(wrappingKey.extractable).toBe(false);
    expect(wrappingKey.algorithm).toMatchObject({ name: "AES-GCM", length: 256 });
    expect([...wrappingKey.usages].sort()).toEqual(["decrypt", "encrypt"]);
    await expect(crypto.subtle.exportKey("raw", wrappingKey)).rejects.toThrow();
    await expect(crypto.subtle.exportKey("jwk", wrappingKey)).rejects.toThrow();

    const keyHex = privateKey.slice(2).toLowerCase();
    const keyBytes = hexToBytes(privateKey);
    const ciphertext = new Uint8Array(record!.ciphertext);
    expect(Buffer.from(ciphertext).toString("hex")).not.toContain(keyHex);
    expect(Buffer.from(ciphertext).includes(Buffer.from(keyBytes))).toBe(false);
    const serialised = JSON.stringify(record, (_k, v: unknown) =>
      v instanceof ArrayBuffer || ArrayBuffer.isView(v)
        ? bytesToBase64(new Uint8Array(v instanceof ArrayBuffer ? v : v.buffer))
        : v,
    );
    expect(serialised.toLowerCase()).not.toContain(keyHex);
    expect(serialised).not.toContain(bytesToBase64(keyBytes));
  });

  it("deletes", async () => {
    await saveDeviceKey("acct-1", createEmbeddedKey());
    await deleteDeviceKey("acct-1");
    await expect(loadDeviceKey("acct-1")).resolves.toBeNull();
    await expect(deviceKeyAddress("acct-1")).resolves.toBeNull();
    await expect(rawRecord("acct-1")).resolves.toBeUndefined();
    // deleting again is a no-op
    await expect(deleteDeviceKey("acct-1")).resolves.toBeUndefined();
  });

  it("refuses a malformed key", async () => {
    await expect(saveDeviceKey("acct-1", "0x1234")).rejects.toThrow(/32 bytes/);
  });
});
