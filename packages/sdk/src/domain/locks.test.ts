import { describe, expect, it } from "vitest";
import { canUnlock } from "./locks";

describe("canUnlock", () => {
  it("is the contract's rule: something locked and the lock period over, by the chain's clock", () => {
    expect(canUnlock({ lockedAmount: 5n, unlockTime: 1_000 }, 999)).toBe(false);
    expect(canUnlock({ lockedAmount: 5n, unlockTime: 1_000 }, 1_000)).toBe(true);
    expect(canUnlock({ lockedAmount: 0n, unlockTime: 1_000 }, 2_000)).toBe(false);
  });
});
