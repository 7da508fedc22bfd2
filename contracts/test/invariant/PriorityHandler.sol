// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {KsuLocking} from "../../src/KsuLocking.sol";
import {IKsuLocking} from "../../src/interfaces/IKsuLocking.sol";
import {ILendingPoolManager} from "../../src/interfaces/ILendingPoolManager.sol";
import {ILendingPoolTypes} from "../../src/interfaces/ILendingPoolTypes.sol";
import {KSU} from "../../src/tokens/KSU.sol";
import {TestUSDC} from "../../src/tokens/TestUSDC.sol";
import {CommonBase} from "forge-std/Base.sol";
import {StdCheats} from "forge-std/StdCheats.sol";
import {StdUtils} from "forge-std/StdUtils.sol";

/// @dev Priority handler (issue 10, invariant suite b): lenders lock and unlock KSU in the real
/// KsuLocking wired to the manager, make and increase deposit and withdrawal requests, cancel and
/// re-rate them; the pool manager tightens capacity and liquidity; claims are often skipped.
/// For every change of a request it records the owner's real level at that moment (KsuLocking's
/// `loyaltyLevel`, or 2 for a withdrawal queued continuously for 5 epochs, modelled here from
/// the handler's own records). At each clearing it checks the cleared requests' levels against
/// those records and the buckets' acceptance order, and counts what the run covered.
contract PriorityHandler is CommonBase, StdCheats, StdUtils {
    uint256 internal constant POOL = 0;
    uint256 internal constant GENESIS = 1_767_571_200;
    uint256 internal constant AGING_EPOCHS = 5;
    ILendingPoolTypes.RequestKind internal constant DEPOSIT = ILendingPoolTypes.RequestKind.Deposit;
    ILendingPoolTypes.RequestKind internal constant WITHDRAWAL =
    ILendingPoolTypes.RequestKind.Withdrawal;

    struct Record {
        address owner;
        uint8 trancheId;
        ILendingPoolTypes.RequestKind kind;
        uint32 epoch;
        bool cancelled;
        uint8 realLevel;
        uint32 since;
    }

    ILendingPoolManager public lpm;
    TestUSDC public usdc;
    KSU public ksu;
    KsuLocking public locking;
    address public admin;
    address public manager;
    address[] public actors;

    /// @dev Request id => the handler's record (ids are sequential from 1).
    mapping(uint256 => Record) public records;
    uint256 public requestCount;
    /// @dev Epoch => request ids made (or increased) for it.
    mapping(uint256 => uint256[]) internal _epochRequests;
    mapping(uint256 => mapping(uint256 => bool)) internal _listed;
    /// @dev Actor => tranche => withdrawal request ids, oldest first.
    mapping(address => mapping(uint256 => uint256[])) internal _withdrawals;

    // Coverage of the run: cleared requests per level, partial fills, reallocations, increases
    // that changed a level.
    uint256[3] public clearedAtLevel;
    uint256 public partialFills;
    uint256 public reallocations;
    uint256 public reratedIncreases;
    uint256 public clears;

    /// @dev First violation seen (empty if none); the invariant asserts it stays empty.
    string public violation;

    constructor(
        ILendingPoolManager lpm_,
        TestUSDC usdc_,
        KSU ksu_,
        KsuLocking locking_,
        address admin_,
        address manager_
    ) {
        lpm = lpm_;
        usdc = usdc_;
        ksu = ksu_;
        locking = locking_;
        admin = admin_;
        manager = manager_;
        for (uint256 i; i < 4; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast)
            address a = address(uint160(0xB000 + i));
            actors.push(a);
            vm.prank(admin);
            lpm.setKycStatus(a, 1);
            vm.prank(a);
            usdc.approve(address(lpm), type(uint256).max);
            vm.prank(admin);
            // forge-lint: disable-next-line(erc20-unchecked-transfer)
            ksu.transfer(a, 10_000_000e18);
            vm.prank(a);
            ksu.approve(address(locking), type(uint256).max);
        }
        vm.prank(manager);
        usdc.approve(address(lpm), type(uint256).max);
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % actors.length];
    }

    // ----- KSU -----

    /// @dev Locks KSU so that the actor's rKSU is worth about 0.5%, 2% or 10% of its deposits
    /// plus 10,000 USDC (levels 0, 1, 2 at that size; later deposits move them). Not actor 0.
    function lockKsu(uint256 actorSeed, uint256 targetSeed, uint256 periodSeed) external {
        address user = actors[1 + actorSeed % 3]; // actor 0 never locks
        _topUp(user, lpm.userTotalDeposits(user) + 10_000e6, targetSeed, periodSeed);
    }

    /// @dev Tops the actor's rKSU up to `[0.5%, 2%, 10%][targetSeed % 3]` of `basis` USDC (the KSU
    /// price is 1 USDC) with a 30-day (x0.05) or a 720-day (x1) lock; never unlocks.
    function _topUp(address user, uint256 basis, uint256 targetSeed, uint256 periodSeed) internal {
        uint256[3] memory bps = [uint256(50), 200, 1000];
        uint256 wantUsdc = basis * bps[targetSeed % 3] / 10_000;
        uint256 have = locking.rKsuBalance(user) / 1e12; // rKSU (18 decimals) in USDC units
        if (wantUsdc <= have) return;
        uint256 rksu = (wantUsdc - have) * 1e12;
        uint256 periodId = periodSeed % 2 == 0 ? 1 : 2; // 30 days x0.05 or 720 days x1
        uint256 amount = periodId == 1 ? rksu * 20 : rksu;
        if (amount > ksu.balanceOf(user)) return;
        vm.prank(user);
        locking.lock(amount, periodId);
    }

    /// @dev Unlocks part or all of an expired lock (30-day locks expire within a run).
    function unlockKsu(uint256 actorSeed, uint256 lockSeed, uint256 fraction) external {
        address user = _actor(actorSeed);
        IKsuLocking.UserLock[] memory locks = locking.getUserLocks(user);
        for (uint256 i; i < locks.length; ++i) {
            IKsuLocking.UserLock memory l = locks[(lockSeed % locks.length + i) % locks.length];
            if (l.amount == 0 || block.timestamp < l.unlockTime) continue;
            uint256 amount = bound(fraction, 1, l.amount);
            vm.prank(user);
            locking.unlock(amount, l.lockId);
            return;
        }
    }

    // ----- Requests -----

    /// @dev A round of deposits (or increases of the actors' open ones), one per actor, each in a
    /// tranche and of an amount drawn from the seeds. Before its deposit each lender locks KSU
    /// towards its persona's level for its deposits after this one: actor 0 never locks (level
    /// 0), actor 1 aims at level 1, actor 2 at level 2, actor 3 at a random level or not at all
    /// (so its increases may drop a level).
    function deposit(uint256 amountSeed, uint256 trancheSeed, uint256 levelSeed) external {
        for (uint256 i; i < actors.length; ++i) {
            uint256 target = i < 3 ? i : levelSeed % 4;
            _depositOne(
                actors[i],
                (trancheSeed >> (8 * i)) % 3,
                uint256(keccak256(abi.encode(amountSeed, i))),
                target,
                levelSeed >> (8 * i)
            );
        }
    }

    function _depositOne(
        address user,
        uint256 trancheId,
        uint256 amountSeed,
        uint256 target,
        uint256 periodSeed
    ) internal {
        ILendingPoolTypes.TrancheView memory t = lpm.getPool(POOL).tranches[trancheId];
        uint256 already = lpm.getCurrentEpochDepositedAmount(POOL, trancheId, user);
        if (already >= t.maximumDeposit) return;
        uint256 amount =
            bound(amountSeed, already == 0 ? t.minimumDeposit : 1, t.maximumDeposit - already);
        if (target != 0 && target != 3) {
            _topUp(user, lpm.userTotalDeposits(user) + amount, target, periodSeed);
        }
        vm.prank(admin);
        usdc.mint(user, amount);
        ILendingPoolTypes.ContractAcceptance memory a;
        ILendingPoolTypes.KycAuthorization memory k;
        uint256 open = already == 0 ? 0 : _open(user, trancheId, DEPOSIT);
        uint8 before = open == 0 ? 0 : lpm.requestStatus(open).level;
        vm.prank(user);
        uint256 id = lpm.requestDepositWithKyc(POOL, trancheId, amount, 0, a, k);
        _recordChange(id, user, trancheId, DEPOSIT, 0);
        if (already != 0 && lpm.requestStatus(id).level != before) ++reratedIncreases;
    }

    /// @dev A withdrawal of a random part of the free shares, or (rollSeed odd) exactly the
    /// shares the actor's previous request had rejected, to exercise aging.
    function withdraw(uint256 actorSeed, uint256 trancheSeed, uint256 amountSeed, uint256 rollSeed)
        external
    {
        address user = _actor(actorSeed);
        uint256 trancheId = trancheSeed % 3;
        uint256 free = lpm.sharesOf(POOL, trancheId, user);
        if (free == 0) return;
        uint256 shares = bound(amountSeed, 1, free);
        if (rollSeed % 2 == 1) {
            uint256[] storage ids = _withdrawals[user][trancheId];
            if (ids.length != 0) {
                uint256 rejected = lpm.requestStatus(ids[ids.length - 1]).rejected;
                if (rejected != 0 && rejected <= free) shares = rejected;
            }
        }
        vm.prank(user);
        uint256 id = lpm.requestWithdrawal(POOL, trancheId, shares);
        uint256[] storage list = _withdrawals[user][trancheId];
        if (list.length == 0 || list[list.length - 1] != id) list.push(id);
        _recordChange(id, user, trancheId, WITHDRAWAL, lpm.requestStatus(id).amount);
    }

    function cancel(uint256 idSeed) external {
        uint256 id = _pick(idSeed, false);
        if (id == 0) return;
        Record storage r = records[id];
        vm.prank(r.owner);
        if (r.kind == DEPOSIT) lpm.cancelDepositRequest(POOL, id);
        else lpm.cancelWithdrawalRequest(POOL, id);
        r.cancelled = true;
    }

    function rerate(uint256 idSeed) external {
        uint256 id = _pick(idSeed, false);
        if (id == 0) return;
        lpm.rerate(id);
        Record storage r = records[id];
        r.realLevel = _realLevel(r.owner, r.kind, r.epoch, r.since);
    }

    function claim(uint256 idSeed) external {
        uint256 id = _pick(idSeed, true);
        if (id == 0) return;
        lpm.claim(id);
    }

    // ----- Pool manager and keeper -----

    /// @dev Capacity of a tranche anywhere from full (no room) to twice what is queued.
    function tightenCapacity(uint256 trancheSeed, uint256 capSeed) external {
        uint256 trancheId = trancheSeed % 3;
        ILendingPoolTypes.TrancheState memory s = lpm.getTrancheState(POOL, trancheId);
        uint256 used = s.totalAssets + s.fixedTermAssets;
        uint256 pending = _pendingDeposits(lpm.requestEpoch(), trancheId);
        uint256 capacity = bound(capSeed, 1, used + 2 * pending + 1);
        vm.prank(manager);
        lpm.setTrancheLimits(POOL, trancheId, 100e6, 100_000e6, capacity);
    }

    /// @dev Lends out part of the idle liquidity (withdrawals then compete for the rest).
    function drawLiquidity(uint256 fraction) external {
        uint256 idle = lpm.getPoolState(POOL).idleLiquidity;
        if (idle == 0) return;
        vm.prank(manager);
        lpm.draw(POOL, bound(fraction, 1, idle), address(0xB0B));
    }

    function repay(uint256 fraction) external {
        uint256 drawn = lpm.getPoolState(POOL).drawnPrincipal;
        if (drawn == 0) return;
        uint256 principal = bound(fraction, 1, drawn);
        vm.prank(admin);
        usdc.mint(manager, principal);
        vm.prank(manager);
        lpm.repay(POOL, principal, 0);
    }

    /// @dev Clears the oldest due epoch. With `tightSeed % 3` non-zero, the pool manager first
    /// leaves room for half of what is queued in Junior (1) or Mezzanine (2), and room in the
    /// next tranche up for the rest, so that bucket is cut short and the rest reallocated.
    function clear(uint256 warpSeed, uint256 tightSeed) external {
        uint256 epoch = lpm.getPoolState(POOL).nextEpochToClear;
        uint256 opensAt = GENESIS + (epoch + 1) * 7 days - 2 days;
        if (block.timestamp < opensAt) vm.warp(opensAt + bound(warpSeed, 0, 1 days));
        vm.prank(admin);
        locking.setKsuPrice(1e6); // a fresh price (levels read 0 on a stale one)
        if (tightSeed % 3 != 0) {
            uint256 t = tightSeed % 3 - 1;
            ILendingPoolTypes.TrancheState memory s = lpm.getTrancheState(POOL, t);
            uint256 pending = _pendingDeposits(epoch, t);
            vm.startPrank(manager);
            lpm.setTrancheLimits(
                POOL, t, 100e6, 100_000e6, s.totalAssets + s.fixedTermAssets + pending / 2 + 1
            );
            // ... and makes room one tranche up for what overflows.
            ILendingPoolTypes.TrancheState memory up = lpm.getTrancheState(POOL, t + 1);
            uint256 need =
                up.totalAssets + up.fixedTermAssets + _pendingDeposits(epoch, t + 1) + pending;
            if (lpm.getPool(POOL).tranches[t + 1].capacity < need) {
                lpm.setTrancheLimits(POOL, t + 1, 100e6, 100_000e6, need);
            }
            vm.stopPrank();
        }
        lpm.clear(POOL);
        ++clears;
        _checkCleared(epoch);
    }

    function warp(uint256 seconds_) external {
        vm.warp(block.timestamp + bound(seconds_, 1, 3 days));
    }

    // ----- Checks -----

    function _checkCleared(uint256 epoch) internal {
        uint256[] storage ids = _epochRequests[epoch];
        for (uint256 i; i < ids.length; ++i) {
            Record storage r = records[ids[i]];
            if (r.cancelled) continue;
            uint8 level = lpm.requestStatus(ids[i]).level;
            if (level > r.realLevel) _fail("cleared level above the owner's level at its change");
            // Equal, or 0 (a level-0 request is re-rated upwards only by `rerate`).
            if (level != r.realLevel && level != 0) {
                _fail("cleared level differs from the owner's");
            }
            ++clearedAtLevel[level];
        }
        for (uint256 t; t < 3; ++t) {
            _checkMonotone(epoch, t, DEPOSIT);
            _checkMonotone(epoch, t, WITHDRAWAL);
        }
    }

    /// @dev A higher level is never accepted at a lower fraction than a lower level.
    function _checkMonotone(uint256 epoch, uint256 trancheId, ILendingPoolTypes.RequestKind kind)
        internal
    {
        uint256 prevIn;
        uint256 prevAll;
        uint256 prevTotal;
        for (uint8 level = 3; level != 0;) {
            --level;
            ILendingPoolTypes.Bucket memory b = lpm.getBucket(POOL, epoch, trancheId, kind, level);
            if (b.total == 0) continue;
            uint256 moved = uint256(b.reallocated1) + b.reallocated2;
            uint256 all = b.accepted + moved;
            if ((b.accepted != 0 && b.accepted < b.total) || (all != 0 && all < b.total)) {
                ++partialFills;
            }
            if (moved != 0) ++reallocations;
            if (prevTotal != 0) {
                // accepted / total of this (lower) level <= that of the higher level
                if (uint256(b.accepted) * prevTotal > prevIn * b.total) {
                    _fail("lower level accepted at a higher fraction in the tranche");
                }
                if (all * prevTotal > prevAll * b.total) {
                    _fail("lower level placed at a higher fraction");
                }
            }
            prevIn = b.accepted;
            prevAll = all;
            prevTotal = b.total;
        }
    }

    function _fail(string memory why) internal {
        if (bytes(violation).length == 0) violation = why;
    }

    // ----- Model -----

    /// @dev Records a change of request `id` (creation, increase): its real level now.
    function _recordChange(
        uint256 id,
        address owner,
        uint256 trancheId,
        ILendingPoolTypes.RequestKind kind,
        uint256 total
    ) internal {
        uint256 epoch = lpm.requestEpoch();
        Record storage r = records[id];
        if (r.owner == address(0)) {
            r.owner = owner;
            // forge-lint: disable-next-line(unsafe-typecast)
            r.trancheId = uint8(trancheId);
            r.kind = kind;
            // forge-lint: disable-next-line(unsafe-typecast)
            r.epoch = uint32(epoch);
            if (id > requestCount) requestCount = id;
        }
        if (!_listed[epoch][id]) {
            _listed[epoch][id] = true;
            _epochRequests[epoch].push(id);
        }
        // forge-lint: disable-next-line(unsafe-typecast)
        if (kind == WITHDRAWAL) r.since = uint32(_queueStart(id, owner, trancheId, epoch, total));
        r.realLevel = _realLevel(owner, kind, epoch, r.since);
    }

    function _realLevel(
        address owner,
        ILendingPoolTypes.RequestKind kind,
        uint256 epoch,
        uint256 since
    ) internal view returns (uint8 level) {
        level = locking.loyaltyLevel(owner);
        if (level > 2) level = 2;
        if (kind == WITHDRAWAL && epoch >= since + AGING_EPOCHS) level = 2;
    }

    /// @dev PROTOCOL.md: aging counts continuous queueing of the request. The handler's model:
    /// the queue of the owner's previous-epoch request continues if that request was cleared,
    /// not cancelled, and this request holds at most the shares it had rejected; a cancel in
    /// this epoch, a full acceptance or a gap starts a new queue.
    function _queueStart(uint256 id, address owner, uint256 trancheId, uint256 epoch, uint256 total)
        internal
        view
        returns (uint256)
    {
        uint256[] storage ids = _withdrawals[owner][trancheId];
        for (uint256 i = ids.length; i != 0;) {
            --i;
            Record storage p = records[ids[i]];
            if (ids[i] == id) continue;
            if (p.cancelled && p.epoch + 1 >= epoch) return epoch;
            if (p.epoch == epoch) continue;
            if (p.epoch + 1 < epoch) return epoch;
            bool cleared = p.epoch < lpm.getPoolState(POOL).nextEpochToClear;
            if (cleared && total <= lpm.requestStatus(ids[i]).rejected) return p.since;
            return epoch;
        }
        return epoch;
    }

    // ----- Helpers -----

    function _open(address user, uint256 trancheId, ILendingPoolTypes.RequestKind kind)
        internal
        view
        returns (uint256)
    {
        uint256 epoch = lpm.requestEpoch();
        uint256[] storage ids = _epochRequests[epoch];
        for (uint256 i; i < ids.length; ++i) {
            Record storage r = records[ids[i]];
            if (
                r.owner == user && r.trancheId == trancheId && r.kind == kind && !r.cancelled
                    && r.epoch == epoch
            ) return ids[i];
        }
        return 0;
    }

    function _pendingDeposits(uint256 epoch, uint256 trancheId)
        internal
        view
        returns (uint256 total)
    {
        for (uint8 level; level < 3; ++level) {
            total += lpm.getBucket(POOL, epoch, trancheId, DEPOSIT, level).total;
        }
    }

    /// @dev A pending request picked by `seed`: uncleared (cancel, rerate) or cleared (claim).
    function _pick(uint256 seed, bool cleared) internal view returns (uint256) {
        uint256 count = requestCount;
        if (count == 0) return 0;
        uint256 next = lpm.getPoolState(POOL).nextEpochToClear;
        uint256 start = seed % count;
        for (uint256 i; i < count; ++i) {
            uint256 id = (start + i) % count + 1;
            Record storage r = records[id];
            if (r.cancelled || r.owner == address(0)) continue;
            if (lpm.requestOwner(id) == address(0)) continue; // settled
            if ((r.epoch < next) == cleared) return id;
        }
        return 0;
    }
}
