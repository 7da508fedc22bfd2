/** Every route of spec section 2 (a sample address for /referrals/[walletAddress]). */
export const SPEC_ROUTES = [
  "/",
  "/lending",
  "/lending/closed-lending-strategies",
  "/lending/fully-subscribed-lending-strategies",
  "/lending/important-information-document",
  "/lending/risk-warning",
  "/borrow",
  "/docs",
  "/locking",
  "/portfolio",
  "/portfolio/my-transactions",
  "/portfolio/bonus-and-rewards",
  "/portfolio/wallet-balance",
  "/referrals/0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
] as const;
