// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// @title ILendingPoolManager
/// @notice Registry of lending pools, their tranches and fixed-term configs, and the epoch clock.
/// @dev Time is split into 7-day epochs from `genesis`; the last 2 days of each epoch are its
/// clearing period. Rates are 18-decimal fixed point per epoch; amounts are in USDC units
/// (6 decimals). Deposits, clearing and locking come in later versions: the storage keeps room
/// for them (`totalAssets` is 0 for now).
interface ILendingPoolManager {
    /// @notice Who may open a fixed-term deposit with a config.
    enum FixedTermDepositStatus {
        Disabled,
        Everyone,
        Allowlist
    }

    /// @notice Parameters of a tranche at pool creation.
    /// @param name Display name, e.g. "Junior".
    /// @param epochInterestRate Variable interest rate per epoch (18 decimals).
    /// @param minimumDeposit Smallest deposit request (USDC units).
    /// @param maximumDeposit Largest total deposit per user per epoch (USDC units).
    /// @param capacity Most USDC the tranche accepts (USDC units).
    struct TrancheParams {
        string name;
        uint256 epochInterestRate;
        uint256 minimumDeposit;
        uint256 maximumDeposit;
        uint256 capacity;
    }

    /// @notice A fixed-term config as the views return it.
    /// @param configId Id within its tranche, from 1 (0 means "no fixed term").
    /// @param epochInterestRate Fixed interest rate per epoch (18 decimals).
    /// @param epochLockDuration Lock length in epochs.
    /// @param status Who may use the config.
    struct FixedTermConfigView {
        uint256 configId;
        uint256 epochInterestRate;
        uint256 epochLockDuration;
        FixedTermDepositStatus status;
    }

    /// @notice A tranche as the views return it.
    /// @param id Index in its pool: 0 is the most junior (riskiest) tranche.
    struct TrancheView {
        uint256 id;
        string name;
        uint256 epochInterestRate;
        uint256 minimumDeposit;
        uint256 maximumDeposit;
        uint256 capacity;
        uint256 totalAssets;
        FixedTermConfigView[] fixedTermConfigs;
    }

    /// @notice A pool as the views return it.
    /// @param id Pool id, from 0 in creation order.
    /// @param requestEpochsInAdvance How many epochs ahead a request must be made.
    struct PoolView {
        uint256 id;
        string name;
        string subheading;
        uint256 requestEpochsInAdvance;
        TrancheView[] tranches;
    }

    /// @notice A pool was created.
    event PoolCreated(
        uint256 indexed poolId, string name, string subheading, uint256 requestEpochsInAdvance
    );

    /// @notice A tranche was added to a pool.
    event TrancheCreated(
        uint256 indexed poolId,
        uint256 indexed trancheId,
        string name,
        uint256 epochInterestRate,
        uint256 minimumDeposit,
        uint256 maximumDeposit,
        uint256 capacity
    );

    /// @notice A fixed-term config was added to a tranche.
    event FixedTermConfigAdded(
        uint256 indexed poolId,
        uint256 indexed trancheId,
        uint256 indexed configId,
        uint256 epochInterestRate,
        uint256 epochLockDuration,
        FixedTermDepositStatus status
    );

    /// @notice A fixed-term config's status changed.
    event FixedTermStatusSet(
        uint256 indexed poolId,
        uint256 indexed trancheId,
        uint256 indexed configId,
        FixedTermDepositStatus status
    );

    /// @notice An address was added to or removed from a fixed-term config's allowlist.
    event FixedTermAllowlistSet(
        uint256 indexed poolId,
        uint256 indexed trancheId,
        uint256 indexed configId,
        address user,
        bool allowed
    );

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

    /// @notice The USDC token lent through the pools.
    function usdc() external view returns (address);

    /// @notice Index of the current epoch.
    function currentEpoch() external view returns (uint256);

    /// @notice Start of the next epoch (unix seconds).
    function nextEpochStart() external view returns (uint256);

    /// @notice Start of the next clearing period (unix seconds), always in the future: the current
    /// epoch's, or the next epoch's while the current clearing period runs.
    function nextClearingPeriodStart() external view returns (uint256);

    /// @notice Whether the current epoch is in its clearing period.
    function isClearingPeriod() external view returns (bool);

    /// @notice Number of pools created.
    function poolCount() external view returns (uint256);

    /// @notice One pool with its tranches and their fixed-term configs.
    /// @dev Reverts with `PoolNotFound` for an unknown id.
    function getPool(uint256 poolId) external view returns (PoolView memory);

    /// @notice All pools, in id order.
    function getPools() external view returns (PoolView[] memory);

    /// @notice Whether `user` is on the allowlist of a fixed-term config.
    /// @dev Reverts for an unknown pool, tranche or config.
    function isFixedTermAllowlisted(
        uint256 poolId,
        uint256 trancheId,
        uint256 configId,
        address user
    ) external view returns (bool);

    /// @notice Creates a pool with 1 to 3 tranches, most junior first. Pool manager only.
    /// @param name Display name.
    /// @param subheading Short description shown under the name.
    /// @param requestEpochsInAdvance How many epochs ahead a request must be made.
    /// @param tranches Tranche parameters, most junior (riskiest) first.
    /// @return poolId The new pool's id.
    function createPool(
        string calldata name,
        string calldata subheading,
        uint256 requestEpochsInAdvance,
        TrancheParams[] calldata tranches
    ) external returns (uint256 poolId);

    /// @notice Adds a fixed-term config to a tranche. Pool manager only.
    /// @param epochInterestRate Fixed interest rate per epoch (18 decimals).
    /// @param epochLockDuration Lock length in epochs (at least 1).
    /// @param status Who may use it.
    /// @return configId The new config's id within the tranche (from 1).
    function addFixedTermConfig(
        uint256 poolId,
        uint256 trancheId,
        uint256 epochInterestRate,
        uint256 epochLockDuration,
        FixedTermDepositStatus status
    ) external returns (uint256 configId);

    /// @notice Adds `user` to or removes it from a fixed-term config's allowlist. Pool manager
    /// only.
    function setFixedTermAllowlist(
        uint256 poolId,
        uint256 trancheId,
        uint256 configId,
        address user,
        bool allowed
    ) external;

    /// @notice Sets who may use a fixed-term config. Pool manager only.
    function setFixedTermStatus(
        uint256 poolId,
        uint256 trancheId,
        uint256 configId,
        FixedTermDepositStatus status
    ) external;
}
