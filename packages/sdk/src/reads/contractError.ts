// The module ./readContract imports when a read fails: a named re-export, so that the chunk a
// bundler makes of it keeps only `getContractError` and what it uses (a dynamic import of "viem"
// itself would keep every module of the package).
export { getContractError } from "viem";
