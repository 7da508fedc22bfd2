/** The frames of ./Modal (and of ./VisitorDialog, which looks the same). */

/**
 * default: 600 px fixed width; decisions: up to 900 px (pending decisions); wide: up to 1000 px
 * (request details); fullscreen: the whole viewport.
 */
export type ModalSize = "default" | "wide" | "decisions" | "fullscreen";

export const SIZE_CLASS: Record<ModalSize, string> = {
  default:
    "top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-slate-200 w-[min(600px,calc(100vw-2rem))] max-h-[calc(100vh-4rem)]",
  decisions:
    "top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-slate-200 w-[min(900px,calc(100vw-2rem))] max-h-[calc(100vh-4rem)]",
  wide: "top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-slate-200 w-[min(1000px,calc(100vw-2rem))] max-h-[calc(100vh-4rem)]",
  fullscreen: "inset-0 h-full w-full",
};
