// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolAdmin} from "./ILendingPoolAdmin.sol";
import {ILendingPoolCore} from "./ILendingPoolCore.sol";
import {ILendingPoolManagerForLocking} from "./ILendingPoolManagerForLocking.sol";
import {ILendingPoolRequests} from "./ILendingPoolRequests.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";

/// @title ILendingPoolManager
/// @notice Registry of lending pools, their tranches and fixed-term configs, and the epoch clock.
/// @dev Time is split into 7-day epochs from `genesis`; the last 2 days of each epoch are its
/// clearing period. Rates are 18-decimal fixed point per epoch; amounts are in USDC units
/// (6 decimals); tranche shares have 12 decimals (a virtual offset of 6 against inflation attacks).
/// Requests (deposits, withdrawals) are escrowed and added to buckets keyed by (epoch, tranche,
/// kind, loyalty level); `clear` settles the buckets of one epoch at a constant cost, and each
/// request then settles lazily from its bucket (`requestStatus`, `claim`, `settle`).
interface ILendingPoolManager is
    ILendingPoolCore,
    ILendingPoolAdmin,
    ILendingPoolRequests,
    ILendingPoolManagerForLocking,
    IAccessControl
{
    /// @notice Role allowed to create pools and manage their parameters.
    function POOL_MANAGER_ROLE() external view returns (bytes32);

    /// @notice Length of an epoch: 7 days.
    function EPOCH_DURATION() external view returns (uint256);

    /// @notice Length of the clearing period at the end of each epoch: 2 days.
    function CLEARING_PERIOD() external view returns (uint256);

    /// @notice Upper bound on any per-epoch interest rate (18 decimals).
    function MAX_EPOCH_INTEREST_RATE() external view returns (uint256);

    /// @notice Most tranches a pool may have.
    function MAX_TRANCHES() external view returns (uint256);

    /// @notice Start of epoch 0 (unix seconds).
    function genesis() external view returns (uint256);

    /// @notice Number of pools created.
    function poolCount() external view returns (uint256);

    /// @notice Epochs from the request epoch of a rate change to the epoch it first applies to
    /// (2: one full epoch's notice to queued lenders).
    function RATE_CHANGE_DELAY_EPOCHS() external view returns (uint256);

    /// @notice Performance fee on interest, 18 decimals (0.1e18 = 10%).
    function PERFORMANCE_FEE() external view returns (uint256);

    /// @notice Most ids one `settle` call takes.
    function MAX_SETTLE_BATCH() external view returns (uint256);

    /// @notice Most fixed-term configs per tranche (bounds the clearing loop).
    function MAX_FIXED_TERM_CONFIGS() external view returns (uint256);

    /// @notice Role allowed to pause and unpause.
    function PAUSER_ROLE() external view returns (bytes32);

    /// @notice Role allowed to clear a pool during its clearing period (afterwards anyone may,
    /// unless an incident is open).
    function KEEPER_ROLE() external view returns (bytes32);

    /// @notice The request NFT (non-transferable ERC-721) this manager mints.
    function requestNft() external view returns (address);

    /// @notice The KSU locking contract (loyalty levels, fee sharing); 0 until set.
    function ksuLocking() external view returns (address);

    /// @notice Receiver of the treasury's half of the performance fee.
    function treasury() external view returns (address);

    /// @notice Signer of KYC authorisations.
    function kycSigner() external view returns (address);

    /// @notice Performance fees owed to the treasury, not yet claimed.
    function treasuryFees() external view returns (uint256);

    /// @notice USDC owed to all users from payouts whose transfer failed, not yet claimed
    /// (`claimDeferredPayout`); a liability like `withdrawalPayouts`.
    function deferredPayouts() external view returns (uint256);

    /// @notice The protocol admin role (OpenZeppelin AccessControl's default admin).
    function DEFAULT_ADMIN_ROLE() external view returns (bytes32);

    /// @notice Whether the manager is paused.
    function paused() external view returns (bool);

    /// @notice The extension contract the manager delegates its other functions to.
    function extension() external view returns (address);
}
