import factory from "@uniswap/v2-core/build/UniswapV2Factory.json";
import router from "@uniswap/v2-periphery/build/UniswapV2Router02.json";
import weth from "@uniswap/v2-periphery/build/WETH9.json";
import type { Abi, Hex } from "viem";

const artifact = (a: { abi: unknown; bytecode: string }) => ({
  abi: a.abi as Abi,
  // the npm artifacts store bytecode without the 0x prefix
  bytecode: (a.bytecode.startsWith("0x") ? a.bytecode : `0x${a.bytecode}`) as Hex,
});

/** Uniswap V2 from its npm build artifacts (compiled by Uniswap with solc 0.5/0.6). */
export const uniswapV2 = {
  factory: artifact(factory),
  router: artifact(router),
  weth: artifact(weth),
};
