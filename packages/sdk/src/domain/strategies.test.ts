import { describe, expect, it } from "vitest";
import type { FixedTermConfig } from "../reads/pools";
import {
  isTrancheAtCapacity,
  openStrategies,
  poolStrategyStatus,
  trancheTakesDeposits,
} from "./strategies";

const config = (status: FixedTermConfig["fixedTermDepositStatus"]): FixedTermConfig => ({
  configId: 1n,
  apy: 0.1,
  epochInterestRate: 1n,
  epochLockDuration: 4n,
  fixedTermDepositStatus: status,
});
const tranche = (capacity: bigint, totalAssets: bigint, fixed: FixedTermConfig[] = []) => ({
  capacity,
  totalAssets,
  fixedTermConfig: fixed,
});

describe("strategy status", () => {
  it("a tranche is at capacity when its assets reach it", () => {
    expect(isTrancheAtCapacity({ capacity: 10n, totalAssets: 9n })).toBe(false);
    expect(isTrancheAtCapacity({ capacity: 10n, totalAssets: 10n })).toBe(true);
    expect(isTrancheAtCapacity({ capacity: 10n, totalAssets: 11n })).toBe(true);
  });

  it("is open while any tranche has room", () => {
    expect(poolStrategyStatus({ tranches: [tranche(10n, 10n), tranche(10n, 1n)] })).toBe("open");
  });

  it("is fully subscribed when every tranche is at capacity but a fixed term is offered", () => {
    const pool = { tranches: [tranche(10n, 10n, [config("Everyone")]), tranche(5n, 6n)] };
    expect(poolStrategyStatus(pool)).toBe("fullySubscribed");
    const allowlist = { tranches: [tranche(10n, 10n, [config("Allowlist")])] };
    expect(poolStrategyStatus(allowlist)).toBe("fullySubscribed");
  });

  it("is closed when every tranche is at capacity and no fixed term is offered", () => {
    expect(poolStrategyStatus({ tranches: [tranche(10n, 10n, [config("Disabled")])] })).toBe(
      "closed",
    );
    expect(poolStrategyStatus({ tranches: [tranche(10n, 10n)] })).toBe("closed");
    expect(poolStrategyStatus({ tranches: [] })).toBe("closed");
  });

  it("the Open strategies tab lists open pools only (not fully subscribed or closed ones)", () => {
    const open = { id: 1, tranches: [tranche(10n, 10n), tranche(10n, 1n)] };
    const full = { id: 2, tranches: [tranche(10n, 10n, [config("Everyone")])] };
    const closed = { id: 3, tranches: [tranche(10n, 10n)] };
    const empty = { id: 4, tranches: [] };
    expect(openStrategies([full, open, closed, empty]).map((p) => p.id)).toEqual([1]);
    expect(openStrategies([full, closed])).toEqual([]);
  });

  it("a tranche closed after a loss takes no deposit and offers no fixed term", () => {
    const closed = { ...tranche(10n, 1n, [config("Everyone")]), closed: true };
    expect(trancheTakesDeposits(closed)).toBe(false);
    expect(trancheTakesDeposits({ ...closed, closed: false })).toBe(true);
    // The pool stays open while another tranche takes deposits...
    expect(poolStrategyStatus({ tranches: [closed, tranche(10n, 1n)] })).toBe("open");
    // ...is fully subscribed when only another tranche's fixed term is left...
    const full = tranche(10n, 10n, [config("Everyone")]);
    expect(poolStrategyStatus({ tranches: [closed, full] })).toBe("fullySubscribed");
    // ...and closed when the wiped tranche was the last way in (its fixed term is refused too).
    expect(poolStrategyStatus({ tranches: [closed, tranche(10n, 10n)] })).toBe("closed");
    expect(openStrategies([{ tranches: [closed] }])).toEqual([]);
  });
});
