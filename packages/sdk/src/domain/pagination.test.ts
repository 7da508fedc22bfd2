import { describe, expect, it } from "vitest";
import { paginationItems } from "./pagination";

describe("pagination (boundary 2, sibling 0)", () => {
  it("shows every page when few", () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationItems(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it("puts ellipses around the current page", () => {
    expect(paginationItems(5, 10)).toEqual([1, 2, "start-ellipsis", 5, "end-ellipsis", 9, 10]);
    expect(paginationItems(1, 10)).toEqual([1, 2, 3, 4, "end-ellipsis", 9, 10]);
    expect(paginationItems(10, 10)).toEqual([1, 2, "start-ellipsis", 7, 8, 9, 10]);
  });
  it("never hides a single page behind an ellipsis", () => {
    expect(paginationItems(4, 10)).toEqual([1, 2, 3, 4, "end-ellipsis", 9, 10]);
    expect(paginationItems(7, 10)).toEqual([1, 2, "start-ellipsis", 7, 8, 9, 10]);
  });
  it("is empty with no pages", () => {
    expect(paginationItems(1, 0)).toEqual([]);
  });
});
