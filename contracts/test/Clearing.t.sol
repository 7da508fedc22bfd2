// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {ClearingNotOpen} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";

contract ClearingTest is ProtocolBase {
    ILendingPoolTypes.RequestKind internal constant DEPOSIT = ILendingPoolTypes.RequestKind.Deposit;
    ILendingPoolTypes.RequestKind internal constant WITHDRAWAL =
    ILendingPoolTypes.RequestKind.Withdrawal;

    function _limits(uint256 trancheId, uint256 capacity) internal {
        vm.prank(manager);
        lpm.setTrancheLimits(POOL, trancheId, 100e6, 100_000e6, capacity);
    }

    function test_clear_onlyOnceTheClearingPeriodOpens_andOncePerEpoch() public {
        uint256 opensAt = GENESIS + 5 days;
        vm.expectRevert(abi.encodeWithSelector(ClearingNotOpen.selector, POOL, 0, opensAt));
        lpm.clear(POOL);
        vm.warp(opensAt);
        lpm.clear(POOL);
        assertEq(lpm.getPoolState(POOL).nextEpochToClear, 1);
        // Interest can never be applied twice in an epoch: epoch 1 is not closed yet.
        vm.expectRevert(abi.encodeWithSelector(ClearingNotOpen.selector, POOL, 1, opensAt + 7 days));
        lpm.clear(POOL);
    }

    function test_clear_catchesUpOneEpochPerCall() public {
        vm.warp(GENESIS + 30 days); // epoch 4, in its open period
        for (uint256 e; e < 4; ++e) {
            lpm.clear(POOL);
        }
        assertEq(lpm.getPoolState(POOL).nextEpochToClear, 4);
        vm.expectRevert();
        lpm.clear(POOL);
    }

    function test_clear_acceptsDepositsAtFirstSharePrice() public {
        uint256 id = _deposit(alice, JUNIOR, 1000e6);
        _clear();
        ILendingPoolTypes.Bucket memory b = lpm.getBucket(POOL, 0, JUNIOR, DEPOSIT, 0);
        assertEq(b.accepted, 1000e6);
        assertEq(
            lpm.getEpochPrices(POOL, 0, JUNIOR).sharesPerAsset,
            1e6 * 1e18,
            "1e6 shares per USDC unit: the virtual offset"
        );
        ILendingPoolTypes.PoolState memory s = lpm.getPoolState(POOL);
        assertEq(s.escrowedDeposits, 0);
        assertEq(s.idleLiquidity, 1000e6);
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        assertEq(uint8(v.status), uint8(ILendingPoolTypes.RequestStatus.Cleared));
        assertEq(v.accepted, 1000e6);
        assertEq(v.shares, 1e15);
        assertEq(lpm.getPool(POOL).tranches[JUNIOR].totalAssets, 1000e6);
    }

    function test_clear_appliesInterestLessFee_andSharesTheFee() public {
        _deposit(alice, JUNIOR, 10_000e6);
        _deposit(bob, SENIOR, 10_000e6);
        _clear();
        _lockKsu(carol, 1000e18); // a locker to share fees with
        _fundReserve(1000e6);
        uint256 lockingBefore = usdc.balanceOf(address(locking));
        _clear();
        // Junior 0.6%, Senior 0.2% of 10,000: 60 + 20 = 80 interest, 8 fee.
        assertEq(lpm.getTrancheState(POOL, JUNIOR).totalAssets, 10_054e6);
        assertEq(lpm.getTrancheState(POOL, SENIOR).totalAssets, 10_018e6);
        assertEq(lpm.treasuryFees(), 4e6);
        assertEq(usdc.balanceOf(address(locking)) - lockingBefore, 4e6);
        ILendingPoolTypes.PoolState memory s = lpm.getPoolState(POOL);
        assertEq(s.interestReserve, 920e6);
        assertEq(s.idleLiquidity, 20_072e6);
        vm.prank(stranger);
        lpm.claimTreasuryFees();
        assertEq(usdc.balanceOf(treasury), 4e6);
    }

    function test_clear_shortReservePaysProRata() public {
        _deposit(alice, JUNIOR, 10_000e6);
        _clear();
        _fundReserve(30e6); // half of the 60 due
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.InterestShortfall(POOL, 1, 60e6, 30e6);
        _clear();
        assertEq(lpm.getTrancheState(POOL, JUNIOR).totalAssets, 10_027e6);
        assertEq(lpm.getPoolState(POOL).interestReserve, 0);
    }

    function test_clear_rateChangeAppliesAfterTheDelay() public {
        vm.prank(manager);
        lpm.setTrancheRate(POOL, JUNIOR, 0.01e18); // requests go to epoch 0 -> effective epoch 2
        assertEq(lpm.getTrancheState(POOL, JUNIOR).pendingRateEpoch, 2);
        _clear(); // epoch 0: old rate kept
        _clear(); // epoch 1: old rate kept (epoch 0's lenders earn it first)
        assertEq(lpm.getTrancheState(POOL, JUNIOR).epochInterestRate, RATE * 3);
        _clear(); // epoch 2: new rate
        assertEq(lpm.getTrancheState(POOL, JUNIOR).epochInterestRate, 0.01e18);
        assertEq(lpm.getTrancheState(POOL, JUNIOR).pendingRateEpoch, 0);
    }

    function test_clear_depositPriorityByLevel_thenReallocationToSeniorOnly_thenRejection() public {
        _limits(JUNIOR, 1000e6);
        _limits(MEZZ, 500e6);
        _limits(SENIOR, 300e6);
        _lockKsu(alice, 1000e18); // level 2
        uint256 a = _deposit(alice, JUNIOR, 800e6);
        uint256 c = _deposit(carol, JUNIOR, 2000e6); // level 0
        uint256 b = _deposit(bob, MEZZ, 400e6); // level 0, fills Mezzanine before Junior overflow
        _clear();
        // Alice (level 2) fully in Junior.
        assertEq(lpm.requestStatus(a).accepted, 800e6);
        // Level 0: Senior first (none), Mezzanine 400 of 500, then Junior: 200 in Junior,
        // 100 to Mezzanine, 300 to Senior, 1,400 rejected.
        assertEq(lpm.requestStatus(b).accepted, 400e6);
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(c);
        assertEq(v.accepted, 200e6);
        assertEq(v.reallocated, 400e6);
        assertEq(v.rejected, 1400e6);
        ILendingPoolTypes.Bucket memory bucket = lpm.getBucket(POOL, 0, JUNIOR, DEPOSIT, 0);
        assertEq(bucket.reallocated1, 100e6);
        assertEq(bucket.reallocated2, 300e6);

        uint256 before = usdc.balanceOf(carol);
        lpm.claim(c);
        assertEq(usdc.balanceOf(carol) - before, 1400e6, "refund exact");
        assertEq(lpm.sharesOf(POOL, MEZZ, carol), 100e6 * 1e6);
        assertEq(lpm.sharesOf(POOL, SENIOR, carol), 300e6 * 1e6);
        assertEq(lpm.userTotalDeposits(carol), 600e6);
    }

    function test_clear_seniorOverflowIsRejectedNeverMovedDown() public {
        _limits(SENIOR, 500e6);
        uint256 id = _deposit(alice, SENIOR, 800e6);
        _clear();
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        assertEq(v.accepted, 500e6);
        assertEq(v.reallocated, 0);
        assertEq(v.rejected, 300e6);
        assertEq(lpm.getTrancheState(POOL, JUNIOR).totalAssets, 0);
        assertEq(lpm.getTrancheState(POOL, MEZZ).totalAssets, 0);
    }

    function test_clear_withdrawalsByLevelUpToLiquidity() public {
        _deposit(alice, JUNIOR, 1000e6);
        _deposit(carol, JUNIOR, 1000e6);
        _clear();
        lpm.settle(_ids(1, 2));
        vm.prank(manager);
        lpm.draw(POOL, 1500e6, borrower); // 500 idle left
        _lockKsu(alice, 1000e18);
        uint256 shares = lpm.sharesOf(POOL, JUNIOR, alice);
        uint256 wa = _withdraw(alice, JUNIOR, shares); // level 2
        uint256 wc = _withdraw(carol, JUNIOR, shares); // level 0
        assertEq(lpm.requestStatus(wa).level, 2);
        _clear();
        ILendingPoolTypes.RequestView memory va = lpm.requestStatus(wa);
        ILendingPoolTypes.RequestView memory vc = lpm.requestStatus(wc);
        assertApproxEqAbs(va.assets, 500e6, 1, "level 2 takes the liquidity");
        assertEq(vc.assets, 0, "level 0 gets none");
        assertEq(vc.rejected, shares);
        assertLe(lpm.getPoolState(POOL).idleLiquidity, 1);
        lpm.settle(_ids(wa, wc));
        assertApproxEqAbs(usdc.balanceOf(alice), 500e6, 1);
        assertEq(lpm.sharesOf(POOL, JUNIOR, carol), shares, "rejected shares returned");
        assertApproxEqAbs(lpm.sharesOf(POOL, JUNIOR, alice), shares / 2, 1e6);
    }

    function test_clear_withdrawalsSeniorFirstWithinALevel() public {
        _deposit(alice, JUNIOR, 1000e6);
        _deposit(alice, SENIOR, 1000e6);
        _clear();
        lpm.settle(_ids(1, 2));
        vm.prank(manager);
        lpm.draw(POOL, 1000e6, borrower);
        uint256 wj = _withdraw(alice, JUNIOR, lpm.sharesOf(POOL, JUNIOR, alice));
        uint256 ws = _withdraw(alice, SENIOR, lpm.sharesOf(POOL, SENIOR, alice));
        _clear();
        assertEq(lpm.requestStatus(ws).assets, 1000e6);
        assertEq(lpm.requestStatus(wj).assets, 0);
    }

    function test_clear_withdrawalWaitingFiveEpochsRanksLevelTwo() public {
        _deposit(alice, JUNIOR, 1000e6);
        _clear();
        lpm.claim(1);
        vm.prank(manager);
        lpm.draw(POOL, 1000e6, borrower); // no liquidity: withdrawals keep being rejected
        uint256 shares = lpm.sharesOf(POOL, JUNIOR, alice);
        uint256 id;
        for (uint256 i; i < 5; ++i) {
            _nextEpoch();
            id = _withdraw(alice, JUNIOR, shares);
            _clear();
            lpm.claim(id);
        }
        assertEq(lpm.requestStatus(id).level, 0);
        _nextEpoch();
        id = _withdraw(alice, JUNIOR, shares);
        assertEq(lpm.requestStatus(id).level, 2, "queued since epoch 1, now epoch 6");
    }

    function test_rerate_movesBetweenBucketsBothWays() public {
        uint256 id = _deposit(alice, JUNIOR, 1000e6);
        assertEq(lpm.requestStatus(id).level, 0);
        _lockKsu(alice, 1000e18);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.RequestRerated(id, 0, 2);
        vm.prank(stranger);
        lpm.rerate(id);
        assertEq(lpm.requestStatus(id).level, 2);
        assertEq(lpm.getBucket(POOL, 0, JUNIOR, DEPOSIT, 0).total, 0);
        assertEq(lpm.getBucket(POOL, 0, JUNIOR, DEPOSIT, 2).total, 1000e6);
        // A stale KSU price drops the level back to 0 for anyone who re-rates.
        vm.warp(block.timestamp + 3 days);
        vm.prank(admin);
        locking.setMaxPriceAge(1 days);
        lpm.rerate(id);
        assertEq(lpm.requestStatus(id).level, 0);
        _clear();
        vm.expectRevert();
        lpm.rerate(id);
    }

    function testFuzz_clear_neverReallocatesToARiskierTranche(
        uint256[3] memory caps,
        uint256[3] memory amounts
    ) public {
        for (uint256 i; i < 3; ++i) {
            caps[i] = bound(caps[i], 1e6, 5000e6);
            amounts[i] = bound(amounts[i], 100e6, 5000e6);
            _limits(i, caps[i]);
            _deposit([alice, bob, carol][i], i, amounts[i]);
        }
        _clear();
        for (uint256 i; i < 3; ++i) {
            ILendingPoolTypes.Bucket memory b = lpm.getBucket(POOL, 0, i, DEPOSIT, 0);
            // Only more senior destinations exist: tranche 2 reallocates nowhere, tranche 1 to 2.
            if (i == 2) assertEq(b.reallocated1 + b.reallocated2, 0);
            if (i == 1) assertEq(b.reallocated2, 0);
            assertLe(b.accepted + b.reallocated1 + b.reallocated2, b.total);
            uint256 held = lpm.getTrancheState(POOL, i).totalAssets;
            assertLe(held, caps[i], "capacity respected");
        }
    }

    function testFuzz_clear_higherLevelsFillFirst(uint256 capacity, uint256 a, uint256 c) public {
        capacity = bound(capacity, 1e6, 10_000e6);
        a = bound(a, 100e6, 5000e6);
        c = bound(c, 100e6, 5000e6);
        _limits(SENIOR, capacity); // Senior: no reallocation possible
        _lockKsu(alice, 1000e18); // level 2
        uint256 high = _deposit(alice, SENIOR, a);
        uint256 low = _deposit(carol, SENIOR, c);
        _clear();
        ILendingPoolTypes.RequestView memory h = lpm.requestStatus(high);
        ILendingPoolTypes.RequestView memory l = lpm.requestStatus(low);
        assertEq(h.level, 2);
        // Level 0 gets anything only once level 2 is filled in full.
        if (l.accepted != 0) assertEq(h.accepted, a);
        assertEq(h.accepted, a < capacity ? a : capacity);
        assertEq(h.accepted + h.rejected, a);
        assertEq(l.accepted + l.rejected, c);
    }
}
