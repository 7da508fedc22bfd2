// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolCore} from "../../src/interfaces/ILendingPoolCore.sol";
import {ILendingPoolTypes} from "../../src/interfaces/ILendingPoolTypes.sol";
import {GasBase} from "./GasBase.sol";
import {console} from "forge-std/console.sol";

/// @dev Clearing gas does not grow with the number of requests: an epoch with 10 requests and one
/// with 1,000, over the same buckets (3 tranches x 3 loyalty levels of deposits, withdrawals in
/// all tranches, Junior overflowing into more senior tranches, interest paid from the reserve).
contract ClearingGasTest is GasBase {
    uint256 internal constant MAX_RATIO_BPS = 11_000;
    uint256 internal constant MAX_CLEAR_GAS = 1_000_000;
    uint256 internal constant BUCKET_TOTAL = 22_400e6;

    function _clearGas(uint256 requests) internal returns (uint256) {
        // Epoch 0: three holders, one per tranche; funded reserve.
        address[3] memory holders = [alice, bob, carol];
        for (uint256 t; t < 3; ++t) {
            _deposit(holders[t], t, 10_000e6);
        }
        _clear();
        lpm.settle(_ids(1, 2));
        lpm.claim(3);
        _fundReserve(10_000e6);
        vm.startPrank(manager);
        lpm.setTrancheLimits(POOL, JUNIOR, 100e6, 100_000e6, 40_000e6);
        lpm.setTrancheLimits(POOL, MEZZ, 100e6, 100_000e6, 60_000e6);
        vm.stopPrank();
        _nextEpoch();
        // Epoch 1: withdrawals in every tranche, `requests` deposits over all nine buckets, each
        // bucket holding the same total (BUCKET_TOTAL split evenly among its requests), so both
        // epochs clear the same bucket outcomes.
        for (uint256 t; t < 3; ++t) {
            _withdraw(holders[t], t, lpm.sharesOf(POOL, t, holders[t]) / 2);
        }
        for (uint256 i; i < requests; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast)
            address user = address(uint160(0x10000 + i));
            _allow(user);
            uint256 bucket = i % 9;
            uint256 inBucket = requests / 9 + (bucket < requests % 9 ? 1 : 0);
            uint256 amount = BUCKET_TOTAL / inBucket;
            uint256 level = bucket / 3;
            // rKSU value 2% (level 1) or 10% (level 2) of the deposit; KSU price 1 USDC.
            if (level != 0) _lockKsu(user, amount * (level == 1 ? 2 : 10) * 1e10);
            _deposit(user, bucket % 3, amount);
        }
        vm.warp(GENESIS + 7 days + 5 days);
        return _measure(address(this), address(lpm), abi.encodeCall(ILendingPoolCore.clear, (POOL)));
    }

    function test_clearingGas_10_vs_1000_requests() public {
        uint256 snapshot = vm.snapshotState();
        uint256 gas10 = _clearGas(10);
        vm.revertToState(snapshot);
        uint256 gas1000 = _clearGas(1000);
        uint256 ratioBps = gas1000 * 10_000 / gas10;
        console.log("clear gas, 10 requests:   ", gas10);
        console.log("clear gas, 1,000 requests:", gas1000);
        console.log("ratio x10000:             ", ratioBps);
        assertLe(ratioBps, MAX_RATIO_BPS, "ratio above 1.1");
        assertLe(gas1000, MAX_CLEAR_GAS, "clearing 1,000 requests above 1M gas");
    }

    /// @dev Everything a clearing can touch at once: 18 buckets in use (deposits and withdrawals
    /// at all three levels in all three tranches, with reallocation), a rate change taking effect
    /// in every tranche, and 4 fixed-term configs per tranche each paying interest and maturing,
    /// half of them withdrawn at expiry.
    function test_clearingGas_worstCase_under1M() public {
        address[9] memory users;
        for (uint256 i; i < 9; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast)
            users[i] = address(uint160(0x20000 + i));
            _allow(users[i]);
            uint256 level = i / 3;
            if (level != 0) _lockKsu(users[i], (level == 1 ? 300e18 : 1500e18));
            _deposit(users[i], i % 3, 10_000e6);
        }
        vm.startPrank(manager);
        for (uint256 t; t < 3; ++t) {
            for (uint256 c; c < 4; ++c) {
                lpm.addFixedTermConfig(
                    POOL, t, 0.003e18, 2, ILendingPoolTypes.FixedTermDepositStatus.Everyone
                );
            }
        }
        vm.stopPrank();
        _clear(); // epoch 0
        for (uint256 i; i < 9; ++i) {
            lpm.claim(i + 1);
            // The lockers' settled deposits count for fee sharing from a checkpoint (before
            // the review follow-up of issue 10, their first withdrawal request did it).
            locking.checkpointBonus(users[i]);
        }
        _fundReserve(100_000e6);
        _nextEpoch(); // epoch 1: fixed-term locks ending with epoch 2
        for (uint256 i; i < 9; ++i) {
            for (uint256 c = 1; c <= 4; ++c) {
                vm.prank(users[i]);
                uint256 lockId = lpm.lockDepositForFixedTerm(POOL, i % 3, 500e6, c);
                if (c % 2 == 0) {
                    vm.prank(users[i]);
                    lpm.withdrawAtExpiry(POOL, lockId);
                }
            }
        }
        vm.startPrank(manager);
        for (uint256 t; t < 3; ++t) {
            lpm.setTrancheRate(POOL, t, 0.001e18);
        }
        lpm.setTrancheLimits(POOL, JUNIOR, 100e6, 100_000e6, 40_000e6);
        vm.stopPrank();
        _clear(); // epoch 1
        _nextEpoch(); // epoch 2: requests in all 18 buckets
        vm.prank(admin);
        locking.setKsuPrice(1e6); // a fresh price, or every level reads 0
        for (uint256 i; i < 9; ++i) {
            _withdraw(users[i], i % 3, lpm.sharesOf(POOL, i % 3, users[i]) / 2);
            _deposit(users[i], i % 3, 20_000e6);
        }
        vm.warp(GENESIS + 2 * 7 days + 5 days);
        uint256 gas =
            _measure(address(this), address(lpm), abi.encodeCall(ILendingPoolCore.clear, (POOL)));
        console.log("clear gas, worst case:    ", gas);
        for (uint256 t; t < 3; ++t) {
            for (uint8 level; level < 3; ++level) {
                assertGt(
                    lpm.getBucket(POOL, 2, t, ILendingPoolTypes.RequestKind.Deposit, level).total, 0
                );
                assertGt(
                    lpm.getBucket(POOL, 2, t, ILendingPoolTypes.RequestKind.Withdrawal, level)
                    .total,
                    0
                );
            }
        }
        assertLe(gas, MAX_CLEAR_GAS);
    }
}
