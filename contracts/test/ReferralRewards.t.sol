// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ReferralRewards} from "../src/ReferralRewards.sol";
import {IReferralRewards} from "../src/interfaces/IReferralRewards.sol";
import {ZeroAddress} from "../src/libraries/Errors.sol";
import {BaseTest} from "./BaseTest.sol";
import {BlacklistUSDC} from "./mocks/BlacklistUSDC.sol";

contract ReferralRewardsTest is BaseTest {
    ReferralRewards internal rewards;
    address internal treasury = makeAddr("treasury");
    address internal keeper = makeAddr("keeper");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");

    function setUp() public override {
        super.setUp();
        rewards = new ReferralRewards(address(usdc), treasury, admin, keeper);
        vm.prank(admin);
        usdc.mint(treasury, 1000 * USDC_UNIT);
        vm.prank(treasury);
        usdc.approve(address(rewards), type(uint256).max);
    }

    function _pay(uint256 poolId, uint256 epoch, address[] memory to, uint256[] memory amounts)
        internal
    {
        vm.prank(keeper);
        rewards.pay(poolId, epoch, to, amounts);
    }

    function _pair(address a, uint256 x, address b, uint256 y)
        internal
        pure
        returns (address[] memory to, uint256[] memory amounts)
    {
        to = new address[](2);
        amounts = new uint256[](2);
        (to[0], to[1], amounts[0], amounts[1]) = (a, b, x, y);
    }

    function test_pay_transfersFromTheTreasuryOncePerPoolEpochAndReferrer() public {
        (address[] memory to, uint256[] memory amounts) = _pair(alice, 5 * USDC_UNIT, bob, 7);
        vm.expectEmit(address(rewards));
        emit IReferralRewards.ReferralRewardPaid(alice, 0, 3, 5 * USDC_UNIT);
        vm.expectEmit(address(rewards));
        emit IReferralRewards.ReferralRewardPaid(bob, 0, 3, 7);
        _pay(0, 3, to, amounts);
        assertEq(usdc.balanceOf(alice), 5 * USDC_UNIT);
        assertEq(usdc.balanceOf(bob), 7);
        assertEq(rewards.paid(0, 3, alice), 5 * USDC_UNIT);
        // a retry (another keeper, a crash after sending) pays nothing twice
        amounts[0] = 9 * USDC_UNIT;
        _pay(0, 3, to, amounts);
        assertEq(usdc.balanceOf(alice), 5 * USDC_UNIT);
        assertEq(usdc.balanceOf(bob), 7);
        // another epoch or pool is another reward
        _pay(0, 4, to, amounts);
        _pay(1, 3, to, amounts);
        assertEq(usdc.balanceOf(alice), 23 * USDC_UNIT);
        assertEq(usdc.balanceOf(treasury), 1000 * USDC_UNIT - 23 * USDC_UNIT - 21);
    }

    function test_pay_skipsZeroAmountsAndTheZeroAddress() public {
        (address[] memory to, uint256[] memory amounts) = _pair(alice, 0, address(0), 5);
        _pay(0, 1, to, amounts);
        assertEq(usdc.balanceOf(alice), 0);
        assertEq(rewards.paid(0, 1, alice), 0);
        // a zero is not "paid": a later, real amount is paid
        amounts[0] = 3;
        _pay(0, 1, to, amounts);
        assertEq(usdc.balanceOf(alice), 3);
    }

    function testFuzz_pay_onlyTheKeeper(address caller) public {
        vm.assume(caller != keeper);
        (address[] memory to, uint256[] memory amounts) = _pair(alice, 1, bob, 1);
        _expectMissingRole(caller, rewards.KEEPER_ROLE());
        vm.prank(caller);
        rewards.pay(0, 1, to, amounts);
    }

    function test_pay_refusesMismatchedOrOversizedBatches() public {
        address[] memory to = new address[](2);
        uint256[] memory amounts = new uint256[](1);
        vm.expectRevert(abi.encodeWithSelector(IReferralRewards.InvalidBatch.selector, 2, 1));
        vm.prank(keeper);
        rewards.pay(0, 1, to, amounts);
        to = new address[](101);
        amounts = new uint256[](101);
        vm.expectRevert(abi.encodeWithSelector(IReferralRewards.InvalidBatch.selector, 101, 101));
        vm.prank(keeper);
        rewards.pay(0, 1, to, amounts);
    }

    /// @dev Issue 22 item 4: a treasury short of allowance never blocks the batch (the keeper
    /// used to retry it forever): every entry is recorded and owed, and paid once the treasury
    /// can pay again.
    function test_pay_treasuryWithoutAllowance_defersEveryEntry_claimableLater() public {
        vm.prank(treasury);
        usdc.approve(address(rewards), 0);
        (address[] memory to, uint256[] memory amounts) = _pair(alice, 1, bob, 2);
        vm.expectEmit(address(rewards));
        emit IReferralRewards.ReferralRewardDeferred(alice, 0, 1, 1);
        _pay(0, 1, to, amounts);
        assertEq(rewards.paid(0, 1, alice), 1, "recorded: never paid twice");
        assertEq(rewards.deferredOf(alice), 1);
        assertEq(rewards.deferredOf(bob), 2);
        _pay(0, 1, to, amounts); // a retry adds nothing
        assertEq(rewards.deferredOf(bob), 2);
        vm.prank(bob);
        vm.expectRevert();
        rewards.claimDeferred(); // the treasury still cannot pay: nothing changes
        assertEq(rewards.deferredOf(bob), 2);
        vm.prank(treasury);
        usdc.approve(address(rewards), type(uint256).max);
        vm.prank(bob);
        assertEq(rewards.claimDeferred(), 2);
        assertEq(usdc.balanceOf(bob), 2);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IReferralRewards.NothingDeferred.selector, bob));
        rewards.claimDeferred();
    }

    /// @dev One referrer whose transfer reverts (a blocklisted address) does not block the
    /// others of the batch.
    function test_pay_oneRefusedReferrer_doesNotBlockTheOthers() public {
        BlacklistUSDC listed = new BlacklistUSDC(admin);
        vm.etch(address(usdc), address(listed).code);
        BlacklistUSDC(address(usdc)).setBlacklisted(alice, true);
        (address[] memory to, uint256[] memory amounts) = _pair(alice, 5, bob, 7);
        _pay(0, 1, to, amounts);
        assertEq(usdc.balanceOf(bob), 7, "bob paid");
        assertEq(rewards.deferredOf(alice), 5, "alice's reward owed to her");
        assertEq(rewards.deferredOf(bob), 0);
    }

    function test_constructor_refusesZeroAddresses() public {
        vm.expectRevert(ZeroAddress.selector);
        new ReferralRewards(address(0), treasury, admin, keeper);
        vm.expectRevert(ZeroAddress.selector);
        new ReferralRewards(address(usdc), address(0), admin, keeper);
        vm.expectRevert(ZeroAddress.selector);
        new ReferralRewards(address(usdc), treasury, address(0), keeper);
    }

    /// @dev Issue 22 item 4: with the manager as fee source, a (pool, epoch) pays at most half the
    /// fee its clearing recorded; an entry over it is refused (not recorded), the rest paid.
    function test_pay_boundedByHalfTheEpochsRecordedFee() public {
        FeeSourceStub source = new FeeSourceStub();
        source.setFee(0, 1, 10);
        vm.prank(admin);
        rewards.setFeeSource(address(source));
        (address[] memory to, uint256[] memory amounts) = _pair(alice, 4, bob, 2);
        vm.expectEmit(address(rewards));
        emit IReferralRewards.ReferralRewardRefused(bob, 0, 1, 2);
        _pay(0, 1, to, amounts);
        assertEq(usdc.balanceOf(alice), 4);
        assertEq(usdc.balanceOf(bob), 0, "4 + 2 is above half of 10");
        assertEq(rewards.paid(0, 1, bob), 0, "not recorded");
        assertEq(rewards.paidTotal(0, 1), 4);
        // Nothing for an epoch whose clearing recorded no fee.
        (to, amounts) = _pair(alice, 1, bob, 1);
        _pay(0, 2, to, amounts);
        assertEq(rewards.paidTotal(0, 2), 0);
    }

    function test_setFeeSource_adminOnly() public {
        _expectMissingRole(alice, rewards.DEFAULT_ADMIN_ROLE());
        vm.prank(alice);
        rewards.setFeeSource(address(1));
    }
}

contract FeeSourceStub {
    mapping(uint256 => mapping(uint256 => uint256)) public epochFee;

    function setFee(uint256 poolId, uint256 epoch, uint256 fee) external {
        epochFee[poolId][epoch] = fee;
    }
}
