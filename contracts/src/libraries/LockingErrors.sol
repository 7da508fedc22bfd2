// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

// Custom errors of the KSU locking contract (the shared ones, like ZeroAddress, are in Errors.sol).

/// @dev A lock, unlock or pool funding of zero KSU.
error ZeroLockAmount();

/// @dev The locked amount is too small to mint any rKSU.
error ZeroRksu(uint256 amount);

/// @dev No lock period has this id.
error LockPeriodNotFound(uint256 id);

/// @dev The lock period is disabled for new locks.
error LockPeriodInactive(uint256 id);

/// @dev A lock period's length is outside 1 second to 10 years.
error InvalidLockDuration(uint256 lockPeriod);

/// @dev An rKSU multiplier is 0, above 1e18 or not a multiple of 1e9; or a bonus multiplier is
/// above 1e18.
error InvalidMultiplier(uint256 multiplier);

/// @dev The user has no lock with this id holding KSU.
error LockNotFound(address user, uint256 lockId);

/// @dev The lock's period is not over yet.
error LockNotExpired(uint256 lockId, uint256 unlockTime);

/// @dev The unlock amount is zero or more than the lock holds.
error InvalidUnlockAmount(uint256 amount, uint256 locked);

/// @dev The user reached the maximum number of locks (65,535).
error TooManyLocks();

/// @dev rKSU cannot be transferred or approved.
error RksuNonTransferable();

/// @dev A KSU price of zero or above the supported range.
error InvalidKsuPrice(uint256 priceUsdc6);

/// @dev A maximum price age of zero or above one year.
error InvalidMaxPriceAge(uint256 maxPriceAge);

/// @dev The new manager's USDC differs from the one the locking contract already uses.
error UsdcMismatch(address expected, address actual);

/// @dev A claim with nothing to pay.
error NothingToClaim();
