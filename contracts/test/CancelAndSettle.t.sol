// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {
    EpochAlreadyCleared,
    InsufficientShares,
    NotOwner,
    RequestNotFound,
    SettleBatchTooLarge
} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";
import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";

contract CancelAndSettleTest is ProtocolBase {
    function testFuzz_cancelDeposit_refundsExactlyAndBurns(uint256 amount) public {
        amount = bound(amount, 100e6, 100_000e6);
        uint256 id = _deposit(alice, JUNIOR, amount);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.RequestCancelled(id, alice, amount);
        vm.prank(alice);
        lpm.cancelDepositRequest(POOL, id);
        assertEq(usdc.balanceOf(alice), amount);
        assertEq(usdc.balanceOf(address(lpm)), 0);
        assertEq(lpm.userTotalDeposits(alice), 0);
        assertEq(nft.balanceOf(alice), 0);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, id));
        nft.ownerOf(id);
        assertEq(
            uint8(lpm.requestStatus(id).status), uint8(ILendingPoolTypes.RequestStatus.Cancelled)
        );
        assertEq(lpm.getBucket(POOL, 0, JUNIOR, ILendingPoolTypes.RequestKind.Deposit, 0).total, 0);
        // A new request after a cancel is a new NFT.
        assertEq(_deposit(alice, JUNIOR, 100e6), id + 1);
    }

    function test_cancel_onlyOwner_onlyBeforeClearing_rightKind() public {
        uint256 id = _deposit(alice, JUNIOR, 1000e6);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(NotOwner.selector, stranger));
        lpm.cancelDepositRequest(POOL, id);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(RequestNotFound.selector, id));
        lpm.cancelWithdrawalRequest(POOL, id);
        // Still cancellable during the clearing period until the epoch is cleared.
        vm.warp(GENESIS + 6 days);
        vm.prank(alice);
        lpm.cancelDepositRequest(POOL, id);
        uint256 id2 = _deposit(alice, JUNIOR, 1000e6); // epoch 1
        _clear();
        _clear();
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EpochAlreadyCleared.selector, 1));
        lpm.cancelDepositRequest(POOL, id2);
    }

    function test_cancelWithdrawal_returnsShares() public {
        _deposit(alice, JUNIOR, 1000e6);
        _clear();
        lpm.claim(1);
        uint256 shares = lpm.sharesOf(POOL, JUNIOR, alice);
        vm.expectRevert(abi.encodeWithSelector(InsufficientShares.selector, shares, shares + 1));
        _withdraw(alice, JUNIOR, shares + 1);
        uint256 id = _withdraw(alice, JUNIOR, shares);
        assertEq(lpm.sharesOf(POOL, JUNIOR, alice), 0);
        vm.prank(alice);
        lpm.cancelWithdrawalRequest(POOL, id);
        assertEq(lpm.sharesOf(POOL, JUNIOR, alice), shares);
    }

    function test_claim_byAnyoneCreditsTheOwner_once() public {
        uint256 id = _deposit(alice, JUNIOR, 1000e6);
        vm.expectRevert(abi.encodeWithSelector(RequestNotFound.selector, id));
        lpm.claim(id); // not cleared yet
        _clear();
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.RequestAccepted(id, alice, 1000e6, 1e15);
        vm.prank(stranger);
        lpm.claim(id);
        assertEq(lpm.sharesOf(POOL, JUNIOR, alice), 1e15);
        assertEq(lpm.sharesOf(POOL, JUNIOR, stranger), 0);
        assertEq(
            uint8(lpm.requestStatus(id).status), uint8(ILendingPoolTypes.RequestStatus.Settled)
        );
        vm.expectRevert(abi.encodeWithSelector(RequestNotFound.selector, id));
        lpm.claim(id);
    }

    function test_settle_skipsNotReady_andIsBounded() public {
        uint256 a = _deposit(alice, JUNIOR, 1000e6);
        _clear();
        uint256 b = _deposit(bob, JUNIOR, 1000e6); // epoch 1, not cleared
        uint256[] memory ids = new uint256[](3);
        ids[0] = a;
        ids[1] = b;
        ids[2] = 999;
        lpm.settle(ids);
        assertEq(lpm.sharesOf(POOL, JUNIOR, alice), 1e15);
        assertEq(uint8(lpm.requestStatus(b).status), uint8(ILendingPoolTypes.RequestStatus.Pending));
        uint256[] memory tooMany = new uint256[](101);
        vm.expectRevert(abi.encodeWithSelector(SettleBatchTooLarge.selector, 101, 100));
        lpm.settle(tooMany);
    }

    function test_getUserPosition_wholePictureInOneCall() public {
        uint256 a = _deposit(alice, JUNIOR, 1000e6);
        _deposit(alice, SENIOR, 500e6);
        _clear();
        lpm.claim(a);
        uint256 w = _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice) / 4);
        _deposit(alice, MEZZ, 200e6);
        (
            ILendingPoolTypes.UserTranchePosition[] memory positions,
            ILendingPoolTypes.RequestView[] memory requests,
            uint256 active,
            uint256 pending
        ) = lpm.getUserPosition(alice);
        assertEq(requests.length, 4);
        assertEq(requests[0].nftId, 4, "newest first");
        assertEq(requests[1].nftId, w);
        assertEq(positions.length, 2);
        assertEq(positions[0].trancheId, JUNIOR);
        assertEq(positions[0].balance, 1000e6);
        assertEq(positions[0].availableToWithdraw, 750e6);
        assertEq(positions[1].trancheId, SENIOR);
        assertEq(positions[1].balance, 500e6, "cleared but unclaimed counts");
        assertEq(active, 1500e6);
        assertEq(pending, 200e6);
    }
}
