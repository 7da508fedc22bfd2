/**
 * The reads of the fill previews (my transactions, the portfolio), loaded through
 * `loadFillPreviewReads()` (lib/stack/chunks): their own chunk, without the portfolio's event
 * reads of ./sdk (issue 26).
 */
export { getDeployment, readFillPreviews, readUserPosition } from "@lending/sdk";
