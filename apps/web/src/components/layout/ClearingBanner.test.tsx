import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClearingBannerView } from "./ClearingBanner";

// vitest.config.mts runs the tests with TZ=Asia/Kolkata (UTC+05:30, no DST).
const NOW = Date.UTC(2026, 10, 24, 10, 0, 0);

describe("ClearingBannerView", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows skeletons while loading", () => {
    render(<ClearingBannerView startsAt={undefined} />);
    expect(screen.getByTestId("clearing-banner")).toHaveProperty(
      "textContent",
      "Next clearing period starts on Starts in",
    );
    expect(screen.queryByTestId("clearing-date")).toBeNull();
    expect(screen.queryByTestId("clearing-countdown")).toBeNull();
  });

  it("shows the start in local time with its UTC offset and ticks every second", () => {
    const startsAt = NOW / 1000 + 86_400 + 3_600 + 60 + 5; // 1d 01h 01m 05s ahead
    render(<ClearingBannerView startsAt={startsAt} />);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(screen.getByTestId("clearing-date").textContent).toBe(
      "25.11.2026 at 16:31:05 UTC+05:30",
    );
    expect(screen.getByTestId("clearing-banner").textContent).toContain(
      "Next clearing period starts on 25.11.2026 at 16:31:05 UTC+05:30",
    );
    expect(screen.getByTestId("clearing-countdown").textContent).toBe("1d 01h 01m 05s");
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId("clearing-countdown").textContent).toBe("1d 01h 01m 04s");
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.getByTestId("clearing-countdown").textContent).toBe("1d 01h 01m 00s");
  });

  it("stops at zero and reports it once", () => {
    const onReached = vi.fn();
    render(<ClearingBannerView startsAt={NOW / 1000 + 2} onReached={onReached} />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId("clearing-countdown").textContent).toBe("0d 00h 00m 01s");
    expect(onReached).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId("clearing-countdown").textContent).toBe("0d 00h 00m 00s");
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByTestId("clearing-countdown").textContent).toBe("0d 00h 00m 00s");
    expect(onReached).toHaveBeenCalledTimes(1);
  });

  it("says so when the chain cannot be read", () => {
    render(<ClearingBannerView startsAt={undefined} failed />);
    expect(screen.getByTestId("clearing-banner").textContent).toContain("unavailable");
  });
});
