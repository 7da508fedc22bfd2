import type { Deployment } from "../deployments";

declare module "vitest" {
  export interface ProvidedContext {
    anvil: { rpcUrl: string; chainId: number; deployment: Deployment };
  }
}
