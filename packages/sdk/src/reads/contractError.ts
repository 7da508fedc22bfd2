// The module ./readContract imports when a read fails, or when its own ABI coder (./abiCodec)
// leaves a call to viem's: named re-exports, so that the chunk a bundler makes of it keeps only
// these and what they use (a dynamic import of "viem" itself would keep every module of the
// package).
import { getContractError as viemGetContractError, type Abi } from "viem";
import { contractErrorsAbi } from "../abi/errors";

export { decodeFunctionResult, encodeFunctionData } from "viem";

/**
 * viem's `getContractError`, with the SDK's contracts' errors beside the read's ABI: the reads'
 * ABIs (../abi/views) hold only the views they call, and a revert is named by its selector from
 * these errors (../abi/errors, in this module's chunk: loaded with a failed read only).
 */
export const getContractError: typeof viemGetContractError = (error, parameters) =>
  viemGetContractError(error, {
    ...parameters,
    abi: [...(parameters.abi as Abi), ...contractErrorsAbi] as Abi,
  });
