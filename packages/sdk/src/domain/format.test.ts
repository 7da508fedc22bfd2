import { describe, expect, it } from "vitest";
import {
  countdownParts,
  dateTimeParts,
  formatCountdown,
  formatDate,
  formatDateTime,
  shortenAddress,
} from "./datetime-format";
import {
  formatPercent,
  formatUnitsDisplay,
  formatUsdc,
  formatUsdcExact,
  formatTokenAmountUp,
  formatTokenBalance,
  lockPeriodDays,
  formatWalletAmount,
} from "./format";

describe("dates", () => {
  const d = new Date("2026-11-27T22:00:05Z");
  it("formats DD.MM.YYYY in the given offset", () => {
    expect(formatDate(d, 0)).toBe("27.11.2026");
    expect(formatDate(d, 120)).toBe("28.11.2026");
  });
  it("formats date, 24h time and a signed UTC offset", () => {
    expect(formatDateTime(d, 0)).toBe("27.11.2026 22:00:05 UTC+00:00");
    expect(dateTimeParts(d, -330)).toEqual({
      date: "27.11.2026",
      time: "16:30:05",
      offset: "UTC-05:30",
    });
  });
});

describe("countdown", () => {
  it("splits into units", () => {
    expect(countdownParts(90_061_000, 0)).toEqual({
      days: 1,
      hours: 1,
      minutes: 1,
      seconds: 1,
      done: false,
    });
    expect(formatCountdown(countdownParts(90_061_000, 0))).toBe("1d 01h 01m 01s");
  });
  it("stops at zero and never goes negative", () => {
    expect(countdownParts(1_000, 5_000)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      done: true,
    });
  });
});

describe("amounts", () => {
  it("shows USDC in the one money format: 2 decimals, rounded", () => {
    expect(formatUsdc(1_000_000_000n)).toBe("1,000.00");
    // issue 23: no 6 decimals beside 2
    expect(formatUsdc(2_651_894_469n)).toBe("2,651.89");
    expect(formatUsdc(1_234_567n)).toBe("1.23");
    expect(formatUsdc(1_235_000n)).toBe("1.24");
    // 200 USDC whose shares are worth 1 unit less (rounded down by the chain) shows 200.00
    expect(formatUsdc(199_999_999n)).toBe("200.00");
    expect(formatUsdc(0n)).toBe("0.00");
  });
  it("shows more decimals only where 2 would lose the amount", () => {
    expect(formatUsdc(1n)).toBe("0.000001");
    expect(formatUsdc(4_200n)).toBe("0.004");
    expect(formatUsdc(4_999n)).toBe("0.005");
    expect(formatUsdc(5_000n)).toBe("0.01");
    expect(formatTokenBalance(3n * 10n ** 13n, 18)).toBe("0.00003");
  });
  it("never shows a negative zero", () => {
    expect(formatUsdc(-0n)).toBe("0.00");
    expect(formatUsdc(-1_234_567n)).toBe("-1.23");
    expect(formatUsdc(-1n)).toBe("-0.000001");
    expect(formatUnitsDisplay(-1n, 6, { minDecimals: 2, maxDecimals: 2 })).toBe("0.00");
    expect(formatUsdc(-4_999n)).toBe("-0.005");
  });
  it("keeps exact amounts to the unit for details and limits", () => {
    expect(formatUsdcExact(2_651_894_469n)).toBe("2,651.894469");
    expect(formatUsdcExact(199_999_999n)).toBe("199.999999");
    expect(formatUsdcExact(100_000_000n)).toBe("100.00");
    expect(formatUsdcExact(-1n)).toBe("-0.000001");
  });
  it("truncates the wallet panel to 4 decimals without rounding up", () => {
    expect(formatWalletAmount(1_999_999_999_999_999_999n, 18)).toBe("1.9999");
    // balances on a page: the one money format (2 decimals, rounded)
    expect(formatTokenBalance(2_500_000_000_000_000_000n, 18)).toBe("2.50");
    expect(formatTokenBalance(10n * 10n ** 18n, 18)).toBe("10.00");
    expect(formatTokenBalance(1_999_999_999_999_999_999n, 18)).toBe("2.00");
    expect(formatTokenBalance(123_456n, 2)).toBe("1,234.56");
    expect(formatWalletAmount(5n * 10n ** 18n, 18)).toBe("5");
  });
  it("handles negatives and no grouping", () => {
    expect(formatUnitsDisplay(-1_500_000n, 6, { grouping: false, minDecimals: 2 })).toBe("-1.50");
  });
  it("formats percent", () => {
    expect(formatPercent(0.1234)).toBe("12.34%");
  });
});

describe("shortenAddress", () => {
  it("keeps 6 leading and 4 trailing characters", () => {
    expect(shortenAddress("0x1234567890abcdef1234567890abcdef12345678")).toBe("0x1234...5678");
  });
});

describe("formatTokenAmountUp and lockPeriodDays", () => {
  it("rounds an amount to reach up, never down", () => {
    expect(formatTokenAmountUp(1_000_049_000_000_000_000n, 18)).toBe("1.0001");
    expect(formatTokenAmountUp(60n * 10n ** 18n, 18)).toBe("60.00");
    expect(formatTokenAmountUp(1n, 18)).toBe("0.0001");
    expect(formatTokenAmountUp(1_234_567_890_000_000_000_000n, 18)).toBe("1,234.5679");
  });

  it("turns a lock period's seconds into days", () => {
    expect(lockPeriodDays("2592000")).toBe(30);
    expect(lockPeriodDays(62_208_000n)).toBe(720);
  });
});
