// @vitest-environment node
/**
 * The 404 page's sign-in offer reads the connected wallet's roles with wagmi's client: a bare
 * viem Client (no public actions). The deployer holds admin and pool manager; a new wallet none.
 */
import { createClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, inject, it } from "vitest";
import { readOperatorRoles } from "./chainRoles";

const DEPLOYER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

describe("readOperatorRoles (the 404 page's sign-in offer)", () => {
  const { rpcUrl, deployment } = inject("anvil");
  const client = createClient({ transport: http(rpcUrl) });

  it("reads the roles through a bare client, as wagmi's useClient gives it", async () => {
    expect(await readOperatorRoles(client, deployment, DEPLOYER)).toEqual(
      expect.arrayContaining(["DEFAULT_ADMIN_ROLE", "POOL_MANAGER_ROLE"]),
    );
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    expect(await readOperatorRoles(client, deployment, stranger)).toEqual([]);
  });
});
