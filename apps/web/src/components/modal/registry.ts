import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import type { CancelRequestModalProps } from "@/features/history/CancelRequestModal";
import type { RequestDetailsModalProps } from "@/features/history/RequestDetailsModal";
import type { LoanContractModalProps } from "@/features/lending/lend/LoanContractModal";
import type { WithdrawModalProps } from "@/features/portfolio/withdraw/WithdrawModal";
import type { FixApyModalProps } from "@/features/portfolio/fixed-term/FixApyModal";
import type {
  AutoConversionModalProps,
  FixedLoanModalProps,
} from "@/features/portfolio/fixed-term/FixedLoanModals";
import type { HistoricalRepaymentsModalProps } from "@/features/lending/repayments/HistoricalRepaymentsModal";
import type { BorrowerIdentifiedModalProps } from "@/features/decisions/BorrowerIdentifiedModal";
import type { DecisionDoneModalProps } from "@/features/decisions/DecisionDoneModal";
import type { WithdrawAtExpiryModalProps } from "@/features/portfolio/fixed-term/WithdrawAtExpiryModal";
import type { UnlockModalProps } from "@/features/locking/UnlockModal";
import type { UnreleasedFeatureModalProps } from "@/features/flags/UnreleasedFeatureModal";
import type { ReferralDetectedModalProps } from "@/features/referrals/ReferralDetectedModal";
import type { ConnectModalProps } from "@/features/wallet/ConnectModal";
import type { ViewWalletModalProps } from "@/features/account/ViewWalletModal";

/** Every registry modal receives `onClose` plus the props it was opened with. */
export type RegistryModalProps<P = object> = P & { onClose: () => void };

/** The props each modal is opened with (`object`: none). */
export interface ModalPropsByName {
  connectWallet: ConnectModalProps;
  linkWallets: object;
  viewWallet: ViewWalletModalProps;
  lend: object;
  kyc: object;
  loanContract: LoanContractModalProps;
  withdraw: WithdrawModalProps;
  requestDetails: RequestDetailsModalProps;
  cancelDeposit: CancelRequestModalProps;
  cancelWithdrawal: CancelRequestModalProps;
  fixApy: FixApyModalProps;
  withdrawAtExpiry: WithdrawAtExpiryModalProps;
  fixedLoan: FixedLoanModalProps;
  autoConversion: AutoConversionModalProps;
  missingEmail: object;
  viewLoanContracts: object;
  historicalRepayments: HistoricalRepaymentsModalProps;
  pendingDecisions: object;
  borrowerIdentified: BorrowerIdentifiedModalProps;
  optedIn: DecisionDoneModalProps;
  optedOut: DecisionDoneModalProps;
  lock: object;
  unlock: UnlockModalProps;
  loyaltyLevels: object;
  comingSoon: object;
  unreleasedFeature: UnreleasedFeatureModalProps;
  nftDetected: object;
  referral: object;
  referredUsers: object;
  referralDetected: ReferralDetectedModalProps;
}

export type ModalName = keyof ModalPropsByName;

/**
 * Modals opened by name (spec section 2). Each is a separate chunk loaded on first open, so
 * Radix and the wallet SDKs stay out of the first-load bundle.
 */
const LOADERS = {
  connectWallet: () => import("@/features/wallet/ConnectModal"),
  linkWallets: () => import("@/features/wallet/LinkWalletsModal"),
  viewWallet: () => import("@/features/account/ViewWalletModal"),
  lend: () => import("@/features/lending/lend/LendModal"),
  kyc: () => import("@/features/kyc/KycModal"),
  loanContract: () => import("@/features/lending/lend/LoanContractModal"),
  withdraw: () => import("@/features/portfolio/withdraw/WithdrawModal"),
  requestDetails: () => import("@/features/history/RequestDetailsModal"),
  cancelDeposit: () => import("@/features/history/CancelRequestModal"),
  cancelWithdrawal: () => import("@/features/history/CancelRequestModal"),
  fixApy: () => import("@/features/portfolio/fixed-term/FixApyModal"),
  withdrawAtExpiry: () => import("@/features/portfolio/fixed-term/WithdrawAtExpiryModal"),
  fixedLoan: () => import("@/features/portfolio/fixed-term/FixedLoanModals"),
  autoConversion: () => import("@/features/portfolio/fixed-term/FixedLoanModals"),
  missingEmail: () => import("@/features/kyc/MissingEmailModal"),
  viewLoanContracts: () => import("@/features/portfolio/loan-contracts/ViewLoanContractsModal"),
  historicalRepayments: () => import("@/features/lending/repayments/HistoricalRepaymentsModal"),
  pendingDecisions: () => import("@/features/decisions/PendingDecisionsModal"),
  borrowerIdentified: () => import("@/features/decisions/BorrowerIdentifiedModal"),
  optedIn: () => import("@/features/decisions/DecisionDoneModal"),
  optedOut: () => import("@/features/decisions/DecisionDoneModal"),
  lock: () => import("@/features/locking/LockModal"),
  unlock: () => import("@/features/locking/UnlockModal"),
  loyaltyLevels: () => import("@/features/locking/LoyaltyLevelsModal"),
  comingSoon: () => import("@/features/flags/ComingSoonModal"),
  unreleasedFeature: () => import("@/features/flags/UnreleasedFeatureModal"),
  nftDetected: () => import("@/features/rewards/NftDetectedModal"),
  referral: () => import("@/features/referrals/ReferralModal"),
  referredUsers: () => import("@/features/referrals/ReferredUsersModal"),
  referralDetected: () => import("@/features/referrals/ReferralDetectedModal"),
} satisfies Record<ModalName, () => Promise<unknown>>;

export const MODALS: { [N in ModalName]: ComponentType<RegistryModalProps<ModalPropsByName[N]>> } =
  {
    connectWallet: dynamic(() => import("@/features/wallet/ConnectModal"), { ssr: false }),
    linkWallets: dynamic(() => import("@/features/wallet/LinkWalletsModal"), { ssr: false }),
    viewWallet: dynamic(() => import("@/features/account/ViewWalletModal"), { ssr: false }),
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
    fixApy: dynamic(() => import("@/features/portfolio/fixed-term/FixApyModal"), { ssr: false }),
    withdrawAtExpiry: dynamic(
      () => import("@/features/portfolio/fixed-term/WithdrawAtExpiryModal"),
      { ssr: false },
    ),
    fixedLoan: dynamic(
      () => import("@/features/portfolio/fixed-term/FixedLoanModals").then((m) => m.FixedLoanModal),
      { ssr: false },
    ),
    autoConversion: dynamic(
      () =>
        import("@/features/portfolio/fixed-term/FixedLoanModals").then(
          (m) => m.AutoConversionModal,
        ),
      { ssr: false },
    ),
    missingEmail: dynamic(() => import("@/features/kyc/MissingEmailModal"), { ssr: false }),
    viewLoanContracts: dynamic(
      () => import("@/features/portfolio/loan-contracts/ViewLoanContractsModal"),
      { ssr: false },
    ),
    historicalRepayments: dynamic(
      () => import("@/features/lending/repayments/HistoricalRepaymentsModal"),
      { ssr: false },
    ),
    pendingDecisions: dynamic(() => import("@/features/decisions/PendingDecisionsModal"), {
      ssr: false,
    }),
    borrowerIdentified: dynamic(() => import("@/features/decisions/BorrowerIdentifiedModal"), {
      ssr: false,
    }),
    optedIn: dynamic(
      () => import("@/features/decisions/DecisionDoneModal").then((m) => m.OptedInModal),
      { ssr: false },
    ),
    optedOut: dynamic(
      () => import("@/features/decisions/DecisionDoneModal").then((m) => m.OptedOutModal),
      { ssr: false },
    ),
    lock: dynamic(() => import("@/features/locking/LockModal"), { ssr: false }),
    unlock: dynamic(() => import("@/features/locking/UnlockModal"), { ssr: false }),
    loyaltyLevels: dynamic(() => import("@/features/locking/LoyaltyLevelsModal"), { ssr: false }),
    comingSoon: dynamic(() => import("@/features/flags/ComingSoonModal"), { ssr: false }),
    unreleasedFeature: dynamic(() => import("@/features/flags/UnreleasedFeatureModal"), {
      ssr: false,
    }),
    nftDetected: dynamic(() => import("@/features/rewards/NftDetectedModal"), { ssr: false }),
    referral: dynamic(() => import("@/features/referrals/ReferralModal"), { ssr: false }),
    referredUsers: dynamic(() => import("@/features/referrals/ReferredUsersModal"), {
      ssr: false,
    }),
    referralDetected: dynamic(() => import("@/features/referrals/ReferralDetectedModal"), {
      ssr: false,
    }),
  };

/** Starts loading a modal's code ahead of a click (e.g. on hover). */
export function preloadModal(name: ModalName): void {
  void LOADERS[name]();
}
