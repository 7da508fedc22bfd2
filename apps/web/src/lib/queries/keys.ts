/** The one query-key factory: invalidate by these keys after a write. */
export const queryKeys = {
  all: ["lending"] as const,
  epochTimes: (chainId: number) => ["lending", chainId, "epochTimes"] as const,
  pools: (chainId: number) => ["lending", chainId, "pools"] as const,
};
