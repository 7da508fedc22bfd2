// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolManager} from "./interfaces/ILendingPoolManager.sol";
import {EpochMath} from "./libraries/EpochMath.sol";
import {
    EmptyName,
    FixedTermConfigNotFound,
    GenesisInFuture,
    InterestRateTooHigh,
    InvalidDepositLimits,
    InvalidTrancheCount,
    PoolNotFound,
    TrancheNotFound,
    ZeroAddress,
    ZeroCapacity,
    ZeroLockDuration
} from "./libraries/Errors.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title LendingPoolManager
/// @notice Pools, tranches, fixed-term configs and the epoch clock of the lending protocol.
contract LendingPoolManager is ILendingPoolManager, AccessControl {
    struct FixedTermConfig {
        uint256 epochInterestRate;
        uint256 epochLockDuration;
        FixedTermDepositStatus status;
    }

    struct Tranche {
        string name;
        uint256 epochInterestRate;
        uint256 minimumDeposit;
        uint256 maximumDeposit;
        uint256 capacity;
        uint256 totalAssets;
        /// @dev Config `id` is at index `id - 1`.
        FixedTermConfig[] fixedTermConfigs;
        /// @dev configId => user => allowed.
        mapping(uint256 => mapping(address => bool)) fixedTermAllowlist;
    }

    struct Pool {
        string name;
        string subheading;
        uint256 requestEpochsInAdvance;
        uint256 trancheCount;
        mapping(uint256 => Tranche) tranches;
    }

    /// @inheritdoc ILendingPoolManager
    bytes32 public constant override POOL_MANAGER_ROLE = keccak256("POOL_MANAGER_ROLE");
    /// @inheritdoc ILendingPoolManager
    uint256 public constant override EPOCH_DURATION = EpochMath.EPOCH_DURATION;
    /// @inheritdoc ILendingPoolManager
    uint256 public constant override CLEARING_PERIOD = EpochMath.CLEARING_PERIOD;
    /// @inheritdoc ILendingPoolManager
    uint256 public constant override MAX_EPOCH_INTEREST_RATE = 0.05e18;
    /// @inheritdoc ILendingPoolManager
    uint256 public constant override MAX_TRANCHES = 3;

    /// @inheritdoc ILendingPoolManager
    uint256 public immutable override genesis;
    /// @inheritdoc ILendingPoolManager
    address public immutable override usdc;

    /// @inheritdoc ILendingPoolManager
    uint256 public override poolCount;
    mapping(uint256 => Pool) internal _pools;

    /// @param admin Receives the admin and pool manager roles.
    /// @param usdc_ The USDC token.
    /// @param genesis_ Start of epoch 0 (unix seconds), not in the future.
    constructor(address admin, address usdc_, uint256 genesis_) {
        if (admin == address(0) || usdc_ == address(0)) revert ZeroAddress();
        if (genesis_ > block.timestamp) revert GenesisInFuture(genesis_, block.timestamp);
        usdc = usdc_;
        genesis = genesis_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(POOL_MANAGER_ROLE, admin);
    }

    // ----- Epochs -----

    /// @inheritdoc ILendingPoolManager
    function currentEpoch() external view returns (uint256) {
        return EpochMath.epochAt(genesis, block.timestamp);
    }

    /// @inheritdoc ILendingPoolManager
    function nextEpochStart() external view returns (uint256) {
        return EpochMath.nextEpochStart(genesis, block.timestamp);
    }

    /// @inheritdoc ILendingPoolManager
    function nextClearingPeriodStart() external view returns (uint256) {
        return EpochMath.nextClearingStart(genesis, block.timestamp);
    }

    /// @inheritdoc ILendingPoolManager
    function isClearingPeriod() external view returns (bool) {
        return EpochMath.isClearing(genesis, block.timestamp);
    }

    // ----- Pool views -----

    /// @inheritdoc ILendingPoolManager
    function getPool(uint256 poolId) external view returns (PoolView memory) {
        return _poolView(poolId, _pool(poolId));
    }

    /// @inheritdoc ILendingPoolManager
    function getPools() external view returns (PoolView[] memory pools) {
        pools = new PoolView[](poolCount);
        for (uint256 i; i < pools.length; ++i) {
            pools[i] = _poolView(i, _pools[i]);
        }
    }

    /// @inheritdoc ILendingPoolManager
    function isFixedTermAllowlisted(
        uint256 poolId,
        uint256 trancheId,
        uint256 configId,
        address user
    ) external view returns (bool) {
        Tranche storage tranche = _tranche(poolId, trancheId);
        _fixedTermConfig(tranche, poolId, trancheId, configId);
        return tranche.fixedTermAllowlist[configId][user];
    }

    // ----- Pool manager -----

    /// @inheritdoc ILendingPoolManager
    function createPool(
        string calldata name,
        string calldata subheading,
        uint256 requestEpochsInAdvance,
        TrancheParams[] calldata tranches
    ) external onlyRole(POOL_MANAGER_ROLE) returns (uint256 poolId) {
        if (bytes(name).length == 0) revert EmptyName();
        if (tranches.length == 0 || tranches.length > MAX_TRANCHES) {
            revert InvalidTrancheCount(tranches.length);
        }
        poolId = poolCount++;
        Pool storage pool = _pools[poolId];
        pool.name = name;
        pool.subheading = subheading;
        pool.requestEpochsInAdvance = requestEpochsInAdvance;
        pool.trancheCount = tranches.length;
        emit PoolCreated(poolId, name, subheading, requestEpochsInAdvance);

        for (uint256 i; i < tranches.length; ++i) {
            TrancheParams calldata p = tranches[i];
            if (bytes(p.name).length == 0) revert EmptyName();
            _checkRate(p.epochInterestRate);
            if (p.maximumDeposit == 0 || p.maximumDeposit < p.minimumDeposit) {
                revert InvalidDepositLimits(p.minimumDeposit, p.maximumDeposit);
            }
            if (p.capacity == 0) revert ZeroCapacity();
            Tranche storage tranche = pool.tranches[i];
            tranche.name = p.name;
            tranche.epochInterestRate = p.epochInterestRate;
            tranche.minimumDeposit = p.minimumDeposit;
            tranche.maximumDeposit = p.maximumDeposit;
            tranche.capacity = p.capacity;
            emit TrancheCreated(
                poolId,
                i,
                p.name,
                p.epochInterestRate,
                p.minimumDeposit,
                p.maximumDeposit,
                p.capacity
            );
        }
    }

    /// @inheritdoc ILendingPoolManager
    function addFixedTermConfig(
        uint256 poolId,
        uint256 trancheId,
        uint256 epochInterestRate,
        uint256 epochLockDuration,
        FixedTermDepositStatus status
    ) external onlyRole(POOL_MANAGER_ROLE) returns (uint256 configId) {
        Tranche storage tranche = _tranche(poolId, trancheId);
        _checkRate(epochInterestRate);
        if (epochLockDuration == 0) revert ZeroLockDuration();
        tranche.fixedTermConfigs
            .push(
                FixedTermConfig({
                    epochInterestRate: epochInterestRate,
                    epochLockDuration: epochLockDuration,
                    status: status
                })
            );
        configId = tranche.fixedTermConfigs.length;
        emit FixedTermConfigAdded(
            poolId, trancheId, configId, epochInterestRate, epochLockDuration, status
        );
    }

    /// @inheritdoc ILendingPoolManager
    function setFixedTermAllowlist(
        uint256 poolId,
        uint256 trancheId,
        uint256 configId,
        address user,
        bool allowed
    ) external onlyRole(POOL_MANAGER_ROLE) {
        if (user == address(0)) revert ZeroAddress();
        Tranche storage tranche = _tranche(poolId, trancheId);
        _fixedTermConfig(tranche, poolId, trancheId, configId);
        tranche.fixedTermAllowlist[configId][user] = allowed;
        emit FixedTermAllowlistSet(poolId, trancheId, configId, user, allowed);
    }

    /// @inheritdoc ILendingPoolManager
    function setFixedTermStatus(
        uint256 poolId,
        uint256 trancheId,
        uint256 configId,
        FixedTermDepositStatus status
    ) external onlyRole(POOL_MANAGER_ROLE) {
        Tranche storage tranche = _tranche(poolId, trancheId);
        _fixedTermConfig(tranche, poolId, trancheId, configId).status = status;
        emit FixedTermStatusSet(poolId, trancheId, configId, status);
    }

    // ----- Internal -----

    function _pool(uint256 poolId) internal view returns (Pool storage) {
        if (poolId >= poolCount) revert PoolNotFound(poolId);
        return _pools[poolId];
    }

    function _tranche(uint256 poolId, uint256 trancheId) internal view returns (Tranche storage) {
        Pool storage pool = _pool(poolId);
        if (trancheId >= pool.trancheCount) revert TrancheNotFound(poolId, trancheId);
        return pool.tranches[trancheId];
    }

    function _fixedTermConfig(
        Tranche storage tranche,
        uint256 poolId,
        uint256 trancheId,
        uint256 configId
    ) internal view returns (FixedTermConfig storage) {
        if (configId == 0 || configId > tranche.fixedTermConfigs.length) {
            revert FixedTermConfigNotFound(poolId, trancheId, configId);
        }
        return tranche.fixedTermConfigs[configId - 1];
    }

    function _checkRate(uint256 epochInterestRate) internal pure {
        if (epochInterestRate > MAX_EPOCH_INTEREST_RATE) {
            revert InterestRateTooHigh(epochInterestRate, MAX_EPOCH_INTEREST_RATE);
        }
    }

    function _poolView(uint256 poolId, Pool storage pool)
        internal
        view
        returns (PoolView memory v)
    {
        v.id = poolId;
        v.name = pool.name;
        v.subheading = pool.subheading;
        v.requestEpochsInAdvance = pool.requestEpochsInAdvance;
        v.tranches = new TrancheView[](pool.trancheCount);
        for (uint256 i; i < pool.trancheCount; ++i) {
            Tranche storage tranche = pool.tranches[i];
            TrancheView memory t = v.tranches[i];
            t.id = i;
            t.name = tranche.name;
            t.epochInterestRate = tranche.epochInterestRate;
            t.minimumDeposit = tranche.minimumDeposit;
            t.maximumDeposit = tranche.maximumDeposit;
            t.capacity = tranche.capacity;
            t.totalAssets = tranche.totalAssets;
            uint256 configCount = tranche.fixedTermConfigs.length;
            t.fixedTermConfigs = new FixedTermConfigView[](configCount);
            for (uint256 j; j < configCount; ++j) {
                FixedTermConfig storage c = tranche.fixedTermConfigs[j];
                t.fixedTermConfigs[j] = FixedTermConfigView({
                    configId: j + 1,
                    epochInterestRate: c.epochInterestRate,
                    epochLockDuration: c.epochLockDuration,
                    status: c.status
                });
            }
        }
    }
}
