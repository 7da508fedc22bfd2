// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {InsufficientGas} from "../src/libraries/Errors.sol";
import {NothingToClaim} from "../src/libraries/LockingErrors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";

/// @dev Issue 10 items 3, 6 and 10 on the real manager and KsuLocking: bonus interest and fee
/// sharing count accepted deposits actually held, and withdrawals lower the principal figure by
/// the principal part only. Each test fails on eb77e8e.
contract AcceptedDepositsTest is ProtocolBase {
    function _price() internal {
        vm.prank(admin);
        locking.setKsuPrice(1e6);
    }

    /// @dev Item 3: request, checkpoint, cancel (one transaction, flash-loanable) earned a level-2
    /// bonus on money never lent. A pending request is not an accepted deposit.
    function test_bonus_pendingRequestEarnsNothing() public {
        _lockKsu(alice, 1000e18); // 1,000 rKSU = 1,000 USDC
        uint256 id = _deposit(alice, JUNIOR, 10_000e6); // 10%: level 2 for the queue
        assertEq(locking.loyaltyLevel(alice), 2, "the level still counts pending deposits");
        locking.checkpointBonus(alice);
        vm.prank(alice);
        lpm.cancelDepositRequest(POOL, id);
        (,, uint256 base) = locking.bonusCheckpoint(alice);
        assertEq(base, 0, "no accepted deposits, no base");
        skip(7 days);
        assertEq(locking.getUserTotalBonusAmount(alice), 0);
    }

    /// @dev Item 3: the base drops the moment accepted deposits drop (a withdrawal request), not
    /// at the next checkpoint someone may or may not send.
    function test_bonus_stopsAtTheWithdrawalRequest() public {
        uint256 id = _deposit(alice, JUNIOR, 10_000e6);
        _clearAndSettle(_ids(id));
        assertEq(lpm.userAcceptedDeposits(alice), 10_000e6);
        _price();
        _lockKsu(alice, 1000e18);
        (, uint8 level, uint256 base) = locking.bonusCheckpoint(alice);
        assertEq(level, 2);
        assertEq(base, 10_000e6, "the base is the USDC held");
        skip(3 days);
        uint256 earned = locking.getUserTotalBonusAmount(alice);
        assertGt(earned, 0);
        _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        assertEq(lpm.userAcceptedDeposits(alice), 0);
        assertEq(lpm.userTotalDeposits(alice), 10_000e6, "the level base drops when paid");
        skip(30 days);
        assertEq(locking.getUserTotalBonusAmount(alice), earned, "nothing after the request");
    }

    /// @dev Item 6: request, claim fees, cancel: a pending request made a locker "active" at
    /// claim time. Fees go only to lockers holding accepted deposits while they are notified; the
    /// rest goes to the eligible lockers (conservation: nothing is lost).
    function test_fees_onlyToHoldersOfAcceptedDeposits() public {
        // Bob lends and locks: eligible. An epoch of interest pays fees.
        uint256 b = _deposit(bob, JUNIOR, 10_000e6);
        _clearAndSettle(_ids(b));
        _lockKsu(bob, 100e18);
        assertTrue(locking.feeEligible(bob));
        _fundReserve(1000e6);
        // Alice locks 9x bob's rKSU with only a pending request.
        _lockKsu(alice, 900e18);
        uint256 a = _deposit(alice, MEZZ, 1000e6);
        assertFalse(locking.feeEligible(alice));
        uint256 usdcBefore = usdc.balanceOf(address(locking));
        _clear(); // interest on bob's deposit: fees notified
        uint256 toLockers = usdc.balanceOf(address(locking)) - usdcBefore;
        assertGt(toLockers, 0);
        assertEq(locking.claimableFees(alice), 0, "pending requests share nothing");
        vm.expectRevert(NothingToClaim.selector);
        vm.prank(alice);
        locking.claimFees();
        assertApproxEqAbs(locking.claimableFees(bob), toLockers, 1, "bob takes alice's part");
        assertLe(locking.claimableFees(bob), toLockers);

        // Once alice's deposit is accepted and settled, a checkpoint starts her share.
        lpm.claim(a);
        locking.checkpointBonus(alice);
        assertTrue(locking.feeEligible(alice));
        _price();
        _clear();
        assertGt(locking.claimableFees(alice), 0);
        // Her share stops the moment her deposits are gone (withdrawal request).
        _withdraw(alice, MEZZ, lpm.sharesOf(POOL, MEZZ, alice));
        assertFalse(locking.feeEligible(alice));
        uint256 aliceBefore = locking.claimableFees(alice);
        uint256 bobBefore = locking.claimableFees(bob);
        usdcBefore = usdc.balanceOf(address(locking));
        _clear();
        toLockers = usdc.balanceOf(address(locking)) - usdcBefore;
        assertEq(locking.claimableFees(alice), aliceBefore, "fees she earned stay, no new ones");
        assertApproxEqAbs(locking.claimableFees(bob) - bobBefore, toLockers, 1);
        vm.prank(alice);
        assertEq(locking.claimFees(), aliceBefore, "paid after her deposits are gone");
    }

    /// @dev Item 10: a withdrawal lowered the principal figure by the USDC paid, interest
    /// included, so the principal dropped too far and the level was too generous.
    function test_withdrawal_lowersPrincipalByThePrincipalPart() public {
        uint256 id = _deposit(alice, JUNIOR, 10_000e6);
        _clearAndSettle(_ids(id));
        _fundReserve(10_000e6);
        for (uint256 i; i < 5; ++i) {
            _clear(); // 0.6% a week on Junior
        }
        uint256 shares = lpm.sharesOf(POOL, JUNIOR, alice);
        assertGt(lpm.convertToAssets(POOL, JUNIOR, shares), 10_200e6, "interest earned");
        uint256 w = _withdraw(alice, JUNIOR, shares / 2);
        assertEq(lpm.userAcceptedDeposits(alice), 5000e6, "queued shares leave at the request");
        _clearAndSettle(_ids(w));
        assertGt(usdc.balanceOf(alice), 5100e6, "paid principal and interest");
        assertEq(lpm.userTotalDeposits(alice), 5000e6, "lowered by the principal part only");
        assertEq(lpm.userAcceptedDeposits(alice), 5000e6);
        // The rest: the figures reach exactly 0.
        w = _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        _clearAndSettle(_ids(w));
        assertEq(lpm.userTotalDeposits(alice), 0);
        assertEq(lpm.userAcceptedDeposits(alice), 0);
    }

    /// @dev Item 10: the principal follows shares into and out of a fixed-term lock, and a
    /// rejected withdrawal gives its principal back.
    function test_principal_followsLocksAndRejections() public {
        uint256 id = _deposit(alice, JUNIOR, 10_000e6);
        _clearAndSettle(_ids(id));
        vm.prank(manager);
        lpm.addFixedTermConfig(
            POOL, JUNIOR, 0.003e18, 2, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        _nextEpoch(); // Fix APY is closed in the clearing period
        vm.prank(alice);
        lpm.lockDepositForFixedTerm(POOL, JUNIOR, 4000e6, 1);
        assertEq(lpm.userAcceptedDeposits(alice), 10_000e6, "a lock is still held");
        // No idle liquidity: the withdrawal is rejected and its principal comes back.
        vm.prank(manager);
        lpm.draw(POOL, 10_000e6, borrower);
        uint256 w = _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        assertEq(lpm.userAcceptedDeposits(alice), 4000e6);
        _clearAndSettle(_ids(w));
        assertApproxEqAbs(lpm.userAcceptedDeposits(alice), 10_000e6, 1, "back (rounded down)");
        assertLe(lpm.userAcceptedDeposits(alice), 10_000e6);
        assertEq(lpm.userTotalDeposits(alice), 10_000e6);
    }

    // ----- Review findings (2026-11-23): value, dust, price, exits -----

    function _value(address u, uint256 t) internal view returns (uint256) {
        return lpm.convertToAssets(POOL, t, lpm.sharesOf(POOL, t, u));
    }

    /// @dev Bonus and fee eligibility counted principal, not value: after a 100% Junior loss
    /// alice held 0 USDC yet kept a level-2 bonus and a fee share. The accepted deposits counted
    /// are each position's principal at most at its value, from the next checkpoint (anyone).
    function test_loss_stopsBonusAndFeesOnTheLostValue() public {
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        _clear();
        lpm.claim(a);
        _lockKsu(alice, 2000e18); // 20% of the deposits: level 2
        assertEq(lpm.userAcceptedValue(alice), 10_000e6);
        uint256 idle = lpm.getPoolState(POOL).idleLiquidity;
        vm.startPrank(manager);
        lpm.draw(POOL, idle, borrower);
        lpm.reportLoss(POOL, idle); // Junior wiped out
        vm.stopPrank();
        assertLe(_value(alice, JUNIOR), 1, "alice holds nothing");
        assertEq(lpm.userAcceptedDeposits(alice), 10_000e6, "the principal figure stays");
        assertLe(lpm.userAcceptedValue(alice), 1, "the value counted is what is held");
        locking.checkpointBonus(alice); // anyone, e.g. the keeper after the loss report
        assertFalse(locking.feeEligible(alice), "no fee share on nothing held");
        uint256 before = locking.getUserTotalBonusAmount(alice);
        vm.warp(block.timestamp + 7 days);
        vm.prank(admin);
        locking.setKsuPrice(1e6);
        locking.checkpointBonus(alice);
        assertEq(locking.getUserTotalBonusAmount(alice), before, "no bonus on lost principal");
    }

    /// @dev A partial loss: the base follows the value down, the bonus is paid on what is left.
    function test_loss_partialCutsTheBaseToTheValue() public {
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        uint256 b = _deposit(bob, JUNIOR, 10_000e6);
        _clearAndSettle(_ids(a, b));
        _lockKsu(alice, 2000e18);
        vm.startPrank(manager);
        lpm.draw(POOL, 10_000e6, borrower);
        lpm.reportLoss(POOL, 10_000e6); // half of Junior
        vm.stopPrank();
        locking.checkpointBonus(alice);
        (,, uint256 base) = locking.bonusCheckpoint(alice);
        assertApproxEqAbs(base, _value(alice, JUNIOR), 1);
        assertApproxEqAbs(base, 5000e6, 1e6);
    }

    /// @dev After a loss, withdrawing the position that kept its value must take the base down
    /// with it: the notification lowers the base by the principal that left, not only to the
    /// principal still held (which counts the lost Junior position at full principal).
    function test_loss_thenWithdrawingTheIntactPositionLowersTheBase() public {
        uint256 a1 = _deposit(alice, JUNIOR, 10_000e6);
        uint256 a2 = _deposit(alice, SENIOR, 10_000e6);
        _clearAndSettle(_ids(a1, a2));
        _lockKsu(alice, 4000e18);
        vm.startPrank(manager);
        lpm.draw(POOL, 10_000e6, borrower);
        lpm.reportLoss(POOL, 10_000e6); // Junior wiped out
        vm.stopPrank();
        locking.checkpointBonus(alice);
        (,, uint256 base) = locking.bonusCheckpoint(alice);
        assertApproxEqAbs(base, 10_000e6, 1, "the Senior value");
        _withdraw(alice, SENIOR, lpm.sharesOf(POOL, SENIOR, alice));
        assertEq(lpm.userAcceptedDeposits(alice), 10_000e6, "the lost Junior principal");
        (,, base) = locking.bonusCheckpoint(alice);
        assertEq(base, 0, "nothing of value is held");
        uint256 before = locking.getUserTotalBonusAmount(alice);
        skip(7 days);
        assertEq(locking.getUserTotalBonusAmount(alice), before);
    }

    /// @dev Dust kept a full fee share: withdrawing all but one share unit left accepted == 1 and
    /// an rKSU-pro-rata share. Below 1 USDC counted (`MIN_ACCEPTED_DEPOSITS`) a locker takes no
    /// fee share and no bonus, at once (the manager's notification).
    function test_dust_takesNoFeeShare() public {
        _fundReserve(100_000e6);
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        uint256 b = _deposit(bob, JUNIOR, 10_000e6);
        _clear();
        lpm.settle(_ids(a, b));
        _lockKsu(alice, 2000e18);
        _lockKsu(bob, 2000e18);
        uint256 free = lpm.sharesOf(POOL, JUNIOR, alice);
        uint256 w = _withdraw(alice, JUNIOR, free - 1);
        assertFalse(locking.feeEligible(alice), "one share unit is not a deposit");
        assertEq(lpm.userAcceptedValue(alice), 0, "dust worth 0 USDC counts 0");
        _clear();
        lpm.claim(w);
        locking.checkpointBonus(alice);
        assertFalse(locking.feeEligible(alice));
        uint256 fa = locking.claimableFees(alice);
        uint256 fb = locking.claimableFees(bob);
        _clear();
        assertEq(locking.claimableFees(alice), fa, "no fee share on dust");
        assertGt(locking.claimableFees(bob), fb, "the holder takes it");
    }

    /// @dev The bonus base was fixed in KSU at the checkpoint's price: checkpoint when KSU is
    /// cheap, let it rise, accrue 8x the fair bonus. The base is USDC, converted at the price of
    /// the accrual: a rise pays exactly the fair KSU amount.
    function test_bonus_priceRisePaysTheFairAmount() public {
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        _clear();
        lpm.claim(a);
        _lockKsu(alice, 2000e18);
        vm.prank(admin);
        locking.setKsuPrice(0.5e6);
        locking.checkpointBonus(alice);
        vm.prank(admin);
        locking.setKsuPrice(4e6); // 10,000 USDC are now worth 2,500 KSU (rKSU 80%: level 2)
        uint256 before = locking.getUserTotalBonusAmount(alice);
        vm.warp(block.timestamp + 7 days);
        uint256 earned = locking.getUserTotalBonusAmount(alice) - before;
        uint256 fair = 2500e18 * locking.BONUS_RATE_LEVEL_2() / 1e18;
        assertLe(earned, fair);
        assertApproxEqAbs(earned, fair, 1e9);
    }

    /// @dev Pointing KsuLocking at another manager made every withdrawal of a locker revert
    /// (OnlyManager). Exits never depend on KsuLocking: the failed notification is reported and
    /// the withdrawal goes on; the locker earns nothing on it (the other manager counts nothing).
    function test_exit_neverBlockedByKsuLocking() public {
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        _clear();
        lpm.claim(a);
        _lockKsu(alice, 100e18);
        ManagerWithoutViews other = new ManagerWithoutViews(address(usdc));
        vm.prank(admin);
        locking.setManager(address(other));
        uint256 shares = lpm.sharesOf(POOL, JUNIOR, alice);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.LockingNotificationFailed(alice);
        vm.prank(alice);
        uint256 w = lpm.requestWithdrawal(POOL, JUNIOR, shares);
        assertEq(lpm.userAcceptedDeposits(alice), 0);
        locking.checkpointBonus(alice); // a manager without the view counts nothing
        (,, uint256 base) = locking.bonusCheckpoint(alice);
        assertEq(base, 0);
        _clear();
        lpm.claim(w);
        assertGt(usdc.balanceOf(alice), 9999e6, "paid");
    }

    /// @dev A failed notification must not be provoked by sending too little gas: the manager
    /// refuses to run the notification with less than its cap.
    /// @dev A pending deposit request does not keep a locker's fee share: withdrawing every
    /// accepted deposit freezes it at once, and the clearing that follows pays it nothing.
    function test_fees_exitWithAPendingDepositStillFreezes() public {
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        uint256 b = _deposit(bob, JUNIOR, 10_000e6);
        _clearAndSettle(_ids(a, b));
        _price();
        _lockKsu(alice, 1000e18);
        _lockKsu(bob, 1000e18);
        assertTrue(locking.feeEligible(alice));
        _fundReserve(1000e6);
        _deposit(alice, MEZZ, 5000e6); // pending
        _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        assertEq(lpm.userAcceptedDeposits(alice), 0, "a pending request is not held");
        assertFalse(locking.feeEligible(alice), "frozen at the withdrawal request");
        uint256 aliceBefore = locking.claimableFees(alice);
        _clear();
        assertEq(locking.claimableFees(alice), aliceBefore, "no fees while holding nothing");
    }

    /// @dev The base notified down below 1 USDC is not the last word: deposits settled since
    /// the last checkpoint are still held, so the fee share goes on (read from the manager).
    function test_fees_exitOfTheCheckpointedPartKeepsTheShareOfWhatIsStillHeld() public {
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        _clearAndSettle(_ids(a));
        _price();
        _lockKsu(alice, 1000e18); // checkpoint: base 10,000 USDC
        uint256 m = _deposit(alice, MEZZ, 5000e6);
        _clearAndSettle(_ids(m)); // held since, not yet in the base
        _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        (,, uint256 base) = locking.bonusCheckpoint(alice);
        assertEq(base, 0, "the base only drops between checkpoints");
        assertEq(lpm.userAcceptedDeposits(alice), 5000e6);
        assertTrue(locking.feeEligible(alice), "still holds 5,000 USDC: still shares fees");
        locking.checkpointBonus(alice);
        (,, base) = locking.bonusCheckpoint(alice);
        assertEq(base, 5000e6, "the next checkpoint counts it");
    }

    function test_exit_tooLittleGasForTheNotificationReverts() public {
        uint256 a = _deposit(alice, JUNIOR, 10_000e6);
        _clearAndSettle(_ids(a));
        _lockKsu(alice, 1000e18);
        uint256 shares = lpm.sharesOf(POOL, JUNIOR, alice);
        vm.prank(alice);
        vm.expectRevert(InsufficientGas.selector);
        lpm.requestWithdrawal{gas: 150_000}(POOL, JUNIOR, shares);
        vm.prank(alice);
        lpm.requestWithdrawal(POOL, JUNIOR, shares);
        assertFalse(locking.feeEligible(alice), "notified");
    }
}

/// @dev A manager KsuLocking can point at that answers none of the views.
contract ManagerWithoutViews {
    address public usdc;

    constructor(address usdc_) {
        usdc = usdc_;
    }
}
