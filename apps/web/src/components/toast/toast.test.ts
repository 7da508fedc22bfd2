// @vitest-environment node
import { describe, expect, it } from "vitest";
import { txHashLink } from "./toast";

const hash = `0x${"12".repeat(32)}`;

describe("txHashLink", () => {
  it("links the transaction on the chain's block explorer", () => {
    expect(txHashLink({ hash, explorerUrl: "https://basescan.org/" })).toEqual({
      href: `https://basescan.org/tx/${hash}`,
      label: "View transaction",
    });
  });

  it("shows the hash itself without an explorer (local chain)", () => {
    expect(txHashLink({ hash })).toEqual({ label: hash });
  });
});
