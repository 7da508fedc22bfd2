// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IKsuLocking} from "../src/interfaces/IKsuLocking.sol";
import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {
    InsufficientGas,
    TrancheClosed,
    TrancheNotClosed,
    TrancheStillWiped
} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";

/// @dev A KsuLocking stand-in that refuses everything (a paused, broken or replaced contract).
contract RefusingLocking {
    fallback() external {
        revert("refused");
    }
}

/// @dev Issue 22, "the bad day": a loss that wipes a tranche, lenders who enter after a loss, a
/// 10M USDC request, and a clearing that must not depend on KsuLocking.
contract BadDayTest is ProtocolBase {
    /// @dev Alice's settled position of `amount` in `trancheId`, then everything idle lent out.
    function _lentOut(address user, uint256 trancheId, uint256 amount) internal {
        uint256 id = _deposit(user, trancheId, amount);
        _clearAndSettle(_ids(id));
        _nextEpoch();
        uint256 idle = lpm.getPoolState(POOL).idleLiquidity;
        vm.prank(manager);
        lpm.draw(POOL, idle, borrower);
    }

    /// @dev Deposits `amount`, clears, settles, withdraws every share, clears again and returns
    /// what the lender was paid.
    function _roundTrip(address user, uint256 trancheId, uint256 amount)
        internal
        returns (uint256 paid)
    {
        uint256 before = usdc.balanceOf(user);
        uint256 id = _deposit(user, trancheId, amount);
        _clearAndSettle(_ids(id));
        _nextEpoch();
        uint256 w = _withdraw(user, trancheId, lpm.sharesOf(POOL, trancheId, user));
        _clearAndSettle(_ids(w));
        paid = usdc.balanceOf(user) - before; // `_deposit` mints the deposit first
    }

    function _setLimits(uint256 trancheId, uint256 maximum, uint256 capacity) internal {
        vm.prank(manager);
        lpm.setTrancheLimits(POOL, trancheId, 100e6, maximum, capacity);
    }

    function test_wipe_closesTheTranche_andRefusesNewDeposits() public {
        _setLimits(JUNIOR, 100_000e6, 1_000_000e6);
        _lentOut(alice, JUNIOR, 100_000e6);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.TrancheLoss(POOL, JUNIOR, 100_000e6, true);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.TrancheClosedAfterLoss(POOL, JUNIOR);
        vm.prank(manager);
        lpm.reportLoss(POOL, 100_000e6);
        assertTrue(lpm.trancheClosed(POOL, JUNIOR));
        // The pool view the app reads says so too (the card shows the tranche as closed).
        assertTrue(lpm.getPool(POOL).tranches[JUNIOR].closed, "pool view: junior closed");
        assertFalse(lpm.getPool(POOL).tranches[JUNIOR + 1].closed, "pool view: mezzanine open");
        _fund(bob, 30_000e6);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(TrancheClosed.selector, POOL, JUNIOR));
        lpm.requestDepositWithKyc(POOL, JUNIOR, 30_000e6, 0, _noAcceptance(), _noKyc());
        assertEq(usdc.balanceOf(bob), 30_000e6, "nothing taken");
    }

    /// @dev The audit's proof of concept, now refused: 100k wiped, a new lender deposits 30k and
    /// withdraws. After the pool manager recapitalises the tranche (a recovery for its holders),
    /// the new lender gets back what he put in, to the unit, and never pays for the old loss.
    function test_wipe_lenderWhoEntersAfterTheWipeGetsBackWhatHePutIn() public {
        _setLimits(JUNIOR, 100_000e6, 1_000_000e6);
        _lentOut(alice, JUNIOR, 100_000e6);
        vm.prank(manager);
        lpm.reportLoss(POOL, 100_000e6);
        _fund(manager, 1e6);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.TrancheReopened(POOL, JUNIOR);
        vm.prank(manager);
        lpm.recapitalise(POOL, JUNIOR, 1e6);
        assertFalse(lpm.trancheClosed(POOL, JUNIOR));
        assertFalse(lpm.getPools()[POOL].tranches[JUNIOR].closed, "pool view: reopened");
        uint256 paid = _roundTrip(bob, JUNIOR, 30_000e6);
        assertApproxEqAbs(paid, 30_000e6, 1, "the new lender is paid his deposit");
        assertLe(paid, 30_000e6, "never more than he put in");
        // The wiped holder keeps the recovery, nothing of Bob's.
        uint256 aliceValue = lpm.convertToAssets(POOL, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        assertApproxEqAbs(aliceValue, 1e6, 1);
    }

    /// @dev A deposit queued before the wipe is never accepted into the wiped ledger: it moves to
    /// the more senior tranche (with room) at full value.
    function test_wipe_queuedDepositMovesToTheSeniorTrancheAtFullValue() public {
        _setLimits(JUNIOR, 100_000e6, 1_000_000e6);
        _lentOut(alice, JUNIOR, 100_000e6);
        uint256 id = _deposit(bob, JUNIOR, 30_000e6);
        vm.prank(manager);
        lpm.reportLoss(POOL, 100_000e6);
        _clearAndSettle(_ids(id));
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        assertEq(v.accepted, 0, "nothing into the wiped tranche");
        assertEq(v.reallocated, 30_000e6, "all to the Mezzanine tranche");
        uint256 value = lpm.convertToAssets(POOL, MEZZ, lpm.sharesOf(POOL, MEZZ, bob));
        assertApproxEqAbs(value, 30_000e6, 1);
    }

    /// @dev With (almost) no room above, a queued deposit is refunded, to the unit, for what the
    /// senior tranches cannot take.
    function test_wipe_queuedDepositWithNoRoomAboveIsRefundedInFull() public {
        _setLimits(JUNIOR, 100_000e6, 1_000_000e6);
        _setLimits(MEZZ, 100_000e6, 1e6);
        _setLimits(SENIOR, 100_000e6, 1e6);
        _lentOut(alice, JUNIOR, 100_000e6);
        uint256 id = _deposit(bob, JUNIOR, 30_000e6);
        vm.prank(manager);
        lpm.reportLoss(POOL, 100_000e6);
        uint256 before = usdc.balanceOf(bob);
        _clearAndSettle(_ids(id));
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        assertEq(v.accepted, 0, "nothing into the wiped tranche");
        assertEq(v.reallocated, 2e6, "1 USDC of room in each senior tranche");
        assertEq(usdc.balanceOf(bob) - before, 30_000e6 - 2e6, "the rest refunded to the unit");
    }

    /// @dev Same root cause: a fixed-term deposit accepted before the wipe still settles (its
    /// lock holds what the wipe left), and never reverts the keeper's batch.
    function test_wipe_acceptedFixedTermDepositStillSettlesInABatch() public {
        vm.prank(manager);
        uint256 configId = lpm.addFixedTermConfig(
            POOL, JUNIOR, 0.003e18, 4, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        _setLimits(JUNIOR, 100_000e6, 1_000_000e6);
        uint256 a = _deposit(alice, JUNIOR, 50_000e6);
        uint256 b = _depositFixed(bob, JUNIOR, 50_000e6, configId);
        _clear();
        lpm.claim(a);
        _nextEpoch();
        uint256 idle = lpm.getPoolState(POOL).idleLiquidity;
        vm.prank(manager);
        lpm.draw(POOL, idle, borrower);
        vm.prank(manager);
        lpm.reportLoss(POOL, 100_000e6);
        uint256 c = _deposit(carol, MEZZ, 1000e6);
        _clear();
        lpm.settle(_ids(b, c));
        assertEq(uint8(lpm.requestStatus(b).status), uint8(ILendingPoolTypes.RequestStatus.Settled));
        assertEq(uint8(lpm.requestStatus(c).status), uint8(ILendingPoolTypes.RequestStatus.Settled));
        assertFalse(lpm.trancheClosed(POOL, MEZZ));
    }

    /// @dev A 99.99% loss does not wipe (the ledger stays open): withdrawals and deposits are
    /// priced with full precision on the ledger totals, so a lender who enters after it gets his
    /// deposit back within one unit (the audit saw 10% lost to a rounded stored price).
    function test_partialLoss_lenderWhoEntersAfterIsNeverChargedForIt() public {
        _setLimits(JUNIOR, 100_000e6, 1_000_000e6);
        _lentOut(alice, JUNIOR, 100_000e6);
        vm.prank(manager);
        lpm.reportLoss(POOL, 99_990e6);
        assertFalse(lpm.trancheClosed(POOL, JUNIOR));
        uint256 paid = _roundTrip(bob, JUNIOR, 30_000e6);
        assertApproxEqAbs(paid, 30_000e6, 1);
        assertLe(paid, 30_000e6);
    }

    function testFuzz_lossThenEntry_newLenderPaidWithinOneUnit(uint256 loss, uint256 amount)
        public
    {
        _setLimits(JUNIOR, 100_000e6, 1_000_000e6);
        _lentOut(alice, JUNIOR, 100_000e6);
        loss = bound(loss, 1, 100_000e6);
        amount = bound(amount, 100e6, 100_000e6);
        vm.prank(manager);
        lpm.reportLoss(POOL, loss);
        if (lpm.trancheClosed(POOL, JUNIOR)) {
            _fund(manager, 1e6);
            vm.prank(manager);
            lpm.recapitalise(POOL, JUNIOR, 1e6);
        }
        uint256 paid = _roundTrip(bob, JUNIOR, amount);
        assertApproxEqAbs(paid, amount, 1);
        assertLe(paid, amount);
    }

    /// @dev Issue 22: a single request of 10M USDC works, deposit and withdrawal.
    function test_tenMillionUsdc_inOneDepositAndOneWithdrawal() public {
        _setLimits(SENIOR, 10_000_000e6, 20_000_000e6);
        uint256 paid = _roundTrip(alice, SENIOR, 10_000_000e6);
        assertApproxEqAbs(paid, 10_000_000e6, 1);
    }

    function test_tenMillionUsdc_afterANearWipe() public {
        _setLimits(JUNIOR, 10_000_000e6, 20_000_000e6);
        _lentOut(carol, JUNIOR, 1_000_000e6);
        vm.prank(manager);
        lpm.reportLoss(POOL, 999_999e6); // a millionth left: still open
        assertFalse(lpm.trancheClosed(POOL, JUNIOR));
        uint256 paid = _roundTrip(alice, JUNIOR, 10_000_000e6);
        assertApproxEqAbs(paid, 10_000_000e6, 1);
    }

    function test_recapitalise_onlyThePoolManager() public {
        _fund(alice, 1e6);
        _expectMissingRole(alice, lpm.POOL_MANAGER_ROLE());
        vm.prank(alice);
        lpm.recapitalise(POOL, JUNIOR, 1e6);
    }

    function test_reopenTranche_refusedWhileWipedOrOpen() public {
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(TrancheNotClosed.selector, POOL, JUNIOR));
        lpm.reopenTranche(POOL, JUNIOR);
        _lentOut(alice, JUNIOR, 100_000e6);
        vm.prank(manager);
        lpm.reportLoss(POOL, 100_000e6);
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(TrancheStillWiped.selector, POOL, JUNIOR));
        lpm.reopenTranche(POOL, JUNIOR);
        // A recapitalisation too small to lift the ledger keeps it closed.
        _fund(manager, 1);
        vm.prank(manager);
        lpm.recapitalise(POOL, JUNIOR, 1);
        assertTrue(lpm.trancheClosed(POOL, JUNIOR));
    }

    /// @dev Issue 22 item 5: a KsuLocking that refuses `notifyFees` never blocks a clearing; the
    /// lockers' half goes to the treasury and is reported.
    function test_clearing_goesOnWhenKsuLockingRefusesTheFees() public {
        uint256 id = _deposit(alice, JUNIOR, 10_000e6);
        _clearAndSettle(_ids(id));
        _fundReserve(1000e6);
        _nextEpoch();
        RefusingLocking refusing = new RefusingLocking();
        vm.prank(admin);
        lpm.setKsuLocking(address(refusing));
        uint256 w = _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        uint256 feesBefore = lpm.treasuryFees();
        uint256 lockingBefore = usdc.balanceOf(address(refusing));
        vm.expectEmit(false, false, false, false, address(lpm));
        emit ILendingPoolTypes.LockingFeesFailed(POOL, 0);
        _clearAndSettle(_ids(w));
        assertGt(lpm.treasuryFees(), feesBefore, "the whole fee to the treasury");
        assertEq(usdc.balanceOf(address(refusing)), lockingBefore, "no USDC sent to it");
        assertGt(usdc.balanceOf(alice), 10_000e6, "the withdrawal was paid with interest");
    }

    /// @dev A caller cannot starve KsuLocking's fee notification to push the lockers' half to
    /// the treasury: with too little gas the clearing reverts instead.
    function test_clearing_withTooLittleGasForTheFeeNotificationReverts() public {
        uint256 id = _deposit(alice, JUNIOR, 10_000e6);
        _clearAndSettle(_ids(id));
        _fundReserve(1000e6);
        _nextEpoch();
        uint256 epoch = lpm.getPoolState(POOL).nextEpochToClear;
        vm.warp(GENESIS + (epoch + 1) * 7 days - 2 days);
        // Find a gas limit that reaches the notification but not with its reserve.
        bool sawGasRevert;
        for (uint256 g = 150_000; g < 400_000; g += 5000) {
            uint256 snap = vm.snapshotState();
            (bool ok, bytes memory ret) =
                address(lpm).call{gas: g}(abi.encodeWithSignature("clear(uint256)", POOL));
            if (!ok && ret.length == 4 && bytes4(ret) == InsufficientGas.selector) {
                sawGasRevert = true;
            }
            if (ok) {
                // Whatever gas made it through, the lockers got their half.
                assertEq(usdc.balanceOf(address(locking)) != 0, true);
                vm.revertToState(snap);
                break;
            }
            vm.revertToState(snap);
        }
        assertTrue(sawGasRevert, "a starved notification reverts the clearing");
    }

    /// @dev Issue 22 item 6: a one-update dip of the KSU price cannot be picked to be paid more
    /// KSU for the same bonus (before: 10x the KSU after a 10x dip). The conversion price falls
    /// only by the share of a day since the previous update.
    function test_bonus_oneUpdateDipCannotBePickedForMoreKsu() public {
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        _clear();
        lpm.claim(a);
        _lockKsu(alice, 2000e18); // 2,000 rKSU at 1 USDC: 20% of 10,000, level 2
        locking.checkpointBonus(alice);
        vm.warp(block.timestamp + 30 days);
        vm.prank(admin);
        locking.setKsuPrice(1e6); // the keeper's regular update keeps the price fresh
        uint256 fair = locking.getUserTotalBonusAmount(alice);
        vm.warp(block.timestamp + 1 hours);
        vm.prank(admin);
        locking.setKsuPrice(0.1e6); // a dip, one update
        locking.checkpointBonus(alice);
        uint256 paid = locking.getUserTotalBonusAmount(alice);
        // At most 1/24 of the gap was taken: under 1.04x (plus the extra hour's accrual).
        assertLt(paid, fair * 105 / 100, "no 10x payout on a dip");
        assertGt(paid, fair);
    }

    /// @dev A lasting fall reaches the conversion price within a day.
    function test_bonus_lastingFallArrivesWithinADay() public {
        vm.prank(admin);
        locking.setKsuPrice(1e6);
        vm.warp(block.timestamp + 1 days);
        vm.prank(admin);
        locking.setKsuPrice(0.5e6);
        _lockKsu(alice, 1e18);
        // Accrual reads the smoothed price through the level: the level uses the live price.
        (uint256 price,) = locking.ksuPrice();
        assertEq(price, 0.5e6);
    }

    /// @dev Issue 22 item 8: a locker nobody checkpoints earns no bonus on a position a loss
    /// wiped. The loss is notified on chain; the bonus up to the loss stands.
    function test_bonus_stopsAtALossWithoutAnyCheckpoint() public {
        _setLimits(JUNIOR, 100_000e6, 1_000_000e6);
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        _clear();
        lpm.claim(a);
        _lockKsu(alice, 2000e18);
        locking.checkpointBonus(alice);
        vm.warp(block.timestamp + 7 days);
        uint256 idle = lpm.getPoolState(POOL).idleLiquidity;
        vm.prank(admin);
        locking.setKsuPrice(1e6);
        vm.prank(manager);
        lpm.draw(POOL, idle, borrower);
        uint256 beforeLoss = locking.getUserTotalBonusAmount(alice);
        vm.expectEmit(address(locking));
        emit IKsuLocking.LossNotified(block.timestamp);
        vm.prank(manager);
        lpm.reportLoss(POOL, 10_000e6);
        vm.warp(block.timestamp + 30 days);
        vm.prank(admin);
        locking.setKsuPrice(1e6);
        assertEq(locking.getUserTotalBonusAmount(alice), beforeLoss, "nothing after the loss");
        locking.checkpointBonus(alice); // anyone: what is held now (nothing) counts from the loss
        assertEq(locking.getUserTotalBonusAmount(alice), beforeLoss);
        (,, uint256 base) = locking.bonusCheckpoint(alice);
        assertEq(base, 0);
    }

    /// @dev A locker in another pool keeps earning on what is still held after a loss elsewhere.
    function test_bonus_afterALossElsewhere_accruesOnWhatIsHeld() public {
        uint256 a = _deposit(alice, SENIOR, 10_000e6);
        uint256 b = _deposit(bob, JUNIOR, 10_000e6);
        _clearAndSettle(_ids(a, b));
        _lockKsu(alice, 2000e18);
        locking.checkpointBonus(alice);
        vm.prank(manager);
        lpm.draw(POOL, 10_000e6, borrower);
        vm.warp(block.timestamp + 1 hours);
        vm.prank(manager);
        lpm.reportLoss(POOL, 10_000e6); // Bob's Junior tranche only
        vm.warp(block.timestamp + 7 days);
        vm.prank(admin);
        locking.setKsuPrice(1e6);
        uint256 before = locking.getUserTotalBonusAmount(alice); // up to the loss
        locking.checkpointBonus(alice);
        uint256 earned = locking.getUserTotalBonusAmount(alice) - before;
        uint256 fair = 10_000e18 * locking.BONUS_RATE_LEVEL_2() / 1e18; // a week at level 2
        assertApproxEqRel(earned, fair, 0.001e18, "the week after the loss counts in full");
    }

    /// @dev Issue 22 item 9: a deposit costs the same after 1 or 50 deposit-and-cancel rounds
    /// of the same wallet in the epoch (it grew by about 3,100 gas a round).
    function test_gas_depositAfterManyCancels_isFlat() public {
        uint256 snap = vm.snapshotState();
        uint256 after1 = _depositGasAfterCancels(1);
        vm.revertToState(snap);
        uint256 after50 = _depositGasAfterCancels(50);
        assertApproxEqAbs(after50, after1, 500, "per-user work is O(1)");
    }

    function _depositGasAfterCancels(uint256 rounds) internal returns (uint256 used) {
        for (uint256 i; i < rounds; ++i) {
            uint256 id = _deposit(alice, i % 2 == 0 ? JUNIOR : MEZZ, 100e6);
            vm.prank(alice);
            lpm.cancelDepositRequest(POOL, id);
        }
        _fund(alice, 100e6);
        ILendingPoolTypes.ContractAcceptance memory acc = _noAcceptance();
        ILendingPoolTypes.KycAuthorization memory k = _noKyc();
        vm.prank(alice);
        uint256 g = gasleft();
        lpm.requestDepositWithKyc(POOL, SENIOR, 100e6, 0, acc, k);
        used = g - gasleft();
    }
}
