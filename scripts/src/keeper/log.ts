/** One keeper log line: a JSON object (bigints as decimal strings). */
export type KeeperLogEntry = {
  level: "info" | "warn" | "error";
  action: string;
  [key: string]: unknown;
};

export type KeeperLogger = (entry: KeeperLogEntry) => void;

/** Structured JSON lines on stdout, one per action. */
export const jsonLogger: KeeperLogger = (entry) => {
  console.log(
    JSON.stringify({ time: new Date().toISOString(), ...entry }, (_k, v: unknown) =>
      typeof v === "bigint" ? v.toString() : v,
    ),
  );
};
