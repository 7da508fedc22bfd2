// @vitest-environment node
import { describe, expect, it } from "vitest";
import { parseIndexerSync } from "./indexerSync";

const answer = {
  indexedBlock: "100",
  indexedTimestamp: 1_800_000_000,
  chainBlock: "160",
  chainTimestamp: 1_800_000_300,
  behindSeconds: 300,
};

describe("the indexer's lag as the lag notice reads it (GET /api/indexer-sync)", () => {
  it("takes the server's answer, with or without the chain's head", () => {
    expect(parseIndexerSync(answer)).toEqual(answer);
    const noHead = { ...answer, chainBlock: null, chainTimestamp: null };
    expect(parseIndexerSync(noHead)).toEqual(noHead);
  });

  it("names the field of an answer it cannot use", () => {
    expect(parseIndexerSync({ ...answer, behindSeconds: -1 })).toMatch(/^behindSeconds/);
    expect(parseIndexerSync({ ...answer, indexedBlock: 100 })).toMatch(/^indexedBlock/);
    expect(parseIndexerSync(null)).toMatch(/^indexedBlock/);
  });
});
