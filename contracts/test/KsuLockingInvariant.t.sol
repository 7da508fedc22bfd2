// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {KsuLocking} from "../src/KsuLocking.sol";
import {IKsuLocking} from "../src/interfaces/IKsuLocking.sol";
import {KSU} from "../src/tokens/KSU.sol";
import {TestUSDC} from "../src/tokens/TestUSDC.sol";
import {KsuLockingBaseTest, LockingManagerStub} from "./KsuLockingBase.sol";
import {CommonBase} from "forge-std/Base.sol";
import {StdCheats} from "forge-std/StdCheats.sol";
import {StdUtils} from "forge-std/StdUtils.sol";
import {console} from "forge-std/console.sol";

/// @dev Drives KsuLocking through valid calls only (the suite runs with fail_on_revert) and keeps
/// ghost totals of what went in and out.
contract KsuLockingHandler is CommonBase, StdCheats, StdUtils {
    KsuLocking internal immutable locking;
    KSU internal immutable ksu;
    TestUSDC internal immutable usdc;
    LockingManagerStub internal immutable mgr;
    address internal immutable admin;

    address[] public actors;

    uint256 public ghostFeesNotified;
    uint256 public ghostFeesPaid;
    uint256 public ghostTreasuryPaid;
    uint256 public ghostBonusFunded;
    uint256 public ghostBonusPaid;
    /// @dev How many calls did something (unlocks, paid fee claims, paid bonus claims).
    uint256 public unlocks;
    uint256 public feeClaims;
    uint256 public bonusClaims;

    constructor(
        KsuLocking locking_,
        KSU ksu_,
        TestUSDC usdc_,
        LockingManagerStub mgr_,
        address admin_,
        uint256 initialPool
    ) {
        locking = locking_;
        ksu = ksu_;
        usdc = usdc_;
        mgr = mgr_;
        admin = admin_;
        ghostBonusFunded = initialPool;
        for (uint256 i; i < 3; ++i) {
            actors.push(makeAddr(string.concat("actor", vm.toString(i))));
        }
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % actors.length];
    }

    function lock(uint256 actorSeed, uint256 amount, uint256 periodSeed) external {
        address actor = _actor(actorSeed);
        amount = bound(amount, 20, 200_000e18);
        uint256 periodId = bound(periodSeed, 1, 4);
        (IKsuLocking.LockPeriod memory period,) = locking.getLockPeriod(periodId);
        if (amount * period.rKSUMultiplier / 1e18 == 0) return;
        // Lockers usually lend: give the actor deposits so levels (and bonus) come into play.
        if (mgr.userTotalDeposits(actor) == 0) mgr.setDeposits(actor, 1000e6 + amount % 50_000e6);
        vm.prank(admin);
        require(ksu.transfer(actor, amount), "KSU transfer");
        vm.startPrank(actor);
        ksu.approve(address(locking), amount);
        uint256 before = ksu.balanceOf(actor);
        locking.lock(amount, periodId);
        vm.stopPrank();
        // The launch bonus is what the actor kept of `amount`.
        ghostBonusPaid += ksu.balanceOf(actor) + amount - before;
    }

    function unlock(uint256 actorSeed, uint256 lockSeed, uint256 amount) external {
        address actor = _actor(actorSeed);
        IKsuLocking.UserLock[] memory locks = locking.getUserLocks(actor);
        if (locks.length == 0) return;
        IKsuLocking.UserLock memory l = locks[lockSeed % locks.length];
        if (l.amount == 0) return;
        // Wait for the lock to expire (and let the keeper refresh the price meanwhile).
        if (l.unlockTime > block.timestamp) {
            vm.warp(l.unlockTime);
            _refreshPrice();
        }
        amount = bound(amount, 1, l.amount);
        vm.prank(actor);
        locking.unlock(amount, l.lockId);
        ++unlocks;
    }

    function notifyFees(uint256 amount) external {
        amount = bound(amount, 0, 100_000e6);
        vm.prank(admin);
        usdc.mint(address(mgr), amount);
        mgr.sendFees(locking, amount);
        ghostFeesNotified += amount;
    }

    function claimFees(uint256 actorSeed) external {
        address actor = _actor(actorSeed);
        if (locking.claimableFees(actor) == 0) return;
        vm.prank(actor);
        ghostFeesPaid += locking.claimFees();
        ++feeClaims;
    }

    function claimTreasuryFees() external {
        if (locking.treasuryFees() == 0) return;
        ghostTreasuryPaid += locking.claimTreasuryFees();
    }

    function checkpointBonus(uint256 actorSeed) external {
        locking.checkpointBonus(_actor(actorSeed));
    }

    function claimBonus(uint256 actorSeed) external {
        address actor = _actor(actorSeed);
        uint256 owed = locking.getUserTotalBonusAmount(actor) / 1e9;
        if (owed == 0 || locking.bonusPool() / 1e9 == 0) return;
        vm.prank(actor);
        ghostBonusPaid += locking.claimBonus();
        ++bonusClaims;
    }

    function fundBonusPool(uint256 amount) external {
        amount = bound(amount, 1, 10_000e18);
        vm.startPrank(admin);
        ksu.approve(address(locking), amount);
        locking.fundBonusPool(amount);
        vm.stopPrank();
        ghostBonusFunded += amount;
    }

    function setDeposits(uint256 actorSeed, uint256 amount) external {
        mgr.setDeposits(_actor(actorSeed), bound(amount, 0, 1_000_000e6));
    }

    function setPrice(uint256 price) external {
        vm.prank(admin);
        locking.setKsuPrice(bound(price, 1000, 10e6));
    }

    /// @dev Moves time on; on even seeds the keeper refreshes the price, else it may go stale.
    function warp(uint256 seconds_) external {
        skip(bound(seconds_, 1 hours, 20 days));
        if (seconds_ % 2 == 0) _refreshPrice();
    }

    function _refreshPrice() internal {
        (uint256 price,) = locking.ksuPrice();
        vm.prank(admin);
        locking.setKsuPrice(price);
    }
}

/// @dev Invariants: rKSU supply = sum of the locks' rKSU; fees paid and owed never exceed fees
/// notified and are covered by the USDC held; bonus paid never exceeds the bonus funded, and the
/// KSU held covers every lock and the pool.
contract KsuLockingInvariantTest is KsuLockingBaseTest {
    KsuLockingHandler internal handler;

    function setUp() public override {
        super.setUp();
        handler = new KsuLockingHandler(locking, ksu, usdc, mgr, admin, BONUS_POOL);
        targetContract(address(handler));
    }

    /// @dev Shows with -vv how much of each run did real work.
    function afterInvariant() external view {
        console.log("unlocks", handler.unlocks());
        console.log("fee claims", handler.feeClaims());
        console.log("bonus claims", handler.bonusClaims());
    }

    function invariant_rksuSupplyEqualsSumOfLocks() public view {
        uint256 sumBalances;
        uint256 sumLocks;
        for (uint256 i; i < handler.actorCount(); ++i) {
            address actor = handler.actors(i);
            sumBalances += locking.balanceOf(actor);
            IKsuLocking.UserLock[] memory locks = locking.getUserLocks(actor);
            for (uint256 j; j < locks.length; ++j) {
                sumLocks += locks[j].rKsu;
            }
        }
        assertEq(locking.totalSupply(), sumBalances);
        assertEq(locking.totalSupply(), sumLocks);
    }

    function invariant_feesNeverExceedWhatWasNotified() public view {
        uint256 owed = locking.treasuryFees();
        for (uint256 i; i < handler.actorCount(); ++i) {
            owed += locking.claimableFees(handler.actors(i));
        }
        uint256 out = handler.ghostFeesPaid() + handler.ghostTreasuryPaid();
        assertLe(out + owed, handler.ghostFeesNotified());
        assertGe(usdc.balanceOf(address(locking)), owed, "owed fees are covered");
        assertEq(usdc.balanceOf(address(locking)), handler.ghostFeesNotified() - out);
    }

    function invariant_bonusNeverExceedsThePool() public view {
        assertLe(handler.ghostBonusPaid(), handler.ghostBonusFunded());
        assertEq(locking.bonusPool(), handler.ghostBonusFunded() - handler.ghostBonusPaid());
        uint256 staked;
        for (uint256 i; i < handler.actorCount(); ++i) {
            staked += locking.stakedKsu(handler.actors(i));
        }
        assertEq(ksu.balanceOf(address(locking)), staked + locking.bonusPool());
    }
}
