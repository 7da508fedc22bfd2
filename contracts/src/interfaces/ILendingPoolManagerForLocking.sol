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

    /// @notice The USDC token lent through the pools.
    function usdc() external view returns (address);
}
