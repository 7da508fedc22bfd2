export * from "./domain/format";
export * from "./domain/apy";
