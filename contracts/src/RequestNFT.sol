// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolManager} from "./interfaces/ILendingPoolManager.sol";
import {IRequestNFT} from "./interfaces/IRequestNFT.sol";
import {NonTransferable, OnlyManager} from "./libraries/Errors.sol";
import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC721Metadata} from "@openzeppelin/contracts/token/ERC721/extensions/IERC721Metadata.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";

/// @title RequestNFT
/// @notice Non-transferable request NFTs of the lending pool manager (which deploys this).
contract RequestNFT is IRequestNFT, IERC721Errors {
    /// @inheritdoc IRequestNFT
    address public immutable override manager;

    constructor() {
        manager = msg.sender;
    }

    modifier onlyManager() {
        if (msg.sender != manager) revert OnlyManager();
        _;
    }

    /// @inheritdoc IERC721Metadata
    function name() external pure returns (string memory) {
        return "Lending Request";
    }

    /// @inheritdoc IERC721Metadata
    function symbol() external pure returns (string memory) {
        return "LREQ";
    }

    /// @inheritdoc IERC721Metadata
    function tokenURI(uint256 nftId) external view returns (string memory) {
        ownerOf(nftId);
        return "";
    }

    /// @inheritdoc IERC721
    function balanceOf(address owner) external view returns (uint256) {
        if (owner == address(0)) revert ERC721InvalidOwner(address(0));
        return ILendingPoolManager(manager).openRequestCount(owner);
    }

    /// @inheritdoc IERC721
    function ownerOf(uint256 nftId) public view returns (address owner) {
        owner = ILendingPoolManager(manager).requestOwner(nftId);
        if (owner == address(0)) revert ERC721NonexistentToken(nftId);
    }

    /// @inheritdoc IERC721
    function getApproved(uint256 nftId) external view returns (address) {
        ownerOf(nftId);
        return address(0);
    }

    /// @inheritdoc IERC721
    function isApprovedForAll(address, address) external pure returns (bool) {
        return false;
    }

    /// @inheritdoc IERC721
    function approve(address, uint256) external pure {
        revert NonTransferable();
    }

    /// @inheritdoc IERC721
    function setApprovalForAll(address, bool) external pure {
        revert NonTransferable();
    }

    /// @inheritdoc IERC721
    function transferFrom(address, address, uint256) external pure {
        revert NonTransferable();
    }

    /// @inheritdoc IERC721
    function safeTransferFrom(address, address, uint256) external pure {
        revert NonTransferable();
    }

    /// @inheritdoc IERC721
    function safeTransferFrom(address, address, uint256, bytes calldata) external pure {
        revert NonTransferable();
    }

    /// @inheritdoc IRequestNFT
    function mint(address to, uint256 nftId) external onlyManager {
        emit Transfer(address(0), to, nftId);
    }

    /// @inheritdoc IRequestNFT
    function burn(address from, uint256 nftId) external onlyManager {
        emit Transfer(from, address(0), nftId);
    }

    /// @inheritdoc IERC165
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC721).interfaceId
            || interfaceId == type(IERC721Metadata).interfaceId
            || interfaceId == type(IERC165).interfaceId;
    }
}
