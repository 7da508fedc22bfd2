// @vitest-environment node
import type { PoolNotice } from "@lending/sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseServerConfig } from "@/config/server";

const poolNotices = vi.hoisted(() => vi.fn<() => Promise<{ items: PoolNotice[] }>>());
vi.mock("./losses", () => ({ poolNotices }));
vi.mock("../context", () => ({ database: async () => ({}), chainClient: () => ({}) }));

const { poolsWithNotice } = await import("./initial-reads");

const config = parseServerConfig({ RPC_URL: "http://127.0.0.1:1", CHAIN_ID: "31337" });
const notice = (poolId: string, incident: boolean, loss: boolean): PoolNotice =>
  ({
    poolId,
    poolName: `Pool ${poolId}`,
    openIncident: incident ? { openedAt: 1 } : null,
    latestLoss: loss ? { amount: "1" } : null,
    lossCount: loss ? 1 : 0,
  }) as PoolNotice;

afterEach(() => {
  poolNotices.mockReset();
  vi.restoreAllMocks();
});

describe("poolsWithNotice (which /lending cards load their notice)", () => {
  it("the pools with an open incident or a reported loss", async () => {
    poolNotices.mockResolvedValue({
      items: [notice("0", true, false), notice("1", false, false), notice("2", false, true)],
    });
    expect([...(await poolsWithNotice(config))].sort()).toEqual(["0", "2"]);
  });

  it("none, without failing the page, when the indexer does not answer", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    poolNotices.mockRejectedValue(new Error("indexer unreachable"));
    expect((await poolsWithNotice(config)).size).toBe(0);
    expect(warn).toHaveBeenCalledOnce();
  });
});
