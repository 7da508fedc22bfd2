// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {
    ExceedsDrawnPrincipal,
    InsufficientLiquidity,
    ZeroAddress
} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

contract PoolOpsTest is ProtocolBase {
    function setUp() public override {
        super.setUp();
        _deposit(alice, JUNIOR, 1000e6);
        _deposit(bob, MEZZ, 1000e6);
        _deposit(carol, SENIOR, 1000e6);
        _clear();
    }

    function test_draw_andRepay_moveLiquidity() public {
        vm.prank(manager);
        lpm.draw(POOL, 2500e6, borrower);
        assertEq(usdc.balanceOf(borrower), 2500e6);
        ILendingPoolTypes.PoolState memory s = lpm.getPoolState(POOL);
        assertEq(s.idleLiquidity, 500e6);
        assertEq(s.drawnPrincipal, 2500e6);
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(InsufficientLiquidity.selector, 500e6, 501e6));
        lpm.draw(POOL, 501e6, borrower);

        _fund(manager, 1100e6);
        vm.startPrank(manager);
        usdc.approve(address(lpm), type(uint256).max);
        vm.expectRevert(abi.encodeWithSelector(ExceedsDrawnPrincipal.selector, 2500e6, 2501e6));
        lpm.repay(POOL, 2501e6, 0);
        lpm.repay(POOL, 1000e6, 100e6);
        vm.stopPrank();
        s = lpm.getPoolState(POOL);
        assertEq(s.idleLiquidity, 1500e6);
        assertEq(s.drawnPrincipal, 1500e6);
        assertEq(s.interestReserve, 100e6);
    }

    function test_reportLoss_hitsJuniorFirstThenUp() public {
        vm.prank(manager);
        lpm.draw(POOL, 3000e6, borrower);
        vm.prank(manager);
        lpm.reportLoss(POOL, 1500e6);
        assertEq(lpm.getTrancheState(POOL, JUNIOR).totalAssets, 0);
        assertEq(lpm.getTrancheState(POOL, MEZZ).totalAssets, 500e6);
        assertEq(lpm.getTrancheState(POOL, SENIOR).totalAssets, 1000e6);
        assertEq(lpm.getPoolState(POOL).drawnPrincipal, 1500e6);
        // The Mezzanine lender's shares are now worth half.
        lpm.claim(2);
        assertApproxEqAbs(lpm.convertToAssets(POOL, MEZZ, lpm.sharesOf(POOL, MEZZ, bob)), 500e6, 1);
    }

    function test_publishRepayments_storesAndEmits() public {
        ILendingPoolTypes.HistoricalRepayment memory r = ILendingPoolTypes.HistoricalRepayment({
            openingLoanBalance: 1,
            newFundingDrawdowns: 2,
            principalInterestRepayments: 3,
            closingLoanBalance: 4,
            interestPaymentComponent: 5,
            arrears: 6,
            unrecoverableLosses: 7
        });
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.RepaymentsPublished(POOL, 3, r);
        vm.prank(manager);
        lpm.publishRepayments(POOL, 3, r);
        assertEq(lpm.getRepayments(POOL, 3).arrears, 6);
    }

    function test_onlyRolesChangeParameters(address caller) public {
        vm.assume(caller != admin && caller != manager);
        bytes32 pm = lpm.POOL_MANAGER_ROLE();
        bytes32 adminRole = lpm.DEFAULT_ADMIN_ROLE();
        ILendingPoolTypes.HistoricalRepayment memory r;
        vm.startPrank(caller);
        _expectMissingRole(caller, pm);
        lpm.draw(POOL, 1, caller);
        _expectMissingRole(caller, pm);
        lpm.repay(POOL, 0, 1);
        _expectMissingRole(caller, pm);
        lpm.reportLoss(POOL, 1);
        _expectMissingRole(caller, pm);
        lpm.publishRepayments(POOL, 0, r);
        _expectMissingRole(caller, pm);
        lpm.setTrancheRate(POOL, 0, 1);
        _expectMissingRole(caller, pm);
        lpm.setTrancheLimits(POOL, 0, 1, 2, 3);
        _expectMissingRole(caller, adminRole);
        lpm.setKycSigner(caller);
        _expectMissingRole(caller, adminRole);
        lpm.setKycStatus(caller, 1);
        _expectMissingRole(caller, adminRole);
        lpm.setTreasury(caller);
        _expectMissingRole(caller, adminRole);
        lpm.setKsuLocking(caller);
        _expectMissingRole(caller, lpm.PAUSER_ROLE());
        lpm.pause();
        vm.stopPrank();
    }

    function test_pause_stopsValueMovement() public {
        vm.prank(admin);
        lpm.pause();
        assertTrue(lpm.paused());
        vm.expectRevert(Pausable.EnforcedPause.selector);
        lpm.clear(POOL);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        lpm.claim(1);
        vm.prank(manager);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        lpm.draw(POOL, 1, borrower);
        vm.prank(alice);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        lpm.requestWithdrawal(POOL, JUNIOR, 1);
    }

    /// @dev The manager keeps its own pause flag (packed with the KYC signer and request count)
    /// behind Pausable's ABI: events, errors and `paused()` behave as Pausable's.
    function test_pause_unpause_eventsAndErrors() public {
        vm.startPrank(admin);
        vm.expectRevert(Pausable.ExpectedPause.selector);
        lpm.unpause();
        vm.expectEmit(address(lpm));
        emit Pausable.Paused(admin);
        lpm.pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        lpm.pause();
        vm.expectEmit(address(lpm));
        emit Pausable.Unpaused(admin);
        lpm.unpause();
        assertFalse(lpm.paused());
        vm.stopPrank();
        // Pausing touches neither the KYC signer nor the request count next to the flag.
        address signer = lpm.kycSigner();
        uint256 id = _deposit(alice, JUNIOR, 100e6);
        vm.prank(admin);
        lpm.pause();
        assertEq(lpm.kycSigner(), signer);
        vm.prank(admin);
        lpm.unpause();
        assertEq(_deposit(bob, JUNIOR, 100e6), id + 1);
    }

    function test_setTreasury_rejectsZero() public {
        vm.prank(admin);
        vm.expectRevert(ZeroAddress.selector);
        lpm.setTreasury(address(0));
    }
}
