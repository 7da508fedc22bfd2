export * from "./domain";
export * from "./i18n";
export * from "./errors";
export * from "./reads";
export * from "./actions";
export * from "./entities";
export {
  deployments,
  getDeployment,
  hasDeployment,
  parseDeployment,
  registerDeployment,
  type Deployment,
} from "./deployments";
export {
  ksuAbi,
  ksuLockingAbi,
  lendingPoolManagerAbi,
  referralRewardsAbi,
  requestNftAbi,
  testUsdcAbi,
} from "./abi/generated";
export { erc20Abi } from "./abi/erc20";
export { ksuLockingReadsAbi, lendingPoolManagerReadsAbi } from "./abi/views";
export { lendingPoolManagerReadEventsAbi } from "./abi/events";
