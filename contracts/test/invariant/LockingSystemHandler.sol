// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {KsuLocking} from "../../src/KsuLocking.sol";
import {ReferralRewards} from "../../src/ReferralRewards.sol";
import {ILendingPoolManager} from "../../src/interfaces/ILendingPoolManager.sol";
import {ILendingPoolTypes} from "../../src/interfaces/ILendingPoolTypes.sol";
import {KSU} from "../../src/tokens/KSU.sol";
import {TestUSDC} from "../../src/tokens/TestUSDC.sol";
import {CommonBase} from "forge-std/Base.sol";
import {StdCheats} from "forge-std/StdCheats.sol";
import {StdUtils} from "forge-std/StdUtils.sol";

/// @dev Drives the real manager and KsuLocking together with valid actions only (the suite runs
/// with `fail_on_revert`): deposit requests, cancels, clearing (the keeper sets the KSU price,
/// clears and settles), withdrawals, KSU locks and unlocks at both periods, prices, checkpoints
/// and bonus and fee claims, and time. Ghosts: per actor, the time integral of the value of the
/// free shares it holds (accepted deposits actually held), bonus paid, and violations observed
/// inside actions (fees credited to an actor holding no shares, an unlock before its period).
contract LockingSystemHandler is CommonBase, StdCheats, StdUtils {
    uint256 internal constant POOL = 0;
    uint256 internal constant GENESIS = 1_767_571_200;
    uint256 internal constant EPOCH = 7 days;

    struct LockRecord {
        address user;
        uint256 lockId;
        uint256 amount;
        uint256 end;
    }

    ILendingPoolManager public immutable lpm;
    KsuLocking public immutable locking;
    TestUSDC public immutable usdc;
    KSU public immutable ksu;
    address public immutable admin;
    /// @dev The pool manager (draws and reports losses) and the borrower.
    address public immutable poolManager;
    address public immutable borrower;

    address[] public actors;
    uint256[] internal _open;
    LockRecord[] internal _locks;

    uint256 public price = 1e6;
    uint256 public minPrice = 1e6;
    uint256 internal _lastTime;
    mapping(address => uint256) public heldValue;
    /// @dev Sum of held value (USDC units) x seconds.
    mapping(address => uint256) public heldIntegral;
    mapping(address => uint256) public bonusPaid;
    /// @dev Bonus owed when the handler took over (accrued during the suite's setUp).
    mapping(address => uint256) public bonusAtStart;
    uint256 public feesPaid;

    uint256 public feeViolations;
    uint256 public lockViolations;
    /// @dev Coverage: the priority (loyalty) levels of the requests the handler made, paid bonus
    /// and fee claims.
    uint256[3] public levelSeen;
    uint256 public bonusClaims;
    uint256 public feeClaims;
    /// @dev Coverage of issue 22: warps past the price's validity (a stale price), requests whose
    /// level `rerate` changed, referral payouts transferred (and deferred, then collected).
    uint256 public stalePrices;
    uint256 public rerates;
    uint256 public referralPayouts;
    uint256 public referralDeferrals;
    uint256 public referralCollections;
    /// @dev Referral rewards, paid by this handler (admin and keeper) from `referralTreasury`.
    ReferralRewards public immutable rewards;
    address public constant referralTreasury = address(0x7EA5);
    /// @dev Losses reported.
    uint256 public losses;
    /// @dev Actions run (every action ticks first).
    uint256 public actions;

    constructor(
        ILendingPoolManager lpm_,
        KsuLocking locking_,
        TestUSDC usdc_,
        KSU ksu_,
        address admin_,
        address poolManager_,
        address borrower_,
        address[] memory actors_
    ) {
        lpm = lpm_;
        locking = locking_;
        usdc = usdc_;
        ksu = ksu_;
        admin = admin_;
        poolManager = poolManager_;
        borrower = borrower_;
        actors = actors_;
        _lastTime = block.timestamp;
        rewards =
            new ReferralRewards(address(usdc_), referralTreasury, address(this), address(this));
        rewards.setFeeSource(address(lpm_));
        vm.prank(referralTreasury);
        usdc_.approve(address(rewards), type(uint256).max);
        for (uint256 i; i < actors_.length; ++i) {
            vm.prank(actors_[i]);
            usdc.approve(address(lpm), type(uint256).max);
            vm.prank(actors_[i]);
            ksu.approve(address(locking), type(uint256).max);
            heldValue[actors_[i]] = _value(actors_[i]);
            // Accrued now, in KSU (owed but unaccrued bonus converts at the price of accrual).
            locking.checkpointBonus(actors_[i]);
            bonusAtStart[actors_[i]] = locking.getUserTotalBonusAmount(actors_[i]);
        }
    }

    // ----- Actions -----

    /// @dev Deposit requests by every actor (one each, skipped if it already has one in the
    /// tranche this epoch), of 100 to 5,000 USDC.
    function lend(uint256 trancheSeed, uint256 amount) external {
        _tick();
        uint256 trancheId = trancheSeed % 3;
        if (lpm.trancheClosed(POOL, trancheId)) return; // wiped by a loss: no deposits
        for (uint256 i; i < actors.length; ++i) {
            address user = actors[i];
            if (lpm.getCurrentEpochDepositedAmount(POOL, trancheId, user) != 0) continue;
            uint256 value = bound(uint256(keccak256(abi.encode(amount, i))), 100e6, 5000e6);
            vm.prank(admin);
            usdc.mint(user, value);
            ILendingPoolTypes.ContractAcceptance memory a;
            ILendingPoolTypes.KycAuthorization memory k;
            vm.prank(user);
            _noteRequest(lpm.requestDepositWithKyc(POOL, trancheId, value, 0, a, k));
        }
        _refresh();
    }

    function cancel(uint256 seed) external {
        _tick();
        uint256 n = _open.length;
        uint256 next = lpm.getPoolState(POOL).nextEpochToClear;
        for (uint256 i; i < n; ++i) {
            uint256 id = _open[(seed % n + i) % n];
            ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
            if (v.status != ILendingPoolTypes.RequestStatus.Pending || v.epoch < next) continue;
            vm.prank(v.owner);
            if (v.kind == ILendingPoolTypes.RequestKind.Deposit) {
                lpm.cancelDepositRequest(POOL, id);
            } else {
                lpm.cancelWithdrawalRequest(POOL, id);
            }
            break;
        }
        _refresh();
    }

    function withdraw(uint256 actorSeed, uint256 trancheSeed, uint256 percent) external {
        _tick();
        address user = _actor(actorSeed);
        uint256 trancheId = trancheSeed % 3;
        uint256 shares = lpm.sharesOf(POOL, trancheId, user) * bound(percent, 1, 100) / 100;
        // A request's amount is a uint96 (after a deep loss new deposits get that many shares).
        if (shares > type(uint96).max) shares = type(uint96).max;
        if (shares == 0) return;
        vm.prank(user);
        _noteRequest(lpm.requestWithdrawal(POOL, trancheId, shares));
        _refresh();
    }

    /// @dev The keeper: sets the KSU price (fresh), clears the oldest due epoch (interest, fees
    /// to the lockers) and settles every cleared request. Checks that no actor holding no shares
    /// is credited fees.
    function clear() external {
        uint256 epoch = lpm.getPoolState(POOL).nextEpochToClear;
        uint256 opensAt = GENESIS + (epoch + 1) * EPOCH - 2 days;
        if (block.timestamp < opensAt) vm.warp(opensAt);
        _tick();
        vm.prank(admin);
        locking.setKsuPrice(price);
        uint256[] memory before = new uint256[](actors.length);
        for (uint256 i; i < actors.length; ++i) {
            before[i] = locking.claimableFees(actors[i]);
        }
        // The keeper re-rates the pending requests whose owner's level changed, then clears.
        _rerateAll();
        lpm.clear(POOL);
        for (uint256 i; i < actors.length; ++i) {
            if (!_holdsShares(actors[i]) && locking.claimableFees(actors[i]) > before[i]) {
                ++feeViolations;
            }
        }
        _payReferrals(epoch);
        _settleAll();
        _refresh();
    }

    /// @dev The keeper pays referral rewards for the epoch just cleared: each actor as a referrer
    /// asks for up to a third of what the epoch's fee allows (the sum may go over: the entries
    /// past the bound are refused). The treasury is funded for the whole batch except on every
    /// third epoch (short: the entries it cannot pay are deferred; otherwise it is funded for the
    /// deferred rewards too). Checks the bound, that a
    /// retry pays nothing twice, and that the treasury paid exactly the entries not deferred.
    /// Referrers with deferred rewards collect them once the treasury can pay.
    function _payReferrals(uint256 epoch) internal {
        uint256 cap = lpm.epochFee(POOL, epoch) * rewards.MAX_FEE_SHARE() / 1e18;
        uint256 n = actors.length;
        address[] memory to = new address[](n);
        uint256[] memory amounts = new uint256[](n);
        uint256 asked;
        for (uint256 i; i < n; ++i) {
            to[i] = actors[i];
            amounts[i] = bound(uint256(keccak256(abi.encode(epoch, i))), 0, cap / 3 + 1);
            asked += amounts[i];
        }
        uint256 owed;
        for (uint256 i; i < n; ++i) {
            owed += rewards.deferredOf(to[i]);
        }
        vm.prank(admin);
        usdc.mint(referralTreasury, epoch % 3 == 0 ? asked / 2 : asked + owed);
        uint256 treasuryBefore = usdc.balanceOf(referralTreasury);
        uint256[] memory deferredBefore = new uint256[](n);
        for (uint256 i; i < n; ++i) {
            deferredBefore[i] = rewards.deferredOf(to[i]);
        }
        rewards.pay(POOL, epoch, to, amounts);
        uint256 transferred;
        for (uint256 i; i < n; ++i) {
            uint256 deferred = rewards.deferredOf(to[i]) - deferredBefore[i];
            uint256 paid = rewards.paid(POOL, epoch, to[i]);
            require(paid == 0 || paid == amounts[i], "a referral entry recorded another amount");
            require(deferred <= paid, "a referral deferral above the entry");
            transferred += paid - deferred;
            if (paid != 0 && deferred == 0) ++referralPayouts;
            if (deferred != 0) ++referralDeferrals;
        }
        require(rewards.paidTotal(POOL, epoch) <= cap, "referral payouts above the epoch's fee");
        require(
            treasuryBefore - usdc.balanceOf(referralTreasury) == transferred,
            "the treasury paid other than the entries transferred"
        );
        uint256 total = rewards.paidTotal(POOL, epoch);
        rewards.pay(POOL, epoch, to, amounts); // a retry: nothing paid twice
        require(
            rewards.paidTotal(POOL, epoch) == total
                && usdc.balanceOf(referralTreasury) == treasuryBefore - transferred,
            "a referral retry paid again"
        );
        // Deferred rewards collected once the treasury can pay them.
        for (uint256 i; i < n; ++i) {
            uint256 owed = rewards.deferredOf(to[i]);
            if (owed == 0 || usdc.balanceOf(referralTreasury) < owed) continue;
            uint256 wallet = usdc.balanceOf(to[i]);
            vm.prank(to[i]);
            rewards.claimDeferred();
            require(usdc.balanceOf(to[i]) - wallet == owed, "a deferred reward paid otherwise");
            ++referralCollections;
        }
    }

    /// @dev `rerate` on every pending request not cleared yet (anyone may): the ones whose
    /// owner's level changed move to it. A deposit request then has its owner's level.
    function _rerateAll() internal {
        uint256 next = lpm.getPoolState(POOL).nextEpochToClear;
        for (uint256 i; i < _open.length; ++i) {
            ILendingPoolTypes.RequestView memory v = lpm.requestStatus(_open[i]);
            if (v.status != ILendingPoolTypes.RequestStatus.Pending || v.epoch < next) continue;
            lpm.rerate(v.nftId);
            uint8 level = lpm.requestStatus(v.nftId).level;
            if (level != v.level) ++rerates;
            if (v.kind == ILendingPoolTypes.RequestKind.Deposit) {
                require(level == locking.loyaltyLevel(v.owner), "a re-rated request off its level");
            }
        }
    }

    /// @dev A KSU lock by one of the first three actors (the last one never locks: a level-0
    /// lender), sized to aim at a level.
    function lock(uint256 actorSeed, uint256 levelSeed, uint256 periodSeed) external {
        _tick();
        address user = actors[actorSeed % (actors.length - 1)];
        uint256 periodId = periodSeed % 2 + 1; // 30 days x 0.05, 720 days x 1
        uint256 multiplier = periodId == 1 ? 0.05e18 : 1e18;
        uint256 deposits = lpm.userTotalDeposits(user);
        // rKSU value aimed at a level: 0.5%, 2% or 6% of the deposits (100 USDC without), less
        // what the actor already holds; at least 1 KSU.
        uint256 value =
            deposits == 0 ? 100e6 : deposits * [uint256(5), 20, 60][levelSeed % 3] / 1000;
        uint256 rksu = value * 1e18 / price;
        uint256 held = locking.rKsuBalance(user);
        rksu = rksu > held ? rksu - held : 0;
        uint256 amount = rksu * 1e18 / multiplier + 1e18;
        vm.prank(admin);
        require(ksu.transfer(user, amount), "KSU");
        vm.prank(user);
        uint256 lockId = locking.lock(amount, periodId);
        _locks.push(
            LockRecord({
                user: user,
                lockId: lockId,
                amount: amount,
                end: block.timestamp + (periodId == 1 ? 30 days : 720 days)
            })
        );
        _refresh();
    }

    /// @dev Unlocks a lock in full once its period is over; before it, tries and expects a revert.
    function unlock(uint256 seed) external {
        _tick();
        uint256 n = _locks.length;
        if (n == 0) return;
        LockRecord storage r = _locks[seed % n];
        if (r.amount == 0) return;
        if (block.timestamp < r.end) {
            vm.prank(r.user);
            try locking.unlock(r.amount, r.lockId) {
                ++lockViolations;
            } catch {}
            return;
        }
        vm.prank(r.user);
        locking.unlock(r.amount, r.lockId);
        r.amount = 0;
        _refresh();
    }

    /// @dev The price keeper comes back after being down (`_stale`) with a new price, and
    /// re-rates the pending requests whose owner's level changed.
    function setPrice(uint256 seed) external {
        _stale(seed);
        _tick();
        price = bound(seed, 0.5e6, 2e6);
        if (price < minPrice) minPrice = price;
        vm.prank(admin);
        locking.setKsuPrice(price);
        _rerateAll();
        _refresh();
    }

    /// @dev The pool manager draws up to half the idle liquidity and reports it lost (junior
    /// first), then the lockers are checkpointed (anyone may; docs/protocol.md): from then on no
    /// bonus or fee share may count the value lost.
    function loss(uint256 seed) external {
        _tick();
        // At most three losses of at most a quarter of the idle liquidity: a tranche wiped out
        // prices new deposits at so many shares that a withdrawal request of them no longer fits
        // the request's uint96 amount (reported in docs/protocol.md).
        uint256 idle = lpm.getPoolState(POOL).idleLiquidity;
        if (idle < 4 || losses >= 3) return;
        uint256 amount = bound(seed, 1, idle / 4);
        vm.startPrank(poolManager);
        lpm.draw(POOL, amount, borrower);
        lpm.reportLoss(POOL, amount);
        vm.stopPrank();
        for (uint256 i; i < actors.length; ++i) {
            locking.checkpointBonus(actors[i]);
        }
        ++losses;
        _refresh();
    }

    function checkpoint(uint256 actorSeed) external {
        _tick();
        locking.checkpointBonus(_actor(actorSeed));
        _refresh();
    }

    /// @dev Claims: the first actor from `actorSeed` on with bonus owed claims it, and the first
    /// with fees claimable claims them.
    function claim(uint256 actorSeed) external {
        _tick();
        address user = _find(actorSeed, true);
        if (user != address(0) && locking.bonusPool() >= 1e9) {
            vm.prank(user);
            uint256 paid = locking.claimBonus();
            bonusPaid[user] += paid;
            if (paid != 0) ++bonusClaims;
        }
        user = _find(actorSeed, false);
        if (user != address(0)) {
            vm.prank(user);
            uint256 paid = locking.claimFees();
            feesPaid += paid;
            if (paid != 0) ++feeClaims;
        }
        _refresh();
    }

    function _find(uint256 seed, bool bonus) internal view returns (address) {
        uint256 n = actors.length;
        for (uint256 i; i < n; ++i) {
            address user = actors[(seed % n + i) % n];
            if (bonus
                    ? locking.getUserTotalBonusAmount(user) >= 1e9
                    : locking.claimableFees(user) != 0) {
                return user;
            }
        }
        return address(0);
    }

    /// @dev Time passes; the price keeper keeps the KSU price fresh (and re-rates), except on an
    /// odd seed: it was down first (`_stale`).
    function warp(uint256 secs) external {
        if (secs % 2 == 1) _stale(secs);
        else vm.warp(block.timestamp + bound(secs, 1, 10 days));
        _tick();
        vm.prank(admin);
        locking.setKsuPrice(price);
        _rerateAll();
        _refresh();
    }

    /// @dev The price keeper is down past the price's validity: the price is stale, every level
    /// reads 0, and anyone re-rates the pending requests down to it before the keeper is back.
    function _stale(uint256 seed) internal {
        (, uint256 updatedAt) = locking.ksuPrice();
        uint256 validUntil = updatedAt + locking.maxPriceAge();
        if (block.timestamp <= validUntil) vm.warp(validUntil + 1 + seed % 1 days);
        _tick();
        require(!locking.isKsuPriceFresh(), "a price past its age is fresh");
        for (uint256 i; i < actors.length; ++i) {
            require(locking.loyaltyLevel(actors[i]) == 0, "a level on a stale price");
        }
        ++stalePrices;
        _rerateAll();
        _refresh();
    }

    // ----- Views for the invariants -----

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    /// @dev The held-value integral up to now (the value has not changed since the last action).
    function integralNow(address user) external view returns (uint256) {
        return heldIntegral[user] + heldValue[user] * (block.timestamp - _lastTime);
    }

    function lockCount() external view returns (uint256) {
        return _locks.length;
    }

    function lockAt(uint256 i) external view returns (LockRecord memory) {
        return _locks[i];
    }

    // ----- Internals -----

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % actors.length];
    }

    function _holdsShares(address user) internal view returns (bool) {
        for (uint256 t; t < 3; ++t) {
            if (lpm.sharesOf(POOL, t, user) != 0) return true;
        }
        return false;
    }

    /// @dev Adds held value x elapsed time since the last action (the value is piecewise
    /// constant: it changes only in transactions).
    function _tick() internal {
        ++actions;
        uint256 dt = block.timestamp - _lastTime;
        if (dt == 0) return;
        for (uint256 i; i < actors.length; ++i) {
            address a = actors[i];
            heldIntegral[a] += heldValue[a] * dt;
        }
        _lastTime = block.timestamp;
    }

    function _noteRequest(uint256 id) internal {
        _open.push(id);
        ++levelSeen[lpm.requestStatus(id).level];
    }

    /// @dev Re-reads each actor's held value.
    function _refresh() internal {
        for (uint256 i; i < actors.length; ++i) {
            heldValue[actors[i]] = _value(actors[i]);
        }
    }

    /// @dev USDC value of the actor's free shares: its accepted deposits actually held (this
    /// suite has no fixed-term locks), plus interest, less rounding dust.
    function _value(address a) internal view returns (uint256 value) {
        for (uint256 t; t < 3; ++t) {
            value += lpm.convertToAssets(POOL, t, lpm.sharesOf(POOL, t, a));
        }
    }

    function _settleAll() internal {
        uint256 n = _open.length;
        uint256 kept;
        for (uint256 i; i < n; ++i) {
            uint256 id = _open[i];
            ILendingPoolTypes.RequestStatus status = lpm.requestStatus(id).status;
            if (status == ILendingPoolTypes.RequestStatus.Cleared) lpm.claim(id);
            else if (status == ILendingPoolTypes.RequestStatus.Pending) _open[kept++] = id;
        }
        while (_open.length > kept) {
            _open.pop();
        }
    }
}
