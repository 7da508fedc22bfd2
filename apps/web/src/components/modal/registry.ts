import { loadStack } from "@/lib/stack/store";
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

/** Starts loading a modal's code ahead of a click (e.g. on hover), with the wallet stack. */
export function preloadModal(name: ModalName): void {
  void loadStack()
    .then((live) => live.preloadModal(name))
    .catch(() => {
      // offline: the click tries again
    });
}
