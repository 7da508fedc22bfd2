import type { Deployment } from "@lending/sdk/deployments";
import type { FeatureName, SupportedChainId } from "./schema";

/** Configuration the server hands to the browser at request time (no secrets). */
export interface PublicConfig {
  chainId: SupportedChainId;
  /** RPC the browser talks to */
  rpcUrl: string;
  /** the contract addresses the server was configured with (DEPLOYMENT_FILE); unset: the SDK's */
  deployment?: Deployment;
  /** WalletConnect is offered only when set */
  walletConnectProjectId?: string;
  /** Google sign-in is configured (the client id and secret stay on the server) */
  googleSignIn?: boolean;
  /** the on-ramp adapter of the Add Funds view: `{address}`/`{chainId}` in the URL */
  onRamp?: { urlTemplate: string; name: string };
  appName: string;
  coinbaseAppName: string;
  /** utility token symbol, `KSU` by default (`rKSU` derived) */
  productSymbol: string;
  subordinationDocsUrl: string;
  /** a partner NFT collection: its holders see the NFT detected modal once */
  nftCollection?: `0x${string}`;
  /** FEATURE_TOKEN_LAUNCH (locking open) and FEATURE_UNRELEASED (entries that are not yet) */
  features: { tokenLaunch: boolean; unreleased: FeatureName[] };
  /** REFERRAL_FEE_SHARE: a referrer's share of the protocol fee of its referred users */
  referralFeeShare: number;
}
