/** Table pagination: pages at each end and around the current page. */
export const PAGINATION_BOUNDARY_COUNT = 2;
export const PAGINATION_SIBLING_COUNT = 0;

export type PageItem = number | "start-ellipsis" | "end-ellipsis";

const range = (start: number, end: number): number[] =>
  Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);

/**
 * The pagination items for `page` of `count` (1-based): boundary pages at both ends, siblings
 * around the current page and ellipses between (an ellipsis never hides a single page).
 *
 * @example paginationItems(5, 10) // [1, 2, "start-ellipsis", 5, "end-ellipsis", 9, 10]
 */
export function paginationItems(
  page: number,
  count: number,
  boundaryCount = PAGINATION_BOUNDARY_COUNT,
  siblingCount = PAGINATION_SIBLING_COUNT,
): PageItem[] {
  if (count <= 0) return [];
  const startPages = range(1, Math.min(boundaryCount, count));
  const endPages = range(Math.max(count - boundaryCount + 1, boundaryCount + 1), count);
  const siblingsStart = Math.max(
    Math.min(page - siblingCount, count - boundaryCount - siblingCount * 2 - 1),
    boundaryCount + 2,
  );
  const siblingsEnd = Math.min(
    Math.max(page + siblingCount, boundaryCount + siblingCount * 2 + 2),
    endPages.length > 0 ? endPages[0]! - 2 : count - 1,
  );
  const items: PageItem[] = [...startPages];
  if (siblingsStart > boundaryCount + 2) items.push("start-ellipsis");
  else if (boundaryCount + 1 < count - boundaryCount) items.push(boundaryCount + 1);
  items.push(...range(siblingsStart, siblingsEnd));
  if (siblingsEnd < count - boundaryCount - 1) items.push("end-ellipsis");
  else if (count - boundaryCount > boundaryCount) items.push(count - boundaryCount);
  items.push(...endPages);
  return items;
}
