// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IKsuLocking} from "../src/interfaces/IKsuLocking.sol";
import {
    InvalidUnlockAmount,
    LockNotExpired,
    LockNotFound
} from "../src/libraries/LockingErrors.sol";
import {KsuLockingBaseTest} from "./KsuLockingBase.sol";

contract KsuLockingUnlockTest is KsuLockingBaseTest {
    function testFuzz_unlock_fullAfterPeriod(uint256 amount, uint256 periodId) public {
        amount = _boundKsu(amount);
        periodId = bound(periodId, 1, 4);
        _lock(alice, amount, periodId);
        uint256 balanceBefore = ksu.balanceOf(alice);
        skip(_duration(periodId));

        vm.expectEmit(address(locking));
        emit IKsuLocking.Unlocked(alice, 0, amount, amount * _rMult(periodId) / 1e18);
        vm.prank(alice);
        locking.unlock(amount, 0);

        assertEq(ksu.balanceOf(alice), balanceBefore + amount);
        assertEq(locking.rKsuBalance(alice), 0);
        assertEq(locking.totalSupply(), 0);
        assertEq(locking.stakedKsu(alice), 0);
        assertEq(locking.getUserLocks(alice).length, 0);
    }

    function testFuzz_unlock_partialReducesRksuProRata(uint256 amount, uint256 part) public {
        amount = _boundKsu(amount);
        part = bound(part, 1, amount - 1);
        _lock(alice, amount, P180);
        skip(180 days);
        vm.prank(alice);
        locking.unlock(part, 0);

        uint256 remaining = amount - part;
        assertEq(locking.rKsuBalance(alice), remaining / 4, "0.25 x what stays locked");
        assertEq(locking.totalSupply(), remaining / 4);
        assertEq(locking.stakedKsu(alice), remaining);
        IKsuLocking.UserLock[] memory locks = locking.getUserLocks(alice);
        assertEq(locks.length, 1);
        assertEq(locks[0].amount, remaining);
        assertEq(locks[0].rKsu, remaining / 4);

        vm.prank(alice);
        locking.unlock(remaining, 0);
        assertEq(locking.totalSupply(), 0);
        assertEq(ksu.balanceOf(address(locking)), locking.bonusPool(), "all KSU returned");
    }

    function test_unlock_revertsBeforePeriodEnds() public {
        _lock(alice, 100e18, P30);
        uint256 unlockTime = block.timestamp + 30 days;
        skip(30 days - 1);
        vm.expectRevert(abi.encodeWithSelector(LockNotExpired.selector, 0, unlockTime));
        vm.prank(alice);
        locking.unlock(100e18, 0);
        skip(1);
        vm.prank(alice);
        locking.unlock(100e18, 0);
    }

    function test_unlock_revertsOnBadAmount() public {
        _lock(alice, 100e18, P30);
        skip(30 days);
        vm.expectRevert(abi.encodeWithSelector(InvalidUnlockAmount.selector, 0, 100e18));
        vm.prank(alice);
        locking.unlock(0, 0);
        vm.expectRevert(abi.encodeWithSelector(InvalidUnlockAmount.selector, 100e18 + 1, 100e18));
        vm.prank(alice);
        locking.unlock(100e18 + 1, 0);
    }

    function test_unlock_onlyTheOwnersLocks() public {
        _lock(alice, 100e18, P30);
        skip(30 days);
        // Bob has no lock 0: he cannot move Alice's.
        vm.expectRevert(abi.encodeWithSelector(LockNotFound.selector, bob, 0));
        vm.prank(bob);
        locking.unlock(100e18, 0);
        vm.prank(alice);
        locking.unlock(100e18, 0);
        vm.expectRevert(abi.encodeWithSelector(LockNotFound.selector, alice, 0));
        vm.prank(alice);
        locking.unlock(1, 0);
    }

    function test_unlock_worksWhilePaused() public {
        _lock(alice, 100e18, P30);
        skip(30 days);
        vm.prank(admin);
        locking.pause();
        vm.prank(alice);
        locking.unlock(100e18, 0);
        assertEq(ksu.balanceOf(alice), 100e18);
    }

    function test_unlock_oneLockAmongSeveral() public {
        _lock(alice, 100e18, P30);
        _lock(alice, 200e18, P720);
        skip(30 days);
        vm.prank(alice);
        locking.unlock(100e18, 0);
        assertEq(locking.rKsuBalance(alice), 200e18);
        IKsuLocking.UserLock[] memory locks = locking.getUserLocks(alice);
        assertEq(locks.length, 1);
        assertEq(locks[0].lockId, 1);
    }
}
