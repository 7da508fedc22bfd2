// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IKsuLocking} from "../src/interfaces/IKsuLocking.sol";
import {KsuLockingBaseTest} from "./KsuLockingBase.sol";

/// @dev Issue 22 item 13: a locker frozen (no accepted deposits) and unfrozen again, with one
/// lock emptied by a full unlock: the emptied lock keeps its fees untouched, the live lock earns
/// nothing for the frozen stretch and its share again from the unfreeze.
contract KsuLockingUnfreezeTest is KsuLockingBaseTest {
    function test_unfreeze_emptiedLockKeepsItsFees_liveLockSkipsTheFrozenStretch() public {
        mgr.setDeposits(alice, USDC_UNIT); // the minimum for a fee share
        mgr.setDeposits(bob, USDC_UNIT);
        _lock(alice, 100e18, P30); // lock 0: 5 rKSU
        _lock(alice, 100e18, P30); // lock 1: 5 rKSU
        _lock(bob, 100e18, P30); // 5 rKSU
        _notify(150 * USDC_UNIT); // alice 100, bob 50
        skip(30 days);
        vm.prank(alice);
        locking.unlock(100e18, 0); // lock 0 emptied, its 50 USDC of fees kept

        mgr.setDeposits(alice, 0); // frozen by the manager's notification
        assertFalse(locking.feeEligible(alice));
        _notify(50 * USDC_UNIT); // all to bob
        assertEq(locking.claimableFees(alice), 100 * USDC_UNIT);
        assertEq(locking.claimableFees(bob), 100 * USDC_UNIT);

        mgr.setDeposits(alice, USDC_UNIT);
        locking.checkpointBonus(alice); // unfrozen
        assertTrue(locking.feeEligible(alice));
        assertEq(locking.claimableFees(alice), 100 * USDC_UNIT, "nothing for the frozen stretch");
        _notify(100 * USDC_UNIT); // alice's lock 1 and bob, 5 rKSU each
        assertEq(locking.claimableFees(alice), 150 * USDC_UNIT);
        assertEq(locking.claimableFees(bob), 150 * USDC_UNIT);
        IKsuLocking.UserLock[] memory locks = locking.getUserLocks(alice);
        assertEq(locks.length, 2);
        assertEq(locks[0].amount, 0);
        assertEq(locks[0].claimableFees, 50 * USDC_UNIT, "the emptied lock is unchanged");
        assertEq(locks[1].claimableFees, 100 * USDC_UNIT);
    }
}
