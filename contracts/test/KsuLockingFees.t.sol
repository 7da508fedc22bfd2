// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IKsuLocking} from "../src/interfaces/IKsuLocking.sol";
import {NothingToClaim} from "../src/libraries/LockingErrors.sol";
import {KsuLockingBaseTest} from "./KsuLockingBase.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

contract KsuLockingFeesTest is KsuLockingBaseTest {
    function test_notifyFees_onlyFeeNotifier() public {
        bytes32 role = locking.FEE_NOTIFIER_ROLE();
        assertTrue(locking.hasRole(role, address(mgr)));
        _expectMissingRole(stranger, role);
        vm.prank(stranger);
        locking.notifyFees(1);
        _expectMissingRole(admin, role);
        vm.prank(admin);
        locking.notifyFees(1);
    }

    function test_notifyFees_withoutLockersGoesToTreasury() public {
        vm.prank(admin);
        usdc.mint(address(mgr), 50 * USDC_UNIT);
        vm.expectEmit(address(locking));
        emit IKsuLocking.FeesNotified(50 * USDC_UNIT, 50 * USDC_UNIT, 0);
        mgr.sendFees(locking, 50 * USDC_UNIT);
        assertEq(locking.treasuryFees(), 50 * USDC_UNIT);
        // Below 1 rKSU outstanding as well.
        _lock(alice, 19e18, P30); // 0.95 rKSU
        _notify(10 * USDC_UNIT);
        assertEq(locking.treasuryFees(), 60 * USDC_UNIT);
        assertEq(locking.claimableFees(alice), 0);

        assertEq(locking.claimTreasuryFees(), 60 * USDC_UNIT);
        assertEq(usdc.balanceOf(treasury), 60 * USDC_UNIT);
        assertEq(locking.treasuryFees(), 0);
        vm.expectRevert(NothingToClaim.selector);
        locking.claimTreasuryFees();
    }

    function testFuzz_fees_proRataRksu(uint256 a, uint256 b, uint256 fees) public {
        a = _boundKsu(a);
        b = _boundKsu(b);
        fees = bound(fees, 1, 1_000_000 * USDC_UNIT);
        mgr.setDeposits(alice, USDC_UNIT); // the minimum for a fee share
        mgr.setDeposits(bob, USDC_UNIT); // the minimum for a fee share
        _lock(alice, a, P720); // rKSU = a
        _lock(bob, b, P180); // rKSU = b / 4
        _notify(fees);

        uint256 total = a + b / 4;
        uint256 expectedAlice = fees * a / total;
        uint256 expectedBob = fees * (b / 4) / total;
        assertApproxEqAbs(locking.claimableFees(alice), expectedAlice, 2);
        assertApproxEqAbs(locking.claimableFees(bob), expectedBob, 2);
        assertLe(locking.claimableFees(alice), expectedAlice, "rounding favours the pool");
        assertLe(locking.claimableFees(alice) + locking.claimableFees(bob), fees);

        uint256 claimable = locking.claimableFees(alice);
        if (claimable == 0) return;
        vm.prank(alice);
        assertEq(locking.claimFees(), claimable);
        assertEq(usdc.balanceOf(alice), claimable);
        assertEq(locking.claimableFees(alice), 0);
    }

    function test_fees_newLockerGetsNoPastFees() public {
        mgr.setDeposits(alice, USDC_UNIT); // the minimum for a fee share
        mgr.setDeposits(bob, USDC_UNIT); // the minimum for a fee share
        _lock(alice, 100e18, P720);
        _notify(100 * USDC_UNIT);
        _lock(bob, 100e18, P720);
        assertEq(locking.claimableFees(bob), 0);
        _notify(100 * USDC_UNIT);
        assertEq(locking.claimableFees(alice), 150 * USDC_UNIT);
        assertEq(locking.claimableFees(bob), 50 * USDC_UNIT);
    }

    function test_fees_noShareWithoutAcceptedDeposits() public {
        _lock(alice, 100e18, P720); // no deposits: frozen, no share
        assertFalse(locking.feeEligible(alice));
        vm.prank(admin);
        usdc.mint(address(mgr), 100 * USDC_UNIT);
        vm.expectEmit(address(locking));
        emit IKsuLocking.FeesNotified(100 * USDC_UNIT, 100 * USDC_UNIT, 0);
        mgr.sendFees(locking, 100 * USDC_UNIT);
        assertEq(locking.treasuryFees(), 100 * USDC_UNIT, "no eligible rKSU: the treasury");
        assertEq(locking.claimableFees(alice), 0);
        vm.expectRevert(NothingToClaim.selector);
        vm.prank(alice);
        locking.claimFees();
    }

    function test_fees_keptAfterUnlockAndPartialUnlock() public {
        mgr.setDeposits(alice, USDC_UNIT); // the minimum for a fee share
        mgr.setDeposits(bob, USDC_UNIT); // the minimum for a fee share
        _lock(alice, 100e18, P30); // 5 rKSU
        _lock(bob, 100e18, P30); // 5 rKSU
        _notify(100 * USDC_UNIT);
        skip(30 days);
        vm.prank(alice);
        locking.unlock(50e18, 0);
        _notify(75 * USDC_UNIT); // alice 2.5 rKSU, bob 5
        assertEq(locking.claimableFees(alice), 75 * USDC_UNIT);
        vm.prank(alice);
        locking.unlock(50e18, 0);
        assertEq(locking.claimableFees(alice), 75 * USDC_UNIT, "fees survive a full unlock");
        IKsuLocking.UserLock[] memory locks = locking.getUserLocks(alice);
        assertEq(locks.length, 1, "an empty lock with fees still shows");
        assertEq(locks[0].amount, 0);
        assertEq(locks[0].claimableFees, 75 * USDC_UNIT);
        _notify(30 * USDC_UNIT);
        assertEq(locking.claimableFees(alice), 75 * USDC_UNIT);
        assertEq(locking.claimableFees(bob), 130 * USDC_UNIT);

        vm.prank(alice);
        locking.claimFees();
        assertEq(usdc.balanceOf(alice), 75 * USDC_UNIT);
        assertEq(locking.getUserLocks(alice).length, 0);
    }

    function test_claimFees_revertsWithNothingAndWhenPaused() public {
        mgr.setDeposits(alice, USDC_UNIT); // the minimum for a fee share
        _lock(alice, 100e18, P720);
        vm.expectRevert(NothingToClaim.selector);
        vm.prank(alice);
        locking.claimFees();

        _notify(10 * USDC_UNIT);
        vm.prank(admin);
        locking.pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vm.prank(alice);
        locking.claimFees();
        vm.prank(admin);
        locking.unpause();
        vm.prank(alice);
        assertEq(locking.claimFees(), 10 * USDC_UNIT);
        vm.expectRevert(NothingToClaim.selector);
        vm.prank(alice);
        locking.claimFees();
    }

    function test_notifyFees_zeroIsANoOp() public {
        mgr.sendFees(locking, 0);
        assertEq(locking.rewardPerRksu(), 0);
        assertEq(locking.treasuryFees(), 0);
    }
}
