// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ProtocolBase} from "../ProtocolBase.sol";
import {LockingSystemHandler} from "./LockingSystemHandler.sol";

/// @dev Issue 10 suite (c): the real LendingPoolManager (with its extension) and KsuLocking as
/// `ProtocolBase` deploys them, driven together. Asserts that bonus interest paid never exceeds
/// the level-2 rate on the accepted deposits actually held over time, that fees go only to
/// holders of accepted deposits and are conserved, and that no KSU lock opens before its period.
/// Issue 22: a price keeper that was down past the price's validity (every level reads 0),
/// re-rating, and referral payouts bounded by the epoch's recorded fee. Coverage (every loyalty
/// level with paid bonus and fee claims; a stale price; a request re-rated to another level; a
/// referral reward paid) is asserted over the runs of a campaign: `afterInvariant` appends each
/// run's result to `cache/invariant-coverage/locking-system.txt` and fails once at least 48 runs
/// are in if fewer than 60% reached any one of them (from 48 runs: the first runs of a campaign reach less, and 16
/// runs failed at 12 of 16 once while the whole campaign reached 99.9%).
/// The floor is 60%: a statistical floor must sit several standard deviations under the rates the
/// handler reaches (86-100% per counter, measured over CI campaigns), or a new seed fails it by
/// chance (an 80% floor failed CI at 2,700 < 2,720 on a seed whose handler was sound).
contract LockingSystemInvariantsTest is ProtocolBase {
    string internal constant DIR = "cache/invariant-coverage";
    string internal constant COVERAGE_FILE = "cache/invariant-coverage/locking-system.txt";
    uint256 internal constant MIN_RUNS = 48;
    uint256 internal constant MIN_SHARE_PCT = 60;
    uint256 internal constant MIN_ACTIONS = 16;
    /// @dev Coverage flags asserted.
    uint256 internal constant N = 4;

    LockingSystemHandler internal handler;

    function setUp() public override {
        super.setUp();
        _fundReserve(1_000_000e6);
        vm.startPrank(admin);
        ksu.approve(address(locking), 1_000_000e18);
        locking.fundBonusPool(1_000_000e18);
        vm.stopPrank();
        address[] memory actors = new address[](4);
        actors[0] = alice;
        actors[1] = bob;
        actors[2] = carol;
        actors[3] = makeAddr("dave"); // lends, never locks
        _allow(actors[3]);
        // A market in motion: alice and bob lend from the start, alice locks at level 1 and bob
        // at level 2, and one epoch of interest has shared fees.
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        uint256 b = _deposit(bob, SENIOR, 20_000e6);
        _clearAndSettle(_ids(a, b));
        vm.prank(admin);
        locking.setKsuPrice(1e6);
        _lockKsu(alice, 200e18); // 2%
        _lockKsu(bob, 2000e18); // 10%
        _clear();
        vm.prank(admin);
        locking.setKsuPrice(1e6);
        handler =
            new LockingSystemHandler(lpm, locking, usdc, ksu, admin, manager, borrower, actors);
        bytes32 keeperRole = lpm.KEEPER_ROLE();
        vm.prank(admin);
        lpm.grantRole(keeperRole, address(handler)); // clears in the clearing period
        targetContract(address(handler));
        // `lend` three times: a run without a deposit request reaches no level.
        bytes4[] memory selectors = new bytes4[](13);
        selectors[0] = LockingSystemHandler.lend.selector;
        selectors[1] = LockingSystemHandler.cancel.selector;
        selectors[2] = LockingSystemHandler.withdraw.selector;
        selectors[3] = LockingSystemHandler.clear.selector;
        selectors[4] = LockingSystemHandler.lock.selector;
        selectors[5] = LockingSystemHandler.unlock.selector;
        selectors[6] = LockingSystemHandler.setPrice.selector;
        selectors[7] = LockingSystemHandler.checkpoint.selector;
        selectors[8] = LockingSystemHandler.claim.selector;
        selectors[9] = LockingSystemHandler.warp.selector;
        selectors[10] = LockingSystemHandler.lend.selector;
        selectors[11] = LockingSystemHandler.lend.selector;
        selectors[12] = LockingSystemHandler.loss.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
        vm.createDir(DIR, true);
        vm.writeFile(COVERAGE_FILE, "");
    }

    /// @dev One campaign checks every property (one coverage file per campaign).
    function invariant_lockingSystem() public view {
        uint256 rate2 = locking.BONUS_RATE_LEVEL_2();
        uint256 minPrice = handler.minPrice();
        uint256 claimable;
        for (uint256 i; i < handler.actorCount(); ++i) {
            address user = handler.actors(i);
            // Bonus paid and owed <= rate2 x (held value x seconds) / epoch, in KSU at the
            // lowest price ever set (each stretch converts at the price of its accrual, any
            // price ever set). Losses included: the handler checkpoints the lockers after one.
            uint256 bound = rate2 * handler.integralNow(user) / (minPrice * 7 days) * 1e18 / 1e18;
            bound += bound / 1e6 + 1e12; // rounding: a share's value is its principal less dust
            assertLe(
                handler.bonusPaid(user) + locking.getUserTotalBonusAmount(user)
                    - handler.bonusAtStart(user),
                bound,
                "bonus above rate x accepted deposits held"
            );
            claimable += locking.claimableFees(user);
        }
        assertEq(handler.feeViolations(), 0, "fees credited to a locker holding no deposits");
        assertEq(handler.lockViolations(), 0, "a lock opened before its period");
        // Fees are conserved: what lockers and the treasury are owed is in the contract.
        assertLe(claimable + locking.treasuryFees(), usdc.balanceOf(address(locking)));
        for (uint256 i; i < handler.lockCount(); ++i) {
            LockingSystemHandler.LockRecord memory r = handler.lockAt(i);
            if (r.amount != 0) {
                assertGe(locking.stakedKsu(r.user), r.amount, "a lock lost KSU before its end");
            }
        }
        assertEq(
            locking.totalSupply(),
            locking.eligibleRksu() + _frozenRksu(),
            "rKSU is eligible or frozen"
        );
    }

    function _frozenRksu() internal view returns (uint256 frozen) {
        for (uint256 i; i < handler.actorCount(); ++i) {
            address user = handler.actors(i);
            if (!locking.feeEligible(user)) frozen += locking.rKsuBalance(user);
        }
    }

    /// @dev Coverage over the campaign: at least 60% of the runs make requests at levels 0, 1 and
    /// 2 and a paid bonus claim and a paid fee claim (flag 1), reach a stale price (2), re-rate a
    /// request to another level (3) and pay a referral reward (4). One line per run: the flags,
    /// then the numbers for a reader.
    function afterInvariant() external {
        // A run of fewer than MIN_ACTIONS actions is not a campaign run but forge replaying a
        // shrunk counterexample persisted in cache/invariant/failures: not counted.
        if (handler.actions() < MIN_ACTIONS) return;
        bool all = handler.levelSeen(0) > 0 && handler.levelSeen(1) > 0 && handler.levelSeen(2) > 0
            && handler.bonusClaims() > 0 && handler.feeClaims() > 0;
        uint256[N] memory counts =
            [all ? 1 : 0, handler.stalePrices(), handler.rerates(), handler.referralPayouts()];
        string memory line;
        for (uint256 k; k < N; ++k) {
            line = string.concat(line, counts[k] != 0 ? "1" : "0");
        }
        line = string.concat(
            line,
            " stalePrices ",
            vm.toString(counts[1]),
            " rerates ",
            vm.toString(counts[2]),
            " referralPayouts ",
            vm.toString(counts[3]),
            " deferred ",
            vm.toString(handler.referralDeferrals()),
            " collected ",
            vm.toString(handler.referralCollections())
        );
        vm.writeLine(COVERAGE_FILE, line);
        bytes memory runs = bytes(vm.readFile(COVERAGE_FILE));
        uint256 total;
        uint256[N] memory hits;
        for (uint256 i; i + N - 1 < runs.length; ++i) {
            if (i != 0 && runs[i - 1] != "\n") continue; // first characters of each line
            ++total;
            for (uint256 k; k < N; ++k) {
                if (runs[i + k] == "1") ++hits[k];
            }
        }
        if (total >= MIN_RUNS) {
            string[N] memory names = ["levels and claims", "stale price", "rerate", "referral"];
            for (uint256 k; k < N; ++k) {
                assertGe(
                    hits[k] * 100,
                    total * MIN_SHARE_PCT,
                    string.concat(names[k], ": coverage below 60% of the runs")
                );
            }
        }
    }
}
