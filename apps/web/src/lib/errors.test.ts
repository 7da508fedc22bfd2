// @vitest-environment node
import { DeploymentNotFoundError } from "@lending/sdk";
import { describe, expect, it } from "vitest";
import { readErrorCopy, walletErrorMessage } from "./errors";

describe("readErrorCopy", () => {
  it("explains a chain without a deployment", () => {
    expect(readErrorCopy(new DeploymentNotFoundError(8453), "Base").title).toBe(
      "Contracts not deployed",
    );
  });

  it("explains an empty contract answer as not deployed", () => {
    const error = Object.assign(new Error("wrapped"), {
      cause: Object.assign(new Error('The contract function "getPools" returned no data ("0x").'), {
        name: "ContractFunctionZeroDataError",
      }),
    });
    expect(readErrorCopy(error, "Local").title).toBe("Contracts not deployed");
  });

  it("explains an unreachable RPC", () => {
    const error = Object.assign(new Error("HTTP request failed."), {
      name: "HttpRequestError",
      cause: new TypeError("Failed to fetch"),
    });
    expect(readErrorCopy(error, "Local")).toEqual({
      title: "Network unreachable",
      detail:
        "The Local RPC endpoint did not answer. Check that the node is running and try again.",
    });
  });

  it("falls back to the error's short message", () => {
    const error = Object.assign(new Error("long text"), { shortMessage: "Short." });
    expect(readErrorCopy(error, "Local")).toEqual({
      title: "Could not load data",
      detail: "Short.",
    });
  });
});

describe("walletErrorMessage", () => {
  it("maps a rejection in the wallet (EIP-1193 code 4001)", () => {
    const error = Object.assign(new Error("User rejected the request."), {
      name: "UserRejectedRequestError",
      code: 4001,
    });
    expect(walletErrorMessage(error)).toBe("The request was rejected in the wallet.");
  });

  it("maps a missing browser wallet", () => {
    const error = Object.assign(new Error("Provider not found."), {
      name: "ProviderNotFoundError",
    });
    expect(walletErrorMessage(error)).toMatch(/No browser wallet was found/);
  });
});
