// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {
    InsufficientShares,
    LockNotFound,
    TrancheClosed,
    ZeroAmount
} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";

/// @dev Issue 22 item 13: fixed-term locks by id and amount (error paths change nothing), what
/// `userAcceptedValue` (KsuLocking's base) counts of a lock before and after maturity, and a
/// fixed-term deposit accepted into a config whose ledger a loss wiped before settlement.
contract FixedTermBranchesTest is ProtocolBase {
    uint256 internal constant FIXED_RATE = 0.01e18;
    uint256 internal config;

    function setUp() public override {
        super.setUp();
        vm.prank(manager);
        config = lpm.addFixedTermConfig(
            POOL, SENIOR, FIXED_RATE, 3, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
    }

    /// @dev Alice's settled Senior position of `amount`, in the open period of the next epoch.
    function _position(uint256 amount) internal returns (uint256 shares) {
        uint256 id = _deposit(alice, SENIOR, amount);
        _clearAndSettle(_ids(id));
        _nextEpoch();
        shares = lpm.sharesOf(POOL, SENIOR, alice);
    }

    /// @dev Alice's fixed-term deposit of `amount`, settled into lock 1 (epochs 1 to 3).
    function _locked(uint256 amount) internal returns (uint256 lockId) {
        uint256 id = _depositFixed(alice, SENIOR, amount, config);
        _clearAndSettle(_ids(id));
        lockId = lpm.getUserFixedTermLocks(alice)[0].lockId;
    }

    // ----- error paths -----

    function test_lockDepositForFixedTerm_zeroAmount_reverts() public {
        uint256 shares = _position(1000e6);
        vm.prank(alice);
        vm.expectRevert(ZeroAmount.selector);
        lpm.lockDepositForFixedTerm(POOL, SENIOR, 0, config);
        assertEq(lpm.sharesOf(POOL, SENIOR, alice), shares);
        assertEq(lpm.getUserFixedTermLocks(alice).length, 0);
    }

    function test_lockDepositForFixedTerm_moreThanTheFreeShares_reverts() public {
        uint256 shares = _position(1000e6);
        vm.prank(alice);
        vm.expectRevert(
            abi.encodeWithSelector(InsufficientShares.selector, shares, 1000e6 * 1e6 + 1e6)
        );
        lpm.lockDepositForFixedTerm(POOL, SENIOR, 1000e6 + 1, config);
        assertEq(lpm.sharesOf(POOL, SENIOR, alice), shares, "nothing taken");
        assertEq(lpm.getUserFixedTermLocks(alice).length, 0);
        assertEq(lpm.userAcceptedDeposits(alice), 1000e6);
        // Exactly the position is fine.
        vm.prank(alice);
        lpm.lockDepositForFixedTerm(POOL, SENIOR, 1000e6, config);
        assertEq(lpm.sharesOf(POOL, SENIOR, alice), 0);
    }

    /// @dev A tranche closed by a wipe takes no new fixed-term lock from its (worthless) shares.
    function test_lockDepositForFixedTerm_trancheClosedAfterAWipe_reverts() public {
        uint256 shares = _position(1000e6);
        vm.startPrank(manager);
        lpm.draw(POOL, 1000e6, borrower);
        lpm.reportLoss(POOL, 1000e6);
        vm.stopPrank();
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(TrancheClosed.selector, POOL, SENIOR));
        lpm.lockDepositForFixedTerm(POOL, SENIOR, 100e6, config);
        assertEq(lpm.sharesOf(POOL, SENIOR, alice), shares);
        assertEq(lpm.getUserFixedTermLocks(alice).length, 0);
    }

    function test_withdrawAtExpiry_unknownLock_reverts() public {
        _locked(1000e6);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockNotFound.selector, 2));
        lpm.withdrawAtExpiry(POOL, 2);
    }

    /// @dev The pool id is part of the lock's address: a lock is not found under another pool.
    function test_withdrawAtExpiry_lockOfAnotherPool_reverts() public {
        uint256 lockId = _locked(1000e6);
        uint256 other = _createPool(2);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockNotFound.selector, lockId));
        lpm.withdrawAtExpiry(other, lockId);
        assertFalse(lpm.getUserFixedTermLocks(alice)[0].withdrawAtExpiry);
        assertEq(lpm.userAcceptedDeposits(alice), 1000e6, "still counted");
    }

    function test_releaseFixedTermLock_unknownLock_reverts() public {
        vm.expectRevert(abi.encodeWithSelector(LockNotFound.selector, 1));
        lpm.releaseFixedTermLock(1);
    }

    // ----- userAcceptedValue (what KsuLocking's bonus and fee share count) -----

    /// @dev A running lock counts at its config ledger's value, never above its principal:
    /// fixed interest does not raise it, a loss lowers it; the principal figure stays.
    function test_userAcceptedValue_countsAnOpenFixedTermLockAtMostItsValue() public {
        _fundReserve(10_000e6);
        _locked(10_000e6);
        ILendingPoolTypes.FixedTermLockView memory l = lpm.getUserFixedTermLocks(alice)[0];
        assertFalse(l.matured);
        assertEq(lpm.userAcceptedDeposits(alice), 10_000e6);
        assertEq(lpm.userAcceptedValue(alice), _min(10_000e6, l.assets));
        assertApproxEqAbs(lpm.userAcceptedValue(alice), 10_000e6, 1);

        _clear(); // epoch 1: 1% fixed, less the fee
        l = lpm.getUserFixedTermLocks(alice)[0];
        assertGt(l.assets, 10_080e6, "the lock earned");
        assertEq(lpm.userAcceptedValue(alice), 10_000e6, "at most the principal");

        // A 2,000 USDC loss (Junior and Mezzanine are empty): the lock bears it.
        _nextEpoch();
        vm.prank(manager);
        lpm.draw(POOL, 5000e6, borrower);
        vm.prank(manager);
        lpm.reportLoss(POOL, 2000e6);
        l = lpm.getUserFixedTermLocks(alice)[0];
        assertLt(l.assets, 10_000e6);
        assertEq(lpm.userAcceptedValue(alice), l.assets, "the value after the loss");
        assertEq(lpm.userAcceptedDeposits(alice), 10_000e6, "the principal is unchanged");
    }

    /// @dev After maturity and before release the lock counts at the tranche's price (its
    /// shares moved to the variable ledger), at most its principal.
    function test_userAcceptedValue_countsAMaturedUnreleasedLockAtTheTranchePrice() public {
        _locked(10_000e6);
        for (uint256 i; i < 3; ++i) {
            _clear(); // epochs 1..3, no interest reserve
        }
        ILendingPoolTypes.FixedTermLockView memory l = lpm.getUserFixedTermLocks(alice)[0];
        assertTrue(l.matured);
        assertFalse(l.released);
        assertEq(lpm.userAcceptedValue(alice), _min(10_000e6, l.assets));
        assertApproxEqAbs(lpm.userAcceptedValue(alice), 10_000e6, 2);
        assertEq(lpm.userAcceptedDeposits(alice), 10_000e6);

        // A loss after maturity hits the variable ledger the lock's shares are now in.
        _nextEpoch();
        vm.prank(manager);
        lpm.draw(POOL, 5000e6, borrower);
        vm.prank(manager);
        lpm.reportLoss(POOL, 1000e6);
        l = lpm.getUserFixedTermLocks(alice)[0];
        assertApproxEqAbs(l.assets, 9000e6, 2);
        assertEq(lpm.userAcceptedValue(alice), l.assets);
    }

    /// @dev A released lock is counted once, through the holding it went back to; a lock set
    /// to withdraw at expiry is not counted at all (it left the accepted deposits).
    function test_userAcceptedValue_skipsReleasedAndWithdrawAtExpiryLocks() public {
        uint256 first = _locked(4000e6);
        for (uint256 i; i < 3; ++i) {
            _clear();
        }
        lpm.releaseFixedTermLock(first);
        assertTrue(lpm.getUserFixedTermLocks(alice)[0].released);
        assertEq(lpm.userAcceptedDeposits(alice), 4000e6, "not counted twice");
        assertApproxEqAbs(lpm.userAcceptedValue(alice), 4000e6, 2);

        _nextEpoch();
        vm.prank(alice);
        uint256 second = lpm.lockDepositForFixedTerm(POOL, SENIOR, 1000e6, config);
        assertApproxEqAbs(lpm.userAcceptedValue(alice), 4000e6, 2);
        vm.prank(alice);
        lpm.withdrawAtExpiry(POOL, second);
        assertApproxEqAbs(lpm.userAcceptedDeposits(alice), 3000e6, 1);
        assertApproxEqAbs(lpm.userAcceptedValue(alice), 3000e6, 2);
        assertEq(lpm.getUserFixedTermLocks(alice).length, 2);
    }

    // ----- a config wiped after a fixed-term deposit was accepted -----

    /// @dev Bob's Junior lock and alice's accepted (unsettled) Junior fixed-term deposit are
    /// wiped by a loss. At settlement alice's lock cannot start in the wiped config: she gets
    /// variable shares (`FixedTermLockNotStarted`, lock id 0) instead of shares of a ledger
    /// with no assets, and the tranche stays closed to new deposits.
    function test_settle_fixedTermDepositIntoAWipedConfig_staysVariable() public {
        vm.prank(manager);
        uint256 juniorConfig = lpm.addFixedTermConfig(
            POOL, JUNIOR, FIXED_RATE, 4, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        _fund(bob, 10_000e6);
        vm.prank(bob);
        uint256 b = lpm.requestDepositWithKyc(
            POOL, JUNIOR, 10_000e6, juniorConfig, _noAcceptance(), _noKyc()
        );
        _clearAndSettle(_ids(b));
        assertEq(lpm.getUserFixedTermLocks(bob).length, 1);
        _nextEpoch();
        _fund(alice, 1000e6);
        vm.prank(alice);
        uint256 a = lpm.requestDepositWithKyc(
            POOL, JUNIOR, 1000e6, juniorConfig, _noAcceptance(), _noKyc()
        );
        _clear();
        assertEq(lpm.requestStatus(a).accepted, 1000e6);

        ILendingPoolTypes.TrancheState memory t = lpm.getTrancheState(POOL, JUNIOR);
        uint256 value = t.totalAssets + t.fixedTermAssets;
        assertEq(value, 11_000e6);
        vm.startPrank(manager);
        lpm.draw(POOL, value, borrower);
        lpm.reportLoss(POOL, value);
        vm.stopPrank();
        assertTrue(lpm.trancheClosed(POOL, JUNIOR));

        uint256 shares = lpm.requestStatus(a).shares;
        assertGt(shares, 0);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.FixedTermLockNotStarted(alice, POOL, JUNIOR, juniorConfig, shares);
        lpm.settle(_ids(a));
        assertEq(lpm.getUserFixedTermLocks(alice).length, 0, "no lock in a wiped ledger");
        assertEq(lpm.sharesOf(POOL, JUNIOR, alice), shares, "variable shares instead");
        assertEq(lpm.userAcceptedDeposits(alice), 1000e6, "counted as a variable holding");
        assertEq(lpm.userAcceptedValue(alice), 0, "worth nothing after the wipe");
    }

    function _min(uint256 a, uint256 b) internal pure returns (uint256) {
        return a < b ? a : b;
    }
}
