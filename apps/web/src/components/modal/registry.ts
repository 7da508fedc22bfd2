import dynamic from "next/dynamic";
import type { ComponentType } from "react";

/** Every registry modal receives only `onClose`; it reads what it needs from hooks. */
export interface RegistryModalProps {
  onClose: () => void;
}

/**
 * Modals opened by name (spec section 2). Each is a separate chunk loaded on first open, so
 * Radix and the wallet SDKs stay out of the first-load bundle.
 */
const LOADERS = {
  connectWallet: () => import("@/features/wallet/ConnectModal"),
  linkWallets: () => import("@/features/wallet/LinkWalletsModal"),
  lend: () => import("@/features/lending/lend/LendModal"),
  kyc: () => import("@/features/kyc/KycModal"),
};

export const MODALS = {
  connectWallet: dynamic(() => import("@/features/wallet/ConnectModal"), { ssr: false }),
  linkWallets: dynamic(() => import("@/features/wallet/LinkWalletsModal"), { ssr: false }),
  lend: dynamic(() => import("@/features/lending/lend/LendModal"), { ssr: false }),
  kyc: dynamic(() => import("@/features/kyc/KycModal"), { ssr: false }),
} satisfies Record<keyof typeof LOADERS, ComponentType<RegistryModalProps>>;

export type ModalName = keyof typeof MODALS;

/** Starts loading a modal's code ahead of a click (e.g. on hover). */
export function preloadModal(name: ModalName): void {
  void LOADERS[name]();
}
