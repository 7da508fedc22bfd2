/**
 * The embedded wallet's key on this device.
 *
 * The private key is stored in IndexedDB (`lending-embedded-wallet` / `keys`, keyed by account
 * id) encrypted with AES-256-GCM under a per-record *wrapping key*: a WebCrypto `CryptoKey`
 * generated with `extractable: false` and stored as-is (IndexedDB keeps CryptoKeys by structured
 * clone). Script on this origin can ask the browser to decrypt with it but can never read its
 * bytes, so a copy of the database files (backup, disk image, another profile) or of the record
 * through an export does not reveal the private key on its own.
 *
 * This does not protect against script running on this origin (XSS) while the wallet is in use:
 * such script can call {@link loadDeviceKey} like the app does. Keep the origin's CSP strict.
 * The plaintext key only exists in memory while it is being used; it is never logged, and errors
 * thrown here never carry it.
 */
import { bytesToHex, getAddress, hexToBytes, isHex, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { copyBytes, randomBytes, utf8, wipe } from "./encoding";

export const KEYSTORE_DB_NAME = "lending-embedded-wallet";
export const KEYSTORE_STORE = "keys";
const DB_VERSION = 1;
const IV_BYTES = 12;

/** One stored key (what IndexedDB holds). */
export interface DeviceKeyRecord {
  accountId: string;
  address: Address;
  /** AES-GCM 256, `extractable: false`, usages encrypt/decrypt */
  wrappingKey: CryptoKey;
  iv: Uint8Array;
  ciphertext: ArrayBuffer;
  createdAt: number;
}

/** A new random private key for an embedded wallet (viem's CSPRNG-backed generator). */
export function createEmbeddedKey(): Hex {
  return generatePrivateKey();
}

function factory(): IDBFactory {
  const idb = globalThis.indexedDB;
  if (!idb) throw new Error("IndexedDB is not available in this browser");
  return idb;
}

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory().open(KEYSTORE_DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(KEYSTORE_STORE)) {
        db.createObjectStore(KEYSTORE_STORE, { keyPath: "accountId" });
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // let a future version upgrade (another tab) proceed
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error("Cannot open IndexedDB"));
    request.onblocked = () => reject(new Error("IndexedDB is blocked by another tab"));
  });
}

/** Runs `fn` in one transaction and resolves once the transaction has committed. */
async function withStore<T>(
  mode: IDBTransactionMode,
  fn: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDb();
  try {
    const tx = db.transaction(KEYSTORE_STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    });
    const [, result] = await Promise.all([done, promisify(fn(tx.objectStore(KEYSTORE_STORE)))]);
    return result;
  } finally {
    db.close();
  }
}

function getRecord(accountId: string): Promise<DeviceKeyRecord | undefined> {
  return withStore("readonly", (store) => store.get(accountId) as IDBRequest<DeviceKeyRecord>);
}

function assertPrivateKey(privateKey: Hex): void {
  if (!isHex(privateKey, { strict: true }) || privateKey.length !== 66) {
    throw new Error("The private key must be 32 bytes of hex");
  }
}

/**
 * Stores `privateKey` for `accountId` (replacing any previous one) under a fresh
 * non-extractable wrapping key, and returns its address.
 */
export async function saveDeviceKey(accountId: string, privateKey: Hex): Promise<Address> {
  assertPrivateKey(privateKey);
  const address = privateKeyToAccount(privateKey).address;
  const wrappingKey = await globalThis.crypto.subtle.generateKey(
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
  const iv = randomBytes(IV_BYTES);
  const plaintext = copyBytes(hexToBytes(privateKey));
  let ciphertext: ArrayBuffer;
  try {
    ciphertext = await globalThis.crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: associatedData(accountId, address) },
      wrappingKey,
      plaintext,
    );
  } finally {
    wipe(plaintext);
  }
  const record: DeviceKeyRecord = {
    accountId,
    address,
    wrappingKey,
    iv,
    ciphertext,
    createdAt: Date.now(),
  };
  await withStore("readwrite", (store) => store.put(record));
  return address;
}

/** Binds a record's ciphertext to its account id and address (no swapping of records). */
function associatedData(accountId: string, address: Address): Uint8Array<ArrayBuffer> {
  return utf8(`lending-embedded-wallet:device:v1:${accountId}:${address.toLowerCase()}`);
}

/**
 * Decrypts the key stored for `accountId`; `null` when there is none. Throws if the record is
 * damaged or does not match its address.
 */
export async function loadDeviceKey(
  accountId: string,
): Promise<{ address: Address; privateKey: Hex } | null> {
  const record = await getRecord(accountId);
  if (!record) return null;
  let plaintext: Uint8Array;
  try {
    plaintext = new Uint8Array(
      await globalThis.crypto.subtle.decrypt(
        {
          name: "AES-GCM",
          iv: copyBytes(record.iv),
          additionalData: associatedData(accountId, record.address),
        },
        record.wrappingKey,
        record.ciphertext,
      ),
    );
  } catch {
    throw new Error("The key stored on this device cannot be decrypted");
  }
  const privateKey = bytesToHex(plaintext);
  wipe(plaintext);
  const address = getAddress(record.address);
  if (privateKeyToAccount(privateKey).address !== address) {
    throw new Error("The key stored on this device does not match its address");
  }
  return { address, privateKey };
}

/** The address of the key stored for `accountId`, without decrypting it; `null` when none. */
export async function deviceKeyAddress(accountId: string): Promise<Address | null> {
  const record = await getRecord(accountId);
  return record ? getAddress(record.address) : null;
}

/** Removes the key stored for `accountId` (no-op when there is none). */
export async function deleteDeviceKey(accountId: string): Promise<void> {
  await withStore("readwrite", (store) => store.delete(accountId));
}
