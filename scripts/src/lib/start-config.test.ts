import { describe, expect, it } from "vitest";
import { IndexerEnvSchema } from "./indexer";
import { StartConfigSchema } from "./start-config";

describe("npm start listens on the loopback unless told otherwise", () => {
  it("a neighbour on a shared network reaches neither the web server nor the indexer by default", () => {
    expect(StartConfigSchema.parse({}).WEB_HOST).toBe("127.0.0.1");
    expect(IndexerEnvSchema.parse({}).INDEXER_HOST).toBe("127.0.0.1");
  });

  it("opens a server to the network only when a variable says so", () => {
    expect(StartConfigSchema.parse({ WEB_HOST: "0.0.0.0" }).WEB_HOST).toBe("0.0.0.0");
    expect(IndexerEnvSchema.parse({ INDEXER_HOST: "::" }).INDEXER_HOST).toBe("::");
  });

  it("refuses a listen address that is not one, naming the variable", () => {
    for (const bad of ["everywhere", "0.0.0.0:3000", "http://0.0.0.0", "999.1.1.1", ""]) {
      const result = StartConfigSchema.safeParse({ WEB_HOST: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["WEB_HOST"]);
      expect(result.error?.issues[0]?.message).toMatch(/IP address to listen on/);
    }
    expect(IndexerEnvSchema.safeParse({ INDEXER_HOST: "my laptop" }).success).toBe(false);
  });
});
