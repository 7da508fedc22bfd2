import {
  createPublicClient,
  createWalletClient,
  http,
  maxUint256,
  parseAbi,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { uniswapV2 } from "./artifacts";

export type LocalAmm = { factory: Address; weth: Address; router: Address; pair: Address };

const erc20 = parseAbi([
  "function approve(address spender, uint256 amount) returns (bool)",
  "function mint(address to, uint256 amount)",
  "function balanceOf(address) view returns (uint256)",
]);
export const routerAbi = parseAbi([
  "function WETH() view returns (address)",
  "function factory() view returns (address)",
  "function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)",
  "function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);
const factoryAbi = parseAbi(["function getPair(address, address) view returns (address)"]);

/**
 * Deploys Uniswap V2 (WETH9, Factory, Router02) on a local chain and adds USDC/WETH liquidity
 * (by default 300,000 USDC for 100 ETH: 3,000 USDC per ETH). The deployer must be allowed to
 * mint the test USDC (the protocol's deployer is). For the seed of `npm start` and tests.
 */
export async function deployLocalAmm(args: {
  rpcUrl: string;
  chainId?: number;
  deployerPrivateKey: Hex;
  usdc: Address;
  usdcLiquidity?: bigint;
  ethLiquidity?: bigint;
}): Promise<LocalAmm> {
  const account = privateKeyToAccount(args.deployerPrivateKey);
  const chain = { ...foundry, id: args.chainId ?? 31337 };
  const wallet = createWalletClient({ account, chain, transport: http(args.rpcUrl) });
  const client = createPublicClient({ chain, transport: http(args.rpcUrl) });
  const deploy = async (a: (typeof uniswapV2)["weth"], ctorArgs: unknown[]) => {
    const hash = await wallet.deployContract({ abi: a.abi, bytecode: a.bytecode, args: ctorArgs });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error("Uniswap V2 deployment failed");
    return receipt.contractAddress;
  };
  const send = async (hash: Promise<Hex>) => {
    const receipt = await client.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== "success")
      throw new Error(`transaction ${receipt.transactionHash} reverted`);
  };
  const weth = await deploy(uniswapV2.weth, []);
  const factory = await deploy(uniswapV2.factory, [account.address]);
  const router = await deploy(uniswapV2.router, [factory, weth]);
  const usdcAmount = args.usdcLiquidity ?? 300_000n * 10n ** 6n;
  const ethAmount = args.ethLiquidity ?? 100n * 10n ** 18n;
  await send(
    wallet.writeContract({
      address: args.usdc,
      abi: erc20,
      functionName: "mint",
      args: [account.address, usdcAmount],
    }),
  );
  await send(
    wallet.writeContract({
      address: args.usdc,
      abi: erc20,
      functionName: "approve",
      args: [router, maxUint256],
    }),
  );
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
  await send(
    wallet.writeContract({
      address: router,
      abi: routerAbi,
      functionName: "addLiquidityETH",
      args: [args.usdc, usdcAmount, 0n, 0n, account.address, deadline],
      value: ethAmount,
    }),
  );
  const pair = await client.readContract({
    address: factory,
    abi: factoryAbi,
    functionName: "getPair",
    args: [args.usdc, weth],
  });
  return { factory, weth, router, pair };
}
