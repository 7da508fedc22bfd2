import type { Database } from "./client";

/** A transaction of {@link Database}. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Anything that runs queries: the database or a transaction. */
export type Executor = Database | Transaction;
