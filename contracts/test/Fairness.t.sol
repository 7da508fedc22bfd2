// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {
    FixedTermLockClosed,
    IncidentOpen,
    KeeperOnly,
    LockNotReleasable,
    PoolBehindSchedule
} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

/// @dev Regression tests of the audit's value-fairness findings (issue 10, contract items 1, 4,
/// 7 and 10): loss sharing inside a tranche, clearing racing a loss report, fixed-term lock-up
/// in real epochs, the treasury claim while paused, and unsettled fixed-term deposits in the
/// position view.
contract FairnessTest is ProtocolBase {
    uint256 internal constant FIXED_RATE = 0.004e18;
    uint256 internal junior3; // a 3-epoch fixed-term config on the Junior tranche
    uint256 internal junior1; // a 1-epoch one

    function setUp() public override {
        super.setUp();
        vm.startPrank(manager);
        junior3 = lpm.addFixedTermConfig(
            POOL, JUNIOR, FIXED_RATE, 3, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        junior1 = lpm.addFixedTermConfig(
            POOL, JUNIOR, FIXED_RATE, 1, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        vm.stopPrank();
    }

    // ----- Item 1: a loss cuts every ledger of a tranche by the same fraction -----

    /// @dev The audit's front-running scenario: two Junior lenders of 20,000 USDC each, all of
    /// it lent out; one locks into a fixed term just before a 20,000 loss. Fair: 10,000 each.
    /// Before the fix the variable ledger took the whole loss (the locker kept 20,000, the other
    /// lender about nothing).
    function test_reportLoss_lockJustBeforeTheLoss_bothLendersKeepTheSameFraction() public {
        _deposit(alice, JUNIOR, 20_000e6);
        _deposit(bob, JUNIOR, 20_000e6);
        _clear();
        lpm.settle(_ids(1, 2));
        vm.prank(manager);
        lpm.draw(POOL, 40_000e6, borrower);
        _nextEpoch();

        uint256 value = lpm.convertToAssets(POOL, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        vm.prank(alice);
        lpm.lockDepositForFixedTerm(POOL, JUNIOR, value, junior3);
        vm.prank(manager);
        lpm.reportLoss(POOL, 20_000e6);

        assertApproxEqAbs(_valueIn(alice, JUNIOR), 10_000e6, 2, "locker");
        assertApproxEqAbs(_valueIn(bob, JUNIOR), 10_000e6, 2, "variable lender");
    }

    /// @dev Any loss, any split between the variable ledger and two fixed-term configs: every
    /// ledger keeps the same fraction of its value (to a few wei), and the cuts add up exactly.
    function testFuzz_reportLoss_cutsEveryLedgerOfATrancheByTheSameFraction(
        uint256 variable,
        uint256 fixed3,
        uint256 fixed1,
        uint256 loss
    ) public {
        variable = bound(variable, 100e6, 100_000e6);
        fixed3 = bound(fixed3, 100e6, 100_000e6);
        fixed1 = bound(fixed1, 100e6, 100_000e6);
        _deposit(alice, JUNIOR, variable);
        _depositFixed(bob, JUNIOR, fixed3, junior3);
        _depositFixed(carol, JUNIOR, fixed1, junior1);
        _allow(lender);
        _deposit(lender, SENIOR, 50_000e6);
        _clear();
        lpm.settle(_ids(1, 2, 3));
        uint256 total = variable + fixed3 + fixed1;
        vm.prank(manager);
        lpm.draw(POOL, total, borrower);
        loss = bound(loss, 1, total);
        uint256[3] memory before = [_valueIn(alice, JUNIOR), _lockValue(bob), _lockValue(carol)];

        vm.prank(manager);
        lpm.reportLoss(POOL, loss);

        ILendingPoolTypes.TrancheState memory t = lpm.getTrancheState(POOL, JUNIOR);
        assertEq(t.totalAssets + t.fixedTermAssets, total - loss, "cuts add up to the loss");
        uint256[3] memory afterLoss = [_valueIn(alice, JUNIOR), _lockValue(bob), _lockValue(carol)];
        for (uint256 i; i < 3; ++i) {
            // Same fraction (total - loss) / total for every position.
            assertApproxEqAbs(afterLoss[i], before[i] * (total - loss) / total, 3, "fraction");
        }
        assertEq(lpm.getTrancheState(POOL, SENIOR).totalAssets, 50_000e6, "Senior untouched");
    }

    // ----- Item 4: clearing and loss reports cannot race -----

    /// @dev During the clearing period and one whole epoch of grace after it only a keeper
    /// clears; afterwards anyone (liveness if the keeper is down). Before the fix anyone cleared
    /// as soon as the period began, then (first review) as soon as it ended.
    function test_clear_keeperOnlyDuringTheClearingPeriod_anyoneAfter() public {
        _deposit(alice, JUNIOR, 1000e6);
        uint256 opensAt = GENESIS + 5 days;
        uint256 allAt = opensAt + 2 days + 7 days;
        vm.warp(opensAt);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(KeeperOnly.selector, POOL, 0, allAt));
        lpm.clear(POOL);
        vm.warp(opensAt + 2 days); // the period is over: still the keeper's (grace)
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(KeeperOnly.selector, POOL, 0, allAt));
        lpm.clear(POOL);
        vm.warp(allAt - 1);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(KeeperOnly.selector, POOL, 0, allAt));
        lpm.clear(POOL);
        vm.warp(allAt);
        vm.prank(stranger);
        lpm.clear(POOL);
        assertEq(lpm.getPoolState(POOL).nextEpochToClear, 1);
        // Epoch 1's period opened at 12 days (now 14): the keeper (this contract) clears it.
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(KeeperOnly.selector, POOL, 1, allAt + 7 days));
        lpm.clear(POOL);
        lpm.clear(POOL);
        assertEq(lpm.getPoolState(POOL).nextEpochToClear, 2);
    }

    /// @dev Review finding (overdue pool): the keeper missed epoch 1's clearing period and no
    /// incident is open yet. A stranger's clear must not front-run the manager's loss report: it
    /// is refused until one epoch after the period, so the withdrawer is paid at the price after
    /// the loss, as if the loss had come first. Before the fix the stranger cleared at once and
    /// the withdrawer took 10,000 USDC at the pre-loss price.
    function test_overduePool_strangerClearCannotFrontRunTheLoss() public {
        _deposit(alice, JUNIOR, 10_000e6);
        _deposit(bob, JUNIOR, 10_000e6);
        _clear();
        lpm.settle(_ids(1, 2));
        vm.prank(manager);
        lpm.draw(POOL, 10_000e6, borrower);
        _nextEpoch();
        uint256 w = _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        vm.warp(GENESIS + 14 days + 1 hours); // epoch 1's clearing period is over
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(KeeperOnly.selector, POOL, 1, GENESIS + 21 days));
        lpm.clear(POOL);
        vm.prank(manager);
        lpm.reportLoss(POOL, 10_000e6);
        vm.warp(GENESIS + 21 days); // the grace is over: anyone clears
        vm.prank(stranger);
        lpm.clear(POOL);
        // Half the Junior tranche is lost: alice's 10,000 is worth about 5,000.
        assertApproxEqAbs(lpm.requestStatus(w).assets, 5000e6, 2);
    }

    /// @dev While an incident is open only the pool manager clears: not a stranger after the
    /// clearing period, not even the keeper. Opening it is the pool manager's.
    function test_setIncident_onlyThePoolManagerClearsUntilItCloses() public {
        bytes32 role = lpm.POOL_MANAGER_ROLE();
        vm.prank(stranger);
        vm.expectRevert(
            abi.encodeWithSelector(
                IAccessControl.AccessControlUnauthorizedAccount.selector, stranger, role
            )
        );
        lpm.setIncident(POOL, true);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.IncidentSet(POOL, true);
        vm.prank(manager);
        lpm.setIncident(POOL, true);
        assertTrue(lpm.incidentOpen(POOL));

        vm.warp(GENESIS + 8 days); // epoch 0's clearing period is over
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(IncidentOpen.selector, POOL));
        lpm.clear(POOL);
        vm.expectRevert(abi.encodeWithSelector(IncidentOpen.selector, POOL));
        lpm.clear(POOL); // the keeper
        vm.prank(manager);
        lpm.clear(POOL);

        vm.prank(manager);
        lpm.setIncident(POOL, false);
        assertFalse(lpm.incidentOpen(POOL));
        vm.warp(GENESIS + 21 days); // epoch 1's period and grace are over
        vm.prank(stranger);
        lpm.clear(POOL);
        assertEq(lpm.getPoolState(POOL).nextEpochToClear, 2);
    }

    /// @dev Differential test: the same actions, then in the clearing period a withdrawer's
    /// `clear` and the manager's loss report in either order (then the keeper clears). Every
    /// user ends with the same USDC and position value either way. Before the fix the withdrawer
    /// who cleared first was paid at the price before the loss and the rest paid for it.
    /// `mode` 1: the keeper missed the period; the manager had opened an incident. `mode` 2: the
    /// keeper missed the period, no incident is open, the manager reports the loss within the
    /// grace (any time in the epoch after the period).
    function testFuzz_lossAndClearOrder_sameOutcomePerUser(
        uint256[3] memory amounts,
        uint256[3] memory withdrawn,
        uint256 loss,
        uint8 mode,
        uint256 lateBy
    ) public {
        mode = mode % 3;
        bool afterThePeriod = mode == 1;
        address[3] memory users = [alice, bob, carol];
        for (uint256 i; i < 3; ++i) {
            amounts[i] = bound(amounts[i], 100e6, 100_000e6);
            _deposit(users[i], i % 2 == 0 ? JUNIOR : SENIOR, amounts[i]);
        }
        _clear();
        lpm.settle(_ids(1, 2, 3));
        _fundReserve(1000e6);
        uint256 idle = lpm.getPoolState(POOL).idleLiquidity;
        vm.prank(manager);
        lpm.draw(POOL, idle / 2, borrower);
        _nextEpoch();
        for (uint256 i; i < 3; ++i) {
            uint256 trancheId = i % 2 == 0 ? JUNIOR : SENIOR;
            uint256 shares = bound(withdrawn[i], 0, lpm.sharesOf(POOL, trancheId, users[i]));
            if (shares != 0) _withdraw(users[i], trancheId, shares);
        }
        loss = bound(loss, 1, lpm.getPoolState(POOL).drawnPrincipal);
        if (afterThePeriod) {
            vm.prank(manager);
            lpm.setIncident(POOL, true);
            vm.warp(GENESIS + 14 days + 1 hours);
        } else if (mode == 2) {
            vm.warp(GENESIS + 14 days + bound(lateBy, 0, 7 days - 1));
        } else {
            vm.warp(GENESIS + 12 days + 1 hours);
        }

        uint256 snapshot = vm.snapshotState();
        _strangerTriesToClear();
        _reportLossAndClear(loss, afterThePeriod);
        uint256[3] memory clearFirst = _outcomes(users);
        vm.revertToState(snapshot);
        _reportLossAndClear(loss, afterThePeriod);
        _strangerTriesToClear();
        uint256[3] memory lossFirst = _outcomes(users);
        for (uint256 i; i < 3; ++i) {
            assertEq(clearFirst[i], lossFirst[i], "outcome depends on the order");
        }
    }

    // ----- Item 7: a fixed-term lock lasts its duration in real epochs -----

    /// @dev After a keeper outage (cursor at epoch 1, clock at epoch 6) a lock is refused until
    /// the overdue epochs are cleared; then it lasts its duration in real epochs. Before the
    /// first fix its end epoch came from the cursor (1 + 3 - 1 = 3) and it was released at once
    /// with three epochs of fixed interest; before the second, the overdue clearings paid it the
    /// fixed rate for the epochs before it existed.
    function test_lock_afterAKeeperOutage_lastsItsDurationInRealEpochs() public {
        _fundReserve(10_000e6);
        _deposit(alice, JUNIOR, 10_000e6);
        _clear();
        lpm.claim(1);
        vm.warp(GENESIS + 6 * 7 days + 1 days); // epoch 6; the pool still has epoch 1 to clear
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(PoolBehindSchedule.selector, POOL, 1));
        lpm.lockDepositForFixedTerm(POOL, JUNIOR, 5000e6, junior3);
        while (lpm.getPoolState(POOL).nextEpochToClear <= 5) lpm.clear(POOL);
        uint256 lockedAt = block.timestamp;
        vm.prank(alice);
        uint256 lockId = lpm.lockDepositForFixedTerm(POOL, JUNIOR, 5000e6, junior3);
        assertEq(lpm.getUserFixedTermLocks(alice)[0].endEpoch, 6 + 3 - 1);
        vm.expectRevert(abi.encodeWithSelector(LockNotReleasable.selector, lockId));
        lpm.releaseFixedTermLock(lockId);
        // It matures at epoch 8's clearing, at least (3 - 1) epochs after the lock.
        while (lpm.getPoolState(POOL).nextEpochToClear <= 8) _clear();
        assertGe(block.timestamp - lockedAt, 2 * 7 days);
        lpm.releaseFixedTermLock(lockId);
    }

    /// @dev Review finding: a lock made during a keeper outage earned the fixed rate for the
    /// overdue epochs before it. Two equal Junior lenders; alice locks once the overdue epochs
    /// are cleared (the lock is refused before): through the catch-up both earned the variable
    /// rate alike. Before the fix alice locked at once and led bob by about 180 USDC.
    function test_lockAfterOutage_earnsNoFixedRateForEpochsBeforeTheLock() public {
        uint256 high = _highRateConfig();
        _fundReserve(100_000e6);
        _deposit(alice, JUNIOR, 10_000e6);
        _deposit(bob, JUNIOR, 10_000e6);
        _clear();
        lpm.settle(_ids(1, 2));
        vm.warp(GENESIS + 6 * 7 days + 1 days); // epoch 6; pool still has epoch 1 to clear
        uint256 v = _valueIn(alice, JUNIOR);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(PoolBehindSchedule.selector, POOL, 1));
        lpm.lockDepositForFixedTerm(POOL, JUNIOR, v - 1, high);
        while (lpm.getPoolState(POOL).nextEpochToClear <= 5) lpm.clear(POOL); // the keeper
        assertApproxEqAbs(_valueIn(alice, JUNIOR), _valueIn(bob, JUNIOR), 1, "catch-up alike");
    }

    /// @dev The settle path of the same finding: a fixed-term deposit accepted before a keeper
    /// outage is not settled (its lock not created) while the pool is behind; it earns the
    /// variable rate through the overdue clearings like a variable deposit, then settles into a
    /// lock of its full duration from the current epoch.
    function test_settleFixedTermDeposit_whilePoolBehind_waitsForTheOverdueClearings() public {
        uint256 high = _highRateConfig();
        _fundReserve(100_000e6);
        _depositFixed(alice, JUNIOR, 10_000e6, high);
        _deposit(bob, JUNIOR, 10_000e6);
        _clear();
        vm.warp(GENESIS + 6 * 7 days + 1 days); // epoch 6; pool still has epoch 1 to clear
        lpm.settle(_ids(1, 2)); // bob's settles, alice's waits
        assertEq(uint8(lpm.requestStatus(1).status), uint8(ILendingPoolTypes.RequestStatus.Cleared));
        assertEq(lpm.getUserFixedTermLocks(alice).length, 0);
        vm.expectRevert(abi.encodeWithSelector(PoolBehindSchedule.selector, POOL, 1));
        lpm.claim(1);
        while (lpm.getPoolState(POOL).nextEpochToClear <= 5) lpm.clear(POOL); // the keeper
        assertApproxEqAbs(_valueIn(alice, JUNIOR), _valueIn(bob, JUNIOR), 2, "catch-up alike");
        lpm.claim(1);
        ILendingPoolTypes.FixedTermLockView memory l = lpm.getUserFixedTermLocks(alice)[0];
        assertEq(l.endEpoch, 6 + 3 - 1);
        assertApproxEqAbs(l.assets, _valueIn(bob, JUNIOR), 2);
    }

    /// @dev A lock made in a clearing period belongs to the next epoch, like a request made then:
    /// it is refused until the keeper clears the current epoch (that clearing would pay it the
    /// fixed rate for an epoch before it), and a 1-epoch lock made after that clearing is not
    /// released before the next one.
    /// @dev Issue 12: Fix APY is closed in the clearing period (the app's form shows a
    /// countdown there); the lock made when the next epoch opens counts from that epoch.
    function test_lock_closedInTheClearingPeriod_thenCountsFromTheNextEpoch() public {
        _deposit(alice, JUNIOR, 10_000e6);
        _clear();
        lpm.claim(1);
        vm.warp(GENESIS + 7 days + 5 days + 1 days); // epoch 1's clearing period, not cleared
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(FixedTermLockClosed.selector, GENESIS + 14 days));
        lpm.lockDepositForFixedTerm(POOL, JUNIOR, 5000e6, junior1);
        vm.warp(GENESIS + 14 days); // epoch 2 opens before epoch 1 is cleared
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(PoolBehindSchedule.selector, POOL, 1));
        lpm.lockDepositForFixedTerm(POOL, JUNIOR, 5000e6, junior1);
        lpm.clear(POOL); // epoch 1
        vm.prank(alice);
        uint256 lockId = lpm.lockDepositForFixedTerm(POOL, JUNIOR, 5000e6, junior1);
        assertEq(lpm.getUserFixedTermLocks(alice)[0].endEpoch, 2);
        vm.expectRevert(abi.encodeWithSelector(LockNotReleasable.selector, lockId));
        lpm.releaseFixedTermLock(lockId);
        _clear(); // epoch 2
        lpm.releaseFixedTermLock(lockId);
    }

    // ----- Item 10: treasury claim while paused; unsettled fixed-term deposits in the view -----

    function test_claimTreasuryFees_revertsWhilePaused() public {
        _fundReserve(1000e6);
        _deposit(alice, JUNIOR, 10_000e6);
        _clear();
        _clear(); // interest, so fees are owed
        uint256 owed = lpm.treasuryFees();
        assertGt(owed, 0);
        vm.prank(admin);
        lpm.pause();
        vm.prank(stranger);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        lpm.claimTreasuryFees();
        assertEq(lpm.treasuryFees(), owed);
        vm.prank(admin);
        lpm.unpause();
        uint256 before = usdc.balanceOf(treasury);
        lpm.claimTreasuryFees();
        assertEq(usdc.balanceOf(treasury) - before, owed);
    }

    /// @dev An accepted fixed-term deposit not yet settled (its lock is created at settlement)
    /// is the lender's money: the position shows it as locked and in the balance, and settling
    /// changes neither.
    function test_getUserPosition_includesAcceptedUnsettledFixedTermDeposits() public {
        _depositFixed(alice, JUNIOR, 10_000e6, junior3);
        _clear();
        (ILendingPoolTypes.UserTranchePosition[] memory positions,, uint256 active,) =
            lpm.getUserPosition(alice);
        assertEq(positions.length, 1);
        assertApproxEqAbs(positions[0].lockedInFixedTerm, 10_000e6, 1);
        assertApproxEqAbs(positions[0].balance, 10_000e6, 1);
        assertEq(positions[0].availableToWithdraw, 0);
        assertApproxEqAbs(active, 10_000e6, 1);
        lpm.claim(1);
        (positions,, active,) = lpm.getUserPosition(alice);
        assertApproxEqAbs(positions[0].lockedInFixedTerm, 10_000e6, 1);
        assertApproxEqAbs(active, 10_000e6, 1);
    }

    // ----- Review: the lock view of a lock withdrawn at expiry, after the clearing paid it -----

    /// @dev Once the clearing after its end paid a lock withdrawn at expiry, the lock view (and
    /// the position) shows what `releaseFixedTermLock` pays: the USDC set aside plus the
    /// rejected shares at the current price. A later loss does not touch the USDC set aside.
    /// Before the fix the view valued the whole lock at its matured shares, so a loss after the
    /// payment showed up on money already paid (half of it here).
    function test_withdrawAtExpiryLockView_afterPayment_isWhatReleasePays() public {
        _deposit(alice, JUNIOR, 10_000e6);
        _deposit(bob, JUNIOR, 10_000e6);
        _clear();
        lpm.settle(_ids(1, 2));
        _nextEpoch();
        vm.prank(alice);
        uint256 lockId = lpm.lockDepositForFixedTerm(POOL, JUNIOR, 5000e6, junior3);
        vm.prank(alice);
        lpm.withdrawAtExpiry(POOL, lockId);
        uint256 end = lpm.getUserFixedTermLocks(alice)[0].endEpoch;
        while (lpm.getPoolState(POOL).nextEpochToClear <= end + 1) _clear();
        uint256 viewBefore = _lockValue(alice);
        uint256 idle = lpm.getPoolState(POOL).idleLiquidity;
        vm.startPrank(manager);
        lpm.draw(POOL, idle, borrower);
        lpm.reportLoss(POOL, idle / 2);
        vm.stopPrank();
        uint256 viewAfter = _lockValue(alice);
        assertEq(viewAfter, viewBefore, "the loss does not touch USDC set aside");
        uint256 balBefore = usdc.balanceOf(alice);
        lpm.releaseFixedTermLock(lockId);
        assertEq(usdc.balanceOf(alice) - balBefore, viewAfter, "view = release payout");
    }

    // ----- Helpers -----

    /// @dev A 3-epoch Junior config at 1% per epoch (variable Junior earns 0.6%).
    function _highRateConfig() internal returns (uint256 configId) {
        vm.prank(manager);
        configId = lpm.addFixedTermConfig(
            POOL, JUNIOR, 0.01e18, 3, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
    }

    function _ids(uint256 a, uint256 b, uint256 c) internal pure returns (uint256[] memory ids) {
        ids = new uint256[](3);
        ids[0] = a;
        ids[1] = b;
        ids[2] = c;
    }

    /// @dev A user's USDC value in one tranche (free, queued, locked, unsettled).
    function _valueIn(address user, uint256 trancheId) internal view returns (uint256) {
        (ILendingPoolTypes.UserTranchePosition[] memory positions,,,) = lpm.getUserPosition(user);
        for (uint256 i; i < positions.length; ++i) {
            if (positions[i].trancheId == trancheId) return positions[i].balance;
        }
        return 0;
    }

    function _lockValue(address user) internal view returns (uint256) {
        return lpm.getUserFixedTermLocks(user)[0].assets;
    }

    function _strangerTriesToClear() internal {
        vm.prank(stranger);
        try lpm.clear(POOL) {} catch {}
    }

    function _reportLossAndClear(uint256 loss, bool incident) internal {
        vm.startPrank(manager);
        lpm.reportLoss(POOL, loss);
        if (incident) lpm.setIncident(POOL, false);
        vm.stopPrank();
        if (lpm.getPoolState(POOL).nextEpochToClear == 1) lpm.clear(POOL);
    }

    /// @dev Each user's wallet USDC plus everything the position view counts, after settling.
    function _outcomes(address[3] memory users) internal returns (uint256[3] memory values) {
        for (uint256 id = 1; id <= 6; ++id) {
            if (lpm.requestOwner(id) != address(0)) lpm.claim(id);
        }
        for (uint256 i; i < 3; ++i) {
            (,, uint256 active, uint256 pending) = lpm.getUserPosition(users[i]);
            values[i] = usdc.balanceOf(users[i]) + active + pending;
        }
    }
}
