// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {
    DepositAboveMaximum,
    DepositBelowMinimum,
    FixedTermConfigMismatch,
    FixedTermNotAvailable,
    PoolNotFound,
    TrancheNotFound,
    ZeroAmount
} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

/// @dev A locking contract answering a fixed level (any uint256).
contract LevelMock {
    uint256 internal immutable _level;

    constructor(uint256 level) {
        _level = level;
    }

    function loyaltyLevel(address) external view returns (uint256) {
        return _level;
    }
}

contract RequestDepositTest is ProtocolBase {
    /// @dev The level call is a plain staticcall: a reverting contract or an address without
    /// code gives level 0, an answer above 2 counts as 2.
    function test_requestDeposit_levelFromAnyLockingContract() public {
        address[4] memory lockings =
            [address(usdc), makeAddr("eoa"), address(new LevelMock(7)), address(new LevelMock(1))];
        uint8[4] memory expected = [0, 0, 2, 1];
        for (uint256 i; i < 4; ++i) {
            vm.prank(admin);
            lpm.setKsuLocking(lockings[i]);
            address user = makeAddr(string.concat("user", vm.toString(i)));
            _allow(user);
            assertEq(lpm.requestStatus(_deposit(user, JUNIOR, 100e6)).level, expected[i]);
        }
    }

    function test_requestDeposit_escrowsMintsAndBuckets() public {
        _fund(alice, 1000e6);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.RequestCreated(
            1, alice, POOL, JUNIOR, 0, ILendingPoolTypes.RequestKind.Deposit, 0, 0, 1000e6, false
        );
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.LoanContractAccepted(1, alice, hex"01", 1, 1);
        vm.prank(alice);
        uint256 id = lpm.requestDepositWithKyc(POOL, JUNIOR, 1000e6, 0, _noAcceptance(), _noKyc());

        assertEq(id, 1);
        assertEq(usdc.balanceOf(address(lpm)), 1000e6);
        assertEq(usdc.balanceOf(alice), 0);
        assertEq(nft.ownerOf(id), alice);
        assertEq(nft.balanceOf(alice), 1);
        assertEq(lpm.getPoolState(POOL).escrowedDeposits, 1000e6);
        assertEq(lpm.userTotalDeposits(alice), 1000e6);
        assertEq(lpm.getCurrentEpochDepositedAmount(POOL, JUNIOR, alice), 1000e6);
        assertEq(
            lpm.getBucket(POOL, 0, JUNIOR, ILendingPoolTypes.RequestKind.Deposit, 0).total, 1000e6
        );
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        assertEq(v.owner, alice);
        assertEq(v.amount, 1000e6);
        assertEq(uint8(v.status), uint8(ILendingPoolTypes.RequestStatus.Pending));
    }

    function test_requestDeposit_secondRequestSameEpochIncreasesTheSameNft() public {
        uint256 id = _deposit(alice, JUNIOR, 1000e6);
        // Below the minimum is fine for an increase.
        uint256 again = _deposit(alice, JUNIOR, 50e6);
        assertEq(again, id);
        assertEq(lpm.requestStatus(id).amount, 1050e6);
        assertEq(nft.balanceOf(alice), 1);
        // Another tranche or another user gets a new NFT.
        assertEq(_deposit(alice, SENIOR, 100e6), 2);
        assertEq(_deposit(bob, JUNIOR, 100e6), 3);
        assertEq(lpm.getCurrentEpochDepositedAmount(POOL, JUNIOR, alice), 1050e6);
    }

    function test_requestDeposit_inClearingPeriodGoesToNextEpoch() public {
        vm.warp(GENESIS + 5 days);
        uint256 id = _deposit(alice, JUNIOR, 1000e6);
        assertEq(lpm.requestStatus(id).epoch, 1);
        assertEq(lpm.requestEpoch(), 1);
        // A new epoch's request is a new NFT.
        _nextEpoch();
        vm.warp(block.timestamp + 5 days);
        assertEq(_deposit(alice, JUNIOR, 1000e6), 2);
    }

    function test_requestDeposit_limits() public {
        _fund(alice, 200_000e6);
        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(DepositBelowMinimum.selector, 99e6, 100e6));
        lpm.requestDepositWithKyc(POOL, JUNIOR, 99e6, 0, _noAcceptance(), _noKyc());
        vm.expectRevert(ZeroAmount.selector);
        lpm.requestDepositWithKyc(POOL, JUNIOR, 0, 0, _noAcceptance(), _noKyc());
        lpm.requestDepositWithKyc(POOL, JUNIOR, 60_000e6, 0, _noAcceptance(), _noKyc());
        vm.expectRevert(abi.encodeWithSelector(DepositAboveMaximum.selector, 100_001e6, 100_000e6));
        lpm.requestDepositWithKyc(POOL, JUNIOR, 40_001e6, 0, _noAcceptance(), _noKyc());
        vm.expectRevert(abi.encodeWithSelector(PoolNotFound.selector, 7));
        lpm.requestDepositWithKyc(7, JUNIOR, 100e6, 0, _noAcceptance(), _noKyc());
        vm.expectRevert(abi.encodeWithSelector(TrancheNotFound.selector, POOL, 3));
        lpm.requestDepositWithKyc(POOL, 3, 100e6, 0, _noAcceptance(), _noKyc());
        vm.stopPrank();
    }

    function test_requestDeposit_fixedTermConfigRules() public {
        vm.startPrank(manager);
        uint256 everyone = lpm.addFixedTermConfig(
            POOL, SENIOR, RATE, 4, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        uint256 listed = lpm.addFixedTermConfig(
            POOL, SENIOR, RATE, 4, ILendingPoolTypes.FixedTermDepositStatus.Allowlist
        );
        uint256 disabled = lpm.addFixedTermConfig(
            POOL, SENIOR, RATE, 4, ILendingPoolTypes.FixedTermDepositStatus.Disabled
        );
        vm.stopPrank();
        _fund(alice, 10_000e6);
        vm.startPrank(alice);
        uint256 id =
            lpm.requestDepositWithKyc(POOL, SENIOR, 1000e6, everyone, _noAcceptance(), _noKyc());
        vm.expectRevert(abi.encodeWithSelector(FixedTermConfigMismatch.selector, id, 0));
        lpm.requestDepositWithKyc(POOL, SENIOR, 1000e6, 0, _noAcceptance(), _noKyc());
        vm.expectRevert(
            abi.encodeWithSelector(FixedTermNotAvailable.selector, POOL, SENIOR, listed)
        );
        lpm.requestDepositWithKyc(POOL, SENIOR, 1000e6, listed, _noAcceptance(), _noKyc());
        vm.expectRevert(
            abi.encodeWithSelector(FixedTermNotAvailable.selector, POOL, SENIOR, disabled)
        );
        lpm.requestDepositWithKyc(POOL, SENIOR, 1000e6, disabled, _noAcceptance(), _noKyc());
        vm.stopPrank();
        vm.prank(manager);
        lpm.setFixedTermAllowlist(POOL, SENIOR, listed, bob, true);
        assertEq(
            lpm.requestStatus(_depositFixed(bob, SENIOR, 1000e6, listed)).fixedTermConfigId, listed
        );
    }

    /// @dev The manager writes a new request's two slots whole (packed by hand): every member
    /// must read back, with non-zero pool, tranche, epoch, level and config, and the user's list.
    function test_requestDeposit_storesEveryMember() public {
        uint256 pool1 = _createPool(3);
        vm.prank(manager);
        uint256 config = lpm.addFixedTermConfig(
            pool1, SENIOR, RATE, 4, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        _lockKsu(alice, 100e18); // level 2
        uint256 first = _deposit(alice, JUNIOR, 100e6);
        vm.warp(GENESIS + 5 days); // clearing period: epoch 1
        _fund(alice, 1234e6);
        vm.prank(alice);
        uint256 id =
            lpm.requestDepositWithKyc(pool1, SENIOR, 1234e6, config, _noAcceptance(), _noKyc());
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        assertEq(v.nftId, id);
        assertEq(v.owner, alice);
        assertEq(v.poolId, pool1);
        assertEq(v.trancheId, SENIOR);
        assertEq(v.epoch, 1);
        assertEq(uint8(v.kind), uint8(ILendingPoolTypes.RequestKind.Deposit));
        assertEq(v.level, 2);
        assertEq(v.fixedTermConfigId, config);
        assertEq(v.amount, 1234e6);
        assertEq(uint8(v.status), uint8(ILendingPoolTypes.RequestStatus.Pending));
        // The list link: both requests are found from the newest.
        assertEq(nft.balanceOf(alice), 2);
        assertEq(lpm.requestStatus(first).poolId, POOL);
        assertEq(lpm.getPoolState(pool1).escrowedDeposits, 1234e6);
        assertEq(lpm.getPoolState(pool1).nextEpochToClear, 0);
    }

    function test_requestDeposit_recordsLoyaltyLevel() public {
        _lockKsu(alice, 100e18); // rKSU 100 x 1 USDC = 10% of 1,000 USDC -> level 2
        _lockKsu(bob, 20e18); // 2% -> level 1
        assertEq(lpm.requestStatus(_deposit(alice, JUNIOR, 1000e6)).level, 2);
        assertEq(lpm.requestStatus(_deposit(bob, JUNIOR, 1000e6)).level, 1);
        assertEq(lpm.requestStatus(_deposit(carol, JUNIOR, 1000e6)).level, 0);
        assertEq(
            lpm.getBucket(POOL, 0, JUNIOR, ILendingPoolTypes.RequestKind.Deposit, 2).total, 1000e6
        );
    }

    function test_requestDeposit_pausedReverts() public {
        vm.prank(admin);
        lpm.pause();
        _fund(alice, 1000e6);
        vm.prank(alice);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        lpm.requestDepositWithKyc(POOL, JUNIOR, 1000e6, 0, _noAcceptance(), _noKyc());
        vm.prank(admin);
        lpm.unpause();
        vm.prank(alice);
        lpm.requestDepositWithKyc(POOL, JUNIOR, 1000e6, 0, _noAcceptance(), _noKyc());
    }

    function testFuzz_requestDeposit_escrowsExactly(uint256 a, uint256 b) public {
        a = bound(a, 100e6, 50_000e6);
        b = bound(b, 1, 50_000e6);
        uint256 id = _deposit(alice, MEZZ, a);
        _deposit(alice, MEZZ, b);
        assertEq(lpm.requestStatus(id).amount, a + b);
        assertEq(usdc.balanceOf(address(lpm)), a + b);
        assertEq(lpm.getPoolState(POOL).escrowedDeposits, a + b);
        assertEq(lpm.userTotalDeposits(alice), a + b);
    }
}
