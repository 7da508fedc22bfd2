import {
  BaseError,
  numberToHex,
  type Abi,
  type BlockTag,
  type Chain,
  type Client,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionParameters,
  type ContractFunctionRevertedError,
  type Hex,
  type ReadContractReturnType,
  type Transport,
} from "viem";
import {
  AbiFallback,
  abiFunction,
  decodeResult,
  encodeCall,
  type AbiFunctionItem,
} from "./abiCodec";

/** viem's contract errors and ABI coder, loaded when a read needs them (see below). */
const viemModule = () => import("./contractError");

/** What the SDK's reads ask of a view: viem's `readContract` parameters without call overrides. */
export type ReadParameters<
  abi extends Abi | readonly unknown[],
  functionName extends ContractFunctionName<abi, "pure" | "view">,
  args extends ContractFunctionArgs<abi, "pure" | "view", functionName>,
> = ContractFunctionParameters<abi, "pure" | "view", functionName, args, boolean> &
  // at a block number or a tag (latest by default), never both (as viem's `call`)
  (
    | { blockNumber?: bigint | undefined; blockTag?: undefined }
    | { blockNumber?: undefined; blockTag?: BlockTag | undefined }
  );

/**
 * A contract view read with one `eth_call`: viem's `readContract` (the same encoding, decoding
 * and errors: a revert is a `ContractFunctionExecutionError` over a `ContractFunctionRevertedError`
 * naming the contract's error) without its `call` action. That action carries what these reads
 * never use (multicall batching, deployless and CCIP calls, state and block overrides, with the
 * `ox` modules behind them): 13 KB gzip of a connected page's JavaScript (issue 26). The
 * transport still batches the JSON-RPC requests of a page's reads (the web app's `http(url, {
 * batch: true })`). A client with an account sends it as `from`, as `call` does. The call is
 * encoded and its result decoded by the SDK's own coder (./abiCodec), which answers as viem's or
 * leaves the call to viem's coder, loaded then. The one difference: when that module (with
 * viem's contract errors) cannot load in a browser (offline, or a chunk gone after a redeploy),
 * the read's own error is thrown unwrapped, and a revert is then not named (`contractRevert`
 * finds nothing); so is the failed import's error for a call the SDK's coder left to viem's.
 */
export async function readContract<
  chain extends Chain | undefined,
  const abi extends Abi | readonly unknown[],
  functionName extends ContractFunctionName<abi, "pure" | "view">,
  const args extends ContractFunctionArgs<abi, "pure" | "view", functionName>,
>(
  client: Client<Transport, chain>,
  parameters: ReadParameters<abi, functionName, args>,
): Promise<ReadContractReturnType<abi, functionName, args>> {
  const { abi, address, args, functionName, blockNumber, blockTag } = parameters as ReadParameters<
    Abi,
    string,
    readonly unknown[]
  >;
  // The calldata and the result go through the SDK's own ABI coder (./abiCodec: viem's coder is
  // about 8 KB gzip of a connected page); what it does not take falls back to viem's, loaded then,
  // which gives viem's result or viem's error.
  let item: AbiFunctionItem | null = null;
  let data: Hex;
  try {
    item = abiFunction(abi, functionName);
    data = encodeCall(item, args);
  } catch (error) {
    if (!(error instanceof AbiFallback)) throw error;
    data = (await viemModule()).encodeFunctionData({ abi, args, functionName } as Parameters<
      typeof import("viem").encodeFunctionData
    >[0]);
  }
  try {
    const from = client.account?.address;
    const result = await client.request({
      method: "eth_call",
      params: [
        from ? { from, to: address, data } : { to: address, data },
        blockNumber === undefined ? (blockTag ?? "latest") : numberToHex(blockNumber),
      ],
    });
    if (item) {
      try {
        return decodeResult(item, result || "0x") as ReadContractReturnType<
          abi,
          functionName,
          args
        >;
      } catch (error) {
        if (!(error instanceof AbiFallback)) throw error;
      }
    }
    return (await viemModule()).decodeFunctionResult({
      abi,
      args,
      functionName,
      data: result || "0x",
    } as Parameters<typeof import("viem").decodeFunctionResult>[0]) as ReadContractReturnType<
      abi,
      functionName,
      args
    >;
  } catch (error) {
    // viem's contract error classes load with the first read that fails: a page whose reads
    // succeed does not carry them (about 3 KB gzip, issue 26). When they cannot load (the
    // browser went offline), the read's own error is thrown, not the failed import's.
    const getContractError = await viemModule().then(
      (m) => m.getContractError,
      () => undefined,
    );
    if (!getContractError) throw error;
    throw getContractError(error as BaseError, {
      abi: abi as Abi,
      address,
      args,
      docsPath: "/docs/contract/readContract",
      functionName,
    });
  }
}

/**
 * The contract's revert in a failed read's error chain (viem's `ContractFunctionRevertedError`,
 * with the decoded error name and arguments), or null. Found by its class name, not `instanceof`:
 * importing viem's contract error classes would bring them, and what they import, into every
 * browser chunk of the reads, which load them only with a failed read (above).
 */
export function contractRevert(error: unknown): ContractFunctionRevertedError | null {
  if (!(error instanceof BaseError)) return null;
  return error.walk(
    (e) => (e as Error | null)?.name === "ContractFunctionRevertedError",
  ) as ContractFunctionRevertedError | null;
}
