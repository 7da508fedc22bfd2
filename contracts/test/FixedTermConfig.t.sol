// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {
    FixedTermConfigNotFound,
    InterestRateTooHigh,
    PoolNotFound,
    TrancheNotFound,
    ZeroAddress,
    ZeroLockDuration
} from "../src/libraries/Errors.sol";
import {BaseTest} from "./BaseTest.sol";

contract FixedTermConfigTest is BaseTest {
    ILendingPoolTypes.FixedTermDepositStatus internal constant DISABLED =
    ILendingPoolTypes.FixedTermDepositStatus.Disabled;
    ILendingPoolTypes.FixedTermDepositStatus internal constant EVERYONE =
    ILendingPoolTypes.FixedTermDepositStatus.Everyone;
    ILendingPoolTypes.FixedTermDepositStatus internal constant ALLOWLIST =
    ILendingPoolTypes.FixedTermDepositStatus.Allowlist;

    function setUp() public override {
        super.setUp();
        _createPool(3);
    }

    function _add(uint256 trancheId, ILendingPoolTypes.FixedTermDepositStatus status)
        internal
        returns (uint256)
    {
        vm.prank(manager);
        return lpm.addFixedTermConfig(0, trancheId, RATE, 4, status);
    }

    function test_addFixedTermConfig_storesConfigWithIdsFromOne() public {
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.FixedTermConfigAdded(0, 2, 1, RATE, 4, EVERYONE);
        assertEq(_add(2, EVERYONE), 1);
        assertEq(_add(2, ALLOWLIST), 2);

        ILendingPoolTypes.TrancheView memory t = lpm.getPool(0).tranches[2];
        assertEq(t.fixedTermConfigs.length, 2);
        assertEq(t.fixedTermConfigs[0].configId, 1);
        assertEq(t.fixedTermConfigs[0].epochInterestRate, RATE);
        assertEq(t.fixedTermConfigs[0].epochLockDuration, 4);
        assertEq(uint8(t.fixedTermConfigs[0].status), uint8(EVERYONE));
        assertEq(t.fixedTermConfigs[1].configId, 2);
        assertEq(uint8(t.fixedTermConfigs[1].status), uint8(ALLOWLIST));
        // Other tranches are untouched.
        assertEq(lpm.getPool(0).tranches[0].fixedTermConfigs.length, 0);
    }

    function testFuzz_addFixedTermConfig_revertsForNonManager(address caller) public {
        vm.assume(!lpm.hasRole(lpm.POOL_MANAGER_ROLE(), caller));
        _expectMissingRole(caller, lpm.POOL_MANAGER_ROLE());
        vm.prank(caller);
        lpm.addFixedTermConfig(0, 0, RATE, 4, EVERYONE);
    }

    function test_addFixedTermConfig_validatesInputs() public {
        vm.startPrank(manager);
        vm.expectRevert(abi.encodeWithSelector(PoolNotFound.selector, 1));
        lpm.addFixedTermConfig(1, 0, RATE, 4, EVERYONE);
        vm.expectRevert(abi.encodeWithSelector(TrancheNotFound.selector, 0, 3));
        lpm.addFixedTermConfig(0, 3, RATE, 4, EVERYONE);
        vm.expectRevert(ZeroLockDuration.selector);
        lpm.addFixedTermConfig(0, 0, RATE, 0, EVERYONE);
        uint256 max = lpm.MAX_EPOCH_INTEREST_RATE();
        vm.expectRevert(abi.encodeWithSelector(InterestRateTooHigh.selector, max + 1, max));
        lpm.addFixedTermConfig(0, 0, max + 1, 4, EVERYONE);
        vm.stopPrank();
    }

    function test_addFixedTermConfig_rejectsUnknownStatus() public {
        vm.prank(manager);
        (bool ok,) = address(lpm)
            .call(
                abi.encodeWithSelector(lpm.addFixedTermConfig.selector, 0, 0, RATE, 4, uint256(3))
            );
        assertFalse(ok);
    }

    function test_setFixedTermStatus_updatesStatus() public {
        uint256 configId = _add(1, EVERYONE);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.FixedTermStatusSet(0, 1, configId, DISABLED);
        vm.prank(manager);
        lpm.setFixedTermStatus(0, 1, configId, DISABLED);
        assertEq(uint8(lpm.getPool(0).tranches[1].fixedTermConfigs[0].status), uint8(DISABLED));
    }

    function testFuzz_setFixedTermStatus_revertsForNonManager(address caller) public {
        uint256 configId = _add(1, EVERYONE);
        vm.assume(!lpm.hasRole(lpm.POOL_MANAGER_ROLE(), caller));
        _expectMissingRole(caller, lpm.POOL_MANAGER_ROLE());
        vm.prank(caller);
        lpm.setFixedTermStatus(0, 1, configId, DISABLED);
    }

    function testFuzz_setFixedTermStatus_revertsForUnknownConfig(uint256 configId) public {
        _add(1, EVERYONE);
        vm.assume(configId != 1);
        vm.expectRevert(abi.encodeWithSelector(FixedTermConfigNotFound.selector, 0, 1, configId));
        vm.prank(manager);
        lpm.setFixedTermStatus(0, 1, configId, DISABLED);
    }

    function test_setFixedTermAllowlist_addsAndRemoves() public {
        uint256 configId = _add(0, ALLOWLIST);
        assertFalse(lpm.isFixedTermAllowlisted(0, 0, configId, lender));

        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.FixedTermAllowlistSet(0, 0, configId, lender, true);
        vm.prank(manager);
        lpm.setFixedTermAllowlist(0, 0, configId, lender, true);
        assertTrue(lpm.isFixedTermAllowlisted(0, 0, configId, lender));
        assertFalse(lpm.isFixedTermAllowlisted(0, 0, configId, stranger));

        vm.prank(manager);
        lpm.setFixedTermAllowlist(0, 0, configId, lender, false);
        assertFalse(lpm.isFixedTermAllowlisted(0, 0, configId, lender));
    }

    function test_setFixedTermAllowlist_isPerConfig() public {
        uint256 first = _add(0, ALLOWLIST);
        uint256 second = _add(0, ALLOWLIST);
        vm.prank(manager);
        lpm.setFixedTermAllowlist(0, 0, first, lender, true);
        assertTrue(lpm.isFixedTermAllowlisted(0, 0, first, lender));
        assertFalse(lpm.isFixedTermAllowlisted(0, 0, second, lender));
    }

    function testFuzz_setFixedTermAllowlist_revertsForNonManager(address caller) public {
        uint256 configId = _add(0, ALLOWLIST);
        vm.assume(!lpm.hasRole(lpm.POOL_MANAGER_ROLE(), caller));
        _expectMissingRole(caller, lpm.POOL_MANAGER_ROLE());
        vm.prank(caller);
        lpm.setFixedTermAllowlist(0, 0, configId, lender, true);
    }

    function test_setFixedTermAllowlist_validatesInputs() public {
        uint256 configId = _add(0, ALLOWLIST);
        vm.startPrank(manager);
        vm.expectRevert(ZeroAddress.selector);
        lpm.setFixedTermAllowlist(0, 0, configId, address(0), true);
        vm.expectRevert(abi.encodeWithSelector(FixedTermConfigNotFound.selector, 0, 0, 0));
        lpm.setFixedTermAllowlist(0, 0, 0, lender, true);
        vm.stopPrank();
        vm.expectRevert(abi.encodeWithSelector(FixedTermConfigNotFound.selector, 0, 0, 2));
        lpm.isFixedTermAllowlisted(0, 0, 2, lender);
    }
}
