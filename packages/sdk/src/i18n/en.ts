/**
 * The English catalog: every piece of user-visible copy of the product, spec strings letter for
 * letter. One named export per namespace, each in its own module under ./en/, so a page's bundle
 * keeps only the namespaces it uses: the package has `"sideEffects": false` and bundlers drop
 * whole unused modules, not the unused properties of one big object. Templates use `{name}`
 * placeholders (filled with `fill`); `{product}` is the configurable token symbol.
 */
export { common } from "./en/common";
export { tabs } from "./en/tabs";
export { validation } from "./en/validation";
export { referral } from "./en/referral";
export { referralDetected } from "./en/referralDetected";
export { tx } from "./en/tx";
export { reverts } from "./en/reverts";
export { wallet } from "./en/wallet";
export { account } from "./en/account";
export { walletBalance } from "./en/walletBalance";
export { kyc } from "./en/kyc";
export { pools } from "./en/pools";
export { lend } from "./en/lend";
export { loanContract } from "./en/loanContract";
export { pages } from "./en/pages";
export { portfolio } from "./en/portfolio";
export { withdraw } from "./en/withdraw";
export { fixedTerm } from "./en/fixedTerm";
export { email } from "./en/email";
export { devPanel } from "./en/devPanel";
export { transactions } from "./en/transactions";
export { repayments } from "./en/repayments";
export { repaymentsButton } from "./en/repaymentsButton";
export { decisions } from "./en/decisions";
export { locking } from "./en/locking";
export { rewards } from "./en/rewards";
export { features } from "./en/features";
export { incidents } from "./en/incidents";
export { poolPage } from "./en/poolPage";
export { fillPreview } from "./en/fillPreview";
export { epochMail } from "./en/epochMail";
export { manage } from "./en/manage";
export { statements } from "./en/statements";
