// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "./ILendingPoolTypes.sol";

/// @title ILendingPoolCore
/// @notice The lending pool manager's core: requests, clearing, settlement, fixed-term locks.
interface ILendingPoolCore is ILendingPoolTypes {
    /// @notice Epoch a request made now belongs to (the next one during a clearing period).
    function requestEpoch() external view returns (uint256);

    /// @notice Escrows `amount` USDC and creates (or increases) the caller's deposit request
    /// NFT for `requestEpoch()`. A second request to the same tranche in the same epoch
    /// increases the same NFT and must use the same `fixedTermConfigId`; the whole request then
    /// takes the caller's current loyalty level (`RequestRerated` if it changes).
    /// @dev KYC: blocklisted users are refused; allowlisted users skip the signature; others
    /// need a valid authorisation from `kycSigner` (see `KycAuthorization`). `amount` must be at
    /// least `minimumDeposit` for a new request; the request total at most `maximumDeposit`.
    /// @param fixedTermConfigId 0 for a variable deposit; else the config whose lock the
    /// accepted shares enter at settlement (Everyone, or Allowlist and allowlisted).
    /// @return nftId The request NFT id.
    function requestDepositWithKyc(
        uint256 poolId,
        uint256 trancheId,
        uint256 amount,
        uint256 fixedTermConfigId,
        ContractAcceptance calldata acceptance,
        KycAuthorization calldata kyc
    ) external returns (uint256 nftId);

    /// @notice Moves `shares` of the caller's free shares into escrow and creates (or increases)
    /// the withdrawal request NFT for `requestEpoch()`.
    /// @dev Level: the caller's loyalty level now (an increase re-rates the whole request), or 2
    /// once the request has been queued continuously for 5 or more epochs: a request rolling over
    /// (at most) the shares its owner's request of the previous epoch had rejected keeps that
    /// request's queue start; any other request (after a full acceptance, a cancel, or a gap of an
    /// epoch) starts a new queue.
    function requestWithdrawal(uint256 poolId, uint256 trancheId, uint256 shares)
        external
        returns (uint256 nftId);

    /// @notice Queues `shares` of `user`'s free shares in (pool, tranche) for withdrawal on the
    /// user's behalf, as a request of its own: never merged with the user's own requests, never
    /// changing their level or age. It takes the user's loyalty level now (re-ratable like any
    /// request) and ages from its first epoch; the user cannot cancel it, and a part rejected
    /// for lack of liquidity is queued again for the next epoch at settlement (same age), never
    /// returned to the user's free shares. KsuLocking is told the accepted deposits dropped; the
    /// payout goes to the user. Emits `WithdrawalForced` after `RequestCreated`. Pool manager
    /// only, when not paused.
    /// @return nftId The forced withdrawal request of `requestEpoch()` (new or increased).
    function forceWithdrawal(uint256 poolId, uint256 trancheId, address user, uint256 shares)
        external
        returns (uint256 nftId);

    /// @notice Cancels a pending deposit request whose epoch is not yet cleared and refunds its
    /// USDC in full. Owner only.
    function cancelDepositRequest(uint256 poolId, uint256 nftId) external;

    /// @notice Cancels a pending withdrawal request whose epoch is not yet cleared and returns its
    /// shares in full. Owner only; a forced withdrawal cannot be cancelled
    /// (`ForcedWithdrawalNotCancellable`).
    function cancelWithdrawalRequest(uint256 poolId, uint256 nftId) external;

    /// @notice Clears the pool's oldest uncleared epoch once its clearing period has begun:
    /// applies interest and fees, then accepts withdrawals and deposits bucket by bucket.
    /// A keeper (`KEEPER_ROLE`) during the epoch's clearing period, anyone after it; only the
    /// pool manager while the pool has an open incident (`setIncident`). One epoch per call;
    /// gas independent of the number of requests.
    function clear(uint256 poolId) external;

    /// @notice Settles a cleared request: credits shares (or a fixed-term lock), refunds rejected
    /// USDC, pays accepted withdrawals, returns rejected shares. Anyone; value goes to the owner.
    /// A USDC transfer that fails (e.g. a blacklisted owner) does not revert: the amount is owed
    /// to the owner (`PayoutDeferred`, `claimDeferredPayout`).
    function claim(uint256 nftId) external;

    /// @notice `claim` for up to `MAX_SETTLE_BATCH` requests; ids not ready are skipped, and an
    /// id whose payout transfer fails is settled with the payout deferred (`PayoutDeferred`), so
    /// one owner cannot block the batch.
    function settle(uint256[] calldata nftIds) external;

    /// @notice Locks free shares worth `amount` USDC into a fixed-term lock of `configId`.
    /// Closed during the clearing period (`FixedTermLockClosed`), as the app's Fix APY form is;
    /// refused to a KYC-blocked user (`KycBlocked`) and in a tranche closed after a wipe.
    function lockDepositForFixedTerm(
        uint256 poolId,
        uint256 trancheId,
        uint256 amount,
        uint256 configId
    ) external returns (uint256 lockId);

    /// @notice Asks to withdraw a lock at maturity. At least `requestEpochsInAdvance` epochs
    /// before its end epoch. Owner only.
    function withdrawAtExpiry(uint256 poolId, uint256 lockId) external;

    /// @notice Releases a matured lock: free shares, or (withdrawn at expiry, once the next
    /// epoch is cleared) USDC plus any rejected shares. Anyone; value goes to the owner.
    function releaseFixedTermLock(uint256 lockId) external;
}
