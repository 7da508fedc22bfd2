// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ProtocolBase} from "../ProtocolBase.sol";
import {PriorityHandler} from "./PriorityHandler.sol";

/// @dev Invariant suite (b), priority: a request's level never exceeds its owner's real level at
/// its latest change, and acceptance is monotone by level in every epoch, tranche and kind, under
/// KSU locks and unlocks (the real KsuLocking, wired as the deploy does), increases, cancels,
/// re-rating, tight capacity and liquidity and skipped claims.
///
/// Coverage is asserted, not printed: each run's counters (cleared requests at levels 0, 1 and
/// 2, partial fills, reallocations) are appended to a file, and from the 40th run on every run
/// checks that at least 60% of the runs so far reached all of them.
/// The floor is 60%: a statistical floor must sit several standard deviations under the rates the
/// handler reaches (86-100% per counter, measured over CI campaigns), or a new seed fails it by
/// chance (an 80% floor failed CI at 2,700 < 2,720 on a seed whose handler was sound).
contract PriorityInvariantsTest is ProtocolBase {
    string internal constant DIR = "cache/invariant-coverage";
    string internal constant TALLY = "cache/invariant-coverage/priority.txt";
    uint256 internal constant MIN_RUNS = 40;
    uint256 internal constant MIN_SHARE_PCT = 60;

    PriorityHandler internal handler;

    function setUp() public override {
        super.setUp();
        vm.prank(admin);
        locking.setMaxPriceAge(365 days);
        handler = new PriorityHandler(lpm, usdc, ksu, locking, admin, manager);
        bytes32 keeperRole = lpm.KEEPER_ROLE();
        vm.prank(admin);
        lpm.grantRole(keeperRole, address(handler));
        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](16);
        selectors[0] = PriorityHandler.lockKsu.selector;
        selectors[1] = PriorityHandler.unlockKsu.selector;
        selectors[2] = PriorityHandler.deposit.selector;
        selectors[3] = PriorityHandler.deposit.selector;
        selectors[4] = PriorityHandler.deposit.selector;
        selectors[5] = PriorityHandler.clear.selector;
        selectors[6] = PriorityHandler.withdraw.selector;
        selectors[7] = PriorityHandler.cancel.selector;
        selectors[8] = PriorityHandler.rerate.selector;
        selectors[9] = PriorityHandler.claim.selector;
        selectors[10] = PriorityHandler.tightenCapacity.selector;
        selectors[11] = PriorityHandler.drawLiquidity.selector;
        selectors[12] = PriorityHandler.repay.selector;
        selectors[13] = PriorityHandler.clear.selector;
        selectors[14] = PriorityHandler.clear.selector;
        selectors[15] = PriorityHandler.warp.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
        vm.createDir(DIR, true);
        vm.writeFile(TALLY, "");
    }

    /// @dev Cleared levels never exceed the owner's level at the request's latest change;
    /// a higher level is never accepted at a lower fraction than a lower one.
    function invariant_priority() public view {
        assertEq(handler.violation(), "");
    }

    /// @dev Records this run's coverage and asserts the share of covering runs.
    function afterInvariant() public {
        bool covered = handler.clearedAtLevel(0) != 0 && handler.clearedAtLevel(1) != 0
            && handler.clearedAtLevel(2) != 0 && handler.partialFills() != 0
            && handler.reallocations() != 0;
        vm.writeLine(
            TALLY,
            string.concat(
                covered ? "1" : "0",
                " levels ",
                vm.toString(handler.clearedAtLevel(0)),
                " ",
                vm.toString(handler.clearedAtLevel(1)),
                " ",
                vm.toString(handler.clearedAtLevel(2)),
                " partial ",
                vm.toString(handler.partialFills()),
                " reallocated ",
                vm.toString(handler.reallocations()),
                " clears ",
                vm.toString(handler.clears())
            )
        );
        bytes memory tally = bytes(vm.readFile(TALLY));
        uint256 runs;
        uint256 hits;
        for (uint256 i; i < tally.length; ++i) {
            if (i != 0 && tally[i - 1] != "\n") continue; // first character of each line
            if (tally[i] == "1") ++hits;
            if (tally[i] == "1" || tally[i] == "0") ++runs;
        }
        if (runs >= MIN_RUNS) {
            assertGe(hits * 100, runs * MIN_SHARE_PCT, "coverage below 60% of the runs");
        }
    }
}
