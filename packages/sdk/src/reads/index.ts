export * from "./pools";
export * from "./epochs";
export * from "./user-lending";
export * from "./locking";
export * from "./tokens";
export * from "./fees";
export * from "./repayments";
export * from "./referrals";
