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

/// @dev An amount argument is zero.
error ZeroAmount();

/// @dev The user is on the KYC blocklist.
error KycBlocked(address user);

/// @dev The KYC authorisation expired at block `blockExpiration`.
error KycExpired(uint256 blockExpiration);

/// @dev The KYC authorisation's nonce is not the user's next nonce.
error InvalidKycNonce(uint256 expected, uint256 actual);

/// @dev The KYC authorisation is not signed by the KYC signer.
error InvalidKycSignature();

/// @dev A KYC status must be 0 (none), 1 (allowlisted) or 2 (blocklisted).
error InvalidKycStatus(uint8 status);

/// @dev A new deposit request is below the tranche's minimum deposit.
error DepositBelowMinimum(uint256 amount, uint256 minimum);

/// @dev The user's deposit requests of this epoch would exceed the tranche's maximum deposit.
error DepositAboveMaximum(uint256 total, uint256 maximum);

/// @dev The fixed-term config is disabled, or allowlist-only and the user is not on it.
error FixedTermNotAvailable(uint256 poolId, uint256 trancheId, uint256 configId);

/// @dev Fix APY is closed during the clearing period (the last 2 days of an epoch); it reopens
/// when the next epoch starts, at `reopensAt`.
error FixedTermLockClosed(uint256 reopensAt);

/// @dev An increase of a deposit request must use the request's fixed-term config.
error FixedTermConfigMismatch(uint256 nftId, uint256 configId);

/// @dev A tranche may have at most this many fixed-term configs.
error TooManyFixedTermConfigs(uint256 maximum);

/// @dev No pending request with this id in this pool (or of this kind).
error RequestNotFound(uint256 nftId);

/// @dev Only the request's (or lock's) owner may do this.
error NotOwner(address caller);

/// @dev The request's epoch is already cleared: it can no longer be cancelled or re-rated.
error EpochAlreadyCleared(uint256 epoch);

/// @dev The pool has overdue epochs to clear (`nextEpochToClear` is behind the request epoch):
/// no fixed-term lock is made, nor a fixed-term deposit settled, until they are cleared.
error PoolBehindSchedule(uint256 poolId, uint256 nextEpochToClear);

/// @dev The epoch is not cleared yet.
error EpochNotCleared(uint256 epoch);

/// @dev The pool's next epoch to clear is still open for requests until `opensAt`.
error ClearingNotOpen(uint256 poolId, uint256 epoch, uint256 opensAt);

/// @dev Until `opensToAllAt` (one epoch after the end of the epoch's clearing period: the
/// operator's grace to open an incident) only a keeper clears.
error KeeperOnly(uint256 poolId, uint256 epoch, uint256 opensToAllAt);

/// @dev The pool has an open incident: only the pool manager clears it.
error IncidentOpen(uint256 poolId);

/// @dev The user's free shares do not cover the request.
error InsufficientShares(uint256 available, uint256 needed);

/// @dev The pool's idle liquidity does not cover the amount.
error InsufficientLiquidity(uint256 available, uint256 needed);

/// @dev The amount is above the pool's drawn principal.
error ExceedsDrawnPrincipal(uint256 drawn, uint256 amount);

/// @dev Too many ids for one `settle` call.
error SettleBatchTooLarge(uint256 count, uint256 maximum);

/// @dev No fixed-term lock with this id.
error LockNotFound(uint256 lockId);

/// @dev The lock has not matured yet (or its withdrawal epoch is not cleared).
error LockNotReleasable(uint256 lockId);

/// @dev The lock was already marked for withdrawal, released, or is too close to its end.
error WithdrawAtExpiryNotAllowed(uint256 lockId);

/// @dev Request NFTs cannot be transferred or approved.
error NonTransferable();

/// @dev Only the lending pool manager may mint or burn request NFTs.
error OnlyManager();

/// @dev The extension was built with another USDC or genesis than the manager.
error ExtensionMismatch();

/// @dev A rate change announced earlier takes effect before the new one would; it stands.
error RateChangePending(uint256 poolId, uint256 trancheId, uint256 effectiveEpoch);

/// @dev The caller is owed no deferred payout.
error NoDeferredPayout(address user);

/// @dev Too little gas left to notify KsuLocking of a decrease of accepted deposits (send more
/// gas: the notification must not fail for lack of it).
error InsufficientGas();

/// @dev A loss wiped a ledger of the tranche, or the pool manager closed it (`closeTranche`): it
/// takes no deposits or fixed-term locks until the pool manager recapitalises it (`recapitalise`)
/// or reopens it (`reopenTranche`).
error TrancheClosed(uint256 poolId, uint256 trancheId);

/// @dev The tranche cannot reopen: its variable ledger is still wiped (recapitalise it first).
error TrancheStillWiped(uint256 poolId, uint256 trancheId);

/// @dev The tranche is not closed.
error TrancheNotClosed(uint256 poolId, uint256 trancheId);

/// @dev The tranche is already closed (`closeTranche`).
error TrancheAlreadyClosed(uint256 poolId, uint256 trancheId);

/// @dev A forced withdrawal is not the lender's request: only the pool manager's decision ends
/// it (the lender cannot cancel it).
error ForcedWithdrawalNotCancellable(uint256 nftId);

/// @dev `cancelRequestPart` of `amount` from a request of `requested`: a part is more than 0 and
/// less than the request (cancel the whole with `cancelDepositRequest` / `cancelWithdrawalRequest`).
error CancelExceedsRequest(uint256 nftId, uint256 amount, uint256 requested);

/// @dev A tranche capacity above `MAX_LEDGER_ASSETS` (1e12 USDC).
error CapacityTooLarge(uint256 capacity, uint256 maximum);
