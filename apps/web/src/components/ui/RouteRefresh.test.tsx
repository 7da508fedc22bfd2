import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const refresh = vi.hoisted(() => vi.fn());
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const { RefreshButton, RefreshEvery } = await import("./RouteRefresh");

const MINUTE = 60_000;
let visibility: DocumentVisibilityState = "visible";

function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  refresh.mockReset();
  visibility = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("RefreshEvery (the /lending list read again every minute)", () => {
  it("renders the page again on the server every minute while the tab shows", () => {
    render(<RefreshEvery ms={MINUTE} />);
    act(() => vi.advanceTimersByTime(MINUTE - 1));
    expect(refresh).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(refresh).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("not while the tab is hidden, and at once when it shows again a minute or more later", () => {
    render(<RefreshEvery ms={MINUTE} />);
    setVisibility("hidden");
    act(() => vi.advanceTimersByTime(3 * MINUTE));
    expect(refresh).not.toHaveBeenCalled();
    setVisibility("visible");
    expect(refresh).toHaveBeenCalledTimes(1);
    // shown again soon after a refresh: nothing more until the next minute
    setVisibility("hidden");
    setVisibility("visible");
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("stops when the page leaves", () => {
    const view = render(<RefreshEvery ms={MINUTE} />);
    view.unmount();
    act(() => vi.advanceTimersByTime(3 * MINUTE));
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe("RefreshButton (Retry of a page rendered on the server)", () => {
  it("renders the page again on each click", () => {
    render(<RefreshButton label="Retry" busyLabel="Retrying…" />);
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
