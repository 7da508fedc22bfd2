/**
 * What sending a transaction or asking for a signature needs from wagmi and the SDK, loaded with
 * the first one through `loadTx()` (lib/stack/chunks), never `import("wagmi/actions")` or
 * `import("@lending/sdk")`: a dynamic import of a package's index keeps every module behind it
 * (every wagmi action and the viem actions under them, ENS and test actions included; all the
 * SDK's copy and reads); these named re-exports keep only what is used (issue 26).
 */
export {
  estimateGas,
  getConnection,
  getWalletClient,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
} from "wagmi/actions";
export {
  approve,
  claimBonus,
  claimFees,
  decodeProtocolRevert,
  getDeployment,
  gasLimitWithMargin,
  hasDeployment,
  MAX_UINT256,
} from "@lending/sdk";
