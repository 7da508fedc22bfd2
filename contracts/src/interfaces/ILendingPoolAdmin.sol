// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "./ILendingPoolTypes.sol";

/// @title ILendingPoolAdmin
/// @notice The lending pool manager's extension (reached through the manager's fallback by
/// delegatecall): pool views, the pool manager's operations, admin settings, position views.
interface ILendingPoolAdmin is ILendingPoolTypes {
    /// @notice Index of the current epoch.
    function currentEpoch() external view returns (uint256);

    /// @notice Start of the next epoch (unix seconds).
    function nextEpochStart() external view returns (uint256);

    /// @notice Start of the next clearing period (unix seconds), always in the future: the current
    /// epoch's, or the next epoch's while the current clearing period runs.
    function nextClearingPeriodStart() external view returns (uint256);

    /// @notice Whether the current epoch is in its clearing period.
    function isClearingPeriod() external view returns (bool);

    /// @notice One pool with its tranches and their fixed-term configs.
    /// @dev Reverts with `PoolNotFound` for an unknown id.
    function getPool(uint256 poolId) external view returns (PoolView memory);

    /// @notice All pools, in id order.
    function getPools() external view returns (PoolView[] memory);

    /// @notice Whether `user` is on the allowlist of a fixed-term config.
    /// @dev Reverts for an unknown pool, tranche or config.
    function isFixedTermAllowlisted(
        uint256 poolId,
        uint256 trancheId,
        uint256 configId,
        address user
    ) external view returns (bool);

    /// @notice Creates a pool with 1 to 3 tranches, most junior first. Pool manager only.
    /// @param name Display name.
    /// @param subheading Short description shown under the name.
    /// @param requestEpochsInAdvance How many epochs ahead a request must be made.
    /// @param tranches Tranche parameters, most junior (riskiest) first.
    /// @return poolId The new pool's id.
    function createPool(
        string calldata name,
        string calldata subheading,
        uint256 requestEpochsInAdvance,
        TrancheParams[] calldata tranches
    ) external returns (uint256 poolId);

    /// @notice Adds a fixed-term config to a tranche. Pool manager only.
    /// @param epochInterestRate Fixed interest rate per epoch (18 decimals).
    /// @param epochLockDuration Lock length in epochs (at least 1).
    /// @param status Who may use it.
    /// @return configId The new config's id within the tranche (from 1).
    function addFixedTermConfig(
        uint256 poolId,
        uint256 trancheId,
        uint256 epochInterestRate,
        uint256 epochLockDuration,
        FixedTermDepositStatus status
    ) external returns (uint256 configId);

    /// @notice Adds `user` to or removes it from a fixed-term config's allowlist. Pool manager
    /// only.
    function setFixedTermAllowlist(
        uint256 poolId,
        uint256 trancheId,
        uint256 configId,
        address user,
        bool allowed
    ) external;

    /// @notice Sets who may use a fixed-term config. Pool manager only.
    function setFixedTermStatus(
        uint256 poolId,
        uint256 trancheId,
        uint256 configId,
        FixedTermDepositStatus status
    ) external;

    /// @notice 0: none, 1: allowlisted (no KYC signature needed), 2: blocklisted (refused).
    function kycStatus(address user) external view returns (uint8);

    /// @notice Lends `amount` of idle liquidity to `borrower`. Pool manager only.
    function draw(uint256 poolId, uint256 amount, address borrower) external;

    /// @notice Pulls `principal + interest` USDC from the caller: principal back to idle
    /// liquidity, interest into the reserve applied at clearing. Pool manager only.
    function repay(uint256 poolId, uint256 principal, uint256 interest) external;

    /// @notice Moves a pending, not yet cleared request to its owner's current level. Anyone.
    function rerate(uint256 nftId) external;

    /// @notice Writes off `amount` of drawn principal, most junior tranche first. Inside a
    /// tranche every position loses the same fraction: the variable ledger and each fixed-term
    /// config's ledger are cut pro rata to their USDC value. A tranche whose variable ledger the
    /// loss wipes (a share worth less than 1e-12 USDC unit) closes to deposits and fixed-term
    /// locks (`TrancheClosedAfterLoss`); a wiped fixed-term ledger takes no new locks of its
    /// config. Holders keep their (worthless) shares; new lenders never buy into them. Emits `TrancheLoss` per tranche hit and `LossReported`. Pool manager only.
    function reportLoss(uint256 poolId, uint256 amount) external;

    /// @notice Pulls `amount` USDC from the caller into the tranche's variable ledger (its
    /// holders' value, e.g. a recovery after a loss) and reopens the tranche if it was closed and
    /// its variable ledger is not wiped any more. Pool manager only.
    function recapitalise(uint256 poolId, uint256 trancheId, uint256 amount) external;

    /// @notice Reopens a tranche closed after a wipe once its variable ledger is not wiped any
    /// more, or one the pool manager closed (`closeTranche`). Pool manager only.
    function reopenTranche(uint256 poolId, uint256 trancheId) external;

    /// @notice Whether the tranche is closed to deposits (after a loss wiped it, or by
    /// `closeTranche`).
    function trancheClosed(uint256 poolId, uint256 trancheId) external view returns (bool);

    /// @notice The performance fee a pool's clearing of `epoch` recorded (USDC units, all
    /// tranches; 0 before that clearing).
    function epochFee(uint256 poolId, uint256 epoch) external view returns (uint256);

    /// @notice Opens (`open`) or closes an incident on a pool. While it is open only the pool
    /// manager may `clear` the pool, so withdrawals cannot be priced ahead of a loss report.
    /// Pool manager only.
    function setIncident(uint256 poolId, bool open) external;

    /// @notice Whether the pool has an open incident (see `setIncident`).
    function incidentOpen(uint256 poolId) external view returns (bool);

    /// @notice Stores and emits historical repayment figures. Pool manager only.
    function publishRepayments(uint256 poolId, uint256 epoch, HistoricalRepayment calldata data)
        external;

    /// @notice Sets a tranche's variable rate from `requestEpoch() + RATE_CHANGE_DELAY_EPOCHS`
    /// (two epochs): requests already queued earn their first epoch at the old rate, and
    /// lenders of any epoch the new rate reaches can cancel for at least a full epoch after the
    /// call. Pool manager only.
    /// @dev Reverts with `RateChangePending` while an announced change would take effect before
    /// this one (it stands until applied); replacing one due at the same epoch is allowed.
    function setTrancheRate(uint256 poolId, uint256 trancheId, uint256 rate) external;

    /// @notice Sets a tranche's deposit limits and capacity. Pool manager only.
    function setTrancheLimits(
        uint256 poolId,
        uint256 trancheId,
        uint256 minimumDeposit,
        uint256 maximumDeposit,
        uint256 capacity
    ) external;

    /// @notice Sets the signer of KYC authorisations. Admin only.
    function setKycSigner(address signer) external;

    /// @notice Sets a user's KYC status: 0 none, 1 allowlisted, 2 blocklisted. Admin only.
    function setKycStatus(address user, uint8 status) external;

    /// @notice Sets the receiver of the treasury's fees. Admin only.
    function setTreasury(address treasury) external;

    /// @notice Sets the KSU locking contract (loyalty levels, fee sharing; 0 disables). Admin
    /// only.
    function setKsuLocking(address ksuLocking) external;

    /// @notice Sends the treasury's fees to `treasury`. Anyone, when not paused.
    function claimTreasuryFees() external;

    /// @notice Sends the caller's deferred payouts (refunds and withdrawal payouts whose
    /// transfer failed at settlement, see `PayoutDeferred`) to the caller, never to another
    /// address: an owner the token blacklists stays owed until the transfer to them succeeds.
    /// Reverts with `NoDeferredPayout` if nothing is owed.
    /// @return amount USDC sent.
    function claimDeferredPayout() external returns (uint256 amount);

    /// @notice USDC owed to `user` from payouts whose transfer failed (`claimDeferredPayout`).
    function deferredPayoutOf(address user) external view returns (uint256);

    /// @notice A user's whole position: per tranche balances, all requests, active and pending
    /// deposit totals (USDC).
    function getUserPosition(address user)
        external
        view
        returns (
            UserTranchePosition[] memory positions,
            RequestView[] memory requests,
            uint256 activeDeposits,
            uint256 pendingDeposits
        );

    /// @notice The principal (USDC, 6 decimals) of the user's accepted deposits held now: settled
    /// shares and fixed-term locks, not pending requests, not shares queued for withdrawal (they
    /// leave at the request; rejected ones come back at settlement), not released locks nor locks
    /// set to withdraw at expiry. It counts an accepted deposit from its settlement
    /// (`claim`/`settle`). Every decrease notifies `KsuLocking.notifyDepositsDecreased` in the
    /// same transaction (gas capped, a failure ignored and reported as
    /// `LockingNotificationFailed`) with the principal that left; KsuLocking reads
    /// `userAcceptedValue` when that takes its base below 1 USDC. No per-user figure is stored:
    /// a settlement writes only the holding. Loops over pools x tranches and the user's
    /// fixed-term locks.
    function userAcceptedDeposits(address user) external view returns (uint256);

    /// @notice The user's accepted deposits counted for bonus interest and fee sharing (USDC, 6
    /// decimals): for each holding of settled shares and each fixed-term lock counted in
    /// `userAcceptedDeposits`, the lower of its principal and its current value, summed. A loss
    /// lowers it at once; dust worth 0 USDC counts 0; interest earned never raises it above the
    /// principal. Read by KsuLocking at every checkpoint. Loops over pools x tranches and the
    /// user's fixed-term locks.
    function userAcceptedValue(address user) external view returns (uint256);

    /// @notice The user's pending deposit request amount of `requestEpoch()` in a tranche.
    function getCurrentEpochDepositedAmount(uint256 poolId, uint256 trancheId, address user)
        external
        view
        returns (uint256);

    /// @notice The user's fixed-term locks.
    function getUserFixedTermLocks(address user) external view returns (FixedTermLockView[] memory);

    /// @notice Pool accounting.
    function getPoolState(uint256 poolId) external view returns (PoolState memory);

    /// @notice Tranche accounting.
    function getTrancheState(uint256 poolId, uint256 trancheId)
        external
        view
        returns (TrancheState memory);

    /// @notice A request bucket of an epoch.
    function getBucket(
        uint256 poolId,
        uint256 epoch,
        uint256 trancheId,
        RequestKind kind,
        uint8 level
    ) external view returns (Bucket memory);

    /// @notice A tranche's deposit and withdrawal prices at an epoch's clearing (0 before it, or if
    /// the tranche had no requests).
    function getEpochPrices(uint256 poolId, uint256 epoch, uint256 trancheId)
        external
        view
        returns (EpochPrices memory);

    /// @notice The user's free, settled shares in a tranche.
    function sharesOf(uint256 poolId, uint256 trancheId, address user)
        external
        view
        returns (uint256);

    /// @notice USDC value of `shares` of a tranche (rounded down).
    function convertToAssets(uint256 poolId, uint256 trancheId, uint256 shares)
        external
        view
        returns (uint256);

    /// @notice Shares worth `assets` of a tranche (rounded down).
    function convertToShares(uint256 poolId, uint256 trancheId, uint256 assets)
        external
        view
        returns (uint256);

    /// @notice Published repayment figures of an epoch.
    function getRepayments(uint256 poolId, uint256 epoch)
        external
        view
        returns (HistoricalRepayment memory);

    /// @notice The nonce the next KYC authorisation of `user` must carry.
    function kycNonces(address user) external view returns (uint256);

    /// @notice Pauses requests, cancels, re-rating, clearing, settlement, locks and draws.
    /// Pauser only.
    function pause() external;

    /// @notice Resumes after `pause`. Pauser only.
    function unpause() external;

    /// @notice A request and its settlement amounts, computed from its bucket.
    function requestStatus(uint256 nftId) external view returns (RequestView memory);

    /// @notice Owner of a pending request (0 once cancelled or settled); the NFT's `ownerOf`.
    function requestOwner(uint256 nftId) external view returns (address);

    /// @notice Number of pending requests of `user`; the NFT's `balanceOf`.
    function openRequestCount(address user) external view returns (uint256);
}
