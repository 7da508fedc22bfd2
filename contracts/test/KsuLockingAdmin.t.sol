// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {KsuLocking} from "../src/KsuLocking.sol";
import {IKsuLocking} from "../src/interfaces/IKsuLocking.sol";
import {GenesisInFuture, ZeroAddress} from "../src/libraries/Errors.sol";
import {
    InvalidKsuPrice,
    InvalidLockDuration,
    InvalidMaxPriceAge,
    InvalidMultiplier,
    LockPeriodNotFound,
    RksuNonTransferable,
    UsdcMismatch,
    ZeroLockAmount
} from "../src/libraries/LockingErrors.sol";
import {TestUSDC} from "../src/tokens/TestUSDC.sol";
import {KsuLockingBaseTest, LockingManagerStub} from "./KsuLockingBase.sol";

contract KsuLockingAdminTest is KsuLockingBaseTest {
    function test_constructor_state() public view {
        assertEq(locking.ksu(), address(ksu));
        assertEq(locking.usdc(), address(usdc));
        assertEq(locking.manager(), address(mgr));
        assertEq(locking.treasury(), treasury);
        assertEq(locking.genesis(), GENESIS);
        assertEq(locking.currentEpoch(), 0);
        assertEq(locking.maxPriceAge(), 7 days);
        assertTrue(locking.hasRole(locking.DEFAULT_ADMIN_ROLE(), admin));
        assertTrue(locking.hasRole(locking.PRICE_SETTER_ROLE(), admin));
        (uint256 price, uint256 updatedAt) = locking.ksuPrice();
        assertEq(price, KSU_PRICE);
        assertEq(updatedAt, block.timestamp);
        assertEq(locking.ksuPriceUpdatedAt(), block.timestamp);
        assertEq(locking.bonusPool(), BONUS_POOL);
    }

    function test_constructor_rejectsZeroAddressesAndFutureGenesis() public {
        vm.expectRevert(ZeroAddress.selector);
        new KsuLocking(address(0), address(ksu), treasury, GENESIS);
        vm.expectRevert(ZeroAddress.selector);
        new KsuLocking(admin, address(0), treasury, GENESIS);
        vm.expectRevert(ZeroAddress.selector);
        new KsuLocking(admin, address(ksu), address(0), GENESIS);
        vm.expectRevert(
            abi.encodeWithSelector(GenesisInFuture.selector, block.timestamp + 1, block.timestamp)
        );
        new KsuLocking(admin, address(ksu), treasury, block.timestamp + 1);
    }

    function test_lockPeriods_seeded() public view {
        IKsuLocking.LockPeriod[] memory periods = locking.getLockPeriods();
        assertEq(periods.length, 4);
        for (uint256 i; i < 4; ++i) {
            assertEq(periods[i].id, i + 1);
            assertEq(periods[i].lockPeriod, _duration(i + 1));
            assertEq(periods[i].rKSUMultiplier, _rMult(i + 1));
            assertEq(periods[i].ksuBonusMultiplier, _bMult(i + 1));
        }
    }

    function test_lockPeriods_disableAndEnable() public {
        vm.expectEmit(address(locking));
        emit IKsuLocking.LockPeriodActiveSet(P30, false);
        vm.prank(admin);
        locking.setLockPeriodActive(P30, false);
        IKsuLocking.LockPeriod[] memory periods = locking.getLockPeriods();
        assertEq(periods.length, 3);
        assertEq(periods[0].id, P180);
        (IKsuLocking.LockPeriod memory p, bool active) = locking.getLockPeriod(P30);
        assertEq(p.lockPeriod, 30 days);
        assertFalse(active);
        vm.prank(admin);
        locking.setLockPeriodActive(P30, true);
        assertEq(locking.getLockPeriods().length, 4);

        vm.expectRevert(abi.encodeWithSelector(LockPeriodNotFound.selector, 9));
        vm.prank(admin);
        locking.setLockPeriodActive(9, true);
        vm.expectRevert(abi.encodeWithSelector(LockPeriodNotFound.selector, 9));
        locking.getLockPeriod(9);
    }

    function test_addLockPeriod_validation() public {
        vm.startPrank(admin);
        vm.expectRevert(abi.encodeWithSelector(InvalidLockDuration.selector, 0));
        locking.addLockPeriod(0, 1e18, 0);
        vm.expectRevert(abi.encodeWithSelector(InvalidLockDuration.selector, 3651 days));
        locking.addLockPeriod(3651 days, 1e18, 0);
        vm.expectRevert(abi.encodeWithSelector(InvalidMultiplier.selector, 0));
        locking.addLockPeriod(1 days, 0, 0);
        vm.expectRevert(abi.encodeWithSelector(InvalidMultiplier.selector, 1e18 + 1e9));
        locking.addLockPeriod(1 days, 1e18 + 1e9, 0);
        vm.expectRevert(abi.encodeWithSelector(InvalidMultiplier.selector, 0.1e18 + 1));
        locking.addLockPeriod(1 days, 0.1e18 + 1, 0);
        vm.expectRevert(abi.encodeWithSelector(InvalidMultiplier.selector, 1e18 + 1));
        locking.addLockPeriod(1 days, 1e18, 1e18 + 1);

        vm.expectEmit(address(locking));
        emit IKsuLocking.LockPeriodAdded(5, 1 days, 0.123456789e18, 1e18);
        assertEq(locking.addLockPeriod(1 days, 0.123456789e18, 1e18), 5);
        vm.stopPrank();
    }

    function test_onlyRolesChangeParameters() public {
        bytes32 adminRole = locking.DEFAULT_ADMIN_ROLE();
        vm.startPrank(stranger);
        _expectMissingRole(stranger, adminRole);
        locking.addLockPeriod(1 days, 1e18, 0);
        _expectMissingRole(stranger, adminRole);
        locking.setLockPeriodActive(P30, false);
        _expectMissingRole(stranger, locking.PRICE_SETTER_ROLE());
        locking.setKsuPrice(1);
        _expectMissingRole(stranger, adminRole);
        locking.setMaxPriceAge(1 days);
        _expectMissingRole(stranger, adminRole);
        locking.setManager(address(mgr));
        _expectMissingRole(stranger, adminRole);
        locking.setTreasury(stranger);
        _expectMissingRole(stranger, adminRole);
        locking.pause();
        _expectMissingRole(stranger, adminRole);
        locking.unpause();
        vm.stopPrank();
    }

    function test_setKsuPrice_validationAndKeeperRole() public {
        vm.startPrank(admin);
        vm.expectRevert(abi.encodeWithSelector(InvalidKsuPrice.selector, 0));
        locking.setKsuPrice(0);
        vm.expectRevert(abi.encodeWithSelector(InvalidKsuPrice.selector, 2 ** 48));
        locking.setKsuPrice(2 ** 48);
        locking.grantRole(locking.PRICE_SETTER_ROLE(), stranger);
        vm.stopPrank();
        skip(3 days);
        vm.expectEmit(address(locking));
        emit IKsuLocking.KsuPriceSet(750_000, block.timestamp);
        vm.prank(stranger);
        locking.setKsuPrice(750_000);
        (uint256 price, uint256 updatedAt) = locking.ksuPrice();
        assertEq(price, 750_000);
        assertEq(updatedAt, block.timestamp);
    }

    function test_setMaxPriceAge_validation() public {
        vm.startPrank(admin);
        vm.expectRevert(abi.encodeWithSelector(InvalidMaxPriceAge.selector, 0));
        locking.setMaxPriceAge(0);
        vm.expectRevert(abi.encodeWithSelector(InvalidMaxPriceAge.selector, 366 days));
        locking.setMaxPriceAge(366 days);
        locking.setMaxPriceAge(1 hours);
        vm.stopPrank();
        assertEq(locking.maxPriceAge(), 1 hours);
    }

    function test_setManager_movesTheFeeRole() public {
        LockingManagerStub next = new LockingManagerStub(address(usdc));
        bytes32 role = locking.FEE_NOTIFIER_ROLE();
        vm.expectEmit(address(locking));
        emit IKsuLocking.ManagerSet(address(next), address(usdc));
        vm.prank(admin);
        locking.setManager(address(next));
        assertEq(locking.manager(), address(next));
        assertTrue(locking.hasRole(role, address(next)));
        assertFalse(locking.hasRole(role, address(mgr)));
    }

    function test_setManager_rejectsOtherUsdcAndZero() public {
        TestUSDC other = new TestUSDC(admin);
        LockingManagerStub next = new LockingManagerStub(address(other));
        LockingManagerStub noUsdc = new LockingManagerStub(address(0));
        vm.startPrank(admin);
        vm.expectRevert(
            abi.encodeWithSelector(UsdcMismatch.selector, address(usdc), address(other))
        );
        locking.setManager(address(next));
        vm.expectRevert(ZeroAddress.selector);
        locking.setManager(address(0));
        vm.expectRevert(ZeroAddress.selector);
        locking.setManager(address(noUsdc));
        vm.stopPrank();
    }

    function test_setTreasury() public {
        vm.prank(admin);
        locking.setTreasury(bob);
        assertEq(locking.treasury(), bob);
        _notify(5 * USDC_UNIT);
        locking.claimTreasuryFees();
        assertEq(usdc.balanceOf(bob), 5 * USDC_UNIT);
        vm.expectRevert(ZeroAddress.selector);
        vm.prank(admin);
        locking.setTreasury(address(0));
    }

    function test_fundBonusPool_anyoneAndNotZero() public {
        _giveKsu(bob, 10e18);
        vm.expectEmit(address(locking));
        emit IKsuLocking.BonusPoolFunded(bob, 10e18);
        vm.prank(bob);
        locking.fundBonusPool(10e18);
        assertEq(locking.bonusPool(), BONUS_POOL + 10e18);
        vm.expectRevert(ZeroLockAmount.selector);
        vm.prank(bob);
        locking.fundBonusPool(0);
    }

    function test_rksu_erc20ViewsAndNoTransfers() public {
        _lock(alice, 100e18, P720);
        assertEq(locking.name(), "rKSU");
        assertEq(locking.symbol(), "rKSU");
        assertEq(locking.decimals(), 18);
        assertEq(locking.balanceOf(alice), 100e18);
        assertEq(locking.totalSupply(), 100e18);
        assertEq(locking.allowance(alice, bob), 0);
        vm.startPrank(alice);
        vm.expectRevert(RksuNonTransferable.selector);
        assertFalse(locking.transfer(bob, 1));
        vm.expectRevert(RksuNonTransferable.selector);
        locking.approve(bob, 1);
        vm.expectRevert(RksuNonTransferable.selector);
        assertFalse(locking.transferFrom(alice, bob, 1));
        vm.stopPrank();
        assertEq(locking.balanceOf(alice), 100e18);
    }

    function test_currentEpoch_followsTheClock() public {
        _warpToEpoch(7, 3 days);
        assertEq(locking.currentEpoch(), 7);
    }
}
