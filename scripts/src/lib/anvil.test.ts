import net from "node:net";
import { describe, expect, it } from "vitest";
import { resolveAnvilBinary, startAnvil } from "./anvil";
import { getFreePort, isPortFree, PortInUseError } from "./net";

describe("startAnvil", () => {
  it("starts anvil with chain id 31337, answers JSON-RPC, and stops", async () => {
    expect(resolveAnvilBinary()).toMatch(/anvil$/);
    const port = await getFreePort();
    const anvil = await startAnvil({ port });
    try {
      const res = await fetch(anvil.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      expect(((await res.json()) as { result: string }).result).toBe("0x7a69");
    } finally {
      await anvil.stop();
    }
    expect(await isPortFree(port)).toBe(true);
  });

  it("fails with a message naming the port and the env var when the port is taken", async () => {
    const server = net.createServer();
    const port = await getFreePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      const error = await startAnvil({ port, portEnvVar: "ANVIL_PORT" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortInUseError);
      expect((error as Error).message).toContain(`Port ${port}`);
      expect((error as Error).message).toContain("ANVIL_PORT");
    } finally {
      server.close();
    }
  });
});
