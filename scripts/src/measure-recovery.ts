/**
 * Times the embedded wallet's recovery backup in Node (the same hash-wasm Argon2id as the
 * browser): encrypting and decrypting a key under a password with RECOVERY_KDF (64 MiB, 3
 * passes). Usage: npx tsx scripts/src/measure-recovery.ts [runs]
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import {
  decryptBackup,
  encryptBackup,
  RECOVERY_KDF,
} from "../../apps/web/src/features/embedded-wallet/recovery";

const runs = Number(process.argv[2] ?? 5);
const privateKey = generatePrivateKey();
const address = privateKeyToAccount(privateKey).address;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const encrypt: number[] = [];
const decrypt: number[] = [];
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  const backup = await encryptBackup({ privateKey, address, password: "a long recovery password" });
  encrypt.push(performance.now() - t);
  t = performance.now();
  await decryptBackup(backup, "a long recovery password");
  decrypt.push(performance.now() - t);
}
console.log(
  `Argon2id ${RECOVERY_KDF.memoryKiB / 1024} MiB, ${RECOVERY_KDF.iterations} passes: ` +
    `encrypt median ${median(encrypt).toFixed(0)} ms, decrypt median ${median(decrypt).toFixed(0)} ms (${runs} runs)`,
);
