// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {NoDeferredPayout, RateChangePending} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";
import {BlacklistUSDC} from "./mocks/BlacklistUSDC.sol";

/// @dev Regression tests of the queue-fairness findings (issue 10, items 2, 5, 8 and 9): each
/// fails on eb77e8e.
contract QueueFairnessTest is ProtocolBase {
    ILendingPoolTypes.RequestKind internal constant DEPOSIT = ILendingPoolTypes.RequestKind.Deposit;
    ILendingPoolTypes.RequestKind internal constant WITHDRAWAL =
    ILendingPoolTypes.RequestKind.Withdrawal;

    function _limits(uint256 trancheId, uint256 capacity) internal {
        vm.prank(manager);
        lpm.setTrancheLimits(POOL, trancheId, 100e6, 100_000e6, capacity);
    }

    function _bucket(uint256 epoch, uint256 trancheId, ILendingPoolTypes.RequestKind kind, uint8 l)
        internal
        view
        returns (ILendingPoolTypes.Bucket memory)
    {
        return lpm.getBucket(POOL, epoch, trancheId, kind, l);
    }

    // ----- Item 2: an increase re-rates the whole request -----

    /// @dev Open at level 2 with a small amount, raise to the maximum: the whole request drops to
    /// the owner's level at the increase, so it no longer takes capacity ahead of a level-1
    /// lender.
    function test_increase_rebucketsTheWholeRequestAtTheOwnersCurrentLevel() public {
        _limits(SENIOR, 50_000e6);
        _lockKsu(alice, 200e18); // 200 USDC of rKSU: level 2 up to 4,000 USDC deposited
        _lockKsu(bob, 1000e18); // level 1 for 50,000 USDC
        uint256 a = _deposit(alice, SENIOR, 1000e6);
        assertEq(lpm.requestStatus(a).level, 2);
        _fund(alice, 99_000e6);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.RequestRerated(a, 2, 0);
        vm.prank(alice); // raise to the maximum: 200 / 100,000 = 0.2% -> level 0
        lpm.requestDepositWithKyc(POOL, SENIOR, 99_000e6, 0, _noAcceptance(), _noKyc());
        assertEq(locking.loyaltyLevel(alice), 0);
        assertEq(lpm.requestStatus(a).level, 0, "level at the latest change");
        assertEq(lpm.requestStatus(a).amount, 100_000e6);
        assertEq(_bucket(0, SENIOR, DEPOSIT, 2).total, 0, "old bucket emptied");
        assertEq(_bucket(0, SENIOR, DEPOSIT, 0).total, 100_000e6, "whole request moved");
        uint256 b = _deposit(bob, SENIOR, 50_000e6);
        assertEq(lpm.requestStatus(b).level, 1);
        _clear();
        assertEq(lpm.requestStatus(b).accepted, 50_000e6, "level 1 fills first");
        assertEq(lpm.requestStatus(a).accepted, 0);
        assertEq(lpm.requestStatus(a).rejected, 100_000e6);
    }

    /// @dev An increase that keeps the level moves nothing; one that raises it moves the whole
    /// request up (a level-0 request is never above its owner: it keeps 0 until re-rated).
    function test_increase_keepsOrRaisesTheLevel_levelZeroWaitsForRerate() public {
        _lockKsu(alice, 1000e18);
        uint256 a = _deposit(alice, JUNIOR, 1000e6); // level 2
        _deposit(alice, JUNIOR, 1000e6); // still level 2
        assertEq(lpm.requestStatus(a).level, 2);
        assertEq(_bucket(0, JUNIOR, DEPOSIT, 2).total, 2000e6);
        uint256 c = _deposit(carol, JUNIOR, 1000e6); // level 0
        _lockKsu(carol, 1000e18);
        _deposit(carol, JUNIOR, 1000e6);
        assertEq(lpm.requestStatus(c).level, 0);
        lpm.rerate(c);
        assertEq(lpm.requestStatus(c).level, 2);
        assertEq(_bucket(0, JUNIOR, DEPOSIT, 0).total, 0);
        assertEq(_bucket(0, JUNIOR, DEPOSIT, 2).total, 4000e6);
    }

    // ----- Item 5: withdrawal aging counts continuous queueing of the request -----

    /// @dev Alice holds Junior shares and the pool has no idle liquidity (withdrawals rejected).
    function _holdSharesNoLiquidity() internal returns (uint256 shares) {
        _deposit(alice, JUNIOR, 1000e6);
        _clear();
        lpm.claim(1);
        vm.prank(manager);
        lpm.draw(POOL, 1000e6, borrower);
        shares = lpm.sharesOf(POOL, JUNIOR, alice);
    }

    /// @dev A tiny withdrawal fully accepted and left unclaimed does not start a queue that a
    /// later request inherits.
    function test_withdrawalAging_acceptedUnclaimedTinyRequestDoesNotAge() public {
        _deposit(alice, JUNIOR, 1000e6);
        _clear();
        lpm.claim(1);
        _nextEpoch();
        uint256 tiny = _withdraw(alice, JUNIOR, 1e6); // epoch 1, fully accepted, never claimed
        _clear();
        assertEq(lpm.requestStatus(tiny).rejected, 0);
        for (uint256 i; i < 5; ++i) {
            _clear();
        }
        _nextEpoch(); // epoch 7
        uint256 id = _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        assertEq(lpm.requestStatus(id).level, 0, "no continuous queue");
    }

    /// @dev A rejected withdrawal that is not requested again in the next epoch ends its queue.
    function test_withdrawalAging_rejectedThenAGapStartsFresh() public {
        uint256 shares = _holdSharesNoLiquidity();
        _nextEpoch();
        uint256 first = _withdraw(alice, JUNIOR, shares); // epoch 1, rejected
        _clear();
        lpm.claim(first);
        for (uint256 i; i < 5; ++i) {
            _clear();
        }
        _nextEpoch(); // epoch 7
        uint256 id = _withdraw(alice, JUNIOR, shares);
        assertEq(lpm.requestStatus(id).level, 0, "waited, but not in the queue");
    }

    /// @dev Rolling over a tiny rejected request for five epochs does not age a large one: only
    /// shares that were queued (at most the previous request's rejected part) carry the age.
    function test_withdrawalAging_onlyTheRolledOverAmountCarriesTheAge() public {
        uint256 shares = _holdSharesNoLiquidity();
        uint256 id;
        for (uint256 i; i < 5; ++i) {
            _nextEpoch();
            id = _withdraw(alice, JUNIOR, 1e6);
            _clear();
            lpm.claim(id);
        }
        _nextEpoch(); // epoch 6: the tiny queue is 5 epochs old
        id = _withdraw(alice, JUNIOR, shares);
        assertEq(lpm.requestStatus(id).level, 0, "more than the rolled-over shares");
        vm.prank(alice);
        lpm.cancelWithdrawalRequest(POOL, id);
        // A cancel ends the queue: the same epoch's new request starts fresh.
        id = _withdraw(alice, JUNIOR, 1e6);
        assertEq(lpm.requestStatus(id).level, 0, "cancelled queue");
    }

    /// @dev The continuous case still ages, and an increase that stays within the rolled-over
    /// shares keeps the age; one beyond them drops it.
    function test_withdrawalAging_continuousRollOverRanksLevelTwo_increaseBeyondDropsIt() public {
        uint256 shares = _holdSharesNoLiquidity();
        uint256 id;
        for (uint256 i; i < 5; ++i) {
            _nextEpoch();
            id = _withdraw(alice, JUNIOR, shares / 2);
            _clear();
            lpm.claim(id);
        }
        _nextEpoch(); // epoch 6
        id = _withdraw(alice, JUNIOR, shares / 4);
        assertEq(lpm.requestStatus(id).level, 2, "queued since epoch 1");
        _withdraw(alice, JUNIOR, shares / 4);
        assertEq(lpm.requestStatus(id).level, 2, "still within the rolled-over shares");
        _withdraw(alice, JUNIOR, shares / 4);
        assertEq(lpm.requestStatus(id).level, 0, "fresh shares added");
        assertEq(_bucket(6, JUNIOR, WITHDRAWAL, 2).total, 0);
        assertEq(_bucket(6, JUNIOR, WITHDRAWAL, 0).total, shares / 4 * 3);
    }

    // ----- Acceptance is monotone by level (found writing the priority invariant suite) -----

    /// @dev Once a level-2 withdrawal bucket is cut short by liquidity, the rounding dust left
    /// must not accept a lower level in full (here a 1-share withdrawal worth 0 USDC).
    function test_clearWithdrawals_afterAPartialBucketNoLowerLevelIsAccepted() public {
        _lockKsu(alice, 1000e18);
        _deposit(alice, JUNIOR, 1000e6);
        _deposit(carol, JUNIOR, 1000e6);
        _clear();
        lpm.settle(_ids(1, 2));
        vm.prank(manager);
        lpm.draw(POOL, 1500e6, borrower); // 500 idle
        uint256 high = _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        uint256 low = _withdraw(carol, JUNIOR, 1);
        assertEq(lpm.requestStatus(high).level, 2);
        assertEq(lpm.requestStatus(low).level, 0);
        _clear();
        ILendingPoolTypes.RequestView memory h = lpm.requestStatus(high);
        assertLt(h.accepted, h.amount, "level 2 cut short");
        assertEq(lpm.requestStatus(low).accepted, 0, "level 0 gets nothing");
        assertEq(lpm.requestStatus(low).rejected, 1);
    }

    // ----- Item 8: a rate change gives queued lenders a full epoch's notice -----

    /// @dev A cut announced one second before the clearing period: lenders queued for this epoch
    /// earn their first epoch at the old rate, and the first epoch paying the new rate belongs to
    /// lenders who can still cancel for more than a full epoch after the announcement.
    function test_rateCut_oneSecondBeforeClearing_spareQueuedLenders() public {
        _fundReserve(10_000e6);
        uint256 id = _deposit(alice, JUNIOR, 10_000e6); // queued for epoch 0
        uint256 clearingStart = GENESIS + 5 days;
        vm.warp(clearingStart - 1);
        uint256 announced = block.timestamp;
        vm.prank(manager);
        lpm.setTrancheRate(POOL, JUNIOR, 0); // a cut to zero
        uint256 effective = lpm.getTrancheState(POOL, JUNIOR).pendingRateEpoch;
        assertEq(effective, 2);
        // The lenders whose first epoch pays the new rate queue for epoch effective - 1 and can
        // cancel until its clearing period opens: at least a full epoch after the announcement.
        assertGe(GENESIS + effective * 7 days - 2 days - announced, 7 days);
        _clear(); // epoch 0: alice accepted
        lpm.claim(id);
        _clear(); // epoch 1: alice's first epoch, at the old rate
        assertEq(
            lpm.getTrancheState(POOL, JUNIOR).totalAssets, 10_000e6 + 10_000e6 * 6 / 1000 * 9 / 10
        );
        _clear(); // epoch 2: the new rate
        assertEq(lpm.getTrancheState(POOL, JUNIOR).epochInterestRate, 0);
    }

    /// @dev During a clearing period requests go to the next epoch, so the change moves one
    /// further; an announced change due earlier cannot be replaced, one due at the same epoch can.
    function test_rateChange_duringClearingPeriod_andAPendingChangeStands() public {
        vm.warp(GENESIS + 5 days); // clearing period of epoch 0: requests go to epoch 1
        vm.startPrank(manager);
        lpm.setTrancheRate(POOL, JUNIOR, 0.001e18);
        assertEq(lpm.getTrancheState(POOL, JUNIOR).pendingRateEpoch, 3);
        lpm.setTrancheRate(POOL, JUNIOR, 0.003e18); // same effective epoch: replaced
        assertEq(lpm.getTrancheState(POOL, JUNIOR).pendingRate, 0.003e18);
        vm.warp(GENESIS + 12 days); // requests go to epoch 2: it would take effect at 4
        vm.expectRevert(abi.encodeWithSelector(RateChangePending.selector, POOL, JUNIOR, 3));
        lpm.setTrancheRate(POOL, JUNIOR, 0);
        vm.stopPrank();
    }

    // ----- Item 9: a failed payout does not block a settlement batch -----

    BlacklistUSDC internal blUsdc;

    function _blacklistable() internal {
        BlacklistUSDC impl = new BlacklistUSDC(admin);
        vm.etch(address(usdc), address(impl).code);
        blUsdc = BlacklistUSDC(address(usdc));
    }

    function _assertConservation() internal view {
        ILendingPoolTypes.PoolState memory s = lpm.getPoolState(POOL);
        assertEq(
            usdc.balanceOf(address(lpm)),
            s.escrowedDeposits + s.withdrawalPayouts + s.idleLiquidity + s.interestReserve
                + lpm.treasuryFees() + lpm.deferredPayouts(),
            "USDC conservation"
        );
    }

    function test_settle_blacklistedOwnerIsSkipped_refundClaimableLater() public {
        _blacklistable();
        _limits(SENIOR, 1000e6);
        uint256 a = _deposit(alice, SENIOR, 1000e6);
        uint256 b = _deposit(bob, SENIOR, 1000e6);
        _clear(); // each gets 500 accepted, 500 refunded
        blUsdc.setBlacklisted(bob, true);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.PayoutDeferred(b, bob, 500e6);
        lpm.settle(_ids(a, b)); // the keeper's batch goes through
        assertEq(usdc.balanceOf(alice), 500e6, "alice refunded");
        assertEq(usdc.balanceOf(bob), 0);
        assertEq(uint8(lpm.requestStatus(b).status), uint8(ILendingPoolTypes.RequestStatus.Settled));
        assertGt(lpm.sharesOf(POOL, SENIOR, bob), 0, "bob's accepted part credited");
        assertEq(lpm.deferredPayoutOf(bob), 500e6);
        assertEq(lpm.deferredPayouts(), 500e6);
        _assertConservation();
        // Bob cannot collect it while blacklisted: the payout goes to him only.
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(BlacklistUSDC.Blacklisted.selector, bob));
        lpm.claimDeferredPayout();
        assertEq(lpm.deferredPayoutOf(bob), 500e6);
        blUsdc.setBlacklisted(bob, false);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.DeferredPayoutClaimed(bob, bob, 500e6);
        vm.prank(bob);
        assertEq(lpm.claimDeferredPayout(), 500e6);
        assertEq(usdc.balanceOf(bob), 500e6);
        assertEq(lpm.deferredPayoutOf(bob), 0);
        assertEq(lpm.deferredPayouts(), 0);
        _assertConservation();
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(NoDeferredPayout.selector, bob));
        lpm.claimDeferredPayout();
    }

    /// @dev Audit finding: `claimDeferredPayout(to)` let a blacklisted or KYC-blocked owner move
    /// the USDC owed to a fresh address. It pays the owner only now; a KYC-blocked owner who is
    /// not blacklisted by the token still gets their own money, at their own address.
    function test_claimDeferredPayout_paysOnlyTheOwner() public {
        _blacklistable();
        _limits(SENIOR, 1000e6);
        uint256 a = _deposit(alice, SENIOR, 1000e6);
        uint256 b = _deposit(bob, SENIOR, 1000e6);
        _clear();
        blUsdc.setBlacklisted(bob, true);
        lpm.settle(_ids(a, b));
        blUsdc.setBlacklisted(bob, false);
        vm.prank(admin);
        lpm.setKycStatus(bob, 2);
        address bob2 = makeAddr("bob2");
        // The old signature is gone: the call with a receiver matches no function.
        vm.prank(bob);
        (bool ok,) =
            address(lpm).call(abi.encodeWithSignature("claimDeferredPayout(address)", bob2));
        assertFalse(ok);
        vm.prank(bob);
        lpm.claimDeferredPayout();
        assertEq(usdc.balanceOf(bob2), 0);
        assertEq(usdc.balanceOf(bob), 500e6);
        _assertConservation();
    }

    function test_settle_blacklistedWithdrawalPayoutIsDeferred_thenClaimedWhenUnlisted() public {
        _blacklistable();
        uint256 a = _deposit(alice, JUNIOR, 1000e6);
        uint256 b = _deposit(bob, JUNIOR, 1000e6);
        _clear();
        lpm.settle(_ids(a, b));
        uint256 wa = _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        uint256 wb = _withdraw(bob, JUNIOR, lpm.sharesOf(POOL, JUNIOR, bob));
        _clear();
        uint256 owed = lpm.requestStatus(wa).assets;
        blUsdc.setBlacklisted(alice, true);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.PayoutDeferred(wa, alice, owed);
        lpm.settle(_ids(wa, wb));
        assertEq(usdc.balanceOf(bob), lpm.requestStatus(wb).assets, "bob paid");
        assertEq(lpm.deferredPayoutOf(alice), owed);
        assertEq(lpm.getPoolState(POOL).withdrawalPayouts, 0, "moved to deferred payouts");
        _assertConservation();
        blUsdc.setBlacklisted(alice, false);
        vm.prank(alice);
        lpm.claimDeferredPayout();
        assertEq(usdc.balanceOf(alice), owed);
        _assertConservation();
    }
}
