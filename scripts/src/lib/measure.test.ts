import { describe, expect, it } from "vitest";
import { median, option } from "./measure";

describe("the measuring scripts' shared helpers", () => {
  it("median: the middle run, or the mean of the middle two, whatever the order", () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it("option: the value of --name=value, undefined when absent", () => {
    const args = ["--runs=3", "--path=/a,/b", "--no-throttle"];
    expect(option(args, "runs")).toBe("3");
    expect(option(args, "path")).toBe("/a,/b");
    expect(option(args, "root")).toBeUndefined();
    expect(option(args, "no-throttle")).toBeUndefined();
  });
});
