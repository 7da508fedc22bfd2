import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import type { CancelRequestModalProps } from "@/features/history/CancelRequestModal";
import type { RequestDetailsModalProps } from "@/features/history/RequestDetailsModal";
import type { LoanContractModalProps } from "@/features/lending/lend/LoanContractModal";
import type { WithdrawModalProps } from "@/features/portfolio/withdraw/WithdrawModal";

/** Every registry modal receives `onClose` plus the props it was opened with. */
export type RegistryModalProps<P = object> = P & { onClose: () => void };

/** The props each modal is opened with (`object`: none). */
export interface ModalPropsByName {
  connectWallet: object;
  linkWallets: object;
  lend: object;
  kyc: object;
  loanContract: LoanContractModalProps;
  withdraw: WithdrawModalProps;
  requestDetails: RequestDetailsModalProps;
  cancelDeposit: CancelRequestModalProps;
  cancelWithdrawal: CancelRequestModalProps;
}

export type ModalName = keyof ModalPropsByName;

/**
 * Modals opened by name (spec section 2). Each is a separate chunk loaded on first open, so
 * Radix and the wallet SDKs stay out of the first-load bundle.
 */
const LOADERS = {
  connectWallet: () => import("@/features/wallet/ConnectModal"),
  linkWallets: () => import("@/features/wallet/LinkWalletsModal"),
  lend: () => import("@/features/lending/lend/LendModal"),
  kyc: () => import("@/features/kyc/KycModal"),
  loanContract: () => import("@/features/lending/lend/LoanContractModal"),
  withdraw: () => import("@/features/portfolio/withdraw/WithdrawModal"),
  requestDetails: () => import("@/features/history/RequestDetailsModal"),
  cancelDeposit: () => import("@/features/history/CancelRequestModal"),
  cancelWithdrawal: () => import("@/features/history/CancelRequestModal"),
} satisfies Record<ModalName, () => Promise<unknown>>;

export const MODALS: { [N in ModalName]: ComponentType<RegistryModalProps<ModalPropsByName[N]>> } =
  {
    connectWallet: dynamic(() => import("@/features/wallet/ConnectModal"), { ssr: false }),
    linkWallets: dynamic(() => import("@/features/wallet/LinkWalletsModal"), { ssr: false }),
    lend: dynamic(() => import("@/features/lending/lend/LendModal"), { ssr: false }),
    kyc: dynamic(() => import("@/features/kyc/KycModal"), { ssr: false }),
    loanContract: dynamic(() => import("@/features/lending/lend/LoanContractModal"), {
      ssr: false,
    }),
    withdraw: dynamic(() => import("@/features/portfolio/withdraw/WithdrawModal"), { ssr: false }),
    requestDetails: dynamic(() => import("@/features/history/RequestDetailsModal"), {
      ssr: false,
    }),
    cancelDeposit: dynamic(
      () => import("@/features/history/CancelRequestModal").then((m) => m.CancelDepositModal),
      { ssr: false },
    ),
    cancelWithdrawal: dynamic(
      () => import("@/features/history/CancelRequestModal").then((m) => m.CancelWithdrawalModal),
      { ssr: false },
    ),
  };

/** Starts loading a modal's code ahead of a click (e.g. on hover). */
export function preloadModal(name: ModalName): void {
  void LOADERS[name]();
}
