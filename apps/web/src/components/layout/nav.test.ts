// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isNavActive, visibleNavItems } from "./nav";

describe("isNavActive", () => {
  it("is active on the exact path and on sub-paths", () => {
    expect(isNavActive("/lending", "/lending")).toBe(true);
    expect(isNavActive("/lending/risk-warning", "/lending")).toBe(true);
    expect(isNavActive("/portfolio/my-transactions", "/portfolio")).toBe(true);
  });

  it("matches whole segments only", () => {
    expect(isNavActive("/lendingfoo", "/lending")).toBe(false);
    expect(isNavActive("/locking", "/lending")).toBe(false);
    expect(isNavActive("/", "/lending")).toBe(false);
  });

  it("ignores trailing slashes, query and hash", () => {
    expect(isNavActive("/lending/", "/lending")).toBe(true);
    expect(isNavActive("/lending?pool=1", "/lending")).toBe(true);
    expect(isNavActive("/locking#x", "/locking/")).toBe(true);
  });

  it("treats / as exact and handles a missing pathname", () => {
    expect(isNavActive("/", "/")).toBe(true);
    expect(isNavActive("/lending", "/")).toBe(false);
    expect(isNavActive(null, "/lending")).toBe(false);
  });
});

describe("visibleNavItems", () => {
  it("shows My Portfolio only while connected", () => {
    expect(visibleNavItems(false).map((i) => i.label)).toEqual(["Lending", "Locking"]);
    expect(visibleNavItems(true).map((i) => i.label)).toEqual([
      "Lending",
      "Locking",
      "My Portfolio",
    ]);
  });
});
