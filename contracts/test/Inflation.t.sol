// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ProtocolBase} from "./ProtocolBase.sol";

/// @dev The first-depositor inflation attack fails: shares are minted only at clearing from
/// accounted assets, direct transfers change no accounting, and the 1e6 virtual shares keep the
/// share price from being pushed up by a tiny first deposit.
contract InflationTest is ProtocolBase {
    function testFuzz_inflationAttackFails(uint256 donation, uint256 victimAmount) public {
        donation = bound(donation, 1, 1_000_000e6);
        victimAmount = bound(victimAmount, 100e6, 100_000e6);
        vm.prank(manager);
        lpm.setTrancheLimits(POOL, JUNIOR, 1, 100_000e6, 10_000_000e6);
        _allow(stranger);
        // Attacker: the smallest deposit, then a donation straight to the manager.
        uint256 a = _deposit(stranger, JUNIOR, 1);
        uint256 v = _deposit(alice, JUNIOR, victimAmount);
        _fund(stranger, donation);
        vm.prank(stranger);
        // forge-lint: disable-next-line(erc20-unchecked-transfer)
        usdc.transfer(address(lpm), donation);
        _clear();
        lpm.settle(_ids(a, v));
        uint256 victimValue = lpm.convertToAssets(POOL, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        assertGe(victimValue + 1, victimAmount, "victim keeps its deposit");
        assertLe(lpm.convertToAssets(POOL, JUNIOR, lpm.sharesOf(POOL, JUNIOR, stranger)), 1);
        assertEq(lpm.getTrancheState(POOL, JUNIOR).totalAssets, victimAmount + 1);
    }

    function testFuzz_roundingFavoursThePool(uint256 x, uint256 y, uint256 interest) public {
        x = bound(x, 100e6, 100_000e6);
        y = bound(y, 100e6, 100_000e6);
        interest = bound(interest, 0, 1000e6);
        _deposit(alice, JUNIOR, x);
        _clear();
        lpm.claim(1);
        if (interest != 0) _fundReserve(interest);
        _deposit(bob, JUNIOR, y);
        _clear(); // interest, then bob joins at the new price
        lpm.claim(2);
        uint256 total = lpm.getTrancheState(POOL, JUNIOR).totalAssets;
        uint256 va = lpm.convertToAssets(POOL, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        uint256 vb = lpm.convertToAssets(POOL, JUNIOR, lpm.sharesOf(POOL, JUNIOR, bob));
        assertLe(va + vb, total);
        assertLe(vb, y, "a new lender never gets more than it paid");
        // Withdraw everything: payouts never exceed the views.
        _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        _withdraw(bob, JUNIOR, lpm.sharesOf(POOL, JUNIOR, bob));
        _clear();
        uint256 viewA = lpm.requestStatus(3).assets;
        uint256 viewB = lpm.requestStatus(4).assets;
        lpm.settle(_ids(3, 4));
        assertEq(usdc.balanceOf(alice), viewA, "paid what the view said");
        assertEq(usdc.balanceOf(bob), viewB, "paid what the view said");
        uint256 left = lpm.getTrancheState(POOL, JUNIOR).totalAssets;
        assertLe(left, 2, "dust left by truncation is at most 1 unit per lender");
    }
}
