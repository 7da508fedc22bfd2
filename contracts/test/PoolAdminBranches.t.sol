// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {
    CapacityTooLarge,
    ExceedsDrawnPrincipal,
    RequestNotFound,
    TooManyFixedTermConfigs,
    ZeroAddress,
    ZeroAmount
} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";

/// @dev Issue 22 item 13: the pool manager's money operations refuse bad input and change
/// nothing; the position views count what a lender holds across pools of any size and across
/// tranches a deposit was reallocated to before settlement.
contract PoolAdminBranchesTest is ProtocolBase {
    /// @dev A settled Junior position of `amount` for alice: the pool holds `amount` idle.
    function _funded(uint256 amount) internal {
        uint256 id = _deposit(alice, JUNIOR, amount);
        _clearAndSettle(_ids(id));
        _nextEpoch();
    }

    function _assertPoolState(ILendingPoolTypes.PoolState memory a) internal view {
        ILendingPoolTypes.PoolState memory b = lpm.getPoolState(POOL);
        assertEq(b.idleLiquidity, a.idleLiquidity, "idle unchanged");
        assertEq(b.drawnPrincipal, a.drawnPrincipal, "drawn unchanged");
        assertEq(b.interestReserve, a.interestReserve, "reserve unchanged");
    }

    // ----- draw / repay / reportLoss / recapitalise -----

    function test_draw_zeroBorrower_reverts() public {
        _funded(1000e6);
        ILendingPoolTypes.PoolState memory before = lpm.getPoolState(POOL);
        vm.prank(manager);
        vm.expectRevert(ZeroAddress.selector);
        lpm.draw(POOL, 500e6, address(0));
        _assertPoolState(before);
        assertEq(usdc.balanceOf(address(lpm)), 1000e6, "no USDC left the pool");
    }

    function test_draw_zeroAmount_reverts() public {
        _funded(1000e6);
        ILendingPoolTypes.PoolState memory before = lpm.getPoolState(POOL);
        vm.prank(manager);
        vm.expectRevert(ZeroAmount.selector);
        lpm.draw(POOL, 0, borrower);
        _assertPoolState(before);
        assertEq(usdc.balanceOf(borrower), 0);
    }

    function test_repay_nothing_reverts() public {
        _funded(1000e6);
        vm.prank(manager);
        lpm.draw(POOL, 400e6, borrower);
        ILendingPoolTypes.PoolState memory before = lpm.getPoolState(POOL);
        _fund(manager, 1e6);
        vm.prank(manager);
        vm.expectRevert(ZeroAmount.selector);
        lpm.repay(POOL, 0, 0);
        _assertPoolState(before);
        assertEq(usdc.balanceOf(manager), 1e6, "nothing taken from the pool manager");
    }

    function test_reportLoss_aboveDrawnPrincipal_reverts() public {
        _funded(1000e6);
        vm.prank(manager);
        lpm.draw(POOL, 400e6, borrower);
        ILendingPoolTypes.PoolState memory before = lpm.getPoolState(POOL);
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(ExceedsDrawnPrincipal.selector, 400e6, 400e6 + 1));
        lpm.reportLoss(POOL, 400e6 + 1);
        _assertPoolState(before);
        assertEq(lpm.getTrancheState(POOL, JUNIOR).totalAssets, 1000e6, "no lender lost anything");
        assertFalse(lpm.trancheClosed(POOL, JUNIOR));
    }

    function test_reportLoss_zero_reverts() public {
        _funded(1000e6);
        vm.prank(manager);
        lpm.draw(POOL, 400e6, borrower);
        vm.prank(manager);
        vm.expectRevert(ZeroAmount.selector);
        lpm.reportLoss(POOL, 0);
        assertEq(lpm.getPoolState(POOL).drawnPrincipal, 400e6);
        assertEq(lpm.getTrancheState(POOL, JUNIOR).totalAssets, 1000e6);
    }

    function test_recapitalise_zero_reverts() public {
        _funded(1000e6);
        ILendingPoolTypes.PoolState memory before = lpm.getPoolState(POOL);
        vm.prank(manager);
        vm.expectRevert(ZeroAmount.selector);
        lpm.recapitalise(POOL, JUNIOR, 0);
        _assertPoolState(before);
        assertEq(lpm.getTrancheState(POOL, JUNIOR).totalAssets, 1000e6);
    }

    /// @dev A wiped tranche whose holders all withdrew (their worthless shares paid nothing) has
    /// no shares left, so it is no longer wiped: the pool manager may reopen it without a
    /// recapitalisation, and a new lender then gets back what he put in.
    function test_reopenTranche_afterEveryHolderOfTheWipedTrancheLeft() public {
        _funded(10_000e6);
        vm.startPrank(manager);
        lpm.draw(POOL, 10_000e6, borrower);
        lpm.reportLoss(POOL, 10_000e6);
        vm.stopPrank();
        assertTrue(lpm.trancheClosed(POOL, JUNIOR));
        uint256 w = _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        _clearAndSettle(_ids(w));
        assertEq(usdc.balanceOf(alice), 0, "nothing left to pay");
        assertEq(lpm.getTrancheState(POOL, JUNIOR).totalShares, 0);
        assertTrue(lpm.trancheClosed(POOL, JUNIOR), "clearing does not reopen it");

        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.TrancheReopened(POOL, JUNIOR);
        vm.prank(manager);
        lpm.reopenTranche(POOL, JUNIOR);
        assertFalse(lpm.trancheClosed(POOL, JUNIOR));

        _nextEpoch();
        uint256 d = _deposit(bob, JUNIOR, 1000e6);
        _clearAndSettle(_ids(d));
        _nextEpoch();
        w = _withdraw(bob, JUNIOR, lpm.sharesOf(POOL, JUNIOR, bob));
        _clearAndSettle(_ids(w));
        assertEq(usdc.balanceOf(bob), 1000e6, "the new lender pays nothing for the old loss");
    }

    // ----- configuration limits -----

    function test_addFixedTermConfig_fifthConfigOfATranche_reverts() public {
        uint256 max = lpm.MAX_FIXED_TERM_CONFIGS();
        vm.startPrank(manager);
        for (uint256 i; i < max; ++i) {
            assertEq(
                lpm.addFixedTermConfig(
                    POOL, SENIOR, 0.01e18, i + 1, ILendingPoolTypes.FixedTermDepositStatus.Everyone
                ),
                i + 1
            );
        }
        vm.expectRevert(abi.encodeWithSelector(TooManyFixedTermConfigs.selector, max));
        lpm.addFixedTermConfig(
            POOL, SENIOR, 0.01e18, 9, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        // Another tranche has its own allowance.
        assertEq(
            lpm.addFixedTermConfig(
                POOL, JUNIOR, 0.01e18, 9, ILendingPoolTypes.FixedTermDepositStatus.Everyone
            ),
            1
        );
        vm.stopPrank();
        assertEq(lpm.getPool(POOL).tranches[SENIOR].fixedTermConfigs.length, max);
    }

    function test_setTrancheLimits_capacityAboveTheLedgerMaximum_reverts() public {
        uint256 tooLarge = 1e18 + 1; // MAX_LEDGER_ASSETS + 1
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(CapacityTooLarge.selector, tooLarge, 1e18));
        lpm.setTrancheLimits(POOL, SENIOR, 100e6, 100_000e6, tooLarge);
        assertEq(lpm.getPool(POOL).tranches[SENIOR].capacity, 1_000_000e6, "unchanged");
        vm.prank(manager);
        lpm.setTrancheLimits(POOL, SENIOR, 100e6, 100_000e6, 1e18); // the maximum itself is fine
        assertEq(lpm.getPool(POOL).tranches[SENIOR].capacity, 1e18);
    }

    // ----- position views -----

    /// @dev Pool 1 has a single tranche: its missing tranche slots are skipped, and a position
    /// in it is listed with pool 0's.
    function test_getUserPosition_poolWithFewerTranches() public {
        uint256 small = _createPool(1);
        assertEq(small, 1);
        uint256 a = _deposit(alice, SENIOR, 2000e6);
        _fund(alice, 3000e6);
        vm.prank(alice);
        uint256 b = lpm.requestDepositWithKyc(small, 0, 3000e6, 0, _noAcceptance(), _noKyc());
        _clear();
        lpm.clear(small);
        lpm.settle(_ids(a, b));
        (
            ILendingPoolTypes.UserTranchePosition[] memory positions,,
            uint256 active,
            uint256 pending
        ) = lpm.getUserPosition(alice);
        assertEq(positions.length, 2);
        assertEq(positions[0].poolId, POOL);
        assertEq(positions[0].trancheId, SENIOR);
        assertEq(positions[0].balance, 2000e6);
        assertEq(positions[1].poolId, small);
        assertEq(positions[1].trancheId, 0);
        assertEq(positions[1].shares, lpm.sharesOf(small, 0, alice));
        assertEq(positions[1].balance, 3000e6);
        assertEq(active, 5000e6);
        assertEq(pending, 0);
    }

    /// @dev A Junior deposit overflows Junior's and Mezzanine's capacity into Senior. Cleared
    /// but not settled, the position view already shows each part in the tranche that took it,
    /// with the shares settlement then credits.
    function test_getUserPosition_clearedDepositReallocatedTwoTranchesUp_beforeSettlement() public {
        vm.startPrank(manager);
        lpm.setTrancheLimits(POOL, JUNIOR, 100e6, 100_000e6, 1000e6);
        lpm.setTrancheLimits(POOL, MEZZ, 100e6, 100_000e6, 1500e6);
        vm.stopPrank();
        uint256 id = _deposit(alice, JUNIOR, 6000e6);
        _clear();
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        assertEq(uint8(v.status), uint8(ILendingPoolTypes.RequestStatus.Cleared));
        assertEq(v.accepted, 1000e6);
        assertEq(v.reallocated, 5000e6);
        (ILendingPoolTypes.UserTranchePosition[] memory positions,, uint256 active,) =
            lpm.getUserPosition(alice);
        assertEq(positions.length, 3);
        uint256[3] memory expected = [uint256(1000e6), 1500e6, 3500e6];
        uint256[3] memory shares;
        for (uint256 i; i < 3; ++i) {
            assertEq(positions[i].trancheId, i);
            assertEq(positions[i].balance, expected[i]);
            assertEq(positions[i].availableToWithdraw, expected[i]);
            shares[i] = positions[i].shares;
        }
        assertEq(active, 6000e6);
        lpm.settle(_ids(id));
        for (uint256 i; i < 3; ++i) {
            assertEq(lpm.sharesOf(POOL, i, alice), shares[i], "the view matched settlement");
        }
        (,, uint256 activeAfter,) = lpm.getUserPosition(alice);
        assertEq(activeAfter, active);
    }

    /// @dev A tranche no request or fee touched in an epoch has no prices for it (all zero,
    /// not a division by zero); a tranche that took a deposit has its deposit price.
    function test_getEpochPrices_trancheUntouchedInTheEpoch_isAllZero() public {
        _deposit(alice, JUNIOR, 1000e6);
        uint256 epoch = lpm.getPoolState(POOL).nextEpochToClear;
        _clear();
        ILendingPoolTypes.EpochPrices memory p = lpm.getEpochPrices(POOL, epoch, MEZZ);
        assertEq(p.withdrawalShares, 0);
        assertEq(p.withdrawalAssets, 0);
        assertEq(p.fee, 0);
        assertEq(p.assetsPerShare, 0);
        assertEq(p.depositShares, 0);
        assertEq(p.depositAssets, 0);
        assertEq(p.sharesPerAsset, 0);
        p = lpm.getEpochPrices(POOL, epoch, JUNIOR);
        assertEq(p.sharesPerAsset, 1e6 * 1e18, "1e6 shares per USDC unit");
    }

    function test_views_kycStatus_convertToShares_epochFee() public {
        assertEq(lpm.kycStatus(alice), 1, "allowlisted");
        assertEq(lpm.kycStatus(stranger), 0, "unknown");
        vm.prank(admin);
        lpm.setKycStatus(alice, 2);
        assertEq(lpm.kycStatus(alice), 2, "blocked");

        uint256 id = _deposit(bob, JUNIOR, 10_000e6);
        _clearAndSettle(_ids(id));
        assertEq(lpm.convertToShares(POOL, JUNIOR, 10_000e6), lpm.sharesOf(POOL, JUNIOR, bob));
        _fundReserve(1000e6);
        uint256 epoch = lpm.getPoolState(POOL).nextEpochToClear;
        _clear(); // 0.6% on Junior, 10% of it as fee
        assertEq(lpm.epochFee(POOL, epoch), 6e6);
        assertEq(lpm.epochFee(POOL, epoch), lpm.getEpochPrices(POOL, epoch, JUNIOR).fee);
        uint256 shares = lpm.sharesOf(POOL, JUNIOR, bob);
        assertApproxEqAbs(lpm.convertToShares(POOL, JUNIOR, 10_054e6), shares, 1e6);
    }

    function test_requestStatus_unknownRequest_reverts() public {
        vm.expectRevert(abi.encodeWithSelector(RequestNotFound.selector, 7));
        lpm.requestStatus(7);
    }
}
