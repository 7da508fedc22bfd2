// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {
    FixedTermLockClosed,
    FixedTermNotAvailable,
    LockNotReleasable,
    NotOwner,
    WithdrawAtExpiryNotAllowed
} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";

contract FixedTermTest is ProtocolBase {
    uint256 internal constant FIXED_RATE = 0.01e18;
    uint256 internal config;

    function setUp() public override {
        super.setUp();
        vm.prank(manager);
        config = lpm.addFixedTermConfig(
            POOL, SENIOR, FIXED_RATE, 3, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        _fundReserve(100_000e6);
    }

    function test_fixedTermDeposit_settlesIntoALock_earnsTheFixedRate_thenTurnsVariable() public {
        uint256 id = _depositFixed(alice, SENIOR, 10_000e6, config);
        _deposit(bob, SENIOR, 10_000e6); // variable lender for comparison
        _clear(); // epoch 0
        lpm.settle(_ids(id, 2)); // lock starts with the next clearing (epoch 1), ends epoch 3
        ILendingPoolTypes.FixedTermLockView[] memory locks = lpm.getUserFixedTermLocks(alice);
        assertEq(locks.length, 1);
        assertEq(locks[0].endEpoch, 3);
        assertApproxEqAbs(locks[0].assets, 10_000e6, 1);
        assertEq(lpm.sharesOf(POOL, SENIOR, alice), 0);

        _clear(); // epoch 1: fixed 1% less 10% fee = 90 USDC; variable 0.2% less fee = 18
        locks = lpm.getUserFixedTermLocks(alice);
        assertApproxEqAbs(locks[0].assets, 10_090e6, 2);
        assertApproxEqAbs(
            lpm.convertToAssets(POOL, SENIOR, lpm.sharesOf(POOL, SENIOR, bob)), 10_018e6, 2
        );
        vm.expectRevert(abi.encodeWithSelector(LockNotReleasable.selector, 1));
        lpm.releaseFixedTermLock(1);
        _clear();
        _clear(); // epoch 3: last fixed epoch, then matures
        locks = lpm.getUserFixedTermLocks(alice);
        assertTrue(locks[0].matured);
        (ILendingPoolTypes.UserTranchePosition[] memory positions,,,) = lpm.getUserPosition(alice);
        assertEq(positions[0].lockedInFixedTerm, locks[0].assets);
        uint256 value = locks[0].assets;
        vm.prank(stranger);
        lpm.releaseFixedTermLock(1);
        uint256 free = lpm.convertToAssets(POOL, SENIOR, lpm.sharesOf(POOL, SENIOR, alice));
        assertApproxEqAbs(free, value, 2);
        assertApproxEqAbs(value, 10_272_436_729, 1e6); // 10,000 x 1.009^3
        vm.expectRevert(abi.encodeWithSelector(LockNotReleasable.selector, 1));
        lpm.releaseFixedTermLock(1);
    }

    function test_lockDepositForFixedTerm_fromFreeShares_andAllowlist() public {
        _deposit(alice, SENIOR, 10_000e6);
        _clear();
        lpm.claim(1);
        _nextEpoch(); // Fix APY is closed in the clearing period
        vm.prank(alice);
        uint256 lockId = lpm.lockDepositForFixedTerm(POOL, SENIOR, 4000e6, config);
        assertApproxEqAbs(lpm.getUserFixedTermLocks(alice)[0].assets, 4000e6, 1);
        assertApproxEqAbs(
            lpm.convertToAssets(POOL, SENIOR, lpm.sharesOf(POOL, SENIOR, alice)), 6000e6, 1
        );
        assertEq(lockId, 1);
        vm.prank(manager);
        lpm.setFixedTermStatus(
            POOL, SENIOR, config, ILendingPoolTypes.FixedTermDepositStatus.Allowlist
        );
        vm.prank(alice);
        vm.expectRevert(
            abi.encodeWithSelector(FixedTermNotAvailable.selector, POOL, SENIOR, config)
        );
        lpm.lockDepositForFixedTerm(POOL, SENIOR, 1000e6, config);
        vm.prank(manager);
        lpm.setFixedTermAllowlist(POOL, SENIOR, config, alice, true);
        vm.prank(alice);
        lpm.lockDepositForFixedTerm(POOL, SENIOR, 1000e6, config);
    }

    function test_withdrawAtExpiry_paysOutAfterMaturity() public {
        _deposit(alice, SENIOR, 10_000e6);
        _clear();
        lpm.claim(1);
        _nextEpoch(); // Fix APY is closed in the clearing period
        vm.prank(alice);
        uint256 lockId = lpm.lockDepositForFixedTerm(POOL, SENIOR, 10_000e6 - 1, config); // 1..3
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(NotOwner.selector, stranger));
        lpm.withdrawAtExpiry(POOL, lockId);
        vm.prank(alice);
        lpm.withdrawAtExpiry(POOL, lockId);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(WithdrawAtExpiryNotAllowed.selector, lockId));
        lpm.withdrawAtExpiry(POOL, lockId);
        for (uint256 i; i < 3; ++i) {
            _clear(); // epochs 1..3; the lock matures at epoch 3's clearing
        }
        uint256 value = lpm.getUserFixedTermLocks(alice)[0].assets;
        vm.expectRevert(abi.encodeWithSelector(LockNotReleasable.selector, lockId));
        lpm.releaseFixedTermLock(lockId); // its withdrawal clears with epoch 4
        _clear();
        lpm.releaseFixedTermLock(lockId);
        assertGe(usdc.balanceOf(alice), value, "withdrawn with epoch 4's interest");
        assertApproxEqAbs(usdc.balanceOf(alice), value * 10_018 / 10_000, 2e6);
    }

    function test_withdrawAtExpiry_tooLateIsRefused() public {
        _deposit(alice, SENIOR, 10_000e6);
        _clear();
        lpm.claim(1);
        _nextEpoch(); // Fix APY is closed in the clearing period
        vm.prank(alice);
        uint256 lockId = lpm.lockDepositForFixedTerm(POOL, SENIOR, 1000e6, config); // ends 3
        _clear(); // epoch 1
        _clear(); // epoch 2; now requests go to epoch 3, + 1 epoch in advance > 3
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(WithdrawAtExpiryNotAllowed.selector, lockId));
        lpm.withdrawAtExpiry(POOL, lockId);
    }
}
