// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ZeroAddress} from "../libraries/Errors.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title KSU
/// @notice The protocol's utility token (18 decimals, fixed supply). Name and symbol are
/// configurable; the default deployment is "Kasu" / "KSU".
contract KSU is ERC20 {
    /// @param name_ Token name.
    /// @param symbol_ Token symbol.
    /// @param holder Receives the whole supply.
    /// @param supply Total supply (18 decimals).
    constructor(string memory name_, string memory symbol_, address holder, uint256 supply)
        ERC20(name_, symbol_)
    {
        if (holder == address(0)) revert ZeroAddress();
        _mint(holder, supply);
    }
}
