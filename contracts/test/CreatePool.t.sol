// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {
    EmptyName,
    InterestRateTooHigh,
    InvalidDepositLimits,
    InvalidTrancheCount,
    PoolNotFound,
    ZeroCapacity
} from "../src/libraries/Errors.sol";
import {BaseTest} from "./BaseTest.sol";

contract CreatePoolTest is BaseTest {
    function test_createPool_storesPoolAndTranches() public {
        ILendingPoolTypes.TrancheParams[] memory params = _tranches(3);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.PoolCreated(0, "Invoice Financing", "SME invoices", 1);
        vm.prank(manager);
        uint256 poolId = lpm.createPool("Invoice Financing", "SME invoices", 1, params);

        assertEq(poolId, 0);
        assertEq(lpm.poolCount(), 1);
        ILendingPoolTypes.PoolView memory pool = lpm.getPool(0);
        assertEq(pool.id, 0);
        assertEq(pool.name, "Invoice Financing");
        assertEq(pool.subheading, "SME invoices");
        assertEq(pool.requestEpochsInAdvance, 1);
        assertEq(pool.tranches.length, 3);
        for (uint256 i; i < 3; ++i) {
            ILendingPoolTypes.TrancheView memory t = pool.tranches[i];
            assertEq(t.id, i);
            assertEq(t.name, params[i].name);
            assertEq(t.epochInterestRate, params[i].epochInterestRate);
            assertEq(t.minimumDeposit, params[i].minimumDeposit);
            assertEq(t.maximumDeposit, params[i].maximumDeposit);
            assertEq(t.capacity, params[i].capacity);
            assertEq(t.totalAssets, 0);
            assertEq(t.fixedTermConfigs.length, 0);
        }
    }

    function test_createPool_emitsTrancheCreated() public {
        ILendingPoolTypes.TrancheParams[] memory params = _tranches(1);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.TrancheCreated(
            0,
            0,
            "Junior",
            params[0].epochInterestRate,
            params[0].minimumDeposit,
            params[0].maximumDeposit,
            params[0].capacity
        );
        vm.prank(manager);
        lpm.createPool("P", "S", 0, params);
    }

    function test_createPool_idsIncrease_andGetPoolsListsAll() public {
        assertEq(_createPool(1), 0);
        assertEq(_createPool(2), 1);
        assertEq(_createPool(3), 2);
        ILendingPoolTypes.PoolView[] memory pools = lpm.getPools();
        assertEq(pools.length, 3);
        for (uint256 i; i < 3; ++i) {
            assertEq(pools[i].id, i);
            assertEq(pools[i].tranches.length, i + 1);
        }
    }

    function test_getPools_emptyAtStart() public view {
        assertEq(lpm.getPools().length, 0);
        assertEq(lpm.poolCount(), 0);
    }

    function testFuzz_createPool_trancheCountBounds(uint256 count) public {
        count = bound(count, 0, 6);
        ILendingPoolTypes.TrancheParams[] memory params = _tranches(count);
        if (count == 0 || count > 3) {
            vm.expectRevert(abi.encodeWithSelector(InvalidTrancheCount.selector, count));
        }
        vm.prank(manager);
        lpm.createPool("P", "S", 1, params);
        if (count >= 1 && count <= 3) assertEq(lpm.getPool(0).tranches.length, count);
    }

    function testFuzz_createPool_revertsForNonManager(address caller) public {
        vm.assume(!lpm.hasRole(lpm.POOL_MANAGER_ROLE(), caller));
        ILendingPoolTypes.TrancheParams[] memory params = _tranches(1);
        _expectMissingRole(caller, lpm.POOL_MANAGER_ROLE());
        vm.prank(caller);
        lpm.createPool("P", "S", 1, params);
    }

    function test_createPool_adminIsManager() public {
        vm.prank(admin);
        assertEq(lpm.createPool("P", "S", 1, _tranches(1)), 0);
    }

    function test_createPool_revertsOnEmptyNames() public {
        ILendingPoolTypes.TrancheParams[] memory params = _tranches(1);
        vm.prank(manager);
        vm.expectRevert(EmptyName.selector);
        lpm.createPool("", "S", 1, params);

        params[0].name = "";
        vm.prank(manager);
        vm.expectRevert(EmptyName.selector);
        lpm.createPool("P", "S", 1, params);
    }

    function testFuzz_createPool_depositLimits(uint256 minimum, uint256 maximum) public {
        minimum = bound(minimum, 0, 1e15);
        maximum = bound(maximum, 0, 1e15);
        ILendingPoolTypes.TrancheParams[] memory params = _tranches(1);
        params[0].minimumDeposit = minimum;
        params[0].maximumDeposit = maximum;
        if (maximum == 0 || maximum < minimum) {
            vm.expectRevert(abi.encodeWithSelector(InvalidDepositLimits.selector, minimum, maximum));
        }
        vm.prank(manager);
        lpm.createPool("P", "S", 1, params);
    }

    function test_createPool_revertsOnZeroCapacity() public {
        ILendingPoolTypes.TrancheParams[] memory params = _tranches(1);
        params[0].capacity = 0;
        vm.prank(manager);
        vm.expectRevert(ZeroCapacity.selector);
        lpm.createPool("P", "S", 1, params);
    }

    function testFuzz_createPool_rateBound(uint256 rate) public {
        rate = bound(rate, 0, 1e18);
        ILendingPoolTypes.TrancheParams[] memory params = _tranches(1);
        params[0].epochInterestRate = rate;
        uint256 max = lpm.MAX_EPOCH_INTEREST_RATE();
        if (rate > max) {
            vm.expectRevert(abi.encodeWithSelector(InterestRateTooHigh.selector, rate, max));
        }
        vm.prank(manager);
        lpm.createPool("P", "S", 1, params);
    }

    function testFuzz_getPool_revertsForUnknownId(uint256 poolId) public {
        _createPool(1);
        poolId = bound(poolId, 1, type(uint256).max);
        vm.expectRevert(abi.encodeWithSelector(PoolNotFound.selector, poolId));
        lpm.getPool(poolId);
    }
}
