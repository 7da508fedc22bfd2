// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {RequestNFT} from "../src/RequestNFT.sol";
import {IKsuLocking} from "../src/interfaces/IKsuLocking.sol";
import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {RequestNotFound, ZeroAmount} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";

/// @dev Issue 22 item 13: requests by id (rerate of an unknown or settled request), the age of
/// withdrawals that are never paid (forced ones re-queued, merged with a new force, capped at
/// 255 epochs), a request NFT that cannot be minted, and a manager without KsuLocking.
contract RequestBranchesTest is ProtocolBase {
    /// @dev Alice's settled Junior position of `amount`, then every idle USDC lent out (no
    /// withdrawal can be paid); returns her shares.
    function _illiquidPosition(uint256 amount) internal returns (uint256 shares) {
        uint256 id = _deposit(alice, JUNIOR, amount);
        _clearAndSettle(_ids(id));
        _nextEpoch();
        uint256 idle = lpm.getPoolState(POOL).idleLiquidity;
        vm.prank(manager);
        lpm.draw(POOL, idle, borrower);
        shares = lpm.sharesOf(POOL, JUNIOR, alice);
    }

    /// @dev Clears the forced request `id` (rejected: no liquidity) and settles it; returns the
    /// forced request it was queued again as.
    function _rejectAndRequeue(uint256 id) internal returns (uint256 requeued) {
        _clear();
        lpm.claim(id);
        requeued = id + 1;
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(requeued);
        assertTrue(v.forced);
        assertEq(uint8(v.status), uint8(ILendingPoolTypes.RequestStatus.Pending));
    }

    // ----- rerate -----

    function test_rerate_unknownRequest_reverts() public {
        vm.expectRevert(abi.encodeWithSelector(RequestNotFound.selector, 5));
        lpm.rerate(5);
    }

    function test_rerate_settledRequest_reverts() public {
        uint256 id = _deposit(alice, JUNIOR, 1000e6);
        _clearAndSettle(_ids(id));
        _lockKsu(alice, 1000e18);
        vm.expectRevert(abi.encodeWithSelector(RequestNotFound.selector, id));
        lpm.rerate(id);
    }

    /// @dev A withdrawal queued for 5 epochs ranks level 2 whatever its owner's loyalty level:
    /// rerating it (here alice has no KSU, level 0) keeps it in the level-2 bucket.
    function test_rerate_agedWithdrawalStaysLevel2() public {
        uint256 shares = _illiquidPosition(1000e6);
        vm.prank(manager);
        uint256 id = lpm.forceWithdrawal(POOL, JUNIOR, alice, shares);
        assertEq(lpm.requestStatus(id).level, 0);
        for (uint256 i; i < 5; ++i) {
            id = _rejectAndRequeue(id);
        }
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        assertEq(v.level, 2, "queued for 5 epochs");
        assertEq(locking.loyaltyLevel(alice), 0);
        lpm.rerate(id);
        assertEq(lpm.requestStatus(id).level, 2, "not lowered to the owner's level");
        ILendingPoolTypes.Bucket memory b =
            lpm.getBucket(POOL, v.epoch, JUNIOR, ILendingPoolTypes.RequestKind.Withdrawal, 2);
        assertEq(b.total, shares);
        b = lpm.getBucket(POOL, v.epoch, JUNIOR, ILendingPoolTypes.RequestKind.Withdrawal, 0);
        assertEq(b.total, 0);
    }

    // ----- forced withdrawals re-queued -----

    /// @dev A forced request re-queued with its age (1 epoch) merges with a new force of the
    /// same epoch; the merged request keeps the older start, so it reaches level 2 after 5
    /// epochs from the first force, not from the second.
    function test_force_newForceMergesWithTheRequeuedOne_keepingTheOlderAge() public {
        uint256 shares = _illiquidPosition(1000e6);
        vm.prank(manager);
        uint256 id = lpm.forceWithdrawal(POOL, JUNIOR, alice, shares / 2);
        uint256 first = lpm.requestStatus(id).epoch;
        id = _rejectAndRequeue(id);
        vm.prank(manager);
        uint256 merged = lpm.forceWithdrawal(POOL, JUNIOR, alice, shares / 4);
        assertEq(merged, id, "one forced request per epoch");
        assertEq(lpm.requestStatus(id).amount, shares / 2 + shares / 4);
        assertEq(lpm.sharesOf(POOL, JUNIOR, alice), shares - shares / 2 - shares / 4);
        while (lpm.requestStatus(id).epoch < first + 4) {
            id = _rejectAndRequeue(id);
            assertEq(lpm.requestStatus(id).level, 0);
        }
        id = _rejectAndRequeue(id);
        assertEq(lpm.requestStatus(id).epoch, first + 5);
        assertEq(lpm.requestStatus(id).level, 2, "aged from the first force");
        assertEq(lpm.requestStatus(id).amount, shares / 2 + shares / 4);
    }

    /// @dev A forced withdrawal unpaid for more than 255 epochs (the stored age's maximum) is
    /// still level 2 and still re-queued with all its shares; once liquidity is back it pays.
    function test_force_unpaidForMoreThan255Epochs_staysLevel2() public {
        uint256 shares = _illiquidPosition(1000e6);
        vm.prank(manager);
        uint256 id = lpm.forceWithdrawal(POOL, JUNIOR, alice, shares);
        for (uint256 i; i < 260; ++i) {
            id = _rejectAndRequeue(id);
        }
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        assertEq(v.level, 2);
        assertEq(v.amount, shares);
        _repayPrincipal(1000e6);
        uint256 before = usdc.balanceOf(alice);
        _clearAndSettle(_ids(id));
        assertApproxEqAbs(usdc.balanceOf(alice) - before, 1000e6, 1);
        assertEq(lpm.openRequestCount(alice), 0);
    }

    // ----- other paths -----

    function test_requestWithdrawal_zeroShares_reverts() public {
        uint256 id = _deposit(alice, JUNIOR, 1000e6);
        _clearAndSettle(_ids(id));
        uint256 shares = lpm.sharesOf(POOL, JUNIOR, alice);
        vm.prank(alice);
        vm.expectRevert(ZeroAmount.selector);
        lpm.requestWithdrawal(POOL, JUNIOR, 0);
        assertEq(lpm.sharesOf(POOL, JUNIOR, alice), shares);
        assertEq(lpm.openRequestCount(alice), 0);
    }

    /// @dev The request NFT is minted in the same transaction: if the mint fails, the request
    /// reverts with the NFT's error and nothing is taken.
    function test_requestDeposit_nftMintFailure_revertsWithItsError() public {
        bytes memory err = abi.encodeWithSignature("Error(string)", "mint refused");
        vm.mockCallRevert(address(nft), abi.encodeWithSelector(RequestNFT.mint.selector), err);
        _fund(alice, 1000e6);
        vm.prank(alice);
        vm.expectRevert(err);
        lpm.requestDepositWithKyc(POOL, JUNIOR, 1000e6, 0, _noAcceptance(), _noKyc());
        assertEq(usdc.balanceOf(alice), 1000e6);
        assertEq(lpm.getPoolState(POOL).escrowedDeposits, 0);
        vm.clearMockedCalls();
        _deposit(alice, JUNIOR, 1000e6);
        assertEq(nft.ownerOf(1), alice);
    }

    /// @dev Without a KsuLocking contract every request is level 0 (even for a KSU locker) and
    /// a withdrawal request notifies nothing.
    function test_noKsuLocking_requestsAtLevel0_withdrawalsNotifyNothing() public {
        _lockKsu(alice, 10_000e18);
        vm.prank(admin);
        lpm.setKsuLocking(address(0));
        uint256 id = _deposit(alice, JUNIOR, 1000e6);
        assertEq(lpm.requestStatus(id).level, 0);
        assertEq(locking.loyaltyLevel(alice), 2, "she would be level 2 with KsuLocking");
        _clearAndSettle(_ids(id));
        uint256 shares = lpm.sharesOf(POOL, JUNIOR, alice);
        vm.expectCall(
            address(locking),
            abi.encodeWithSelector(IKsuLocking.notifyDepositsDecreased.selector),
            0
        );
        uint256 w = _withdraw(alice, JUNIOR, shares);
        assertEq(lpm.requestStatus(w).level, 0);
        assertEq(lpm.userAcceptedDeposits(alice), 0);
        _clearAndSettle(_ids(w));
        assertEq(usdc.balanceOf(alice), 1000e6, "paid in full");
    }
}
