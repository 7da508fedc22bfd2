// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolManager} from "../src/interfaces/ILendingPoolManager.sol";
import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {KSU} from "../src/tokens/KSU.sol";
import {TestUSDC} from "../src/tokens/TestUSDC.sol";
import {Test} from "forge-std/Test.sol";

/// @dev Deploys the protocol at a fixed time and offers bounded inputs and default parameters.
abstract contract BaseTest is Test {
    uint256 internal constant USDC_UNIT = 1e6;
    /// @dev 2026-01-05 00:00:00 UTC, a Monday.
    uint256 internal constant GENESIS = 1_767_571_200;
    uint256 internal constant RATE = 0.002e18;

    address internal admin = makeAddr("admin");
    address internal manager = makeAddr("manager");
    address internal stranger = makeAddr("stranger");
    address internal lender = makeAddr("lender");

    TestUSDC internal usdc;
    KSU internal ksu;
    ILendingPoolManager internal lpm;

    function setUp() public virtual {
        vm.warp(GENESIS + 1 days);
        usdc = new TestUSDC(admin);
        ksu = new KSU("Kasu", "KSU", admin, 1_000_000_000e18);
        lpm = _deployManager(admin, address(usdc), GENESIS);
        bytes32 role = lpm.POOL_MANAGER_ROLE();
        vm.prank(admin);
        lpm.grantRole(role, manager);
        // The test contract clears as the keeper (clearing periods are keeper-only).
        role = lpm.KEEPER_ROLE();
        vm.prank(admin);
        lpm.grantRole(role, address(this));
    }

    /// @dev Deploys from the artifacts (`deployCode`) so test contracts do not embed the
    /// manager's creation code.
    function _deployManager(address admin_, address usdc_, uint256 genesis_)
        internal
        returns (ILendingPoolManager)
    {
        address ext = deployCode(
            "LendingPoolManagerExtension.sol:LendingPoolManagerExtension",
            abi.encode(usdc_, genesis_)
        );
        return ILendingPoolManager(
            deployCode(
                "LendingPoolManager.sol:LendingPoolManager",
                abi.encode(admin_, usdc_, genesis_, ext)
            )
        );
    }

    function _tranche(string memory name, uint256 rate)
        internal
        pure
        returns (ILendingPoolTypes.TrancheParams memory)
    {
        return ILendingPoolTypes.TrancheParams({
            name: name,
            epochInterestRate: rate,
            minimumDeposit: 100 * USDC_UNIT,
            maximumDeposit: 100_000 * USDC_UNIT,
            capacity: 1_000_000 * USDC_UNIT
        });
    }

    function _tranches(uint256 count)
        internal
        pure
        returns (ILendingPoolTypes.TrancheParams[] memory tranches)
    {
        string[3] memory names = ["Junior", "Mezzanine", "Senior"];
        tranches = new ILendingPoolTypes.TrancheParams[](count);
        for (uint256 i; i < count; ++i) {
            tranches[i] = _tranche(i < 3 ? names[i] : "Extra", RATE * (3 - (i % 3)));
        }
    }

    function _createPool(uint256 trancheCount) internal returns (uint256) {
        vm.prank(manager);
        return lpm.createPool("Invoice Financing", "SME invoices", 1, _tranches(trancheCount));
    }

    function _expectMissingRole(address account, bytes32 role) internal {
        vm.expectRevert(
            abi.encodeWithSignature(
                "AccessControlUnauthorizedAccount(address,bytes32)", account, role
            )
        );
    }
}
