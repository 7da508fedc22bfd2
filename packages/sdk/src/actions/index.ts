export * from "./types";
export { parseSmallestUnit } from "./amounts";
export * from "./tokens";
export * from "./lending";
export * from "./kyc";
export * from "./locking";
export * from "./swap";
export * from "./prepare";
export * from "./revert";
