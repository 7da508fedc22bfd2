/** The operator roles a wallet holds, read on chain from the browser (the server's own rule). */
import type { Deployment } from "@lending/sdk";
import type { Address, Client, PublicClient } from "viem";
import { operatorRoles } from "@/server/services/manage/roles";

export const readOperatorRoles = (
  client: Client,
  deployment: Pick<Deployment, "lendingPoolManager">,
  address: Address,
) => operatorRoles(client as PublicClient, deployment, address);
