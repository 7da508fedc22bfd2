// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

// Custom errors of the lending protocol, grouped in one place.

/// @dev The genesis timestamp lies in the future.
error GenesisInFuture(uint256 genesis, uint256 timestamp);

/// @dev An address argument is the zero address.
error ZeroAddress();

/// @dev A name argument is empty.
error EmptyName();

/// @dev A pool must have 1 to 3 tranches.
error InvalidTrancheCount(uint256 count);

/// @dev No pool has this id.
error PoolNotFound(uint256 poolId);

/// @dev The pool has no tranche with this id.
error TrancheNotFound(uint256 poolId, uint256 trancheId);

/// @dev The tranche has no fixed-term config with this id.
error FixedTermConfigNotFound(uint256 poolId, uint256 trancheId, uint256 configId);

/// @dev The maximum deposit is zero or below the minimum deposit.
error InvalidDepositLimits(uint256 minimumDeposit, uint256 maximumDeposit);

/// @dev A tranche's capacity is zero.
error ZeroCapacity();

/// @dev A per-epoch interest rate is above the protocol's sanity bound.
error InterestRateTooHigh(uint256 epochInterestRate, uint256 maximum);

/// @dev A fixed-term lock duration is zero epochs.
error ZeroLockDuration();
