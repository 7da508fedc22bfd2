/**
 * Recovery backup of an embedded wallet's private key.
 *
 * The backup is what the server stores so that a lender can restore the wallet on a new device.
 * It is produced and opened only in the browser; the server (and anybody who steals its
 * database) sees a ciphertext, a salt, an IV and the address, never the key in clear nor the
 * recovery password.
 *
 * Security properties:
 * - Key derivation: argon2id (memory-hard) with {@link RECOVERY_KDF} (64 MiB, 3 passes), a fresh
 *   random 16-byte salt per backup. Offline guessing costs 64 MiB and three passes per guess.
 * - Encryption: AES-256-GCM (authenticated) with a fresh random 12-byte IV per backup. The
 *   derived key is imported into WebCrypto as non-extractable and the raw bytes are wiped.
 * - Binding: the additional authenticated data is `lending-embedded-wallet:v1:<address>`, so a
 *   backup cannot be re-labelled as another account's; after decryption the key must also
 *   derive `backup.address`.
 * - No downgrade: {@link decryptBackup} refuses KDF parameters weaker than {@link RECOVERY_KDF}
 *   (and absurdly large ones) before deriving anything, so a tampered server cannot steer this
 *   client into cheap derivations of the user's password.
 * - Errors never carry the password, the derived key or the private key.
 */
import { argon2id } from "hash-wasm";
import { bytesToHex, getAddress, hexToBytes, isAddress, isHex, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { base64ToBytes, bytesToBase64, copyBytes, randomBytes, utf8, wipe } from "./encoding";

/** Argon2id parameters for new backups and the minimum accepted when opening one. */
export const RECOVERY_KDF = {
  algorithm: "argon2id",
  /** 64 MiB */
  memoryKiB: 65536,
  iterations: 3,
  parallelism: 1,
  /** bytes: one AES-256 key */
  hashLength: 32,
} as const;

const SALT_BYTES = 16;
const IV_BYTES = 12;
const PRIVATE_KEY_BYTES = 32;
/** AES-GCM tag length appended to the ciphertext by WebCrypto. */
const TAG_BYTES = 16;
/** Upper bounds so a tampered backup cannot make the browser allocate or spin without limit. */
const MAX_MEMORY_KIB = 1024 * 1024; // 1 GiB
const MAX_ITERATIONS = 64;
const MAX_PARALLELISM = 16;

/** The encrypted recovery backup, as stored by the server (JSON-serialisable). */
export type RecoveryBackup = {
  version: 1;
  address: Address;
  kdf: {
    algorithm: "argon2id";
    memoryKiB: number;
    iterations: number;
    parallelism: number;
    /** base64, 16 random bytes, fresh for every backup */
    salt: string;
  };
  /** base64, 12 random bytes, fresh for every backup */
  iv: string;
  /** base64: AES-GCM ciphertext of the 32 key bytes followed by the 16-byte tag */
  ciphertext: string;
};

/** The password is wrong, or the backup was altered (AES-GCM cannot tell the two apart). */
export class WrongRecoveryPasswordError extends Error {
  constructor() {
    super("Wrong recovery password, or the backup is damaged");
    this.name = "WrongRecoveryPasswordError";
  }
}

/** The backup asks for key-derivation parameters weaker than {@link RECOVERY_KDF}. */
export class WeakKdfError extends Error {
  constructor(reason: string) {
    super(`Refusing a recovery backup with weak key derivation: ${reason}`);
    this.name = "WeakKdfError";
  }
}

/** The backup is not a well-formed version-1 backup. */
export class InvalidBackupError extends Error {
  constructor(reason: string) {
    super(`Invalid recovery backup: ${reason}`);
    this.name = "InvalidBackupError";
  }
}

/** Additional authenticated data binding a backup to its address. */
function associatedData(address: Address): Uint8Array<ArrayBuffer> {
  return utf8(`lending-embedded-wallet:v1:${address.toLowerCase()}`);
}

type KdfParams = { memoryKiB: number; iterations: number; parallelism: number };

/**
 * Derives the AES-GCM key from the password with argon2id. The password is NFC-normalised so
 * the same password typed on different keyboards/OSes gives the same key. The raw derived bytes
 * are wiped once imported as a non-extractable CryptoKey.
 */
async function deriveKey(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  params: KdfParams,
): Promise<CryptoKey> {
  const raw = copyBytes(
    await argon2id({
      password: password.normalize("NFC"),
      salt,
      memorySize: params.memoryKiB,
      iterations: params.iterations,
      parallelism: params.parallelism,
      hashLength: RECOVERY_KDF.hashLength,
      outputType: "binary",
    }),
  );
  try {
    return await globalThis.crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, [
      "encrypt",
      "decrypt",
    ]);
  } finally {
    wipe(raw);
  }
}

/**
 * Encrypts `privateKey` under `password` into a new backup (fresh salt and IV) bound to
 * `address`. Throws if the key does not derive `address`.
 */
export async function encryptBackup(args: {
  privateKey: Hex;
  address: Address;
  password: string;
}): Promise<RecoveryBackup> {
  const { privateKey, password } = args;
  if (!isHex(privateKey, { strict: true }) || privateKey.length !== 2 + PRIVATE_KEY_BYTES * 2) {
    throw new Error("The private key must be 32 bytes of hex");
  }
  if (!isAddress(args.address, { strict: false })) throw new Error("Invalid address");
  const address = getAddress(args.address);
  if (privateKeyToAccount(privateKey).address !== address) {
    throw new Error("The private key does not belong to this address");
  }

  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const key = await deriveKey(password, salt, RECOVERY_KDF);
  const plaintext = copyBytes(hexToBytes(privateKey));
  let ciphertext: ArrayBuffer;
  try {
    ciphertext = await globalThis.crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: associatedData(address) },
      key,
      plaintext,
    );
  } finally {
    wipe(plaintext);
  }
  return {
    version: 1,
    address,
    kdf: {
      algorithm: RECOVERY_KDF.algorithm,
      memoryKiB: RECOVERY_KDF.memoryKiB,
      iterations: RECOVERY_KDF.iterations,
      parallelism: RECOVERY_KDF.parallelism,
      salt: bytesToBase64(salt),
    },
    iv: bytesToBase64(iv),
    ciphertext: bytesToBase64(new Uint8Array(ciphertext)),
  };
}

function decodeField(value: unknown, field: string): Uint8Array<ArrayBuffer> {
  if (typeof value !== "string") throw new InvalidBackupError(`${field} is missing`);
  try {
    return base64ToBytes(value);
  } catch {
    throw new InvalidBackupError(`${field} is not base64`);
  }
}

/**
 * Checks the KDF parameters before any derivation: weaker than {@link RECOVERY_KDF} →
 * {@link WeakKdfError}; absurdly large or malformed → {@link InvalidBackupError}.
 */
function checkKdf(kdf: RecoveryBackup["kdf"] | undefined): KdfParams {
  if (!kdf || typeof kdf !== "object") throw new InvalidBackupError("kdf is missing");
  if (kdf.algorithm !== RECOVERY_KDF.algorithm) {
    throw new WeakKdfError(`algorithm ${String(kdf.algorithm)} is not argon2id`);
  }
  const { memoryKiB, iterations, parallelism } = kdf;
  for (const [name, value] of [
    ["memoryKiB", memoryKiB],
    ["iterations", iterations],
    ["parallelism", parallelism],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new InvalidBackupError(`kdf.${name} is not a positive integer`);
    }
  }
  if (memoryKiB < RECOVERY_KDF.memoryKiB) {
    throw new WeakKdfError(`memory ${memoryKiB} KiB < ${RECOVERY_KDF.memoryKiB} KiB`);
  }
  if (iterations < RECOVERY_KDF.iterations) {
    throw new WeakKdfError(`iterations ${iterations} < ${RECOVERY_KDF.iterations}`);
  }
  if (memoryKiB > MAX_MEMORY_KIB || iterations > MAX_ITERATIONS || parallelism > MAX_PARALLELISM) {
    throw new InvalidBackupError("kdf parameters are out of range");
  }
  return { memoryKiB, iterations, parallelism };
}

/**
 * Opens a backup with `password` and returns the private key.
 *
 * @throws {WeakKdfError} the backup's KDF is not argon2id or weaker than {@link RECOVERY_KDF}
 *   (checked before deriving anything)
 * @throws {InvalidBackupError} the backup is malformed
 * @throws {WrongRecoveryPasswordError} wrong password, altered ciphertext/IV/salt/address, or a
 *   key that does not derive `backup.address`
 */
export async function decryptBackup(backup: RecoveryBackup, password: string): Promise<Hex> {
  if (!backup || backup.version !== 1) throw new InvalidBackupError("unsupported version");
  const params = checkKdf(backup.kdf);
  if (typeof backup.address !== "string" || !isAddress(backup.address, { strict: false })) {
    throw new InvalidBackupError("address is invalid");
  }
  const salt = decodeField(backup.kdf.salt, "kdf.salt");
  if (salt.length < SALT_BYTES) throw new WeakKdfError(`salt shorter than ${SALT_BYTES} bytes`);
  const iv = decodeField(backup.iv, "iv");
  if (iv.length !== IV_BYTES) throw new InvalidBackupError(`iv is not ${IV_BYTES} bytes`);
  const ciphertext = decodeField(backup.ciphertext, "ciphertext");
  if (ciphertext.length !== PRIVATE_KEY_BYTES + TAG_BYTES) {
    throw new InvalidBackupError("ciphertext has the wrong length");
  }

  const key = await deriveKey(password, salt, params);
  let plaintext: Uint8Array;
  try {
    plaintext = new Uint8Array(
      await globalThis.crypto.subtle.decrypt(
        { name: "AES-GCM", iv, additionalData: associatedData(backup.address) },
        key,
        ciphertext,
      ),
    );
  } catch {
    throw new WrongRecoveryPasswordError();
  }
  const privateKey = bytesToHex(plaintext);
  wipe(plaintext);
  let derived: Address;
  try {
    derived = privateKeyToAccount(privateKey).address;
  } catch {
    throw new WrongRecoveryPasswordError();
  }
  if (derived.toLowerCase() !== backup.address.toLowerCase()) {
    throw new WrongRecoveryPasswordError();
  }
  return privateKey;
}
