import { serverConfig, type ServerConfig } from "@/config/server";
import { database } from "../../context";
import { CompilotKycProvider } from "./compilot";
import { LocalKycProvider } from "./local";
import type { KycProvider } from "./types";

export * from "./types";
export { LocalKycProvider } from "./local";
export { CompilotKycProvider } from "./compilot";

/** The configured provider (KYC_PROVIDER). */
export async function kycProvider(config: ServerConfig = serverConfig()): Promise<KycProvider> {
  if (config.kyc.provider === "compilot" && config.kyc.compilot) {
    return new CompilotKycProvider(config.kyc.compilot);
  }
  return localKycProvider(config);
}

export async function localKycProvider(
  config: ServerConfig = serverConfig(),
): Promise<LocalKycProvider> {
  return new LocalKycProvider(await database(config), { autoApprove: config.kyc.localAutoApprove });
}
