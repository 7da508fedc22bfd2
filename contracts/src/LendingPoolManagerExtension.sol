// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {LendingPoolBase} from "./LendingPoolBase.sol";
import {LendingPoolRequestExtension} from "./LendingPoolRequestExtension.sol";
import {IKsuLocking} from "./interfaces/IKsuLocking.sol";
import {ILendingPoolAdmin} from "./interfaces/ILendingPoolAdmin.sol";
import {EpochMath} from "./libraries/EpochMath.sol";
import "./libraries/Errors.sol" as E;
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title LendingPoolManagerExtension
/// @notice Pool views, the pool manager's operations, admin settings and position views of the
/// lending pool manager. Deployed once and reached only through the manager's fallback
/// (delegatecall on the manager's storage); called directly it sees empty storage and no roles.
contract LendingPoolManagerExtension is LendingPoolBase, ILendingPoolAdmin {
    using SafeERC20 for IERC20;

    /// @dev The second extension (`LendingPoolRequestExtension`), deployed by the constructor
    /// with the same USDC and genesis: this contract is at the size limit, so functions it does
    /// not implement go on to it (see `fallback`).
    address internal immutable _requestExtension;

    /// @param usdc_ The USDC token (the same as the manager's).
    /// @param genesis_ Start of epoch 0 (the same as the manager's).
    constructor(address usdc_, uint256 genesis_) LendingPoolBase(usdc_, genesis_) {
        _requestExtension = address(new LendingPoolRequestExtension(usdc_, genesis_));
    }

    /// @dev Every function implemented in neither the manager nor here (`ILendingPoolRequests`)
    /// runs in the second extension, still on the manager's storage (this code runs by
    /// delegatecall from the manager, so its delegatecall does too).
    fallback() external {
        address target = _requestExtension;
        assembly ("memory-safe") {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }

    /// @dev Per (pool, tranche) slot: unsettled free shares, queued withdrawal shares, locked
    /// USDC value.
    struct Tally {
        uint256[] free;
        uint256[] queued;
        uint256[] locked;
    }

    /// @inheritdoc ILendingPoolAdmin
    function currentEpoch() external view returns (uint256) {
        return EpochMath.epochAt(genesis, block.timestamp);
    }

    /// @inheritdoc ILendingPoolAdmin
    function nextEpochStart() external view returns (uint256) {
        return EpochMath.nextEpochStart(genesis, block.timestamp);
    }

    /// @inheritdoc ILendingPoolAdmin
    function nextClearingPeriodStart() external view returns (uint256) {
        return EpochMath.nextClearingStart(genesis, block.timestamp);
    }

    /// @inheritdoc ILendingPoolAdmin
    function isClearingPeriod() external view returns (bool) {
        return EpochMath.isClearing(genesis, block.timestamp);
    }

    /// @inheritdoc ILendingPoolAdmin
    function createPool(
        string calldata name,
        string calldata subheading,
        uint256 requestEpochsInAdvance,
        TrancheParams[] calldata tranches
    ) external onlyRole(POOL_MANAGER_ROLE) returns (uint256 poolId) {
        if (bytes(name).length == 0) revert E.EmptyName();
        if (tranches.length == 0 || tranches.length > MAX_TRANCHES) {
            revert E.InvalidTrancheCount(tranches.length);
        }
        poolId = poolCount++;
        Pool storage pool = _pools[poolId];
        pool.name = name;
        pool.subheading = subheading;
        pool.requestEpochsInAdvance = requestEpochsInAdvance;
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.trancheCount = uint48(tranches.length); // at most MAX_TRANCHES
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.nextEpochToClear = uint64(EpochMath.epochAt(genesis, block.timestamp));
        emit PoolCreated(poolId, name, subheading, requestEpochsInAdvance);

        for (uint256 i; i < tranches.length; ++i) {
            TrancheParams calldata p = tranches[i];
            if (bytes(p.name).length == 0) revert E.EmptyName();
            _checkRate(p.epochInterestRate);
            _checkLimits(p.minimumDeposit, p.maximumDeposit, p.capacity);
            Tranche storage tranche = pool.tranches[i];
            tranche.name = p.name;
            tranche.epochInterestRate = p.epochInterestRate;
            tranche.minimumDeposit = uint128(p.minimumDeposit);
            tranche.maximumDeposit = uint128(p.maximumDeposit);
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

    /// @inheritdoc ILendingPoolAdmin
    function addFixedTermConfig(
        uint256 poolId,
        uint256 trancheId,
        uint256 epochInterestRate,
        uint256 epochLockDuration,
        FixedTermDepositStatus status
    ) external onlyRole(POOL_MANAGER_ROLE) returns (uint256 configId) {
        Tranche storage tranche = _tranche(poolId, trancheId);
        _checkRate(epochInterestRate);
        if (epochLockDuration == 0) revert E.ZeroLockDuration();
        if (tranche.fixedTermConfigs.length == MAX_FIXED_TERM_CONFIGS) {
            revert E.TooManyFixedTermConfigs(MAX_FIXED_TERM_CONFIGS);
        }
        FixedTermConfig storage c = tranche.fixedTermConfigs.push();
        c.epochInterestRate = epochInterestRate;
        c.epochLockDuration = epochLockDuration;
        c.status = status;
        configId = tranche.fixedTermConfigs.length;
        emit FixedTermConfigAdded(
            poolId, trancheId, configId, epochInterestRate, epochLockDuration, status
        );
    }

    /// @inheritdoc ILendingPoolAdmin
    function setFixedTermAllowlist(
        uint256 poolId,
        uint256 trancheId,
        uint256 configId,
        address user,
        bool allowed
    ) external onlyRole(POOL_MANAGER_ROLE) {
        if (user == address(0)) revert E.ZeroAddress();
        _config(poolId, trancheId, configId);
        _pools[poolId].tranches[trancheId].fixedTermAllowlist[configId][user] = allowed;
        emit FixedTermAllowlistSet(poolId, trancheId, configId, user, allowed);
    }

    /// @inheritdoc ILendingPoolAdmin
    function setFixedTermStatus(
        uint256 poolId,
        uint256 trancheId,
        uint256 configId,
        FixedTermDepositStatus status
    ) external onlyRole(POOL_MANAGER_ROLE) {
        _config(poolId, trancheId, configId).status = status;
        emit FixedTermStatusSet(poolId, trancheId, configId, status);
    }

    /// @inheritdoc ILendingPoolAdmin
    function setTrancheRate(uint256 poolId, uint256 trancheId, uint256 rate)
        external
        onlyRole(POOL_MANAGER_ROLE)
    {
        Tranche storage tranche = _tranche(poolId, trancheId);
        _checkRate(rate);
        // Requests of `requestEpoch()` may be queued already; they earn first in the next epoch,
        // so the change applies from the one after: lenders of any epoch it reaches can still
        // cancel for at least a full epoch after this call.
        uint256 effective = _requestEpoch() + RATE_CHANGE_DELAY_EPOCHS;
        uint256 pending = tranche.pendingRateEpoch;
        // An announced change that would take effect first stands (lenders relied on it).
        if (pending != 0 && pending < effective) {
            revert E.RateChangePending(poolId, trancheId, pending);
        }
        tranche.pendingRate = rate;
        tranche.pendingRateEpoch = effective;
        emit TrancheRateSet(poolId, trancheId, rate, effective);
    }

    /// @inheritdoc ILendingPoolAdmin
    function setTrancheLimits(
        uint256 poolId,
        uint256 trancheId,
        uint256 minimumDeposit,
        uint256 maximumDeposit,
        uint256 capacity
    ) external onlyRole(POOL_MANAGER_ROLE) {
        Tranche storage tranche = _tranche(poolId, trancheId);
        _checkLimits(minimumDeposit, maximumDeposit, capacity);
        // forge-lint: disable-next-line(unsafe-typecast)
        tranche.minimumDeposit = uint128(minimumDeposit);
        // forge-lint: disable-next-line(unsafe-typecast)
        tranche.maximumDeposit = uint128(maximumDeposit);
        tranche.capacity = capacity;
        emit TrancheLimitsSet(poolId, trancheId, minimumDeposit, maximumDeposit, capacity);
    }

    /// @inheritdoc ILendingPoolAdmin
    function draw(uint256 poolId, uint256 amount, address borrower)
        external
        onlyRole(POOL_MANAGER_ROLE)
        whenNotPaused
    {
        if (borrower == address(0)) revert E.ZeroAddress();
        if (amount == 0) revert E.ZeroAmount();
        Pool storage pool = _pool(poolId);
        uint256 idle = pool.idleLiquidity;
        if (amount > idle) revert E.InsufficientLiquidity(idle, amount);
        pool.idleLiquidity = idle - amount;
        pool.drawnPrincipal += amount;
        IERC20(usdc).safeTransfer(borrower, amount);
        emit FundsDrawn(poolId, borrower, amount);
    }

    /// @inheritdoc ILendingPoolAdmin
    function repay(uint256 poolId, uint256 principal, uint256 interest)
        external
        onlyRole(POOL_MANAGER_ROLE)
    {
        Pool storage pool = _pool(poolId);
        uint256 drawn = pool.drawnPrincipal;
        if (principal > drawn) revert E.ExceedsDrawnPrincipal(drawn, principal);
        if (principal + interest == 0) revert E.ZeroAmount();
        IERC20(usdc).safeTransferFrom(msg.sender, address(this), principal + interest);
        pool.drawnPrincipal = drawn - principal;
        pool.idleLiquidity += principal;
        pool.interestReserve += interest;
        emit Repaid(poolId, msg.sender, principal, interest);
    }

    /// @inheritdoc ILendingPoolAdmin
    function rerate(uint256 nftId) external whenNotPaused {
        Request storage r = _requests[nftId];
        if (r.status != RequestStatus.Pending) revert E.RequestNotFound(nftId);
        Pool storage pool = _pools[r.poolId];
        uint256 epoch = r.epoch;
        if (epoch < pool.nextEpochToClear) revert E.EpochAlreadyCleared(epoch);
        uint8 level = _loyaltyLevel(r.owner);
        if (r.kind == RequestKind.Withdrawal && r.queuedAge >= AGING_EPOCHS) {
            level = TOP_LEVEL;
        }
        uint8 old = r.level;
        if (level == old) return;
        uint128 amount = r.amount;
        pool.buckets[epoch][_key(r.trancheId, r.kind, old)].total -= amount;
        pool.buckets[epoch][_key(r.trancheId, r.kind, level)].total += amount;
        r.level = level;
        emit RequestRerated(nftId, old, level);
    }

    /// @inheritdoc ILendingPoolAdmin
    function reportLoss(uint256 poolId, uint256 amount) external onlyRole(POOL_MANAGER_ROLE) {
        Pool storage pool = _pool(poolId);
        uint256 drawn = pool.drawnPrincipal;
        if (amount > drawn) revert E.ExceedsDrawnPrincipal(drawn, amount);
        if (amount == 0) revert E.ZeroAmount();
        pool.drawnPrincipal = drawn - amount;
        uint256 left = amount;
        for (uint256 i; i < pool.trancheCount && left != 0; ++i) {
            Tranche storage tranche = pool.tranches[i];
            // Every ledger of the tranche loses the same fraction `hit / value`: each config's
            // cut is `rest * assets / restValue` (rounded down, never above its assets), and the
            // variable ledger, last, takes what is left, so the cuts add up to `hit` exactly.
            uint256 value = tranche.totalAssets + tranche.fixedTermAssets;
            uint256 hit = Math.min(left, value);
            left -= hit;
            uint256 trancheHit = hit;
            uint256 configs = tranche.fixedTermConfigs.length;
            for (uint256 j; j < configs && hit != 0; ++j) {
                FixedTermConfig storage c = tranche.fixedTermConfigs[j];
                uint256 assets = c.totalAssets;
                uint256 cut = Math.mulDiv(hit, assets, value);
                value -= assets;
                hit -= cut;
                c.totalAssets = assets - cut;
                tranche.fixedTermAssets -= cut;
            }
            tranche.totalAssets -= hit;
            if (trancheHit == 0) continue;
            // A wiped ledger closes the tranche: new deposits would buy its worthless shares.
            bool closed = _trancheWiped(tranche);
            emit TrancheLoss(poolId, i, trancheHit, closed);
            if (closed && (pool.closedTranches & (1 << i)) == 0) {
                // forge-lint: disable-next-line(unsafe-typecast) i < MAX_TRANCHES
                pool.closedTranches |= uint8(1 << i);
                emit TrancheClosedAfterLoss(poolId, i);
            }
        }
        emit LossReported(poolId, amount);
        // Lockers' bonus stops on the bases of their last checkpoints (a position the loss cut
        // earns on what is left from its next checkpoint). A loss report never depends on
        // KsuLocking: a failure is reported, not propagated.
        address locking = ksuLocking;
        if (locking != address(0)) {
            try IKsuLocking(locking).notifyLoss{gas: 50_000}() {}
            catch {
                emit LockingLossNotificationFailed(poolId);
            }
        }
    }

    /// @inheritdoc ILendingPoolAdmin
    function recapitalise(uint256 poolId, uint256 trancheId, uint256 amount)
        external
        onlyRole(POOL_MANAGER_ROLE)
    {
        if (amount == 0) revert E.ZeroAmount();
        Pool storage pool = _pool(poolId);
        Tranche storage tranche = _trancheOf(pool, poolId, trancheId);
        IERC20(usdc).safeTransferFrom(msg.sender, address(this), amount);
        tranche.totalAssets += amount;
        pool.idleLiquidity += amount;
        emit TrancheRecapitalised(poolId, trancheId, amount);
        if ((pool.closedTranches & (1 << trancheId)) != 0 && !_trancheWiped(tranche)) {
            _reopen(pool, poolId, trancheId);
        }
    }

    /// @inheritdoc ILendingPoolAdmin
    function reopenTranche(uint256 poolId, uint256 trancheId) external onlyRole(POOL_MANAGER_ROLE) {
        Pool storage pool = _pool(poolId);
        Tranche storage tranche = _trancheOf(pool, poolId, trancheId);
        if ((pool.closedTranches & (1 << trancheId)) == 0) {
            revert E.TrancheNotClosed(poolId, trancheId);
        }
        if (_trancheWiped(tranche)) revert E.TrancheStillWiped(poolId, trancheId);
        _reopen(pool, poolId, trancheId);
    }

    function _reopen(Pool storage pool, uint256 poolId, uint256 trancheId) internal {
        // forge-lint: disable-next-line(unsafe-typecast) trancheId < MAX_TRANCHES
        pool.closedTranches &= ~uint8(1 << trancheId);
        emit TrancheReopened(poolId, trancheId);
    }

    /// @inheritdoc ILendingPoolAdmin
    function trancheClosed(uint256 poolId, uint256 trancheId) external view returns (bool) {
        Pool storage pool = _pool(poolId);
        _trancheOf(pool, poolId, trancheId);
        return (pool.closedTranches & (1 << trancheId)) != 0;
    }

    /// @inheritdoc ILendingPoolAdmin
    function epochFee(uint256 poolId, uint256 epoch) external view returns (uint256 fee) {
        Pool storage pool = _pool(poolId);
        uint256 n = pool.trancheCount;
        for (uint256 i; i < n; ++i) {
            fee += pool.totals[epoch][i].fee;
        }
    }

    /// @inheritdoc ILendingPoolAdmin
    function setIncident(uint256 poolId, bool open) external onlyRole(POOL_MANAGER_ROLE) {
        _pool(poolId).incident = open;
        emit IncidentSet(poolId, open);
    }

    /// @inheritdoc ILendingPoolAdmin
    function incidentOpen(uint256 poolId) external view returns (bool) {
        return _pool(poolId).incident;
    }

    /// @inheritdoc ILendingPoolAdmin
    function publishRepayments(uint256 poolId, uint256 epoch, HistoricalRepayment calldata data)
        external
        onlyRole(POOL_MANAGER_ROLE)
    {
        _pool(poolId).repayments[epoch] = data;
        emit RepaymentsPublished(poolId, epoch, data);
    }

    /// @inheritdoc ILendingPoolAdmin
    function setKycSigner(address signer) external onlyRole(DEFAULT_ADMIN_ROLE) {
        kycSigner = signer;
        emit KycSignerSet(signer);
    }

    /// @inheritdoc ILendingPoolAdmin
    function setKycStatus(address user, uint8 status) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (status > KYC_BLOCKED) revert E.InvalidKycStatus(status);
        _accounts[user].kycStatus = status;
        emit KycStatusSet(user, status);
    }

    /// @inheritdoc ILendingPoolAdmin
    function setTreasury(address treasury_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (treasury_ == address(0)) revert E.ZeroAddress();
        treasury = treasury_;
        emit TreasurySet(treasury_);
    }

    /// @inheritdoc ILendingPoolAdmin
    function setKsuLocking(address ksuLocking_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        ksuLocking = ksuLocking_;
        emit KsuLockingSet(ksuLocking_);
    }

    /// @inheritdoc ILendingPoolAdmin
    function claimTreasuryFees() external whenNotPaused {
        uint256 amount = treasuryFees;
        treasuryFees = 0;
        IERC20(usdc).safeTransfer(treasury, amount);
        emit TreasuryFeesClaimed(treasury, amount);
    }

    /// @inheritdoc ILendingPoolAdmin
    function claimDeferredPayout() external whenNotPaused returns (uint256 amount) {
        amount = _deferredPayouts[msg.sender];
        if (amount == 0) revert E.NoDeferredPayout(msg.sender);
        _deferredPayouts[msg.sender] = 0;
        deferredPayouts -= amount;
        // Only to the owner: a blacklisted or KYC-blocked owner cannot move it elsewhere.
        IERC20(usdc).safeTransfer(msg.sender, amount);
        emit DeferredPayoutClaimed(msg.sender, msg.sender, amount);
    }

    /// @inheritdoc ILendingPoolAdmin
    function deferredPayoutOf(address user) external view returns (uint256) {
        return _deferredPayouts[user];
    }

    /// @inheritdoc ILendingPoolAdmin
    function getPool(uint256 poolId) external view returns (PoolView memory) {
        return _poolView(poolId, _pool(poolId));
    }

    /// @inheritdoc ILendingPoolAdmin
    function getPools() external view returns (PoolView[] memory pools) {
        pools = new PoolView[](poolCount);
        for (uint256 i; i < pools.length; ++i) {
            pools[i] = _poolView(i, _pools[i]);
        }
    }

    /// @inheritdoc ILendingPoolAdmin
    function isFixedTermAllowlisted(
        uint256 poolId,
        uint256 trancheId,
        uint256 configId,
        address user
    ) external view returns (bool) {
        _config(poolId, trancheId, configId);
        return _pools[poolId].tranches[trancheId].fixedTermAllowlist[configId][user];
    }

    /// @inheritdoc ILendingPoolAdmin
    function kycStatus(address user) external view returns (uint8) {
        return _accounts[user].kycStatus;
    }

    /// @inheritdoc ILendingPoolAdmin
    function getUserPosition(address user)
        external
        view
        returns (
            UserTranchePosition[] memory positions,
            RequestView[] memory requests,
            uint256 activeDeposits,
            uint256 pendingDeposits
        )
    {
        requests = _userRequests(user);
        Tally memory tally = Tally({
            free: new uint256[](poolCount * MAX_TRANCHES),
            queued: new uint256[](poolCount * MAX_TRANCHES),
            locked: new uint256[](poolCount * MAX_TRANCHES)
        });
        for (uint256 i; i < requests.length; ++i) {
            RequestView memory v = requests[i];
            if (v.status == RequestStatus.Pending) {
                if (v.kind == RequestKind.Deposit) pendingDeposits += v.amount;
                else tally.queued[v.poolId * MAX_TRANCHES + v.trancheId] += v.amount;
            } else if (v.status == RequestStatus.Cleared) {
                _addCleared(tally, v);
            }
        }
        FixedTermLockView[] memory locks = getUserFixedTermLocks(user);
        for (uint256 i; i < locks.length; ++i) {
            FixedTermLockView memory l = locks[i];
            if (!l.released) tally.locked[l.poolId * MAX_TRANCHES + l.trancheId] += l.assets;
        }
        (positions, activeDeposits) = _positions(user, tally);
    }

    /// @inheritdoc ILendingPoolAdmin
    function userAcceptedDeposits(address user) external view returns (uint256) {
        return _accepted(user, false);
    }

    /// @inheritdoc ILendingPoolAdmin
    function userAcceptedValue(address user) external view returns (uint256) {
        return _accepted(user, true);
    }

    /// @dev Sum over the user's holdings and counted fixed-term locks of the principal, or with
    /// `valued` of the lower of principal and current value.
    function _accepted(address user, bool valued) internal view returns (uint256 total) {
        uint256 pools = poolCount;
        for (uint256 poolId; poolId < pools; ++poolId) {
            Pool storage pool = _pools[poolId];
            uint256 tranches = pool.trancheCount;
            for (uint256 t; t < tranches; ++t) {
                Tranche storage tranche = pool.tranches[t];
                Holding storage h = tranche.holdings[user];
                uint256 principal = h.principal;
                if (principal == 0) continue;
                total += valued ? Math.min(principal, _toAssets(tranche, h.shares)) : principal;
            }
        }
        uint256[] storage ids = _userLocks[user];
        for (uint256 i; i < ids.length; ++i) {
            Lock storage l = _locks[ids[i]];
            // Released and withdraw-at-expiry locks left the accepted deposits.
            if (l.released || l.withdrawAtExpiry) continue;
            if (!valued) {
                total += l.principal;
                continue;
            }
            uint256 value;
            if (l.endEpoch < _pools[l.poolId].nextEpochToClear) {
                value = _toAssets(_pools[l.poolId].tranches[l.trancheId], _maturedShares(l));
            } else {
                FixedTermConfig storage c = _config(l.poolId, l.trancheId, l.configId);
                value = _sharesToAssets(l.shares, c.totalAssets, c.totalShares);
            }
            total += Math.min(l.principal, value);
        }
    }

    /// @inheritdoc ILendingPoolAdmin
    function getCurrentEpochDepositedAmount(uint256 poolId, uint256 trancheId, address user)
        external
        view
        returns (uint256)
    {
        uint256 id = _findOpen(
            _accounts[user].lastRequestId, poolId, trancheId, RequestKind.Deposit, _requestEpoch()
        );
        return id == 0 ? 0 : _requests[id].amount;
    }

    /// @inheritdoc ILendingPoolAdmin
    function getUserFixedTermLocks(address user)
        public
        view
        returns (FixedTermLockView[] memory locks)
    {
        uint256[] storage ids = _userLocks[user];
        locks = new FixedTermLockView[](ids.length);
        for (uint256 i; i < ids.length; ++i) {
            Lock storage l = _locks[ids[i]];
            FixedTermLockView memory v = locks[i];
            v.lockId = ids[i];
            v.owner = l.owner;
            v.poolId = l.poolId;
            v.trancheId = l.trancheId;
            v.configId = l.configId;
            v.shares = l.shares;
            v.endEpoch = l.endEpoch;
            v.withdrawAtExpiry = l.withdrawAtExpiry;
            v.released = l.released;
            uint256 next = _pools[v.poolId].nextEpochToClear;
            v.matured = v.endEpoch < next;
            if (v.matured) {
                v.assets = _maturedValue(l, next);
            } else {
                FixedTermConfig storage c = _config(v.poolId, v.trancheId, v.configId);
                v.assets = _sharesToAssets(v.shares, c.totalAssets, c.totalShares);
            }
        }
    }

    /// @dev What `releaseFixedTermLock` pays for a matured lock: its matured shares at the
    /// current price, or once the clearing after its end paid a lock withdrawn at expiry, the
    /// USDC paid plus the rejected shares at the current price.
    function _maturedValue(Lock storage l, uint256 next) internal view returns (uint256 paid) {
        Pool storage pool = _pools[l.poolId];
        uint256 trancheId = l.trancheId;
        uint256 shares = _maturedShares(l);
        uint256 end = l.endEpoch;
        if (l.withdrawAtExpiry && end + 1 < next) {
            Bucket storage b = pool.buckets[end + 1][_key(trancheId, RequestKind.Withdrawal, 2)];
            uint256 total = b.total;
            if (total != 0) {
                uint256 accepted = Math.mulDiv(shares, b.accepted, total);
                paid = _withdrawalAssets(pool, end + 1, trancheId, accepted);
                shares = Math.mulDiv(shares, total - b.accepted, total);
            }
        }
        paid += _toAssets(pool.tranches[trancheId], shares);
    }

    /// @inheritdoc ILendingPoolAdmin
    function getPoolState(uint256 poolId) external view returns (PoolState memory) {
        Pool storage pool = _pool(poolId);
        return PoolState({
            nextEpochToClear: pool.nextEpochToClear,
            idleLiquidity: pool.idleLiquidity,
            drawnPrincipal: pool.drawnPrincipal,
            interestReserve: pool.interestReserve,
            escrowedDeposits: pool.escrowedDeposits,
            withdrawalPayouts: pool.withdrawalPayouts
        });
    }

    /// @inheritdoc ILendingPoolAdmin
    function getTrancheState(uint256 poolId, uint256 trancheId)
        external
        view
        returns (TrancheState memory)
    {
        Tranche storage t = _tranche(poolId, trancheId);
        return TrancheState({
            totalAssets: t.totalAssets,
            totalShares: t.totalShares,
            fixedTermAssets: t.fixedTermAssets,
            epochInterestRate: t.epochInterestRate,
            pendingRate: t.pendingRate,
            pendingRateEpoch: t.pendingRateEpoch
        });
    }

    /// @inheritdoc ILendingPoolAdmin
    function getBucket(
        uint256 poolId,
        uint256 epoch,
        uint256 trancheId,
        RequestKind kind,
        uint8 level
    ) external view returns (Bucket memory) {
        return _pools[poolId].buckets[epoch][_key(trancheId, kind, level)];
    }

    /// @inheritdoc ILendingPoolAdmin
    function getEpochPrices(uint256 poolId, uint256 epoch, uint256 trancheId)
        external
        view
        returns (EpochPrices memory p)
    {
        Pool storage pool = _pools[poolId];
        ClearingTotals storage c = pool.totals[epoch][trancheId];
        p.fee = c.fee;
        p.withdrawalAssets = c.assets;
        p.withdrawalShares = c.shares;
        if (p.withdrawalShares == 0) return p;
        (p.depositShares, p.depositAssets) = _depositTotals(pool, epoch, trancheId);
        uint256 cap = type(uint128).max;
        // forge-lint: disable-next-line(unsafe-typecast) capped
        p.assetsPerShare =
            uint128(Math.min(Math.mulDiv(p.withdrawalAssets, WAD, p.withdrawalShares), cap));
        // forge-lint: disable-next-line(unsafe-typecast) capped
        p.sharesPerAsset =
            uint128(Math.min(Math.mulDiv(p.depositShares, WAD, p.depositAssets), cap));
    }

    /// @inheritdoc ILendingPoolAdmin
    function sharesOf(uint256 poolId, uint256 trancheId, address user)
        external
        view
        returns (uint256)
    {
        return _tranche(poolId, trancheId).holdings[user].shares;
    }

    /// @inheritdoc ILendingPoolAdmin
    function convertToAssets(uint256 poolId, uint256 trancheId, uint256 shares)
        external
        view
        returns (uint256)
    {
        return _toAssets(_tranche(poolId, trancheId), shares);
    }

    /// @inheritdoc ILendingPoolAdmin
    function convertToShares(uint256 poolId, uint256 trancheId, uint256 assets)
        external
        view
        returns (uint256)
    {
        Tranche storage t = _tranche(poolId, trancheId);
        return _assetsToShares(assets, t.totalShares, t.totalAssets);
    }

    /// @inheritdoc ILendingPoolAdmin
    function getRepayments(uint256 poolId, uint256 epoch)
        external
        view
        returns (HistoricalRepayment memory)
    {
        return _pool(poolId).repayments[epoch];
    }

    function _userRequests(address user) internal view returns (RequestView[] memory list) {
        uint256 count;
        for (uint256 id = _accounts[user].lastRequestId; id != 0; id = _requests[id].prevId) {
            ++count;
        }
        list = new RequestView[](count);
        uint256 i;
        for (uint256 id = _accounts[user].lastRequestId; id != 0; id = _requests[id].prevId) {
            list[i++] = _requestView(id);
        }
    }

    function _positions(address user, Tally memory tally)
        internal
        view
        returns (UserTranchePosition[] memory positions, uint256 active)
    {
        uint256 count;
        positions = new UserTranchePosition[](tally.free.length);
        for (uint256 k; k < tally.free.length; ++k) {
            Pool storage pool = _pools[k / MAX_TRANCHES];
            if (k % MAX_TRANCHES >= pool.trancheCount) continue;
            Tranche storage tranche = pool.tranches[k % MAX_TRANCHES];
            uint256 shares = tally.free[k] + tranche.holdings[user].shares;
            if (shares + tally.queued[k] + tally.locked[k] == 0) continue;
            UserTranchePosition memory p = positions[count++];
            p.poolId = k / MAX_TRANCHES;
            p.trancheId = k % MAX_TRANCHES;
            p.shares = shares;
            p.availableToWithdraw = _toAssets(tranche, shares);
            p.lockedInFixedTerm = tally.locked[k];
            p.balance = _toAssets(tranche, shares + tally.queued[k]) + tally.locked[k];
            active += p.balance;
        }
        assembly ("memory-safe") {
            mstore(positions, count)
        }
    }

    /// @dev Adds a cleared, unsettled request's shares to the user's free shares per tranche;
    /// an accepted fixed-term deposit (variable shares until settlement locks them) to its locked
    /// USDC value.
    function _addCleared(Tally memory tally, RequestView memory v) internal view {
        uint256[] memory free = tally.free;
        uint256 k = v.poolId * MAX_TRANCHES + v.trancheId;
        if (v.kind == RequestKind.Withdrawal) {
            free[k] += v.rejected;
            return;
        }
        Parts memory p = _parts(_requests[v.nftId]);
        if (v.fixedTermConfigId == 0) free[k] += p.shares;
        else tally.locked[k] += _toAssets(_pools[v.poolId].tranches[v.trancheId], p.shares);
        if (p.reallocatedShares1 != 0) free[k + 1] += p.reallocatedShares1;
        if (p.reallocatedShares2 != 0) free[k + 2] += p.reallocatedShares2;
    }

    function _checkRate(uint256 epochInterestRate) internal pure {
        if (epochInterestRate > MAX_EPOCH_INTEREST_RATE) {
            revert E.InterestRateTooHigh(epochInterestRate, MAX_EPOCH_INTEREST_RATE);
        }
    }

    function _checkLimits(uint256 minimumDeposit, uint256 maximumDeposit, uint256 capacity)
        internal
        pure
    {
        if (maximumDeposit == 0 || maximumDeposit < minimumDeposit || maximumDeposit > MAX_AMOUNT) {
            revert E.InvalidDepositLimits(minimumDeposit, maximumDeposit);
        }
        if (capacity == 0) revert E.ZeroCapacity();
        if (capacity > MAX_LEDGER_ASSETS) revert E.CapacityTooLarge(capacity, MAX_LEDGER_ASSETS);
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
            t.totalAssets = tranche.totalAssets + tranche.fixedTermAssets;
            t.closed = (pool.closedTranches & (1 << i)) != 0;
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

    /// @inheritdoc ILendingPoolAdmin
    function pause() external onlyRole(PAUSER_ROLE) whenNotPaused {
        _isPaused = true;
        emit Paused(msg.sender);
    }

    /// @inheritdoc ILendingPoolAdmin
    function unpause() external onlyRole(PAUSER_ROLE) whenPaused {
        _isPaused = false;
        emit Unpaused(msg.sender);
    }

    /// @inheritdoc ILendingPoolAdmin
    function kycNonces(address user) external view returns (uint256) {
        return _accounts[user].kycNonce;
    }

    /// @inheritdoc ILendingPoolAdmin
    function requestOwner(uint256 nftId) external view returns (address) {
        Request storage r = _requests[nftId];
        return r.status == RequestStatus.Pending ? r.owner : address(0);
    }

    /// @inheritdoc ILendingPoolAdmin
    function openRequestCount(address user) external view returns (uint256) {
        // A view for the NFT's `balanceOf`: walks the user's requests instead of keeping a
        // counter that every request, cancel and claim would have to write.
        uint256 count;
        for (uint256 id = _accounts[user].lastRequestId; id != 0; id = _requests[id].prevId) {
            if (_requests[id].status == RequestStatus.Pending) ++count;
        }
        return count;
    }

    /// @inheritdoc ILendingPoolAdmin
    function requestStatus(uint256 nftId) external view returns (RequestView memory) {
        return _requestView(nftId);
    }
}
