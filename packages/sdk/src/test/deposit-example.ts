/**
 * The runnable example of docs/sdk.md: read a position, then approve, authorise (KYC) and send a
 * deposit from a script. `deposit-example.test.ts` runs it on the fixture chain. In an app the
 * KYC signature comes from the server (the signer's key never reaches the browser); here the
 * local chain's signer key (anvil account 9) signs in place.
 */
import { createPublicClient, createWalletClient, http, parseUnits, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { anvil } from "viem/chains";
import {
  MAX_UINT256,
  approve,
  getDeployment,
  getUserRequests,
  kycAuthorizationTypedData,
  readAllowance,
  readKycNonce,
  readUserPosition,
  requestDepositWithKyc,
  type TransactionRequest,
} from "../index";

export async function depositExample(opts: { rpcUrl: string; lenderKey: Hex; kycSignerKey: Hex }) {
  // 1. Clients and the deployment.
  const transport = http(opts.rpcUrl);
  const publicClient = createPublicClient({ chain: anvil, transport });
  const account = privateKeyToAccount(opts.lenderKey);
  const walletClient = createWalletClient({ account, chain: anvil, transport });
  const deployment = getDeployment(31337);
  const user = account.address;

  // 2. Read the position (one call).
  const before = await readUserPosition(publicClient, deployment, user);

  // 3. Build and send: approve (if needed), KYC authorisation, deposit.
  const send = async (tx: TransactionRequest) => {
    const hash = await walletClient.sendTransaction(tx);
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${tx.description.action} reverted`);
    return receipt;
  };
  const deposit = {
    poolId: 0n,
    trancheId: 2n,
    amount: parseUnits("250", 6),
    fixedTermConfigId: 0n,
  };
  const allowance = await readAllowance(publicClient, {
    token: deployment.usdc,
    owner: user,
    spender: deployment.lendingPoolManager,
  });
  if (allowance < deposit.amount) {
    await send(
      approve({
        token: deployment.usdc,
        spender: deployment.lendingPoolManager,
        amount: MAX_UINT256,
      }),
    );
  }
  const [nonce, block] = await Promise.all([
    readKycNonce(publicClient, deployment, user),
    publicClient.getBlockNumber(),
  ]);
  const blockExpiration = block + 100n;
  const kycSigner = privateKeyToAccount(opts.kycSignerKey); // server side in a real app
  const kycSignature = await kycSigner.signTypedData(
    kycAuthorizationTypedData({
      chainId: deployment.chainId,
      verifyingContract: deployment.lendingPoolManager,
      user,
      nonce,
      blockExpiration,
      ...deposit,
    }),
  );
  const receipt = await send(
    requestDepositWithKyc(deployment, {
      ...deposit,
      acceptance: { signature: "0x", timestamp: BigInt(Date.now()), version: 1 },
      kyc: { nonce, blockExpiration, signature: kycSignature },
    }),
  );

  // 4. Read the request back.
  const requests = await getUserRequests(publicClient, deployment, user);
  return { before, receipt, requests };
}
