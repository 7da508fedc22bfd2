import { describe, expect, it } from "vitest";
import { buildEpochMail } from "./epoch-mail";

describe("buildEpochMail", () => {
  it("names each request's outcome, the interest and the one unsubscribe link", () => {
    const { subject, text } = buildEpochMail({
      poolName: "Harbour Invoice Finance",
      epoch: 7n,
      clearedAt: new Date("2026-11-27T22:00:00Z"),
      offsetMinutes: 0,
      requests: [
        {
          nftId: 12n,
          trancheName: "Junior",
          kind: "Deposit",
          forced: false,
          amount: 10_000_000_000n,
          accepted: 7_000_000_000n,
          moved: 2_000_000_000n,
          rejected: 1_000_000_000n,
        },
        {
          nftId: 13n,
          trancheName: "Junior",
          kind: "Withdrawal",
          forced: false,
          amount: 0n,
          accepted: 5_000_000n,
          moved: 0n,
          rejected: 2_500_000n,
        },
        {
          nftId: 14n,
          trancheName: "Senior",
          kind: "Withdrawal",
          forced: true,
          amount: 0n,
          accepted: 0n,
          moved: 0n,
          rejected: 3_000_000n,
        },
      ],
      interest: 1_234_567n,
      links: {
        portfolio: "https://app.example/portfolio",
        unsubscribe: "https://app.example/u?t=x",
      },
    });
    expect(subject).toBe("Harbour Invoice Finance: your requests of epoch 7 were processed");
    expect(text).toContain("27.11.2026 22:00:00");
    expect(text).toContain(
      "Deposit #12 to Junior: 10,000.00 USDC requested, 7,000.00 USDC accepted, 2,000.00 USDC moved to a more senior tranche, 1,000.00 USDC returned to your wallet.",
    );
    expect(text).toContain("Withdrawal #13 from Junior: 5.00 USDC paid, 2.50 USDC not filled");
    expect(text).toContain(
      "Forced withdrawal #14 from Senior: 0.00 USDC paid, 3.00 USDC rolled over",
    );
    expect(text).toContain(
      "Interest of the epoch on your positions in Harbour Invoice Finance: 1.23 USDC.",
    );
    expect(text.match(/https:\/\/app\.example\/u\?t=x/g)).toHaveLength(1);
  });
});
