export * from "./pools";
export * from "./epochs";
