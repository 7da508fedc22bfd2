// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "./ILendingPoolTypes.sol";

/// @title ILendingPoolRequests
/// @notice The lending pool manager's second extension (`LendingPoolRequestExtension`, reached
/// through the manager's fallback and then the first extension's, by delegatecall on the
/// manager's storage): the lender's own changes to a pending request.
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
}
