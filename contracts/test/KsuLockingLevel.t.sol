// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {KsuLocking} from "../src/KsuLocking.sol";
import {KsuLockingBaseTest} from "./KsuLockingBase.sol";

contract KsuLockingLevelTest is KsuLockingBaseTest {
    function setUp() public override {
        super.setUp();
        _lock(alice, 1000e18, P720); // 1000 rKSU = 500 USDC at 0.50
    }

    function test_loyaltyLevel_thresholds() public {
        mgr.setDeposits(alice, 10_000 * USDC_UNIT); // 5%
        assertEq(locking.loyaltyLevel(alice), 2);
        mgr.setDeposits(alice, 10_000 * USDC_UNIT + 1); // just below 5%
        assertEq(locking.loyaltyLevel(alice), 1);
        mgr.setDeposits(alice, 50_000 * USDC_UNIT); // 1%
        assertEq(locking.loyaltyLevel(alice), 1);
        mgr.setDeposits(alice, 50_000 * USDC_UNIT + 1); // just below 1%
        assertEq(locking.loyaltyLevel(alice), 0);
        mgr.setDeposits(alice, 1);
        assertEq(locking.loyaltyLevel(alice), 2);
    }

    function test_loyaltyLevel_zeroWithoutDepositsOrRksu() public {
        assertEq(locking.loyaltyLevel(alice), 0, "no deposits");
        mgr.setDeposits(bob, 100 * USDC_UNIT);
        assertEq(locking.loyaltyLevel(bob), 0, "no rKSU");
    }

    function test_loyaltyLevel_stalePriceGivesZero() public {
        mgr.setDeposits(alice, 1000 * USDC_UNIT);
        assertTrue(locking.isKsuPriceFresh());
        skip(7 days);
        assertEq(locking.loyaltyLevel(alice), 2, "exactly max age is still fresh");
        skip(1);
        assertFalse(locking.isKsuPriceFresh());
        assertEq(locking.loyaltyLevel(alice), 0, "stale price never grants priority");
        _setPrice(KSU_PRICE);
        assertEq(locking.loyaltyLevel(alice), 2);
    }

    function test_loyaltyLevel_maxPriceAgeApplies() public {
        mgr.setDeposits(alice, 1000 * USDC_UNIT);
        vm.prank(admin);
        locking.setMaxPriceAge(1 days);
        skip(1 days + 1);
        assertEq(locking.loyaltyLevel(alice), 0);
        vm.prank(admin);
        locking.setMaxPriceAge(30 days);
        assertEq(locking.loyaltyLevel(alice), 2, "age counts from the last price update");
    }

    function test_loyaltyLevel_noPriceYet() public {
        KsuLocking other = new KsuLocking(admin, address(ksu), treasury, GENESIS);
        vm.startPrank(admin);
        other.addLockPeriod(30 days, 1e18, 0);
        other.setManager(address(mgr));
        assertTrue(ksu.transfer(bob, 10e18));
        vm.stopPrank();
        vm.startPrank(bob);
        ksu.approve(address(other), 10e18);
        other.lock(10e18, 1);
        vm.stopPrank();
        mgr.setDeposits(bob, 1);
        assertFalse(other.isKsuPriceFresh());
        assertEq(other.loyaltyLevel(bob), 0);
    }

    function testFuzz_loyaltyLevel_matchesFormula(uint256 deposits, uint256 price) public {
        deposits = bound(deposits, 1, 1e15);
        price = bound(price, 1, 1e12);
        _setPrice(price);
        mgr.setDeposits(alice, deposits);
        uint256 value100 = 1000e18 * price / 1e18 * 100;
        uint8 expected = value100 >= 5 * deposits ? 2 : value100 >= deposits ? 1 : 0;
        assertEq(locking.loyaltyLevel(alice), expected);
    }
}
