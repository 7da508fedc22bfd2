// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {KsuLocking} from "../src/KsuLocking.sol";
import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {ProtocolBase} from "./ProtocolBase.sol";

/// @dev Issue 22 item 13: a KSU locker whose deposit sits in a fixed-term lock earns bonus
/// interest and a fee share like a variable lender of the same amount (KsuLocking reads
/// `userAcceptedValue`, which counts open and matured locks), until the lock is set to
/// withdraw at expiry.
contract FixedTermBonusTest is ProtocolBase {
    uint256 internal config;

    function setUp() public override {
        super.setUp();
        vm.prank(manager);
        config = lpm.addFixedTermConfig(
            POOL, SENIOR, 0.01e18, 3, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
    }

    function _price() internal {
        vm.prank(admin);
        locking.setKsuPrice(1e6);
    }

    /// @dev Alice's 10,000 USDC in a fixed-term lock (epochs 1 to 3), bob's 10,000 variable in
    /// the same tranche, both with 1,000 rKSU (level 2).
    function _twoLenders() internal {
        uint256 a = _depositFixed(alice, SENIOR, 10_000e6, config);
        uint256 b = _deposit(bob, SENIOR, 10_000e6);
        _clearAndSettle(_ids(a, b));
        assertEq(lpm.getUserFixedTermLocks(alice).length, 1);
        assertEq(lpm.sharesOf(POOL, SENIOR, alice), 0, "all of alice's deposit is locked");
        _price();
        _lockKsu(alice, 1000e18);
        _lockKsu(bob, 1000e18);
    }

    function test_bonus_fixedTermLockerAccruesOnTheLocksValue() public {
        _twoLenders();
        (, uint8 level, uint256 base) = locking.bonusCheckpoint(alice);
        (,, uint256 bobBase) = locking.bonusCheckpoint(bob);
        assertEq(level, 2);
        assertApproxEqAbs(base, 10_000e6, 1, "the lock's value is the base");
        assertEq(base, lpm.userAcceptedValue(alice));
        assertApproxEqAbs(base, bobBase, 1);

        skip(3 days);
        uint256 earned = locking.getUserTotalBonusAmount(alice);
        assertGt(earned, 0);
        assertApproxEqRel(earned, locking.getUserTotalBonusAmount(bob), 1e12, "as bob earns");

        // Matured, not yet released: still counted, at the tranche's price.
        for (uint256 i; i < 3; ++i) {
            _clear();
        }
        assertTrue(lpm.getUserFixedTermLocks(alice)[0].matured);
        _price();
        locking.checkpointBonus(alice);
        (,, base) = locking.bonusCheckpoint(alice);
        assertApproxEqAbs(base, 10_000e6, 2);
        uint256 before = locking.getUserTotalBonusAmount(alice);
        skip(1 days);
        assertGt(locking.getUserTotalBonusAmount(alice), before);
    }

    function test_fees_fixedTermLockerSharesTheLockersHalf() public {
        _twoLenders();
        assertTrue(locking.feeEligible(alice));
        assertEq(locking.eligibleRksu(), 2000e18, "both lockers share");
        _fundReserve(10_000e6);
        uint256 before = usdc.balanceOf(address(locking));
        _clear(); // fixed 1% on alice's lock, 0.2% on bob's shares: fees to the lockers
        uint256 toLockers = usdc.balanceOf(address(locking)) - before;
        assertGt(toLockers, 0);
        assertApproxEqAbs(locking.claimableFees(alice), toLockers / 2, 1);
        assertApproxEqAbs(locking.claimableFees(bob), toLockers / 2, 1);
    }

    function test_bonus_stopsWhenTheFixedTermLockIsSetToWithdrawAtExpiry() public {
        _twoLenders();
        skip(1 days);
        uint256 earned = locking.getUserTotalBonusAmount(alice);
        assertGt(earned, 0);
        uint256 lockId = lpm.getUserFixedTermLocks(alice)[0].lockId;
        vm.prank(alice);
        lpm.withdrawAtExpiry(POOL, lockId);
        assertEq(lpm.userAcceptedValue(alice), 0);
        (,, uint256 base) = locking.bonusCheckpoint(alice);
        assertEq(base, 0, "the manager's notification lowered the base");
        assertFalse(locking.feeEligible(alice));
        skip(30 days);
        assertEq(locking.getUserTotalBonusAmount(alice), earned, "nothing after the request");
    }

    /// @dev A KsuLocking with no manager set grants no base and no fee share (it cannot see
    /// any deposit), and a checkpoint does not fail.
    function test_bonus_withoutAManager_noBaseAndNoFeeShare() public {
        KsuLocking bare = KsuLocking(
            deployCode(
                "KsuLocking.sol:KsuLocking", abi.encode(admin, address(ksu), treasury, GENESIS)
            )
        );
        vm.startPrank(admin);
        bare.addLockPeriod(720 days, 1e18, 0);
        bare.setKsuPrice(1e6);
        // forge-lint: disable-next-line(erc20-unchecked-transfer)
        ksu.transfer(alice, 1000e18);
        vm.stopPrank();
        uint256 id = _deposit(alice, JUNIOR, 10_000e6);
        _clearAndSettle(_ids(id));
        vm.startPrank(alice);
        ksu.approve(address(bare), 1000e18);
        bare.lock(1000e18, 1);
        vm.stopPrank();
        bare.checkpointBonus(alice);
        (,, uint256 base) = bare.bonusCheckpoint(alice);
        assertEq(base, 0);
        assertFalse(bare.feeEligible(alice));
        assertEq(bare.eligibleRksu(), 0);
        skip(7 days);
        assertEq(bare.getUserTotalBonusAmount(alice), 0);
    }
}
