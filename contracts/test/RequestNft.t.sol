// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {NonTransferable, OnlyManager} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";
import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC721Metadata} from "@openzeppelin/contracts/token/ERC721/extensions/IERC721Metadata.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";

contract RequestNftTest is ProtocolBase {
    function test_nft_metadataAndInterfaces() public view {
        assertEq(nft.name(), "Lending Request");
        assertEq(nft.symbol(), "LREQ");
        assertEq(nft.manager(), address(lpm));
        assertTrue(nft.supportsInterface(type(IERC721).interfaceId));
        assertTrue(nft.supportsInterface(type(IERC721Metadata).interfaceId));
        assertTrue(nft.supportsInterface(type(IERC165).interfaceId));
        assertFalse(nft.supportsInterface(0xffffffff));
    }

    function test_nft_mintEventAndNonTransferable() public {
        _fund(alice, 1000e6);
        vm.expectEmit(address(nft));
        emit IERC721.Transfer(address(0), alice, 1);
        vm.prank(alice);
        lpm.requestDepositWithKyc(POOL, JUNIOR, 1000e6, 0, _noAcceptance(), _noKyc());
        assertEq(nft.ownerOf(1), alice);
        assertEq(nft.getApproved(1), address(0));
        assertFalse(nft.isApprovedForAll(alice, bob));
        assertEq(nft.tokenURI(1), "");
        vm.startPrank(alice);
        vm.expectRevert(NonTransferable.selector);
        nft.transferFrom(alice, bob, 1);
        vm.expectRevert(NonTransferable.selector);
        nft.safeTransferFrom(alice, bob, 1);
        vm.expectRevert(NonTransferable.selector);
        nft.safeTransferFrom(alice, bob, 1, "");
        vm.expectRevert(NonTransferable.selector);
        nft.approve(bob, 1);
        vm.expectRevert(NonTransferable.selector);
        nft.setApprovalForAll(bob, true);
        vm.stopPrank();
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 2));
        nft.ownerOf(2);
        vm.expectRevert(
            abi.encodeWithSelector(IERC721Errors.ERC721InvalidOwner.selector, address(0))
        );
        nft.balanceOf(address(0));
    }

    function test_nft_onlyManagerMintsAndBurns(address caller) public {
        vm.assume(caller != address(lpm));
        vm.startPrank(caller);
        vm.expectRevert(OnlyManager.selector);
        nft.mint(caller, 1);
        vm.expectRevert(OnlyManager.selector);
        nft.burn(caller, 1);
        vm.stopPrank();
    }
}
