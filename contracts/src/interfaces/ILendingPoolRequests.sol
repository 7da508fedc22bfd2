// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "./ILendingPoolTypes.sol";

/// @title ILendingPoolRequests
/// @notice The lending pool manager's second extension (`LendingPoolRequestExtension`, reached
/// through the manager's fallback and then the first extension's, by delegatecall on the
/// manager's storage): the lender's own changes to a pending request, and the pool manager's
/// closing of a tranche at will.
interface ILendingPoolRequests is ILendingPoolTypes {
    /// @notice Cancels `amount` (USDC of a deposit, shares of a withdrawal) of a pending request
    /// of the caller whose epoch is not yet cleared: one of the requests a same-epoch increase
    /// merged into it. The amount comes back exactly (a deposit's USDC; a withdrawal's shares
    /// with their principal, pro rata, rounded down); the rest stays queued with its level, age
    /// and bucket. `amount` must be below the request's amount (`cancelDepositRequest` /
    /// `cancelWithdrawalRequest` cancel the whole, `CancelExceedsRequest`); a deposit's remainder
    /// must stay at least the tranche's minimum deposit (`DepositBelowMinimum`). Owner only, not a
    /// forced withdrawal (`ForcedWithdrawalNotCancellable`), not while paused. Emits
    /// `RequestPartCancelled`.
    function cancelRequestPart(uint256 poolId, uint256 nftId, uint256 amount) external;

    /// @notice Closes the tranche to new deposits and fixed-term locks at the pool manager's
    /// discretion (no loss needed), exactly as a loss that wipes it does: deposit requests
    /// (`requestDepositWithKyc`) and `lockDepositForFixedTerm` into it revert `TrancheClosed`; deposits already queued in it are
    /// reallocated to a more senior tranche with room or refunded in full at clearing (as for
    /// `TrancheClosedAfterLoss`); its holders keep their shares, interest and withdrawals.
    /// `reopenTranche` (or a `recapitalise` of it) reopens it. Reverts `TrancheAlreadyClosed` if it
    /// is closed, `TrancheNotFound` / `PoolNotFound` if it does not exist. Pool manager only.
    /// Emits `TrancheClosedByManager`.
    function closeTranche(uint256 poolId, uint256 trancheId) external;
}
