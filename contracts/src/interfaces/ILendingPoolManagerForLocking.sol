// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// @title ILendingPoolManagerForLocking
/// @notice What the KSU locking contract reads from the lending pool manager.
interface ILendingPoolManagerForLocking {
    /// @notice The user's active and pending deposits in USDC (6 decimals), tracked as principal:
    /// escrowed deposit requests plus accepted deposits, minus USDC paid out on withdrawals
    /// (floored at zero). Interest does not count.
    function userTotalDeposits(address user) external view returns (uint256);

    /// @notice The USDC token lent through the pools.
    function usdc() external view returns (address);
}
