import { encodeAbiParameters, keccak256, type Address, type Hex } from "viem";

/** The EIP-712 domain name and version the LendingPoolManager verifies KYC authorisations with. */
export const KYC_DOMAIN_NAME = "LendingPoolManager";
export const KYC_DOMAIN_VERSION = "1";

/** The EIP-712 types of a KYC authorisation (the contract's `KYC_TYPEHASH`). */
export const KYC_AUTHORIZATION_TYPES = {
  KycAuthorization: [
    { name: "user", type: "address" },
    { name: "chainId", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "blockExpiration", type: "uint256" },
    { name: "callDataHash", type: "bytes32" },
  ],
} as const;

/**
 * The deposit a KYC authorisation is bound to:
 * `keccak256(abi.encode(poolId, trancheId, amount, fixedTermConfigId))`.
 *
 * @example kycCallDataHash({ poolId: 0n, trancheId: 2n, amount: 1_000_000_000n, fixedTermConfigId: 0n })
 */
export function kycCallDataHash(args: {
  poolId: bigint;
  trancheId: bigint;
  amount: bigint;
  fixedTermConfigId: bigint;
}): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: "uint256" }, { type: "uint256" }, { type: "uint256" }, { type: "uint256" }],
      [args.poolId, args.trancheId, args.amount, args.fixedTermConfigId],
    ),
  );
}

/**
 * The EIP-712 typed data the KYC signer signs to authorise one deposit request, exactly as
 * `LendingPoolManager` verifies it: domain ("LendingPoolManager", "1", chainId, manager),
 * `KycAuthorization(address user,uint256 chainId,uint256 nonce,uint256 blockExpiration,bytes32 callDataHash)`.
 * Pass it to viem's `signTypedData` (server side, with the KYC signer's key). `user` must be the
 * address that sends the deposit, `nonce` its current `readKycNonce`, and the deposit arguments
 * must be those of the `requestDepositWithKyc` call.
 *
 * @example
 * const typedData = kycAuthorizationTypedData({
 *   chainId: 31337, verifyingContract: deployment.lendingPoolManager, user,
 *   nonce: await readKycNonce(client, deployment, user), blockExpiration: block + 100n,
 *   poolId: 0n, trancheId: 2n, amount: 1_000_000_000n, fixedTermConfigId: 0n,
 * });
 * const signature = await kycSigner.signTypedData(typedData);
 */
export function kycAuthorizationTypedData(args: {
  chainId: number;
  verifyingContract: Address;
  user: Address;
  nonce: bigint;
  blockExpiration: bigint;
  poolId: bigint;
  trancheId: bigint;
  amount: bigint;
  fixedTermConfigId: bigint;
}) {
  return {
    domain: {
      name: KYC_DOMAIN_NAME,
      version: KYC_DOMAIN_VERSION,
      chainId: args.chainId,
      verifyingContract: args.verifyingContract,
    },
    types: KYC_AUTHORIZATION_TYPES,
    primaryType: "KycAuthorization" as const,
    message: {
      user: args.user,
      chainId: BigInt(args.chainId),
      nonce: args.nonce,
      blockExpiration: args.blockExpiration,
      callDataHash: kycCallDataHash(args),
    },
  };
}
