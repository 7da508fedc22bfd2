// @vitest-environment node
import { bytesToHex, hexToBytes } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { base64ToBytes, bytesToBase64 } from "./encoding";
import {
  decryptBackup,
  encryptBackup,
  RECOVERY_KDF,
  WeakKdfError,
  WrongRecoveryPasswordError,
  type RecoveryBackup,
} from "./recovery";

const argon = vi.hoisted(() => ({ calls: 0 }));
vi.mock("hash-wasm", async (importOriginal) => {
  const original = await importOriginal<typeof import("hash-wasm")>();
  return {
    ...original,
    argon2id: ((options: Parameters<typeof original.argon2id>[0]) => {
      argon.calls++;
      return original.argon2id(options);
    }) as typeof original.argon2id,
  };
});

const SLOW = 30_000;
const PASSWORD = "correct horse battery staple";
const privateKey = generatePrivateKey();
const address = privateKeyToAccount(privateKey).address;
let backup: RecoveryBackup;

beforeAll(async () => {
  backup = await encryptBackup({ privateKey, address, password: PASSWORD });
}, SLOW);

describe("recovery backup", () => {
  it("pins the KDF: argon2id, 64 MiB, 3 iterations, parallelism 1, 32-byte key", () => {
    expect(RECOVERY_KDF).toEqual({
      algorithm: "argon2id",
      memoryKiB: 65536,
      iterations: 3,
      parallelism: 1,
      hashLength: 32,
    });
    expect(RECOVERY_KDF.memoryKiB * 1024).toBe(64 * 1024 * 1024);
    expect(backup.kdf).toMatchObject({
      algorithm: "argon2id",
      memoryKiB: 65536,
      iterations: 3,
      parallelism: 1,
    });
    expect(base64ToBytes(backup.kdf.salt)).toHaveLength(16);
    expect(base64ToBytes(backup.iv)).toHaveLength(12);
  });

  it("round-trips", { timeout: SLOW }, async () => {
    expect(backup.version).toBe(1);
    expect(backup.address).toBe(address);
    await expect(decryptBackup(backup, PASSWORD)).resolves.toBe(privateKey);
    // the backup is plain JSON
    await expect(decryptBackup(JSON.parse(JSON.stringify(backup)), PASSWORD)).resolves.toBe(
      privateKey,
    );
  });

  it("uses a fresh salt and IV for every backup", { timeout: SLOW }, async () => {
    const again = await encryptBackup({ privateKey, address, password: PASSWORD });
    expect(again.kdf.salt).not.toBe(backup.kdf.salt);
    expect(again.iv).not.toBe(backup.iv);
    expect(again.ciphertext).not.toBe(backup.ciphertext);
  });

  it("refuses a wrong password", { timeout: SLOW }, async () => {
    await expect(decryptBackup(backup, "correct horse battery stapler")).rejects.toBeInstanceOf(
      WrongRecoveryPasswordError,
    );
  });

  it("refuses a backup whose ciphertext was altered", { timeout: SLOW }, async () => {
    const bytes = base64ToBytes(backup.ciphertext);
    bytes[0]! ^= 0x01;
    const tampered = { ...backup, ciphertext: bytesToBase64(bytes) };
    await expect(decryptBackup(tampered, PASSWORD)).rejects.toBeInstanceOf(
      WrongRecoveryPasswordError,
    );
  });

  it("refuses a backup re-labelled with another address", { timeout: SLOW }, async () => {
    const other = privateKeyToAccount(generatePrivateKey()).address;
    await expect(decryptBackup({ ...backup, address: other }, PASSWORD)).rejects.toBeInstanceOf(
      WrongRecoveryPasswordError,
    );
  });

  it("refuses a downgraded KDF before deriving anything", async () => {
    const before = argon.calls;
    await expect(
      decryptBackup({ ...backup, kdf: { ...backup.kdf, memoryKiB: 1024 } }, PASSWORD),
    ).rejects.toBeInstanceOf(WeakKdfError);
    await expect(
      decryptBackup({ ...backup, kdf: { ...backup.kdf, iterations: 1 } }, PASSWORD),
    ).rejects.toBeInstanceOf(WeakKdfError);
    await expect(
      decryptBackup(
        { ...backup, kdf: { ...backup.kdf, algorithm: "pbkdf2" as "argon2id" } },
        PASSWORD,
      ),
    ).rejects.toBeInstanceOf(WeakKdfError);
    expect(argon.calls).toBe(before);
  });

  it("does not contain the private key in clear", () => {
    const keyHex = privateKey.slice(2).toLowerCase();
    const ciphertext = base64ToBytes(backup.ciphertext);
    expect(bytesToHex(ciphertext)).not.toContain(keyHex);
    expect(JSON.stringify(backup).toLowerCase()).not.toContain(keyHex);
    expect(JSON.stringify(backup)).not.toContain(bytesToBase64(hexToBytes(privateKey)));
  });
});
