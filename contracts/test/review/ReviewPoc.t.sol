// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../../src/interfaces/ILendingPoolTypes.sol";
import {OnlyManager} from "../../src/libraries/Errors.sol";
import {ProtocolBase} from "../ProtocolBase.sol";

contract FakeManager {
    address public usdc;

    constructor(address u) {
        usdc = u;
    }
}

/// Review PoCs (not part of the project).
contract ReviewPocTest is ProtocolBase {
    uint256 internal juniorHigh; // 3 epochs at 1%/epoch (variable Junior is 0.6%)
    uint256 internal junior3; // 3 epochs at 0.4%

    function setUp() public override {
        super.setUp();
        vm.startPrank(manager);
        juniorHigh = lpm.addFixedTermConfig(
            POOL, JUNIOR, 0.01e18, 3, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        junior3 = lpm.addFixedTermConfig(
            POOL, JUNIOR, 0.004e18, 3, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        vm.stopPrank();
    }

    function _value(address u, uint256 t) internal view returns (uint256) {
        return lpm.convertToAssets(POOL, t, lpm.sharesOf(POOL, t, u));
    }

    /// Bonus base is principal, not value: after a 100% loss of the tranche the lender keeps
    /// earning level-2 bonus (and a fee share) on money that is gone.
    function test_poc_bonusKeepsAccruingOnLostPrincipal() public {
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        _clear();
        lpm.claim(a);
        _lockKsu(alice, 2000e18); // 20% of deposits: level 2
        uint256 idle = lpm.getPoolState(POOL).idleLiquidity;
        vm.startPrank(manager);
        lpm.draw(POOL, idle, borrower);
        lpm.reportLoss(POOL, idle); // Junior wiped out
        vm.stopPrank();
        assertLe(_value(alice, JUNIOR), 1, "alice holds nothing");
        assertEq(lpm.userAcceptedDeposits(alice), 10_000e6, "principal still counted");
        uint256 before = locking.getUserTotalBonusAmount(alice);
        vm.warp(block.timestamp + 7 days);
        vm.prank(admin);
        locking.setKsuPrice(1e6);
        locking.checkpointBonus(alice);
        uint256 earned = locking.getUserTotalBonusAmount(alice) - before;
        emit log_named_uint("bonus KSU wei earned in one epoch on 0 USDC held", earned);
        assertGt(earned, 0.38e18);
        assertTrue(locking.feeEligible(alice));
    }

    /// A fixed-term lock made during a keeper outage earns the fixed rate for the overdue epochs
    /// before the lock (paid from the reserve), on top of its full duration.
    function test_poc_lockAfterOutage_earnsFixedRateForEpochsBeforeTheLock() public {
        _fundReserve(100_000e6);
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        uint256 b = _deposit(bob, JUNIOR, 10_000e6);
        _clear();
        lpm.settle(_ids(a, b));
        vm.warp(GENESIS + 6 * 7 days + 1 days); // epoch 6; pool still has epoch 1 to clear
        uint256 v = _value(alice, JUNIOR);
        assertEq(v, _value(bob, JUNIOR));
        vm.prank(alice);
        lpm.lockDepositForFixedTerm(POOL, JUNIOR, v - 1, juniorHigh);
        vm.startPrank(makeAddr("stranger"));
        while (lpm.getPoolState(POOL).nextEpochToClear <= 5) lpm.clear(POOL);
        vm.stopPrank();
        uint256 aliceV = lpm.getUserFixedTermLocks(alice)[0].assets + _value(alice, JUNIOR);
        uint256 bobV = _value(bob, JUNIOR);
        emit log_named_uint("alice (locked at epoch 6)", aliceV);
        emit log_named_uint("bob (variable)           ", bobV);
        // 5 overdue epochs x (1% - 0.6%) x 0.9 x 10,000 ~ 180 USDC for epochs before the lock
        assertGt(aliceV, bobV + 150e6);
    }

    /// Fee eligibility is binary on accepted > 0: one share unit (1e-12 USDC) left after a
    /// withdrawal keeps a full rKSU-pro-rata fee share.
    function test_poc_dustKeepsFullFeeShare() public {
        _fundReserve(100_000e6);
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        uint256 b = _deposit(bob, JUNIOR, 10_000e6);
        _clear();
        lpm.settle(_ids(a, b));
        _lockKsu(alice, 2000e18);
        _lockKsu(bob, 2000e18);
        uint256 free = lpm.sharesOf(POOL, JUNIOR, alice);
        uint256 w = _withdraw(alice, JUNIOR, free - 1);
        assertEq(lpm.userAcceptedDeposits(alice), 1, "1 unit of principal left");
        assertTrue(locking.feeEligible(alice));
        _clear();
        lpm.claim(w);
        uint256 fa = locking.claimableFees(alice);
        uint256 fb = locking.claimableFees(bob);
        _clear();
        uint256 da = locking.claimableFees(alice) - fa;
        uint256 db = locking.claimableFees(bob) - fb;
        emit log_named_uint("alice value held (USDC units)", _value(alice, JUNIOR));
        emit log_named_uint("alice fee share", da);
        emit log_named_uint("bob fee share  ", db);
        assertGt(da, 0);
        assertApproxEqAbs(da, db, 1);
    }

    /// The lock view keeps valuing a withdraw-at-expiry lock at its matured shares after the
    /// clearing that paid it: a later loss shows up on USDC already set aside.
    function test_poc_withdrawAtExpiryLockView_afterPayment() public {
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        uint256 b = _deposit(bob, JUNIOR, 10_000e6);
        _clear();
        lpm.settle(_ids(a, b));
        _nextEpoch();
        vm.prank(alice);
        uint256 lockId = lpm.lockDepositForFixedTerm(POOL, JUNIOR, 5000e6, junior3);
        vm.prank(alice);
        lpm.withdrawAtExpiry(POOL, lockId);
        uint256 end = lpm.getUserFixedTermLocks(alice)[0].endEpoch;
        while (lpm.getPoolState(POOL).nextEpochToClear <= end + 1) _clear();
        ILendingPoolTypes.FixedTermLockView memory l = lpm.getUserFixedTermLocks(alice)[0];
        emit log_named_uint("view before loss", l.assets);
        uint256 idle = lpm.getPoolState(POOL).idleLiquidity;
        vm.startPrank(manager);
        lpm.draw(POOL, idle, borrower);
        lpm.reportLoss(POOL, idle / 2);
        vm.stopPrank();
        uint256 viewAfter = lpm.getUserFixedTermLocks(alice)[0].assets;
        emit log_named_uint("view after loss ", viewAfter);
        uint256 balBefore = usdc.balanceOf(alice);
        lpm.releaseFixedTermLock(lockId);
        uint256 paid = usdc.balanceOf(alice) - balBefore;
        emit log_named_uint("paid at release ", paid);
        assertLt(viewAfter + 100e6, paid, "view understates USDC already set aside");
    }

    /// Pointing KsuLocking at another manager makes every withdrawal of a locker in this
    /// manager revert (notifyDepositsDecreased: OnlyManager) until the admin unsets ksuLocking.
    function test_poc_lockingManagerChange_blocksWithdrawalsOfLockers() public {
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        _clear();
        lpm.claim(a);
        _lockKsu(alice, 100e18);
        FakeManager other = new FakeManager(address(usdc));
        vm.prank(admin);
        locking.setManager(address(other));
        uint256 shares = lpm.sharesOf(POOL, JUNIOR, alice);
        vm.prank(alice);
        vm.expectRevert(OnlyManager.selector);
        lpm.requestWithdrawal(POOL, JUNIOR, shares);
    }

    /// The bonus base is fixed in KSU at the checkpoint's price: checkpoint when KSU is cheap,
    /// let it rise, and accrue on the old (larger) KSU base until the next checkpoint.
    function test_poc_bonusBaseStaleAfterPriceRise() public {
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        _clear();
        lpm.claim(a);
        _lockKsu(alice, 2000e18);
        vm.prank(admin);
        locking.setKsuPrice(0.5e6);
        locking.checkpointBonus(alice); // base 20,000 KSU
        vm.prank(admin);
        locking.setKsuPrice(4e6); // deposits now worth 2,500 KSU
        uint256 before = locking.getUserTotalBonusAmount(alice);
        vm.warp(block.timestamp + 7 days);
        uint256 earned = locking.getUserTotalBonusAmount(alice) - before;
        uint256 fair = 2500e18 * locking.BONUS_RATE_LEVEL_2() / 1e18;
        emit log_named_uint("earned", earned);
        emit log_named_uint("fair  ", fair);
        assertGt(earned, 7 * fair);
    }

    /// Keeper misses the 48 h window, no incident opened yet: a stranger's clear before the
    /// manager's reportLoss pays the withdrawer at the pre-loss price (order still matters).
    function test_poc_overduePool_strangerClearFrontRunsLoss() public {
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        uint256 b = _deposit(bob, JUNIOR, 10_000e6);
        _clear();
        lpm.settle(_ids(a, b));
        vm.prank(manager);
        lpm.draw(POOL, 10_000e6, borrower);
        _nextEpoch();
        uint256 w = _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        vm.warp(GENESIS + 14 days + 1 hours); // epoch 1's clearing period is over
        uint256 snap = vm.snapshotState();
        vm.prank(makeAddr("stranger"));
        lpm.clear(POOL);
        vm.prank(manager);
        lpm.reportLoss(POOL, 10_000e6);
        uint256 clearFirst = lpm.requestStatus(w).assets;
        vm.revertToState(snap);
        vm.prank(manager);
        lpm.reportLoss(POOL, 10_000e6);
        vm.prank(makeAddr("stranger"));
        lpm.clear(POOL);
        uint256 lossFirst = lpm.requestStatus(w).assets;
        emit log_named_uint("alice paid, stranger clears first", clearFirst);
        emit log_named_uint("alice paid, loss first           ", lossFirst);
        assertGt(clearFirst, lossFirst + 4000e6);
    }
}
