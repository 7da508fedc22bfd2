import { describe, expect, it } from "vitest";
import { DeploymentNotFoundError, InvalidDeploymentError } from "../errors";
import {
  deployments,
  getDeployment,
  hasDeployment,
  parseDeployment,
  registerDeployment,
} from "./index";

const valid = {
  chainId: 31337,
  lendingPoolManager: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
  usdc: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  ksu: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  ksuLocking: "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9",
  requestNft: "0xd8058efe0198ae9dD7D563e1b4938Dcbc86A1F81",
  deployBlock: 4,
};

describe("deployments", () => {
  it("knows the local chain and returns its record", () => {
    expect(hasDeployment(31337)).toBe(true);
    expect(getDeployment(31337)).toBe(deployments[31337]);
    expect(getDeployment(31337).chainId).toBe(31337);
  });

  it("throws DeploymentNotFoundError for an unknown chain", () => {
    expect(hasDeployment(1)).toBe(false);
    expect(() => getDeployment(1)).toThrow(DeploymentNotFoundError);
    expect(() => getDeployment(1)).toThrow(
      expect.objectContaining({ code: "DEPLOYMENT_NOT_FOUND", chainId: 1 }),
    );
  });

  it("parseDeployment accepts a valid record and rejects malformed ones", () => {
    expect(parseDeployment(valid)).toEqual(valid);
    const withPair = { ...valid, ksuUsdcPair: "0xAd1B0CA421398730E7AE6f0ec1f25661316D1BC6" };
    expect(parseDeployment(withPair)).toEqual(withPair);
    for (const [field, value] of [
      ["chainId", 0],
      ["chainId", "31337"],
      ["deployBlock", -1],
      ["usdc", "0x1234"],
      ["ksu", undefined],
      ["ksuLocking", "0x12"],
      ["requestNft", undefined],
      ["lendingPoolManager", 42],
      ["ksuUsdcPair", "0xnope"],
    ] as const) {
      const bad = { ...valid, [field]: value };
      expect(() => parseDeployment(bad)).toThrow(InvalidDeploymentError);
      expect(() => parseDeployment(bad)).toThrow(expect.objectContaining({ field }));
    }
    expect(() => parseDeployment(null)).toThrow(InvalidDeploymentError);
  });

  it("registerDeployment makes a chain's record known at run time, and refuses a malformed one", () => {
    expect(hasDeployment(84532)).toBe(false);
    expect(() => registerDeployment({ ...valid, chainId: 84532, usdc: "0x12" })).toThrow(
      InvalidDeploymentError,
    );
    expect(hasDeployment(84532)).toBe(false);
    const record = registerDeployment({ ...valid, chainId: 84532 });
    expect(getDeployment(84532)).toEqual(record);
    expect(getDeployment(84532).lendingPoolManager).toBe(valid.lendingPoolManager);
    delete deployments[84532];
  });
});
