export * from "./domain";
