// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ZeroAddress} from "../src/libraries/Errors.sol";
import {KSU} from "../src/tokens/KSU.sol";
import {TestUSDC} from "../src/tokens/TestUSDC.sol";
import {BaseTest} from "./BaseTest.sol";

contract TokensTest is BaseTest {
    function test_testUsdc_metadata() public view {
        assertEq(usdc.name(), "USD Coin");
        assertEq(usdc.symbol(), "USDC");
        assertEq(usdc.decimals(), 6);
        assertTrue(usdc.hasRole(usdc.MINTER_ROLE(), admin));
    }

    function testFuzz_testUsdc_mintByMinter(address to, uint256 amount) public {
        vm.assume(to != address(0));
        amount = bound(amount, 0, 1e30);
        vm.prank(admin);
        usdc.mint(to, amount);
        assertEq(usdc.balanceOf(to), amount);
        assertEq(usdc.totalSupply(), amount);
    }

    function testFuzz_testUsdc_mintRevertsForNonMinter(address caller) public {
        vm.assume(caller != admin);
        _expectMissingRole(caller, usdc.MINTER_ROLE());
        vm.prank(caller);
        usdc.mint(caller, 1);
    }

    function test_testUsdc_grantedMinterCanMint() public {
        bytes32 role = usdc.MINTER_ROLE();
        vm.prank(admin);
        usdc.grantRole(role, manager);
        vm.prank(manager);
        usdc.mint(lender, 5 * USDC_UNIT);
        assertEq(usdc.balanceOf(lender), 5 * USDC_UNIT);
    }

    function test_ksu_metadataAndSupply() public {
        assertEq(ksu.name(), "Kasu");
        assertEq(ksu.symbol(), "KSU");
        assertEq(ksu.decimals(), 18);
        assertEq(ksu.totalSupply(), 1_000_000_000e18);
        assertEq(ksu.balanceOf(admin), 1_000_000_000e18);

        KSU other = new KSU("Other", "OTH", lender, 7);
        assertEq(other.symbol(), "OTH");
        assertEq(other.balanceOf(lender), 7);
    }

    function test_zeroAddressesRevert() public {
        vm.expectRevert(ZeroAddress.selector);
        new TestUSDC(address(0));
        vm.expectRevert(ZeroAddress.selector);
        new KSU("Kasu", "KSU", address(0), 1);
    }
}
