// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {Test} from "forge-std/Test.sol";

/// @dev Every contract the deploy script puts on a chain stays under EIP-170's runtime size limit
/// (24,576 bytes): over it, the deployment reverts on every EVM chain (anvil included:
/// `CreateContractSizeLimit`), while forge's own tests deploy it without complaint. An
/// eighteenth-session fix of the manager's settle path first took it 11 bytes over; only the
/// browser tests' stack, which deploys with anvil, noticed.
contract ContractSizeTest is Test {
    uint256 internal constant EIP170_LIMIT = 24_576;

    function _check(string memory artifact) internal view {
        uint256 size = vm.getDeployedCode(artifact).length;
        assertGt(size, 0, artifact);
        assertLe(size, EIP170_LIMIT, string.concat(artifact, " exceeds EIP-170's 24,576 bytes"));
    }

    function test_everyDeployedContract_fitsEip170() public view {
        _check("LendingPoolManager.sol:LendingPoolManager");
        _check("LendingPoolManagerExtension.sol:LendingPoolManagerExtension");
        _check("LendingPoolRequestExtension.sol:LendingPoolRequestExtension");
        _check("KsuLocking.sol:KsuLocking");
        _check("ReferralRewards.sol:ReferralRewards");
        _check("RequestNFT.sol:RequestNFT");
        _check("KSU.sol:KSU");
        _check("TestNft.sol:TestNft");
        _check("TestUSDC.sol:TestUSDC");
    }
}
