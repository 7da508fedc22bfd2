// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolManager} from "../../src/interfaces/ILendingPoolManager.sol";
import {ILendingPoolTypes} from "../../src/interfaces/ILendingPoolTypes.sol";
import {FixedTermNotAvailable} from "../../src/libraries/Errors.sol";
import {TestUSDC} from "../../src/tokens/TestUSDC.sol";
import {CommonBase} from "forge-std/Base.sol";
import {StdCheats} from "forge-std/StdCheats.sol";
import {StdUtils} from "forge-std/StdUtils.sol";

/// @dev Drives the manager with valid actions only (the suite runs with `fail_on_revert`):
/// deposits, withdrawals, cancels, clearing, claims, draws, repayments, losses, re-rating,
/// donations and time. Ghost totals feed the invariants.
contract ProtocolHandler is CommonBase, StdCheats, StdUtils {
    uint256 internal constant POOL = 0;
    uint256 internal constant GENESIS = 1_767_571_200;

    ILendingPoolManager public lpm;
    TestUSDC public usdc;
    address public admin;
    address public manager;
    address[] public actors;

    uint256 public ghostDonated;
    uint256 public ghostDeposited;
    uint256 public ghostRefunded;
    uint256 public ghostCancelled;
    uint256 public ghostWithdrawn;
    uint256 public ghostInterestIn;
    uint256 public ghostClears;
    mapping(bytes32 => uint256) public calls;

    constructor(ILendingPoolManager lpm_, TestUSDC usdc_, address admin_, address manager_) {
        lpm = lpm_;
        usdc = usdc_;
        admin = admin_;
        manager = manager_;
        for (uint256 i; i < 4; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast)
            address a = address(uint160(0xA000 + i));
            actors.push(a);
            vm.prank(admin);
            lpm.setKycStatus(a, 1);
            vm.prank(a);
            usdc.approve(address(lpm), type(uint256).max);
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

    function _openEpochIsClearedOrMissing(uint256 epoch) internal view returns (bool) {
        return epoch < lpm.getPoolState(POOL).nextEpochToClear;
    }

    // ----- Actions -----

    function deposit(uint256 actorSeed, uint256 trancheSeed, uint256 amount) external {
        address user = _actor(actorSeed);
        uint256 trancheId = trancheSeed % 3;
        // A loss wiped it: closed to deposits (recapitalising is FairnessHandler's business).
        if (lpm.trancheClosed(POOL, trancheId)) return;
        ILendingPoolTypes.TrancheView memory t = lpm.getPool(POOL).tranches[trancheId];
        uint256 already = lpm.getCurrentEpochDepositedAmount(POOL, trancheId, user);
        if (already >= t.maximumDeposit) return;
        uint256 low = already == 0 ? t.minimumDeposit : 1;
        amount = bound(amount, low, t.maximumDeposit - already);
        vm.prank(admin);
        usdc.mint(user, amount);
        ILendingPoolTypes.ContractAcceptance memory a;
        ILendingPoolTypes.KycAuthorization memory k;
        vm.prank(user);
        lpm.requestDepositWithKyc(POOL, trancheId, amount, 0, a, k);
        ghostDeposited += amount;
        calls["deposit"]++;
    }

    function withdraw(uint256 actorSeed, uint256 trancheSeed, uint256 fraction) external {
        address user = _actor(actorSeed);
        uint256 trancheId = trancheSeed % 3;
        uint256 free = lpm.sharesOf(POOL, trancheId, user);
        if (free == 0) return;
        uint256 shares = bound(fraction, 1, free);
        vm.prank(user);
        lpm.requestWithdrawal(POOL, trancheId, shares);
        calls["withdraw"]++;
    }

    function cancel(uint256 idSeed) external {
        uint256 id = _pendingId(idSeed, false);
        if (id == 0) return;
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        uint256 before = usdc.balanceOf(v.owner);
        uint256 sharesBefore = lpm.sharesOf(POOL, v.trancheId, v.owner);
        vm.prank(v.owner);
        if (v.kind == ILendingPoolTypes.RequestKind.Deposit) {
            lpm.cancelDepositRequest(POOL, id);
            require(usdc.balanceOf(v.owner) - before == v.amount, "cancel refund inexact");
            ghostCancelled += v.amount;
        } else {
            lpm.cancelWithdrawalRequest(POOL, id);
            require(
                lpm.sharesOf(POOL, v.trancheId, v.owner) - sharesBefore == v.amount,
                "cancel shares inexact"
            );
        }
        calls["cancel"]++;
    }

    /// @dev Cancels a part of a pending request (issue 23 item 7): exactly that part comes back,
    /// the rest stays queued at the same level.
    function cancelPart(uint256 idSeed, uint256 amountSeed) external {
        uint256 id = _pendingId(idSeed, false);
        if (id == 0) return;
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        if (v.forced) return;
        bool deposit = v.kind == ILendingPoolTypes.RequestKind.Deposit;
        // a deposit's remainder stays at least the minimum deposit (100 USDC)
        uint256 keep = deposit ? 100e6 : 1;
        if (v.amount <= keep) return;
        uint256 amount = bound(amountSeed, 1, v.amount - keep);
        uint256 before = usdc.balanceOf(v.owner);
        uint256 sharesBefore = lpm.sharesOf(POOL, v.trancheId, v.owner);
        vm.prank(v.owner);
        lpm.cancelRequestPart(POOL, id, amount);
        ILendingPoolTypes.RequestView memory after_ = lpm.requestStatus(id);
        require(after_.amount == v.amount - amount, "part: rest differs");
        require(after_.level == v.level, "part: level changed");
        if (deposit) {
            require(usdc.balanceOf(v.owner) - before == amount, "part refund inexact");
            ghostCancelled += amount;
        } else {
            require(
                lpm.sharesOf(POOL, v.trancheId, v.owner) - sharesBefore == amount,
                "part shares inexact"
            );
        }
        calls["cancelPart"]++;
    }

    function clear(uint256 warpSeed) external {
        uint256 epoch = lpm.getPoolState(POOL).nextEpochToClear;
        uint256 opensAt = GENESIS + (epoch + 1) * 7 days - 2 days;
        if (block.timestamp < opensAt) vm.warp(opensAt + bound(warpSeed, 0, 1 days));
        lpm.clear(POOL);
        ghostClears++;
        calls["clear"]++;
    }

    function claim(uint256 idSeed) external {
        uint256 id = _pendingId(idSeed, true);
        if (id == 0) return;
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        uint256 before = usdc.balanceOf(v.owner);
        lpm.claim(id);
        uint256 received = usdc.balanceOf(v.owner) - before;
        if (v.kind == ILendingPoolTypes.RequestKind.Deposit) {
            require(received == v.rejected, "refund differs from the view");
            require(v.accepted + v.reallocated + v.rejected <= v.amount, "parts exceed escrow");
            ghostRefunded += received;
        } else {
            require(received == v.assets, "payout differs from the view");
            ghostWithdrawn += received;
        }
        calls["claim"]++;
    }

    function rerate(uint256 idSeed) external {
        uint256 id = _pendingId(idSeed, false);
        if (id == 0) return;
        lpm.rerate(id);
        calls["rerate"]++;
    }

    function draw(uint256 amount) external {
        uint256 idle = lpm.getPoolState(POOL).idleLiquidity;
        if (idle == 0) return;
        amount = bound(amount, 1, idle);
        vm.prank(manager);
        lpm.draw(POOL, amount, address(0xB0B));
        calls["draw"]++;
    }

    function repay(uint256 principal, uint256 interest) external {
        uint256 drawn = lpm.getPoolState(POOL).drawnPrincipal;
        principal = bound(principal, 0, drawn);
        interest = bound(interest, 0, 10_000e6);
        if (principal + interest == 0) return;
        vm.prank(admin);
        usdc.mint(manager, principal + interest);
        vm.prank(manager);
        lpm.repay(POOL, principal, interest);
        ghostInterestIn += interest;
        calls["repay"]++;
    }

    function reportLoss(uint256 amount) external {
        uint256 drawn = lpm.getPoolState(POOL).drawnPrincipal;
        uint256 assets;
        for (uint256 i; i < 3; ++i) {
            assets += lpm.getTrancheState(POOL, i).totalAssets;
        }
        uint256 cap = drawn < assets ? drawn : assets;
        if (cap == 0) return;
        amount = bound(amount, 1, cap / 10 + 1);
        vm.prank(manager);
        lpm.reportLoss(POOL, amount);
        calls["loss"]++;
    }

    function donate(uint256 amount) external {
        amount = bound(amount, 1, 1000e6);
        vm.prank(admin);
        usdc.mint(address(lpm), amount);
        ghostDonated += amount;
        calls["donate"]++;
    }

    function lockFixedTerm(uint256 actorSeed, uint256 amount) external {
        address user = _actor(actorSeed);
        // A lock is refused while the pool has overdue epochs (PoolBehindSchedule): the keeper
        // catches up first, so the lock paths are not skipped whenever time moved on.
        while (lpm.getPoolState(POOL).nextEpochToClear < lpm.requestEpoch()) {
            lpm.clear(POOL);
            ghostClears++;
            calls["clear"]++;
        }
        uint256 value = lpm.convertToAssets(POOL, 2, lpm.sharesOf(POOL, 2, user));
        if (value < 2) return;
        amount = bound(amount, 1, value - 1);
        // Fix APY is closed in the clearing period: once the epoch is cleared, wait for the next.
        if (lpm.isClearingPeriod()) {
            if (lpm.getPoolState(POOL).nextEpochToClear <= lpm.currentEpoch()) return;
            vm.warp(lpm.nextEpochStart());
        }
        require(lpm.getPoolState(POOL).nextEpochToClear >= lpm.requestEpoch(), "still behind");
        // No lock in a tranche a loss wiped.
        if (lpm.trancheClosed(POOL, 2)) return;
        vm.prank(user);
        try lpm.lockDepositForFixedTerm(POOL, 2, amount, 1) {
            calls["lockFixedTerm"]++;
        } catch (bytes memory reason) {
            // A config whose ledger a loss wiped takes no new locks; nothing else may refuse:
            // the config is open to everyone, so only a wipe (after a loss) is left.
            require(bytes4(reason) == FixedTermNotAvailable.selector, "lock refused");
            require(calls["loss"] != 0, "lock refused before any loss");
            require(
                lpm.getPool(POOL).tranches[2].fixedTermConfigs[0].status
                    == ILendingPoolTypes.FixedTermDepositStatus.Everyone,
                "lock refused by a config not open to everyone"
            );
            calls["lockRefusedWiped"]++;
        }
    }

    function withdrawAtExpiry(uint256 actorSeed, uint256 lockSeed) external {
        address user = _actor(actorSeed);
        ILendingPoolTypes.FixedTermLockView[] memory locks = lpm.getUserFixedTermLocks(user);
        if (locks.length == 0) return;
        ILendingPoolTypes.FixedTermLockView memory l = locks[lockSeed % locks.length];
        if (l.withdrawAtExpiry || lpm.requestEpoch() + 1 > l.endEpoch) return;
        vm.prank(user);
        lpm.withdrawAtExpiry(POOL, l.lockId);
        calls["withdrawAtExpiry"]++;
    }

    function releaseLock(uint256 actorSeed, uint256 lockSeed) external {
        address user = _actor(actorSeed);
        ILendingPoolTypes.FixedTermLockView[] memory locks = lpm.getUserFixedTermLocks(user);
        if (locks.length == 0) return;
        ILendingPoolTypes.FixedTermLockView memory l = locks[lockSeed % locks.length];
        uint256 next = lpm.getPoolState(POOL).nextEpochToClear;
        if (l.released || !l.matured || (l.withdrawAtExpiry && l.endEpoch + 1 >= next)) return;
        uint256 before = usdc.balanceOf(user);
        lpm.releaseFixedTermLock(l.lockId);
        ghostWithdrawn += usdc.balanceOf(user) - before;
        calls["releaseLock"]++;
    }

    function warp(uint256 seconds_) external {
        vm.warp(block.timestamp + bound(seconds_, 1, 3 days));
        calls["warp"]++;
    }

    // ----- Helpers -----

    /// @dev A pending request id picked by `seed`: uncleared (cancel, rerate) or cleared (claim);
    /// 0 if none.
    function _pendingId(uint256 seed, bool cleared) internal view returns (uint256) {
        uint256 count = requestCount();
        if (count == 0) return 0;
        uint256 start = seed % count;
        for (uint256 i; i < count; ++i) {
            uint256 id = (start + i) % count + 1;
            ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
            if (cleared
                    ? v.status == ILendingPoolTypes.RequestStatus.Cleared
                    : v.status == ILendingPoolTypes.RequestStatus.Pending) return id;
        }
        return 0;
    }

    /// @dev Request ids are sequential from 1; probe the last one through the actors' lists.
    function requestCount() public view returns (uint256 count) {
        for (uint256 i; i < actors.length; ++i) {
            (, ILendingPoolTypes.RequestView[] memory requests,,) = lpm.getUserPosition(actors[i]);
            count += requests.length;
        }
    }
}
