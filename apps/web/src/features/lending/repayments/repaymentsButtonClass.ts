/** The Historical repayments button's classes (the portfolio's client button, the pool cards'). */
export const REPAYMENTS_BUTTON_CLASS =
  "shrink-0 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50";
