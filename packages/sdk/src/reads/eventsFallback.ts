// The module ./events imports for a log read the SDK's ABI coder leaves to viem: a named
// re-export, so that the chunk a bundler makes of it keeps only `getContractEvents` and what it
// uses.
export { getContractEvents } from "viem/actions";
