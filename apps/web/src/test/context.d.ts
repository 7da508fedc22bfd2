import type { Deployment } from "@lending/sdk/deployments";

declare module "vitest" {
  export interface ProvidedContext {
    anvil: { rpcUrl: string; chainId: number; deployment: Deployment };
  }
}
