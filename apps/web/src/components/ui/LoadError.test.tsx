import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { LoadError } from "./LoadError";

describe("LoadError (issue 25)", () => {
  it("names the chain's RPC when it does not answer, with a Retry that asks again", () => {
    const retry = vi.fn();
    render(
      <LoadError
        error={Object.assign(new Error("HTTP request failed."), { name: "HttpRequestError" })}
        source="chain"
        chainName="Base Sepolia"
        what="Your portfolio could not be read."
        onRetry={retry}
        testId="x-error"
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert.querySelector("h2")?.textContent).toBe("Network unreachable");
    expect(alert.textContent).toContain("Your portfolio could not be read.");
    expect(alert.textContent).toContain("The Base Sepolia RPC endpoint did not answer.");
    expect(alert.textContent).toContain("This page tries again by itself every few seconds.");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("says the history service is down when the indexer's route answers 503", () => {
    render(
      <LoadError
        error={new ApiError(503, "The transaction history is unavailable: try again later")}
        source="indexer"
        onRetry={() => {}}
      />,
    );
    expect(screen.getByRole("alert").querySelector("h2")?.textContent).toBe("History unavailable");
  });

  it("says the server is down when the app's own /api does not answer at all", () => {
    render(
      <LoadError error={new TypeError("Failed to fetch")} source="indexer" onRetry={() => {}} />,
    );
    expect(screen.getByRole("alert").querySelector("h2")?.textContent).toBe("Server unavailable");
  });

  it("cannot be pressed again while a read runs, and says it is retrying", () => {
    const retry = vi.fn();
    render(<LoadError error={new Error("x")} source="chain" onRetry={retry} retrying />);
    const button = screen.getByRole("button", { name: "Retrying…" });
    expect(button).toHaveProperty("disabled", true);
    fireEvent.click(button);
    expect(retry).not.toHaveBeenCalled();
  });
});
