// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ZeroAddress} from "../libraries/Errors.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @title TestNft
/// @notice A partner NFT collection stand-in for local and test chains (the NFT detected modal):
/// the deployer mints tokens to holders.
contract TestNft is ERC721 {
    address public immutable minter;
    uint256 public totalSupply;

    /// @dev The caller is not the minter.
    error NotMinter(address caller);

    constructor() ERC721("Partner Collection", "PARTNER") {
        minter = msg.sender;
    }

    /// @notice Mints the next token id to `to`. Minter only.
    function mint(address to) external returns (uint256 tokenId) {
        if (msg.sender != minter) revert NotMinter(msg.sender);
        if (to == address(0)) revert ZeroAddress();
        tokenId = ++totalSupply;
        _mint(to, tokenId);
    }
}
