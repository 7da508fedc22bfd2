// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// @title ILendingPoolTypes
/// @notice Types and events of the lending pool manager, shared by its core and its extension.
interface ILendingPoolTypes {
    /// @notice Who may open a fixed-term deposit with a config.
    enum FixedTermDepositStatus {
        Disabled,
        Everyone,
        Allowlist
    }

    /// @notice Parameters of a tranche at pool creation.
    /// @param name Display name, e.g. "Junior".
    /// @param epochInterestRate Variable interest rate per epoch (18 decimals).
    /// @param minimumDeposit Smallest deposit request (USDC units).
    /// @param maximumDeposit Largest total deposit per user per epoch (USDC units).
    /// @param capacity Most USDC the tranche accepts (USDC units).
    struct TrancheParams {
        string name;
        uint256 epochInterestRate;
        uint256 minimumDeposit;
        uint256 maximumDeposit;
        uint256 capacity;
    }

    /// @notice A fixed-term config as the views return it.
    /// @param configId Id within its tranche, from 1 (0 means "no fixed term").
    /// @param epochInterestRate Fixed interest rate per epoch (18 decimals).
    /// @param epochLockDuration Lock length in epochs.
    /// @param status Who may use the config.
    struct FixedTermConfigView {
        uint256 configId;
        uint256 epochInterestRate;
        uint256 epochLockDuration;
        FixedTermDepositStatus status;
    }

    /// @notice A tranche as the views return it.
    /// @param id Index in its pool: 0 is the most junior (riskiest) tranche.
    struct TrancheView {
        uint256 id;
        string name;
        uint256 epochInterestRate;
        uint256 minimumDeposit;
        uint256 maximumDeposit;
        uint256 capacity;
        uint256 totalAssets;
        FixedTermConfigView[] fixedTermConfigs;
        /// @dev Closed to deposits and fixed-term locks after a loss wiped a ledger of it
        /// (`TrancheClosedAfterLoss`) until recapitalised or reopened.
        bool closed;
    }

    /// @notice A pool as the views return it.
    /// @param id Pool id, from 0 in creation order.
    /// @param requestEpochsInAdvance How many epochs ahead a request must be made.
    struct PoolView {
        uint256 id;
        string name;
        string subheading;
        uint256 requestEpochsInAdvance;
        TrancheView[] tranches;
    }

    /// @notice A pool was created.
    event PoolCreated(
        uint256 indexed poolId, string name, string subheading, uint256 requestEpochsInAdvance
    );

    /// @notice A tranche was added to a pool.
    event TrancheCreated(
        uint256 indexed poolId,
        uint256 indexed trancheId,
        string name,
        uint256 epochInterestRate,
        uint256 minimumDeposit,
        uint256 maximumDeposit,
        uint256 capacity
    );

    /// @notice A fixed-term config was added to a tranche.
    event FixedTermConfigAdded(
        uint256 indexed poolId,
        uint256 indexed trancheId,
        uint256 indexed configId,
        uint256 epochInterestRate,
        uint256 epochLockDuration,
        FixedTermDepositStatus status
    );

    /// @notice A fixed-term config's status changed.
    event FixedTermStatusSet(
        uint256 indexed poolId,
        uint256 indexed trancheId,
        uint256 indexed configId,
        FixedTermDepositStatus status
    );

    /// @notice An address was added to or removed from a fixed-term config's allowlist.
    event FixedTermAllowlistSet(
        uint256 indexed poolId,
        uint256 indexed trancheId,
        uint256 indexed configId,
        address user,
        bool allowed
    );

    // ----- Requests, clearing, settlement -----

    /// @notice What a request asks for.
    enum RequestKind {
        Deposit,
        Withdrawal
    }

    /// @notice Stored state of a request. Views add `Cleared` (pending, epoch cleared).
    enum RequestStatus {
        None,
        Pending,
        Cleared,
        Cancelled,
        Settled
    }

    /// @notice The signed lender-agreement reference sent with a deposit request.
    struct ContractAcceptance {
        bytes signature;
        uint64 timestamp;
        uint32 version;
    }

    /// @notice The KYC signer's EIP-712 authorisation of one deposit request.
    /// @dev Signed over `KycAuthorization(address user,uint256 chainId,uint256 nonce,
    /// uint256 blockExpiration,bytes32 callDataHash)` with domain ("LendingPoolManager", "1"),
    /// where callDataHash = keccak256(abi.encode(poolId, trancheId, amount, fixedTermConfigId)).
    /// @param nonce The user's next nonce (`kycNonces(user)`), consumed on use.
    /// @param blockExpiration Last block number at which the authorisation is valid.
    struct KycAuthorization {
        uint256 nonce;
        uint256 blockExpiration;
        bytes signature;
    }

    /// @notice A request and how it settles (or settled) from its bucket.
    /// @param amount USDC for deposits, shares for withdrawals.
    /// @param accepted Deposits: USDC accepted into the tranche. Withdrawals: shares accepted.
    /// @param reallocated Deposits: USDC moved to more senior tranches. Withdrawals: 0.
    /// @param rejected Deposits: USDC refunded. Withdrawals: shares returned.
    /// @param shares Deposits: shares credited in all tranches. Withdrawals: 0.
    /// @param assets Withdrawals: USDC paid. Deposits: 0.
    /// @param forced A withdrawal the pool manager forced (`forceWithdrawal`): its own request,
    /// not cancellable, re-queued with its age until paid.
    struct RequestView {
        uint256 nftId;
        address owner;
        uint256 poolId;
        uint256 trancheId;
        uint256 epoch;
        RequestKind kind;
        uint8 level;
        uint256 fixedTermConfigId;
        uint256 amount;
        RequestStatus status;
        uint256 accepted;
        uint256 reallocated;
        uint256 rejected;
        uint256 shares;
        uint256 assets;
        bool forced;
    }

    /// @notice A user's position in one tranche.
    /// @param shares Free shares, including accepted but unclaimed ones.
    /// @param balance USDC value of all shares (free, queued for withdrawal, fixed-term locked).
    /// @param availableToWithdraw USDC value of the free shares.
    /// @param lockedInFixedTerm USDC value of the fixed-term locks, including accepted fixed-term
    /// deposits not yet settled (their lock starts at settlement).
    struct UserTranchePosition {
        uint256 poolId;
        uint256 trancheId;
        uint256 shares;
        uint256 balance;
        uint256 availableToWithdraw;
        uint256 lockedInFixedTerm;
    }

    /// @notice A fixed-term lock as the views return it.
    /// @param shares Fixed-term shares of the config's ledger.
    /// @param assets Current USDC value.
    /// @param endEpoch Last epoch earning the fixed rate; it matures at that epoch's clearing.
    struct FixedTermLockView {
        uint256 lockId;
        address owner;
        uint256 poolId;
        uint256 trancheId;
        uint256 configId;
        uint256 shares;
        uint256 assets;
        uint256 endEpoch;
        bool withdrawAtExpiry;
        bool matured;
        bool released;
    }

    /// @notice Totals of one request bucket; results are set when its epoch is cleared. Shares and
    /// USDC follow from the epoch's prices (`getEpochPrices`).
    /// @param total Requested: USDC (deposits) or shares (withdrawals).
    /// @param accepted Deposits: USDC accepted in the tranche. Withdrawals: shares accepted.
    /// @param reallocated1 Deposits: USDC moved to tranche + 1.
    /// @param reallocated2 Deposits: USDC moved to tranche + 2.
    struct Bucket {
        uint128 total;
        uint128 accepted;
        uint128 reallocated1;
        uint128 reallocated2;
    }

    /// @notice A tranche's prices at an epoch's clearing. Settlement uses the ledger totals with
    /// full precision; the 18-decimal prices are for display (rounded down).
    /// @param sharesPerAsset Shares minted per USDC unit for that epoch's deposits (display).
    /// @param assetsPerShare USDC units paid per share for that epoch's withdrawals (display).
    /// @param withdrawalAssets Ledger assets (virtual included) withdrawals were paid against.
    /// @param withdrawalShares Ledger shares (virtual included) withdrawals were paid against:
    /// a withdrawal of `s` accepted shares is paid `s * withdrawalAssets / withdrawalShares`.
    /// @param depositShares Ledger shares (virtual included) deposits were priced at.
    /// @param depositAssets Ledger assets (virtual included) deposits were priced at: a deposit
    /// of `a` accepted USDC gets `a * depositShares / depositAssets` shares.
    /// @param fee The tranche's performance fee of the epoch (USDC units).
    struct EpochPrices {
        uint128 sharesPerAsset;
        uint128 assetsPerShare;
        uint256 withdrawalAssets;
        uint256 withdrawalShares;
        uint256 depositShares;
        uint256 depositAssets;
        uint256 fee;
    }

    /// @notice Pool-level accounting (USDC units).
    /// @param nextEpochToClear Oldest epoch not yet cleared.
    /// @param idleLiquidity USDC held for the tranches and not lent out.
    /// @param drawnPrincipal USDC lent to borrowers.
    /// @param interestReserve Interest repaid by borrowers, not yet applied.
    /// @param escrowedDeposits USDC of deposit requests not yet accepted or refunded.
    /// @param withdrawalPayouts USDC set aside for accepted withdrawals not yet claimed.
    struct PoolState {
        uint256 nextEpochToClear;
        uint256 idleLiquidity;
        uint256 drawnPrincipal;
        uint256 interestReserve;
        uint256 escrowedDeposits;
        uint256 withdrawalPayouts;
    }

    /// @notice Tranche-level accounting.
    /// @param totalAssets USDC value of the variable share ledger.
    /// @param totalShares Shares of the variable ledger (including unclaimed ones).
    /// @param fixedTermAssets USDC value of all fixed-term ledgers.
    /// @param pendingRate Next variable rate, applied from `pendingRateEpoch` (0: none).
    struct TrancheState {
        uint256 totalAssets;
        uint256 totalShares;
        uint256 fixedTermAssets;
        uint256 epochInterestRate;
        uint256 pendingRate;
        uint256 pendingRateEpoch;
    }

    /// @notice Historical repayment figures a pool manager publishes per epoch.
    struct HistoricalRepayment {
        uint256 openingLoanBalance;
        uint256 newFundingDrawdowns;
        uint256 principalInterestRepayments;
        uint256 closingLoanBalance;
        uint256 interestPaymentComponent;
        uint256 arrears;
        uint256 unrecoverableLosses;
    }

    /// @notice A request was created (`increase` false) or an existing one grew (true).
    event RequestCreated(
        uint256 indexed nftId,
        address indexed user,
        uint256 indexed poolId,
        uint256 trancheId,
        uint256 epoch,
        RequestKind kind,
        uint8 level,
        uint256 fixedTermConfigId,
        uint256 amount,
        bool increase
    );

    /// @notice The pool manager (`by`) queued `shares` of `user`'s free shares for withdrawal on
    /// the user's behalf (`forceWithdrawal`): emitted right after the `RequestCreated` of
    /// withdrawal request `nftId` (new or increased), which it marks as forced.
    event WithdrawalForced(
        uint256 indexed nftId,
        address indexed user,
        uint256 indexed poolId,
        uint256 trancheId,
        uint256 shares,
        address by
    );

    /// @notice The user accepted the lender agreement with the deposit request `nftId`.
    event LoanContractAccepted(
        uint256 indexed nftId,
        address indexed user,
        bytes signature,
        uint64 timestamp,
        uint32 version
    );

    /// @notice The owner cancelled a request; `amount` (USDC or shares) was returned in full.
    event RequestCancelled(uint256 indexed nftId, address indexed user, uint256 amount);

    /// @notice The owner cancelled `amount` (USDC or shares) of a request (`cancelRequestPart`):
    /// returned exactly; `remaining` stays queued with the request's level and age.
    event RequestPartCancelled(
        uint256 indexed nftId, address indexed user, uint256 amount, uint256 remaining
    );

    /// @notice A pending request moved to the bucket of the owner's current loyalty level.
    event RequestRerated(uint256 indexed nftId, uint8 oldLevel, uint8 newLevel);

    /// @notice Settlement: a deposit's `assets` were accepted for `shares`, or a withdrawal's
    /// `shares` were accepted and `assets` paid.
    event RequestAccepted(
        uint256 indexed nftId, address indexed user, uint256 assets, uint256 shares
    );

    /// @notice Settlement: `assets` of a deposit went to the more senior `toTrancheId`.
    event RequestReallocated(
        uint256 indexed nftId,
        address indexed user,
        uint256 toTrancheId,
        uint256 assets,
        uint256 shares
    );

    /// @notice Settlement: `amount` (USDC for deposits, shares for withdrawals) was returned.
    event RequestRejected(uint256 indexed nftId, address indexed user, uint256 amount);

    /// @notice A payout (refund or withdrawal) of `amount` USDC to `user` failed (e.g. a
    /// blacklisted address); it is owed to the user (`claimDeferredPayout`). `nftId` is the
    /// request settled, or 0 for a fixed-term lock release (see `FixedTermReleased`).
    event PayoutDeferred(uint256 indexed nftId, address indexed user, uint256 amount);

    /// @notice `user` collected `amount` USDC of deferred payouts, sent to `to` (always `user`).
    event DeferredPayoutClaimed(address indexed user, address to, uint256 amount);

    /// @notice An epoch of a pool was cleared.
    /// @param interest Interest applied (after the fee); `fee` the performance fee taken.
    event EpochCleared(
        uint256 indexed poolId,
        uint256 indexed epoch,
        uint256 interest,
        uint256 fee,
        uint256 withdrawalsPaid,
        uint256 depositsAccepted
    );

    /// @notice The interest reserve could not pay the epoch's interest in full.
    event InterestShortfall(
        uint256 indexed poolId, uint256 indexed epoch, uint256 due, uint256 paid
    );

    /// @notice A tranche's variable rate changes to `rate` from `effectiveEpoch`.
    event TrancheRateSet(
        uint256 indexed poolId, uint256 indexed trancheId, uint256 rate, uint256 effectiveEpoch
    );

    /// @notice A tranche's variable rate changed at the clearing of `epoch`.
    event TrancheRateApplied(
        uint256 indexed poolId, uint256 indexed trancheId, uint256 rate, uint256 epoch
    );

    /// @notice A tranche's minimum and maximum deposit or capacity changed.
    event TrancheLimitsSet(
        uint256 indexed poolId,
        uint256 indexed trancheId,
        uint256 minimumDeposit,
        uint256 maximumDeposit,
        uint256 capacity
    );

    /// @notice The pool manager lent `amount` to `borrower`.
    event FundsDrawn(uint256 indexed poolId, address indexed borrower, uint256 amount);

    /// @notice Principal and interest were repaid into the pool.
    event Repaid(
        uint256 indexed poolId, address indexed payer, uint256 principal, uint256 interest
    );

    /// @notice A loss of `amount` was written off, most junior tranche first; inside a tranche
    /// every ledger (variable and each fixed-term config) loses the same fraction.
    event LossReported(uint256 indexed poolId, uint256 amount);

    /// @notice Part of a reported loss: tranche `trancheId` lost `amount` (every ledger of it the
    /// same fraction); `closed` if the loss wiped a ledger of it (see `TrancheClosed`).
    event TrancheLoss(
        uint256 indexed poolId, uint256 indexed trancheId, uint256 amount, bool closed
    );

    /// @notice A loss wiped a ledger of the tranche: it is closed to deposits (queued deposits
    /// are reallocated to a more senior tranche or refunded in full at clearing) and to
    /// fixed-term locks until it is recapitalised or reopened.
    event TrancheClosedAfterLoss(uint256 indexed poolId, uint256 indexed trancheId);

    /// @notice The pool manager added `amount` USDC to the tranche's variable ledger (its
    /// holders' value) after a loss.
    event TrancheRecapitalised(uint256 indexed poolId, uint256 indexed trancheId, uint256 amount);

    /// @notice The pool manager closed the tranche to deposits and fixed-term locks at will
    /// (`closeTranche`), until it is reopened.
    event TrancheClosedByManager(uint256 indexed poolId, uint256 indexed trancheId);

    /// @notice A closed tranche takes deposits again.
    event TrancheReopened(uint256 indexed poolId, uint256 indexed trancheId);

    /// @notice The pool manager opened (`open`) or closed an incident on the pool: while open,
    /// only the pool manager clears the pool.
    event IncidentSet(uint256 indexed poolId, bool open);

    /// @notice Historical repayment figures were published for `epoch`.
    event RepaymentsPublished(
        uint256 indexed poolId, uint256 indexed epoch, HistoricalRepayment data
    );

    /// @notice Free shares worth `assets` were locked into a fixed-term lock.
    event FixedTermLocked(
        uint256 indexed lockId,
        address indexed user,
        uint256 indexed poolId,
        uint256 trancheId,
        uint256 configId,
        uint256 assets,
        uint256 shares,
        uint256 endEpoch
    );

    /// @notice A fixed-term deposit accepted before a loss wiped its config's ledger could not
    /// start its lock: its `shares` stay variable (free) in the tranche.
    event FixedTermLockNotStarted(
        address indexed user,
        uint256 indexed poolId,
        uint256 trancheId,
        uint256 configId,
        uint256 shares
    );

    /// @notice The lock will be withdrawn at maturity instead of turning variable.
    event FixedTermWithdrawalRequested(uint256 indexed lockId, address indexed user);

    /// @notice A matured lock was released: `shares` became free, `assets` were paid out (if it
    /// was withdrawn at expiry) and `returnedShares` of its withdrawal came back.
    event FixedTermReleased(
        uint256 indexed lockId, address indexed user, uint256 shares, uint256 assets
    );

    /// @notice Performance fees: `toTreasury` owed to the treasury, `toLockers` sent to locking.
    event FeesDistributed(uint256 indexed poolId, uint256 toTreasury, uint256 toLockers);

    /// @notice KsuLocking refused the lockers' half of a clearing's fee (`notifyFees` reverted):
    /// `amount` went to the treasury instead and the clearing went on.
    event LockingFeesFailed(uint256 indexed poolId, uint256 amount);

    /// @notice KsuLocking refused the loss notification of a `reportLoss` (the loss stands);
    /// lockers' bases drop at their next checkpoints.
    event LockingLossNotificationFailed(uint256 indexed poolId);

    /// @notice The treasury collected `amount` of fees.
    event TreasuryFeesClaimed(address indexed treasury, uint256 amount);

    /// @notice The KYC signer changed.
    event KycSignerSet(address signer);

    /// @notice A user's KYC status changed (0 none, 1 allowlisted, 2 blocklisted).
    event KycStatusSet(address indexed user, uint8 status);

    /// @notice The treasury changed.
    event TreasurySet(address treasury);

    /// @notice The KSU locking contract changed.
    event KsuLockingSet(address ksuLocking);

    /// @notice KsuLocking's `notifyDepositsDecreased` failed for `user` (the exit went on): its
    /// bonus base drops at the user's next checkpoint (`KsuLocking.checkpointBonus`, anyone).
    event LockingNotificationFailed(address indexed user);
}
