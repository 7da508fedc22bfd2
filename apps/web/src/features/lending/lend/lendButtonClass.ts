/** The Lend button's classes (the visitor's button, the connected lender's, the placeholder). */
export const LEND_BUTTON_CLASS =
  "rounded-lg bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-60 max-sm:w-full";
