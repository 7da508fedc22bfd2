// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {
    CancelExceedsRequest,
    DepositBelowMinimum,
    EpochAlreadyCleared,
    ForcedWithdrawalNotCancellable,
    NotOwner,
    RequestNotFound
} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";

/// @dev Issue 23 item 7: two requests of one lender in one epoch are one request on chain (a
/// same-epoch increase); `cancelRequestPart` cancels one of them exactly, the other stays queued
/// with its amount, level and age.
contract CancelPartTest is ProtocolBase {
    ILendingPoolTypes.RequestKind internal constant DEPOSIT = ILendingPoolTypes.RequestKind.Deposit;
    ILendingPoolTypes.RequestKind internal constant WITHDRAWAL =
    ILendingPoolTypes.RequestKind.Withdrawal;

    function _bucket(uint256 epoch, ILendingPoolTypes.RequestKind kind, uint8 level)
        internal
        view
        returns (uint256)
    {
        return lpm.getBucket(POOL, epoch, JUNIOR, kind, level).total;
    }

    function _cancelPart(address user, uint256 id, uint256 amount) internal {
        vm.prank(user);
        lpm.cancelRequestPart(POOL, id, amount);
    }

    /// @dev Alice holds 1,000 USDC of Junior shares (settled), epoch 1 is open.
    function _holdShares(address user) internal returns (uint256 shares) {
        uint256 id = _deposit(user, JUNIOR, 1000e6);
        _clearAndSettle(_ids(id));
        _nextEpoch();
        shares = lpm.sharesOf(POOL, JUNIOR, user);
    }

    function test_withdrawal_cancelOneOfTwo_theOtherStaysQueued_sharesAndPrincipalBack() public {
        uint256 shares = _holdShares(alice);
        uint256 first = shares / 4;
        uint256 second = shares / 2;
        uint256 id = _withdraw(alice, JUNIOR, first);
        assertEq(_withdraw(alice, JUNIOR, second), id, "same epoch: one request on chain");
        uint256 deposits = lpm.userTotalDeposits(alice);
        uint256 accepted = lpm.userAcceptedDeposits(alice);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.RequestPartCancelled(id, alice, second, first);
        _cancelPart(alice, id, second);
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        assertEq(v.amount, first, "the other request's amount stays");
        assertEq(uint8(v.status), uint8(ILendingPoolTypes.RequestStatus.Pending));
        assertEq(nft.ownerOf(id), alice, "the NFT stays");
        assertEq(lpm.sharesOf(POOL, JUNIOR, alice), shares - first, "the part's shares back");
        assertEq(_bucket(1, WITHDRAWAL, 0), first, "bucket holds only the rest");
        assertEq(lpm.userTotalDeposits(alice), deposits, "queued shares still count");
        assertEq(lpm.userAcceptedDeposits(alice), accepted + 500e6, "principal of the part back");
        // The rest is paid like any request: 1/4 of 1,000 USDC (no interest in this pool).
        _clearAndSettle(_ids(id));
        assertApproxEqAbs(usdc.balanceOf(alice), 250e6, 1);
        // Nothing created or lost: the remaining shares are worth the other 750 USDC.
        assertApproxEqAbs(
            lpm.convertToAssets(POOL, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice)), 750e6, 1
        );
    }

    function test_withdrawal_cancelTheFirst_theLaterKeepsItsAmount() public {
        uint256 shares = _holdShares(alice);
        uint256 id = _withdraw(alice, JUNIOR, shares / 4);
        _withdraw(alice, JUNIOR, shares / 2);
        _cancelPart(alice, id, shares / 4);
        assertEq(lpm.requestStatus(id).amount, shares / 2);
        assertEq(lpm.sharesOf(POOL, JUNIOR, alice), shares - shares / 2);
    }

    /// @dev Fairness: the remaining request keeps its level (and its bucket), the level is not
    /// re-read at the cancel, and another lender's request of the same bucket is untouched.
    function test_withdrawal_cancelPart_keepsLevelAndBucket_otherLenderUnaffected() public {
        _lockKsu(alice, 1000e18); // 1,000 USDC of rKSU on 1,000 USDC: level 2
        uint256 shares = _holdShares(alice);
        _lockKsu(bob, 1000e18);
        uint256 bobShares = _holdShares(bob);
        vm.prank(admin);
        locking.setKsuPrice(1e6); // fresh after the epochs the deposits took
        uint256 id = _withdraw(alice, JUNIOR, shares / 4);
        _withdraw(alice, JUNIOR, shares / 4);
        uint256 b = _withdraw(bob, JUNIOR, bobShares / 2);
        assertEq(lpm.requestStatus(id).level, 2);
        uint256 before = _bucket(2, WITHDRAWAL, 2);
        _cancelPart(alice, id, shares / 4);
        assertEq(lpm.requestStatus(id).level, 2, "level unchanged");
        assertEq(_bucket(2, WITHDRAWAL, 2), before - shares / 4, "only the part leaves");
        assertEq(lpm.requestStatus(b).amount, bobShares / 2, "bob's request untouched");
        assertEq(lpm.requestStatus(b).level, 2);
        // Liquidity for half of the bucket: both requests fill pro rata, as if the cancelled
        // part had never been requested.
        vm.prank(manager);
        lpm.draw(POOL, 2000e6 - 250e6, borrower);
        _clear();
        ILendingPoolTypes.RequestView memory va = lpm.requestStatus(id);
        ILendingPoolTypes.RequestView memory vb = lpm.requestStatus(b);
        assertApproxEqAbs(va.accepted * 1e6 / va.amount, vb.accepted * 1e6 / vb.amount, 1);
        assertGt(va.accepted, 0);
    }

    /// @dev The remaining part keeps its age: an aged request (level 2 by age) stays level 2.
    function test_withdrawal_cancelPart_keepsTheAge() public {
        uint256 shares = _holdShares(alice);
        vm.prank(manager);
        lpm.draw(POOL, 1000e6, borrower); // no liquidity: every withdrawal is rejected
        uint256 id;
        for (uint256 i; i < 5; ++i) {
            id = _withdraw(alice, JUNIOR, shares / 2);
            _clear();
            lpm.claim(id);
            _nextEpoch();
        }
        id = _withdraw(alice, JUNIOR, shares / 4); // rolls over: aged
        _withdraw(alice, JUNIOR, shares / 8);
        assertEq(lpm.requestStatus(id).level, 2, "aged");
        uint256 epoch = lpm.requestStatus(id).epoch;
        _cancelPart(alice, id, shares / 8);
        assertEq(lpm.requestStatus(id).level, 2, "still aged");
        assertEq(_bucket(epoch, WITHDRAWAL, 2), shares / 4);
        // and the queue goes on: next epoch's roll-over keeps the age
        _clear();
        lpm.claim(id);
        _nextEpoch();
        uint256 next = _withdraw(alice, JUNIOR, shares / 4);
        assertEq(lpm.requestStatus(next).level, 2, "queue continues after a partial cancel");
    }

    function test_withdrawal_cancelPart_afterALoss_returnsTheSharesExactly() public {
        uint256 shares = _holdShares(alice);
        vm.prank(manager);
        lpm.draw(POOL, 1000e6, borrower);
        vm.prank(manager);
        lpm.reportLoss(POOL, 1000e6); // wipes Junior
        assertTrue(lpm.trancheClosed(POOL, JUNIOR));
        uint256 id = _withdraw(alice, JUNIOR, shares / 2);
        _withdraw(alice, JUNIOR, shares / 4);
        _cancelPart(alice, id, shares / 4);
        assertEq(lpm.sharesOf(POOL, JUNIOR, alice), shares / 2, "shares back to the unit");
        assertEq(lpm.requestStatus(id).amount, shares / 2);
        _clearAndSettle(_ids(id));
        assertEq(usdc.balanceOf(alice), 0, "a wiped tranche pays nothing");
    }

    function test_cancelPart_notSomeoneElses_notForced_notMoreThanRequested() public {
        uint256 shares = _holdShares(alice);
        uint256 id = _withdraw(alice, JUNIOR, shares / 4);
        _withdraw(alice, JUNIOR, shares / 4);
        uint256 amount = shares / 4 * 2;
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(NotOwner.selector, bob));
        lpm.cancelRequestPart(POOL, id, 1);
        vm.prank(alice);
        vm.expectRevert(
            abi.encodeWithSelector(CancelExceedsRequest.selector, id, amount + 1, amount)
        );
        lpm.cancelRequestPart(POOL, id, amount + 1);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(CancelExceedsRequest.selector, id, amount, amount));
        lpm.cancelRequestPart(POOL, id, amount);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(CancelExceedsRequest.selector, id, 0, amount));
        lpm.cancelRequestPart(POOL, id, 0);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(RequestNotFound.selector, id));
        lpm.cancelRequestPart(POOL + 1, id, 1);
        // A forced withdrawal (two merged) is not the lender's to cancel, even in part.
        vm.startPrank(manager);
        uint256 forced = lpm.forceWithdrawal(POOL, JUNIOR, alice, shares / 8);
        lpm.forceWithdrawal(POOL, JUNIOR, alice, shares / 8);
        vm.stopPrank();
        assertTrue(forced != id);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(ForcedWithdrawalNotCancellable.selector, forced));
        lpm.cancelRequestPart(POOL, forced, shares / 8);
        // Nothing changed by the refused calls.
        assertEq(lpm.requestStatus(id).amount, amount);
        assertEq(lpm.requestStatus(forced).amount, shares / 8 * 2);
        // After the clearing: too late.
        _clear();
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EpochAlreadyCleared.selector, 1));
        lpm.cancelRequestPart(POOL, id, 1);
    }

    function test_deposit_cancelOneOfTwo_refundsExactly_restStays() public {
        uint256 id = _deposit(alice, JUNIOR, 300e6);
        assertEq(_deposit(alice, JUNIOR, 200e6), id, "same epoch: one request on chain");
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.RequestPartCancelled(id, alice, 200e6, 300e6);
        _cancelPart(alice, id, 200e6);
        assertEq(usdc.balanceOf(alice), 200e6, "the part's USDC back");
        assertEq(usdc.balanceOf(address(lpm)), 300e6);
        assertEq(lpm.requestStatus(id).amount, 300e6);
        assertEq(lpm.userTotalDeposits(alice), 300e6);
        assertEq(lpm.getPoolState(POOL).escrowedDeposits, 300e6);
        assertEq(_bucket(0, DEPOSIT, 0), 300e6);
        // The remainder may not fall below the minimum deposit (dust requests).
        _deposit(alice, JUNIOR, 150e6);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(DepositBelowMinimum.selector, 50e6, 100e6));
        lpm.cancelRequestPart(POOL, id, 400e6);
        _clearAndSettle(_ids(id));
        assertApproxEqAbs(
            lpm.convertToAssets(POOL, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice)), 450e6, 1
        );
    }
}
