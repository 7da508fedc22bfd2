// The module ./readContract imports when a read fails, or when its own ABI coder (./abiCodec)
// leaves a call to viem's: named re-exports, so that the chunk a bundler makes of it keeps only
// these and what they use (a dynamic import of "viem" itself would keep every module of the
// package).
export { decodeFunctionResult, encodeFunctionData, getContractError } from "viem";
