import { describe, expect, it } from "vitest";
import { overBudget } from "./bundle";

describe("the JavaScript budget of the browser tests (routes.spec.ts)", () => {
  it("names a visitor route that loads more than 150 KB, and only that one", () => {
    const measured = [
      { route: "/", kb: 141.3 },
      { route: "/lending", kb: 150 },
      // a deliberate heavy import (the wallet stack back in a visitor's page) on one route
      { route: "/portfolio", kb: 150.04 + 45 },
    ];
    expect(overBudget(measured, 150)).toEqual(["/portfolio: 195.0 KB"]);
  });

  it("passes when every route is within the budget (150 KB is within)", () => {
    expect(overBudget([{ route: "/", kb: 150 }], 150)).toEqual([]);
    expect(overBudget([{ route: "/portfolio", kb: 190.2 }], 200)).toEqual([]);
  });
});
