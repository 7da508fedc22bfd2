// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IERC721Metadata} from "@openzeppelin/contracts/token/ERC721/extensions/IERC721Metadata.sol";

/// @title IRequestNFT
/// @notice Non-transferable ERC-721 for deposit and withdrawal requests. Ownership lives in the
/// manager's request storage (one packed slot per request), so minting costs one event here;
/// `ownerOf` and `balanceOf` read the manager. Transfers and approvals revert with
/// `NonTransferable()`. A token exists while its request is pending: cancel and settlement burn it.
interface IRequestNFT is IERC721Metadata {
    /// @notice The lending pool manager that mints and burns.
    function manager() external view returns (address);

    /// @notice Emits the mint of `nftId` to `to`. Manager only.
    function mint(address to, uint256 nftId) external;

    /// @notice Emits the burn of `nftId` held by `from`. Manager only.
    function burn(address from, uint256 nftId) external;
}
