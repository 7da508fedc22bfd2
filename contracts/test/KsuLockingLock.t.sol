// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IKsuLocking} from "../src/interfaces/IKsuLocking.sol";
import {
    LockPeriodInactive,
    LockPeriodNotFound,
    ZeroLockAmount,
    ZeroRksu
} from "../src/libraries/LockingErrors.sol";
import {KsuLockingBaseTest} from "./KsuLockingBase.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

contract KsuLockingLockTest is KsuLockingBaseTest {
    function testFuzz_lock_mintsRksuAndPaysLaunchBonus(uint256 amount, uint256 periodId) public {
        amount = _boundKsu(amount);
        periodId = bound(periodId, 1, 4);
        _giveKsu(alice, amount);
        uint256 rksu = amount * _rMult(periodId) / 1e18;
        uint256 bonus = amount * _bMult(periodId) / 1e18;
        if (bonus > BONUS_POOL) bonus = BONUS_POOL;

        vm.expectEmit(address(locking));
        emit IKsuLocking.Locked(
            alice, 0, periodId, amount, rksu, block.timestamp + _duration(periodId), bonus
        );
        vm.prank(alice);
        uint256 lockId = locking.lock(amount, periodId);

        assertEq(lockId, 0);
        assertEq(locking.rKsuBalance(alice), rksu);
        assertEq(locking.balanceOf(alice), rksu);
        assertEq(locking.totalSupply(), rksu);
        assertEq(locking.stakedKsu(alice), amount);
        assertEq(ksu.balanceOf(alice), bonus, "bonus paid, the rest locked");
        assertEq(ksu.balanceOf(address(locking)), BONUS_POOL + amount - bonus);
        assertEq(locking.bonusPool(), BONUS_POOL - bonus);

        IKsuLocking.UserLock[] memory locks = locking.getUserLocks(alice);
        assertEq(locks.length, 1);
        assertEq(locks[0].lockId, 0);
        assertEq(locks[0].lockPeriodId, periodId);
        assertEq(locks[0].amount, amount);
        assertEq(locks[0].rKsu, rksu);
        assertEq(locks[0].startTime, block.timestamp);
        assertEq(locks[0].unlockTime, block.timestamp + _duration(periodId));
        assertEq(locks[0].claimableFees, 0);
    }

    function test_lock_seedMultipliers() public {
        for (uint256 p = 1; p <= 4; ++p) {
            _lock(alice, 1000e18, p);
        }
        // 1000 x (0.05 + 0.25 + 0.50 + 1.00) rKSU; bonus 1000 x (0 + 0.10 + 0.25 + 0.70) KSU
        assertEq(locking.rKsuBalance(alice), 1800e18);
        assertEq(ksu.balanceOf(alice), 1050e18);
        assertEq(locking.stakedKsu(alice), 4000e18);
        assertEq(locking.getUserLocks(alice).length, 4);
        assertEq(locking.getUserLocks(alice)[3].lockId, 3);
    }

    function test_lock_launchBonusCappedByPool() public {
        // Drain the pool to 400 KSU with a big 720-day lock (bonus 999,600), then lock again.
        _lock(alice, 1_428_000e18, P720);
        assertEq(locking.bonusPool(), 400e18);
        _lock(bob, 1000e18, P720);
        assertEq(ksu.balanceOf(bob), 400e18, "bonus = what the pool held");
        assertEq(locking.bonusPool(), 0);
        _lock(stranger, 1000e18, P720);
        assertEq(ksu.balanceOf(stranger), 0, "empty pool: no bonus");
        assertEq(locking.stakedKsu(stranger), 1000e18);
    }

    function test_lock_pullsOnlyAmountMinusBonus() public {
        vm.prank(admin);
        assertTrue(ksu.transfer(alice, 1000e18));
        vm.prank(alice);
        ksu.approve(address(locking), 300e18);
        vm.prank(alice);
        locking.lock(1000e18, P720); // pulls 300, bonus 700 netted
        assertEq(ksu.balanceOf(alice), 700e18);
        assertEq(ksu.allowance(alice, address(locking)), 0);
    }

    function test_lock_idsPerUser() public {
        assertEq(_lock(alice, 10e18, P30), 0);
        assertEq(_lock(alice, 10e18, P30), 1);
        assertEq(_lock(bob, 10e18, P30), 0);
        assertEq(_lock(alice, 10e18, P180), 2);
    }

    function test_lock_revertsOnZeroAmount() public {
        vm.expectRevert(ZeroLockAmount.selector);
        vm.prank(alice);
        locking.lock(0, P30);
    }

    function test_lock_revertsWhenTooSmallForRksu() public {
        _giveKsu(alice, 19);
        vm.expectRevert(abi.encodeWithSelector(ZeroRksu.selector, 19));
        vm.prank(alice);
        locking.lock(19, P30); // 19 x 0.05 = 0.95 wei
    }

    function test_lock_revertsOnUnknownPeriod() public {
        _giveKsu(alice, 1e18);
        vm.expectRevert(abi.encodeWithSelector(LockPeriodNotFound.selector, 5));
        vm.prank(alice);
        locking.lock(1e18, 5);
        vm.expectRevert(abi.encodeWithSelector(LockPeriodNotFound.selector, 0));
        vm.prank(alice);
        locking.lock(1e18, 0);
    }

    function test_lock_revertsOnInactivePeriod() public {
        vm.prank(admin);
        locking.setLockPeriodActive(P180, false);
        _giveKsu(alice, 1e18);
        vm.expectRevert(abi.encodeWithSelector(LockPeriodInactive.selector, P180));
        vm.prank(alice);
        locking.lock(1e18, P180);
    }

    function test_lock_revertsWhenPaused() public {
        vm.prank(admin);
        locking.pause();
        _giveKsu(alice, 1e18);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vm.prank(alice);
        locking.lock(1e18, P30);
    }

    function test_lock_revertsWithoutAllowance() public {
        vm.prank(admin);
        assertTrue(ksu.transfer(alice, 1e18));
        vm.expectRevert();
        vm.prank(alice);
        locking.lock(1e18, P30);
    }
}
