// @vitest-environment node
import { describe, expect, it } from "vitest";
import { onRampUrl } from "./ViewWalletModal";

describe("onRampUrl (the on-ramp adapter)", () => {
  it("fills the address and the chain into the configured page, every occurrence", () => {
    expect(
      onRampUrl(
        "https://pay.example/buy?to={address}&chain={chainId}&again={address}",
        "0x00000000000000000000000000000000000000aB",
        84532,
      ),
    ).toBe(
      "https://pay.example/buy?to=0x00000000000000000000000000000000000000aB&chain=84532&again=0x00000000000000000000000000000000000000aB",
    );
  });
});
