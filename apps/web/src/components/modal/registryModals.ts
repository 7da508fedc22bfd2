import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import { ModalLoading } from "./ModalFrame";
import type { ModalName, ModalPropsByName, RegistryModalProps } from "./registry";

/**
 * Modals opened by name (spec section 2). Each is a separate chunk loaded on first open, so
 * their code and the wallet SDKs stay out of the first-load bundle.
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
    // the loading state (the frame, the title and "Loading…") while the chunk loads: ModalProvider
    connectWallet: dynamic(() => import("@/features/wallet/ConnectModal"), {
      ssr: false,
      loading: ModalLoading,
    }),
    linkWallets: dynamic(() => import("@/features/wallet/LinkWalletsModal"), { ssr: false }),
    viewWallet: dynamic(() => import("@/features/account/ViewWalletModal"), { ssr: false }),
    lend: dynamic(() => import("@/features/lending/lend/LendModal"), {
      ssr: false,
      loading: ModalLoading,
    }),
    kyc: dynamic(() => import("@/features/kyc/KycModal"), { ssr: false }),
    loanContract: dynamic(() => import("@/features/lending/lend/LoanContractModal"), {
      ssr: false,
    }),
    withdraw: dynamic(() => import("@/features/portfolio/withdraw/WithdrawModal"), {
      ssr: false,
      loading: ModalLoading,
    }),
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

/** Starts loading a modal's code (the wallet stack is loaded). */
export function preloadModalNow(name: ModalName): void {
  void LOADERS[name]();
}
