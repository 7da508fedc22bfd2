// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IKsuLocking} from "../src/interfaces/IKsuLocking.sol";
import {OnlyManager} from "../src/libraries/Errors.sol";
import {NothingToClaim} from "../src/libraries/LockingErrors.sol";
import {KsuLockingBaseTest} from "./KsuLockingBase.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

contract KsuLockingBonusTest is KsuLockingBaseTest {
    uint256 internal rate1;
    uint256 internal rate2;

    function setUp() public override {
        super.setUp();
        rate1 = locking.BONUS_RATE_LEVEL_1();
        rate2 = locking.BONUS_RATE_LEVEL_2();
    }

    /// @dev Accepted deposits in KSU at `price`, in units of 1e12 wei, rounded down (the
    /// contract's base).
    /// @dev A bonus base: USDC deposits and the KSU price they are converted at, packed.
    function _base(uint256 deposits, uint256 price) internal pure returns (uint256) {
        return deposits << 64 | price;
    }

    /// @dev Bonus on `base` (deposits at a price, see `_base`) over `secs` seconds, pro rata of
    /// the per-epoch rate (units of 1e9 wei, rounded down).
    function _accrual(uint256 base, uint256 rate, uint256 secs) internal pure returns (uint256) {
        return (base >> 64) * rate * secs / ((base & type(uint64).max) * 1e9 * 7 days) * 1e9;
    }

    function test_bonusRates_matchTheSpec() public view {
        // 0.1% and 0.2% a year over 52.17857 epochs; the spec's constants are 1/1000 of these.
        assertEq(rate1, uint256(0.001e18) * 1e5 / 5_217_857);
        assertEq(rate2, uint256(0.002e18) * 1e5 / 5_217_857);
        assertApproxEqAbs(rate1, 19_164_956 * 1e6, 1e6); // 0.000000019164956 x 1000 x 1e18
        assertApproxEqAbs(rate2, 38_329_912 * 1e6, 1e6);
    }

    function test_bonus_level2AccruesPerEpoch() public {
        mgr.setDeposits(alice, 10_000 * USDC_UNIT);
        _lock(alice, 1000e18, P720); // 1000 rKSU = 500 USDC = 5% -> level 2
        (uint256 time, uint8 level, uint256 base) = locking.bonusCheckpoint(alice);
        assertEq(time, block.timestamp);
        assertEq(level, 2);
        assertEq(base, 10_000 * USDC_UNIT, "the base is the USDC held");

        skip(3 * 7 days);
        uint256 expected = _accrual(_base(10_000 * USDC_UNIT, KSU_PRICE), rate2, 3 * 7 days);
        // 10,000 USDC x 0.2% / 52.17857 x 3 epochs = 1.1499 USDC = 2.2998 KSU
        assertApproxEqAbs(expected, 2.2998e18, 0.0001e18);
        assertEq(locking.getUserTotalBonusAmount(alice), expected, "view includes unaccrued");

        uint256 balanceBefore = ksu.balanceOf(alice);
        vm.prank(alice);
        assertEq(locking.claimBonus(), expected);
        assertEq(ksu.balanceOf(alice), balanceBefore + expected);
        assertEq(locking.bonusPool(), BONUS_POOL - 700e18 - expected);
        assertEq(locking.getUserTotalBonusAmount(alice), 0);
    }

    function test_bonus_level1Rate() public {
        mgr.setDeposits(alice, 50_000 * USDC_UNIT);
        _lock(alice, 1000e18, P720); // 1% -> level 1
        (, uint8 level,) = locking.bonusCheckpoint(alice);
        assertEq(level, 1);
        skip(2 * 7 days);
        assertEq(
            locking.getUserTotalBonusAmount(alice),
            _accrual(_base(50_000 * USDC_UNIT, KSU_PRICE), rate1, 2 * 7 days)
        );
    }

    function test_bonus_noneAtLevel0() public {
        mgr.setDeposits(alice, 100_000 * USDC_UNIT);
        _lock(alice, 1000e18, P720); // 0.5% -> level 0
        _warpToEpoch(10, 0);
        assertEq(locking.getUserTotalBonusAmount(alice), 0);
        vm.expectRevert(NothingToClaim.selector);
        vm.prank(alice);
        locking.claimBonus();
    }

    /// @dev Issue 10 item 3: accrual counted whole epochs, so a deposit held for one second
    /// across an epoch boundary earned a whole epoch. Now it earns one second.
    function test_bonus_accruesProRataByTime_notWholeEpochs() public {
        mgr.setDeposits(alice, 10_000 * USDC_UNIT);
        _warpToEpoch(1, 0);
        vm.warp(block.timestamp - 1); // the last second of epoch 0
        _lock(alice, 1000e18, P720);
        skip(2); // epoch 1 has begun
        uint256 base = _base(10_000 * USDC_UNIT, KSU_PRICE);
        assertEq(locking.getUserTotalBonusAmount(alice), _accrual(base, rate2, 2));
        assertLt(locking.getUserTotalBonusAmount(alice), _accrual(base, rate2, 7 days) / 1000);
        skip(5 days);
        assertEq(locking.getUserTotalBonusAmount(alice), _accrual(base, rate2, 5 days + 2));
    }

    function test_bonus_unlockReratesDownward() public {
        mgr.setDeposits(alice, 4000 * USDC_UNIT);
        _lock(alice, 8000e18, P30); // 400 rKSU
        _lock(alice, 100e18, P720); // +100 rKSU: 250 USDC = 6.25% -> level 2
        (, uint8 level,) = locking.bonusCheckpoint(alice);
        assertEq(level, 2);
        uint256 base = _base(4000 * USDC_UNIT, KSU_PRICE);

        skip(30 days);
        vm.prank(alice);
        locking.unlock(8000e18, 0); // 100 rKSU = 50 USDC = 1.25% -> level 1
        uint256 time;
        (time, level,) = locking.bonusCheckpoint(alice);
        assertEq(time, block.timestamp);
        assertEq(level, 1);
        uint256 accrued = _accrual(base, rate2, 30 days);
        assertEq(locking.getUserTotalBonusAmount(alice), accrued);

        skip(14 days);
        assertEq(locking.getUserTotalBonusAmount(alice), accrued + _accrual(base, rate1, 14 days));
    }

    function test_bonus_unlockDropsToZero() public {
        mgr.setDeposits(alice, 4000 * USDC_UNIT);
        _lock(alice, 1000e18, P30); // 50 rKSU = 25 USDC = 0.625%: level 0
        _lock(alice, 100e18, P720); // 150 rKSU = 75 USDC = 1.875% -> level 1
        skip(30 days);
        vm.prank(alice);
        locking.unlock(1000e18, 0); // 100 rKSU = 1.25%: still level 1
        (, uint8 level, uint256 base) = locking.bonusCheckpoint(alice);
        assertEq(level, 1);
        _warpToEpoch(200, 0);
        vm.prank(alice);
        locking.unlock(100e18, 1);
        (, level,) = locking.bonusCheckpoint(alice);
        assertEq(level, 0);
        uint256 owed = locking.getUserTotalBonusAmount(alice);
        _warpToEpoch(300, 0);
        assertEq(locking.getUserTotalBonusAmount(alice), owed, "nothing accrues at level 0");
    }

    function test_depositsDecrease_checkpointsAtOnce() public {
        mgr.setDeposits(alice, 10_000 * USDC_UNIT);
        _lock(alice, 1000e18, P720);
        skip(2 * 7 days);
        // The manager lowers the accepted deposits (a withdrawal request) and tells locking.
        vm.expectEmit(address(locking));
        emit IKsuLocking.BonusCheckpointed(
            alice,
            block.timestamp,
            0,
            0,
            _accrual(_base(10_000 * USDC_UNIT, KSU_PRICE), rate2, 2 * 7 days)
        );
        mgr.setDeposits(alice, 0);
        uint256 owed = locking.getUserTotalBonusAmount(alice);
        skip(3 * 7 days);
        assertEq(locking.getUserTotalBonusAmount(alice), owed);
    }

    function test_notifyDepositsDecreased_onlyTheManager() public {
        mgr.setDeposits(alice, 10_000 * USDC_UNIT);
        _lock(alice, 1000e18, P720);
        vm.expectRevert(OnlyManager.selector);
        vm.prank(stranger);
        locking.notifyDepositsDecreased(alice, 0);
        // A user without rKSU: nothing to do, for anyone (no revert, no state).
        vm.prank(stranger);
        locking.notifyDepositsDecreased(bob, 0);
        // Not pausable: a pause must not block the manager's withdrawals.
        vm.prank(admin);
        locking.pause();
        mgr.setDeposits(alice, 1 * USDC_UNIT);
        (,, uint256 base) = locking.bonusCheckpoint(alice);
        assertEq(base, 1 * USDC_UNIT);
    }

    function test_checkpointBonus_byAnyoneRaisesTheBase() public {
        mgr.setDeposits(alice, 1000 * USDC_UNIT);
        _lock(alice, 1000e18, P720);
        mgr.setDeposits(alice, 10_000 * USDC_UNIT); // an increase: counted from a checkpoint
        skip(7 days);
        uint256 small = _accrual(_base(1000 * USDC_UNIT, KSU_PRICE), rate2, 7 days);
        assertEq(locking.getUserTotalBonusAmount(alice), small);
        vm.prank(stranger);
        locking.checkpointBonus(alice);
        skip(7 days);
        assertEq(
            locking.getUserTotalBonusAmount(alice),
            small + _accrual(_base(10_000 * USDC_UNIT, KSU_PRICE), rate2, 7 days)
        );
    }

    function test_checkpointBonus_stalePriceStopsFurtherAccrual() public {
        mgr.setDeposits(alice, 10_000 * USDC_UNIT);
        _lock(alice, 1000e18, P720);
        skip(13 days); // the price is now 13 days old
        locking.checkpointBonus(alice);
        (, uint8 level,) = locking.bonusCheckpoint(alice);
        assertEq(level, 0);
        assertEq(
            locking.getUserTotalBonusAmount(alice),
            _accrual(_base(10_000 * USDC_UNIT, KSU_PRICE), rate2, 13 days),
            "the time before the checkpoint keeps the level seen before"
        );
    }

    function test_checkpointBonus_usesTheNewPrice() public {
        mgr.setDeposits(alice, 10_000 * USDC_UNIT);
        _lock(alice, 1000e18, P720);
        _setPrice(1_000_000); // 1 USDC: 10% -> level 2, 10,000 KSU a base of 10,000 USDC
        locking.checkpointBonus(alice);
        (,, uint256 base) = locking.bonusCheckpoint(alice);
        assertEq(base, 10_000 * USDC_UNIT);
        skip(7 days);
        assertEq(
            locking.getUserTotalBonusAmount(alice),
            _accrual(_base(10_000 * USDC_UNIT, 1_000_000), rate2, 7 days)
        );
    }

    function test_claimBonus_neverExceedsThePool() public {
        // Drain the pool: a 1,428,000 KSU 720-day lock takes 999,600 of the 1,000,000 bonus.
        _lock(bob, 1_428_000e18, P720);
        _lock(stranger, 1000e18, P720); // takes the last 400
        assertEq(locking.bonusPool(), 0);

        mgr.setDeposits(alice, 10_000_000 * USDC_UNIT);
        _lock(alice, 1_000_000e18, P720); // 500,000 USDC = 5% -> level 2
        _warpToEpoch(52, 0);
        uint256 owed = locking.getUserTotalBonusAmount(alice);
        assertGt(owed, 1000e18);

        vm.expectRevert(NothingToClaim.selector);
        vm.prank(alice);
        locking.claimBonus();

        vm.startPrank(admin);
        ksu.approve(address(locking), 1000e18);
        locking.fundBonusPool(1000e18);
        vm.stopPrank();
        vm.prank(alice);
        assertEq(locking.claimBonus(), 1000e18, "pays what the pool holds");
        assertEq(locking.bonusPool(), 0);
        assertEq(locking.getUserTotalBonusAmount(alice), owed - 1000e18, "the rest stays owed");
    }

    function test_claimBonus_pausable() public {
        mgr.setDeposits(alice, 10_000 * USDC_UNIT);
        _lock(alice, 1000e18, P720);
        _warpToEpoch(1, 0);
        vm.prank(admin);
        locking.pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vm.prank(alice);
        locking.claimBonus();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        locking.checkpointBonus(alice);
    }

    function testFuzz_bonus_matchesFormula(uint256 deposits, uint256 epochs) public {
        deposits = bound(deposits, USDC_UNIT, 20_000 * USDC_UNIT); // from the 1 USDC minimum
        epochs = bound(epochs, 1, 520);
        mgr.setDeposits(alice, deposits);
        _lock(alice, 2000e18, P720); // 1000 USDC of rKSU: level 2 up to 20,000 USDC
        skip(epochs * 7 days);
        uint256 expected = _accrual(_base(deposits, KSU_PRICE), rate2, epochs * 7 days);
        assertEq(locking.getUserTotalBonusAmount(alice), expected);
        // deposits x 0.2% / 52.17857 x epochs / price, within rounding
        uint256 exact = deposits * 0.002e18 * epochs * 1e5 / 5_217_857 / KSU_PRICE;
        assertApproxEqAbs(expected, exact, 2e9 + exact / 1e6);
        assertLe(expected, exact, "rounded down");
    }

    function test_getUserSummary_oneCallPosition() public {
        mgr.setDeposits(alice, 10_000 * USDC_UNIT);
        _lock(alice, 1000e18, P720);
        _lock(alice, 400e18, P180); // +100 rKSU
        _notify(110 * USDC_UNIT);
        _warpToEpoch(2, 0);
        _setPrice(KSU_PRICE);
        IKsuLocking.UserSummary memory s = locking.getUserSummary(alice);
        assertEq(s.rKsu, 1100e18);
        assertEq(s.stakedKsu, 1400e18);
        assertEq(s.claimableFees, locking.claimableFees(alice));
        assertApproxEqAbs(s.claimableFees, 110 * USDC_UNIT, 1);
        assertEq(s.bonusAmount, locking.getUserTotalBonusAmount(alice));
        assertGt(s.bonusAmount, 0);
        assertEq(s.loyaltyLevel, 2);
        assertEq(s.locks.length, 2);
        assertEq(s.locks[1].rKsu, 100e18);
    }
}
