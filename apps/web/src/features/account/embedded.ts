/**
 * The embedded wallet's life in the browser (docs/security.md): created at the first sign-in
 * (the key is generated here and registered by its signature), kept on this device encrypted
 * under a non-extractable WebCrypto key, backed up to the server only as ciphertext under the
 * recovery password, restored on a new device with that password.
 */
import {
  account as accountCopy,
  buildEmbeddedWalletMessage,
  buildWalletBackupMessage,
  walletBackupCanonicalJson,
} from "@lending/sdk";
import type { CreateConnectorFn } from "wagmi";
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { PublicConfig } from "@/config/public";
import { embeddedWalletConnector } from "@/features/embedded-wallet/connector";
import {
  createEmbeddedKey,
  loadDeviceKey,
  saveDeviceKey,
} from "@/features/embedded-wallet/keystore";
import {
  createEmbeddedWalletProvider,
  type EmbeddedWalletProvider,
} from "@/features/embedded-wallet/provider";
import {
  fetchAccount,
  fetchBackup,
  registerEmbeddedWallet,
  storeBackup,
  type Account,
} from "./api";

/** Export is offered only within 5 minutes of a sign-in. */
export const EXPORT_WINDOW_MS = 5 * 60_000;

let provider: EmbeddedWalletProvider | undefined;

/** The one embedded wallet provider of this page. */
export function embeddedProvider(pc: PublicConfig): EmbeddedWalletProvider {
  provider ??= createEmbeddedWalletProvider(pc.rpcUrl, pc.chainId);
  return provider;
}

export type SetupResult =
  | { status: "ready"; address: Address; account: Account }
  | { status: "needsRestore"; account: Account }
  | { status: "noBackup"; account: Account };

/** A failure of the embedded wallet in this browser; `code` names its catalog text. */
export class EmbeddedWalletError extends Error {
  override name = "EmbeddedWalletError";
  constructor(readonly code: "noDeviceKey" | "backupMismatch" | "notSignedIn") {
    super(code);
  }
}

/** Runs `task` alone among this browser's tabs for the account (Web Locks), where available. */
function withDeviceLock<T>(accountId: number, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks
    ? (locks.request(`lending-embedded-wallet:${accountId}`, task) as Promise<T>)
    : task();
}

/**
 * First sign-in: the key is made here (or the one an unfinished setup kept on this device is
 * reused), kept on the device, then registered by its signature. Answers null when the account
 * got its wallet meanwhile (another tab).
 */
async function createAndRegister(account: Account, pc: PublicConfig): Promise<SetupResult | null> {
  const id = String(account.id);
  const current = await fetchAccount();
  if (!current) throw new EmbeddedWalletError("notSignedIn");
  if (current.embeddedAddress) return null;
  // a key kept by a setup that did not finish registering: reuse it, never replace it
  const kept = await loadDeviceKey(id);
  const key = kept?.privateKey ?? createEmbeddedKey();
  const signer = privateKeyToAccount(key);
  if (!kept) await saveDeviceKey(id, key);
  const timestamp = Date.now();
  const message = buildEmbeddedWalletMessage({
    accountId: account.id,
    address: signer.address,
    timestamp,
    chainId: pc.chainId,
  });
  const signature = await signer.signMessage({ message });
  const updated = await registerEmbeddedWallet({ address: signer.address, signature, timestamp });
  embeddedProvider(pc).unlock(key);
  return { status: "ready", address: signer.address, account: updated };
}

/**
 * After a sign-in: creates the account's embedded wallet (first sign-in), or unlocks the one
 * kept on this device, or reports that it must be restored with the recovery password.
 */
export async function setUpEmbeddedWallet(
  signedIn: Account,
  pc: PublicConfig,
): Promise<SetupResult> {
  let account = signedIn;
  if (!account.embeddedAddress) {
    // one setup at a time per account in this browser: two tabs must not make two keys
    const created = await withDeviceLock(account.id, () => createAndRegister(account, pc));
    if (created) return created;
    const now = await fetchAccount();
    if (!now?.embeddedAddress) throw new EmbeddedWalletError("notSignedIn");
    account = now;
  }
  const embedded = account.embeddedAddress!;
  const local = await loadDeviceKey(String(account.id));
  if (local && local.address.toLowerCase() === embedded.toLowerCase()) {
    embeddedProvider(pc).unlock(local.privateKey);
    return { status: "ready", address: local.address, account };
  }
  return account.hasBackup ? { status: "needsRestore", account } : { status: "noBackup", account };
}

/**
 * Restores the wallet on this device from the server's backup. A wrong password throws
 * `WrongRecoveryPasswordError` and changes nothing (here or on the server).
 */
export async function restoreEmbeddedWallet(
  account: Account,
  password: string,
  pc: PublicConfig,
): Promise<Address> {
  const backup = await fetchBackup();
  if (backup.address.toLowerCase() !== account.embeddedAddress?.toLowerCase()) {
    throw new EmbeddedWalletError("backupMismatch");
  }
  // Argon2id (WASM) loads only when a password is used
  const { decryptBackup } = await import("@/features/embedded-wallet/recovery");
  const key = await decryptBackup(backup, password);
  const address = await saveDeviceKey(String(account.id), key);
  embeddedProvider(pc).unlock(key);
  return address;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Encrypts the device's key under a new recovery password (Argon2id 64 MiB + AES-GCM, here in
 * the browser) and stores the ciphertext on the server, signed by the wallet itself.
 */
export async function setRecoveryPassword(
  account: Account,
  password: string,
  pc: PublicConfig,
): Promise<void> {
  const local = await loadDeviceKey(String(account.id));
  if (!local) throw new EmbeddedWalletError("noDeviceKey");
  const { encryptBackup } = await import("@/features/embedded-wallet/recovery");
  const backup = await encryptBackup({
    privateKey: local.privateKey,
    address: local.address,
    password,
  });
  const timestamp = Date.now();
  const message = buildWalletBackupMessage({
    accountId: account.id,
    address: local.address,
    digest: await sha256Hex(walletBackupCanonicalJson(backup)),
    timestamp,
    chainId: pc.chainId,
  });
  const signature = await privateKeyToAccount(local.privateKey).signMessage({ message });
  await storeBackup({ backup, signature, timestamp });
}

/** The device's key, for export (the caller checks {@link canExport} first). */
export async function exportEmbeddedKey(account: Account): Promise<Hex> {
  const local = await loadDeviceKey(String(account.id));
  if (!local) throw new EmbeddedWalletError("noDeviceKey");
  return local.privateKey;
}

/** Whether the session signed in less than 5 minutes ago. */
export function canExport(account: Account, now: number = Date.now()): boolean {
  return now - Date.parse(account.signedInAt) < EXPORT_WINDOW_MS;
}

/** The embedded wallet's name in wagmi's connections (the spec's copy). */
export const EMBEDDED_WALLET_NAME = accountCopy.embeddedWallet;

/**
 * The wagmi connector of the embedded wallet, unlocked: used after a sign-in and when the page
 * reloads (WalletStateProvider reconnects the last active wallet). Throws when there is no
 * account session or this device does not hold the account's key.
 */
export async function embeddedConnector(
  pc: PublicConfig,
  name: string,
): Promise<CreateConnectorFn> {
  const p = embeddedProvider(pc);
  if (!p.address()) {
    const account = await fetchAccount();
    if (!account?.embeddedAddress) throw new EmbeddedWalletError("notSignedIn");
    const local = await loadDeviceKey(String(account.id));
    if (!local || local.address.toLowerCase() !== account.embeddedAddress.toLowerCase()) {
      throw new EmbeddedWalletError("noDeviceKey");
    }
    p.unlock(local.privateKey);
  }
  return embeddedWalletConnector(p, name);
}
