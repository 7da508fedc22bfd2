// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {KsuLockingBaseTest} from "./KsuLockingBase.sol";
import {Vm} from "forge-std/Vm.sol";
import {console} from "forge-std/console.sol";

/// @dev Receipt-level gas of lock and unlock. Each test makes the measured call first, so all
/// accounts and slots are cold as in a real transaction (forge runs setUp and each test as
/// separate transactions). Receipt gas = 21,000 + calldata gas (16 per non-zero byte, 4 per zero
/// byte) + the call's execution gas (`vm.lastCallGas().gasTotalUsed`) - the refund (capped at a
/// fifth, EIP-3529). Print with `forge test --match-contract KsuLockingGas -vv`.
abstract contract KsuLockingGasBase is KsuLockingBaseTest {
    uint256 internal constant LOCK_GOAL = 120_000;
    uint256 internal constant UNLOCK_GOAL = 60_000;
    /// @dev Issue 22: accrual stops at a reported loss, so an unlock with a bonus base reads the
    /// loss time (one cold slot, 2,100 gas + the check): the goal is missed by about 200 gas.
    uint256 internal constant LOSS_CHECK_GAS = 2300;

    /// @dev A market in motion: two lockers, fees shared once, alice with deposits, KSU and an
    /// unlimited approval (the app's approve flow asks for unlimited first).
    function setUp() public virtual override {
        super.setUp();
        mgr.setDeposits(bob, 100_000 * USDC_UNIT);
        _lock(bob, 50_000e18, P720);
        _notify(1000 * USDC_UNIT);
        mgr.setDeposits(alice, 20_000 * USDC_UNIT);
        _giveKsu(alice, 10_000e18);
    }

    function _receiptGas(bytes memory data) internal view returns (uint256) {
        Vm.Gas memory gas = vm.lastCallGas();
        uint256 intrinsic = 21_000;
        for (uint256 i; i < data.length; ++i) {
            intrinsic += data[i] == 0 ? 4 : 16;
        }
        uint256 used = intrinsic + gas.gasTotalUsed;
        uint256 refund = gas.gasRefunded > 0 ? uint256(int256(gas.gasRefunded)) : 0;
        if (refund > used / 5) refund = used / 5;
        return used - refund;
    }

    function _measureLock(string memory label, uint256 amount, uint256 periodId)
        internal
        returns (uint256 gasUsed)
    {
        vm.prank(alice);
        locking.lock(amount, periodId);
        gasUsed = _receiptGas(abi.encodeCall(locking.lock, (amount, periodId)));
        console.log(label, gasUsed);
    }

    function _measureUnlock(string memory label, uint256 amount, uint256 lockId)
        internal
        returns (uint256 gasUsed)
    {
        vm.prank(alice);
        locking.unlock(amount, lockId);
        gasUsed = _receiptGas(abi.encodeCall(locking.unlock, (amount, lockId)));
        console.log(label, gasUsed);
    }
}

/// @dev Gas of a new locker's first lock.
contract KsuLockingGasFirstLockTest is KsuLockingGasBase {
    function test_gas_lock_firstLockWithBonus() public {
        // New locker, 180 days: rKSU, launch bonus, level 2 checkpoint (manager read), fee debt.
        uint256 gasUsed = _measureLock("lock, first lock, 180 days + bonus:", 1000e18, P180);
        assertLe(gasUsed, LOCK_GOAL);
    }

    function test_gas_lock_firstLockNoBonus() public {
        uint256 gasUsed = _measureLock("lock, first lock, 30 days:", 1000e18, P30);
        assertLe(gasUsed, LOCK_GOAL);
    }
}

/// @dev A first lock with an exact approval instead of an unlimited one.
contract KsuLockingGasExactApprovalTest is KsuLockingGasBase {
    function setUp() public override {
        super.setUp();
        vm.prank(alice);
        ksu.approve(address(locking), 900e18); // 1000 KSU for 180 days: bonus 100 netted
    }

    function test_gas_lock_firstLockExactApproval() public {
        uint256 gasUsed = _measureLock("lock, first lock, 180 days, exact approval:", 1000e18, P180);
        assertLe(gasUsed, LOCK_GOAL);
    }
}

/// @dev Gas of a second lock by an existing locker, with bonus interest to accrue.
contract KsuLockingGasSecondLockTest is KsuLockingGasBase {
    function setUp() public override {
        super.setUp();
        vm.prank(alice);
        locking.lock(1000e18, P720);
        _warpToEpoch(3, 0);
        _setPrice(KSU_PRICE);
    }

    function test_gas_lock_existingLockerAccruing() public {
        uint256 gasUsed = _measureLock("lock, existing locker, accrues bonus:", 1000e18, P360);
        assertLe(gasUsed, LOCK_GOAL);
    }
}

/// @dev Gas of unlocking an expired lock with fees and bonus interest accrued on it.
contract KsuLockingGasUnlockTest is KsuLockingGasBase {
    function setUp() public override {
        super.setUp();
        vm.startPrank(alice);
        locking.lock(1000e18, P720); // level 2 with 1,000 rKSU on 20,000 USDC
        locking.lock(1000e18, P30);
        vm.stopPrank();
        _notify(500 * USDC_UNIT);
        skip(30 days);
        _notify(500 * USDC_UNIT);
    }

    function test_gas_unlock_full() public {
        // Alice still holds KSU (her launch bonus and the rest of her balance).
        uint256 gasUsed = _measureUnlock("unlock, full, holder has KSU:", 1000e18, 1);
        assertLe(gasUsed, UNLOCK_GOAL + LOSS_CHECK_GAS);
    }

    function test_gas_unlock_partial() public {
        uint256 gasUsed = _measureUnlock("unlock, partial:", 400e18, 1);
        assertLe(gasUsed, UNLOCK_GOAL + LOSS_CHECK_GAS);
    }
}

/// @dev Worst case for unlock: the locker holds no KSU, so the token writes a fresh balance slot.
contract KsuLockingGasUnlockEmptyWalletTest is KsuLockingGasBase {
    function setUp() public override {
        super.setUp();
        vm.startPrank(alice);
        locking.lock(10_000e18, P30); // all her KSU, no bonus on 30 days
        vm.stopPrank();
        skip(30 days);
    }

    function test_gas_unlock_fullIntoEmptyWallet() public {
        uint256 gasUsed = _measureUnlock("unlock, full, into an empty wallet:", 10_000e18, 0);
        assertEq(ksu.balanceOf(alice), 10_000e18, "the wallet was empty before");
        // Over the goal by the token's fresh balance slot (20,000 - 2,900): see benchmarks.
        assertLe(gasUsed, UNLOCK_GOAL + 17_100 + LOSS_CHECK_GAS);
    }
}
