// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// @title ILendingPoolManagerForLocking
/// @notice What the KSU locking contract reads from the lending pool manager.
interface ILendingPoolManagerForLocking {
    /// @notice The user's active and pending deposits in USDC (6 decimals), as principal: escrowed
    /// deposit requests (until cancelled, refunded or settled) plus the principal of accepted
    /// deposits still held, including shares queued for withdrawal until they are paid. A
    /// withdrawal lowers it by the principal part of the shares paid, not by the USDC paid, so
    /// interest never counts. The base of the loyalty level.
    function userTotalDeposits(address user) external view returns (uint256);

    /// @notice The principal (USDC, 6 decimals) of the user's accepted deposits held now: settled
    /// shares and fixed-term locks, not pending requests, not shares queued for withdrawal (they
    /// leave at the request; rejected ones come back at settlement). It counts an accepted
    /// deposit from its settlement (`claim`/`settle`); every decrease notifies
    /// `KsuLocking.notifyDepositsDecreased` in the same transaction (gas capped, a failure ignored
    /// and reported as `LockingNotificationFailed`). Bonus interest and fee sharing count each
    /// position at most at its current value: KsuLocking reads
    /// `ILendingPoolAdmin.userAcceptedValue` (in the extension) at checkpoints.
    function userAcceptedDeposits(address user) external view returns (uint256);

    /// @notice The USDC token lent through the pools.
    function usdc() external view returns (address);
}
