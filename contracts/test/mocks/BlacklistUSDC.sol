// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {TestUSDC} from "../../src/tokens/TestUSDC.sol";

/// @dev TestUSDC with a USDC-style blacklist: any transfer from or to a blacklisted address
/// reverts. Same storage layout as TestUSDC plus one mapping, so tests can `vm.etch` its code
/// over a deployed TestUSDC.
contract BlacklistUSDC is TestUSDC {
    error Blacklisted(address account);

    mapping(address => bool) public blacklisted;

    constructor(address admin) TestUSDC(admin) {}

    function setBlacklisted(address account, bool value) external {
        blacklisted[account] = value;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (blacklisted[from]) revert Blacklisted(from);
        if (blacklisted[to]) revert Blacklisted(to);
        super._update(from, to, value);
    }
}
