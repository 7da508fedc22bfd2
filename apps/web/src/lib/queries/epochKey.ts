/** The epoch times' query key (./keys lists it): apart, so the clearing banner reads only this. */
export const epochTimesKey = (chainId: number) => ["lending", chainId, "epochTimes"] as const;
