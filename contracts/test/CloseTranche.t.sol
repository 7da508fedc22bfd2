// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {TrancheAlreadyClosed, TrancheClosed, TrancheNotFound} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";

/// @dev Issue 27 item 2: the pool manager closes a tranche at will (`closeTranche`), no loss
/// needed, and reopens it (`reopenTranche`).
contract CloseTrancheTest is ProtocolBase {
    function _settled(address user, uint256 trancheId, uint256 amount) internal {
        _clearAndSettle(_ids(_deposit(user, trancheId, amount)));
        _nextEpoch();
    }

    function test_closeTranche_onlyThePoolManager() public {
        _expectMissingRole(alice, lpm.POOL_MANAGER_ROLE());
        vm.prank(alice);
        lpm.closeTranche(POOL, JUNIOR);
        _expectMissingRole(borrower, lpm.POOL_MANAGER_ROLE());
        vm.prank(borrower);
        lpm.closeTranche(POOL, JUNIOR);
        assertFalse(lpm.trancheClosed(POOL, JUNIOR), "still open");
    }

    function test_closeTranche_refusesNewDepositsAndEmits() public {
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.TrancheClosedByManager(POOL, JUNIOR);
        vm.prank(manager);
        lpm.closeTranche(POOL, JUNIOR);
        assertTrue(lpm.trancheClosed(POOL, JUNIOR));
        assertTrue(lpm.getPool(POOL).tranches[JUNIOR].closed, "pool view: junior closed");
        assertFalse(lpm.getPool(POOL).tranches[MEZZ].closed, "pool view: mezzanine open");
        _fund(bob, 30_000e6);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(TrancheClosed.selector, POOL, JUNIOR));
        lpm.requestDepositWithKyc(POOL, JUNIOR, 30_000e6, 0, _noAcceptance(), _noKyc());
        assertEq(usdc.balanceOf(bob), 30_000e6, "nothing taken");
        // The other tranches still take deposits.
        uint256 id = _deposit(carol, MEZZ, 1000e6);
        assertGt(id, 0);
    }

    function test_closeTranche_existingLendersStillWithdrawInFull() public {
        _settled(alice, JUNIOR, 10_000e6);
        vm.prank(manager);
        lpm.closeTranche(POOL, JUNIOR);
        uint256 before = usdc.balanceOf(alice);
        uint256 w = _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        _clearAndSettle(_ids(w));
        assertEq(lpm.sharesOf(POOL, JUNIOR, alice), 0, "every share withdrawn");
        assertApproxEqAbs(usdc.balanceOf(alice) - before, 10_000e6, 1, "paid back");
    }

    function test_reopenTranche_afterClose_takesDepositsAgain() public {
        vm.prank(manager);
        lpm.closeTranche(POOL, JUNIOR);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.TrancheReopened(POOL, JUNIOR);
        vm.prank(manager);
        lpm.reopenTranche(POOL, JUNIOR);
        assertFalse(lpm.trancheClosed(POOL, JUNIOR));
        uint256 id = _deposit(bob, JUNIOR, 30_000e6);
        _clearAndSettle(_ids(id));
        assertEq(lpm.requestStatus(id).accepted, 30_000e6, "accepted into the reopened tranche");
    }

    function test_closeTranche_twiceOrUnknownReverts() public {
        vm.startPrank(manager);
        lpm.closeTranche(POOL, JUNIOR);
        vm.expectRevert(abi.encodeWithSelector(TrancheAlreadyClosed.selector, POOL, JUNIOR));
        lpm.closeTranche(POOL, JUNIOR);
        vm.expectRevert(abi.encodeWithSelector(TrancheNotFound.selector, POOL, 3));
        lpm.closeTranche(POOL, 3);
        vm.stopPrank();
    }

    /// @dev A deposit queued before the close is treated as after a wipe: it moves to the more
    /// senior tranche with room at full value; what no senior tranche can take is refunded.
    function test_closeTranche_queuedDepositIsReallocatedOrRefundedAtClearing() public {
        vm.prank(manager);
        lpm.setTrancheLimits(POOL, MEZZ, 100e6, 100_000e6, 10_000e6);
        vm.prank(manager);
        lpm.setTrancheLimits(POOL, SENIOR, 100e6, 100_000e6, 5000e6);
        uint256 id = _deposit(bob, JUNIOR, 30_000e6);
        vm.prank(manager);
        lpm.closeTranche(POOL, JUNIOR);
        uint256 before = usdc.balanceOf(bob);
        _clearAndSettle(_ids(id));
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        assertEq(v.accepted, 0, "nothing into the closed tranche");
        assertEq(v.reallocated, 15_000e6, "the senior tranches' room");
        assertEq(usdc.balanceOf(bob) - before, 15_000e6, "the rest refunded to the unit");
        assertEq(lpm.sharesOf(POOL, JUNIOR, bob), 0, "no junior shares");
    }
}
