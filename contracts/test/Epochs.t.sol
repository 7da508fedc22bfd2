// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolManager} from "../src/interfaces/ILendingPoolManager.sol";
import {ExtensionMismatch, GenesisInFuture, ZeroAddress} from "../src/libraries/Errors.sol";
import {BaseTest} from "./BaseTest.sol";

contract EpochsTest is BaseTest {
    uint256 internal constant WEEK = 7 days;

    function test_constants() public view {
        assertEq(lpm.EPOCH_DURATION(), 7 days);
        assertEq(lpm.CLEARING_PERIOD(), 2 days);
        assertEq(lpm.genesis(), GENESIS);
        assertEq(lpm.usdc(), address(usdc));
    }

    /// @dev Deploys from an artifact with `create`, bubbling the constructor's revert.
    function _create(bytes memory initcode) internal returns (address addr) {
        assembly ("memory-safe") {
            addr := create(0, add(initcode, 32), mload(initcode))
            if iszero(addr) {
                returndatacopy(0, 0, returndatasize())
                revert(0, returndatasize())
            }
        }
    }

    function test_constructor_revertsOnFutureGenesisOrZeroAddress() public {
        bytes memory extCode =
            vm.getCode("LendingPoolManagerExtension.sol:LendingPoolManagerExtension");
        bytes memory lpmCode = vm.getCode("LendingPoolManager.sol:LendingPoolManager");
        vm.expectRevert(
            abi.encodeWithSelector(GenesisInFuture.selector, block.timestamp + 1, block.timestamp)
        );
        _create(abi.encodePacked(extCode, abi.encode(address(usdc), block.timestamp + 1)));
        vm.expectRevert(ZeroAddress.selector);
        _create(abi.encodePacked(extCode, abi.encode(address(0), GENESIS)));
        address ext = _create(abi.encodePacked(extCode, abi.encode(address(usdc), GENESIS)));
        vm.expectRevert(ZeroAddress.selector);
        _create(abi.encodePacked(lpmCode, abi.encode(address(0), address(usdc), GENESIS, ext)));
        vm.expectRevert(ExtensionMismatch.selector);
        _create(abi.encodePacked(lpmCode, abi.encode(admin, address(usdc), GENESIS + 1, ext)));
    }

    function test_boundaries() public {
        _at(0, 0, WEEK, 5 days, false);
        _at(5 days - 1, 0, WEEK, 5 days, false);
        _at(5 days, 0, WEEK, WEEK + 5 days, true);
        _at(WEEK - 1, 0, WEEK, WEEK + 5 days, true);
        _at(WEEK, 1, 2 * WEEK, WEEK + 5 days, false);
    }

    function _at(
        uint256 offset,
        uint256 epoch,
        uint256 nextEpoch,
        uint256 nextClearing,
        bool clearing
    ) internal {
        vm.warp(GENESIS + offset);
        assertEq(lpm.currentEpoch(), epoch, "currentEpoch");
        assertEq(lpm.nextEpochStart(), GENESIS + nextEpoch, "nextEpochStart");
        assertEq(lpm.nextClearingPeriodStart(), GENESIS + nextClearing, "nextClearingPeriodStart");
        assertEq(lpm.isClearingPeriod(), clearing, "isClearingPeriod");
    }

    function testFuzz_epochMath(uint256 genesis, uint256 offset) public {
        genesis = bound(genesis, 0, 1 << 40);
        offset = bound(offset, 0, 520 * WEEK);
        vm.warp(genesis);
        ILendingPoolManager m = _deployManager(admin, address(usdc), genesis);
        uint256 now_ = genesis + offset;
        vm.warp(now_);

        uint256 epoch = m.currentEpoch();
        uint256 epochStart = genesis + epoch * WEEK;
        uint256 nextEpoch = m.nextEpochStart();
        uint256 nextClearing = m.nextClearingPeriodStart();
        bool clearing = m.isClearingPeriod();

        // The current epoch contains now, and the next one starts right after it.
        assertLe(epochStart, now_);
        assertGt(nextEpoch, now_);
        assertEq(nextEpoch, epochStart + WEEK);

        // The next clearing period is in the future, within a week, aligned to genesis + k*7d + 5d.
        assertGt(nextClearing, now_);
        assertLe(nextClearing - now_, WEEK);
        assertEq((nextClearing - genesis) % WEEK, 5 days);

        // Clearing is the last 2 days of the epoch, and the next clearing start follows from it.
        assertEq(clearing, now_ >= epochStart + 5 days);
        assertEq(nextClearing, clearing ? nextEpoch + 5 days : nextEpoch - 2 days);
    }
}
