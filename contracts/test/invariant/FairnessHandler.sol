// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolManager} from "../../src/interfaces/ILendingPoolManager.sol";
import {ILendingPoolTypes} from "../../src/interfaces/ILendingPoolTypes.sol";
import {TestUSDC} from "../../src/tokens/TestUSDC.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {CommonBase} from "forge-std/Base.sol";
import {StdCheats} from "forge-std/StdCheats.sol";
import {StdUtils} from "forge-std/StdUtils.sol";

/// @dev Per-user value fairness (issue 10, suite (a)). Each user's value is their wallet USDC
/// plus everything the manager owes them (pending escrow, positions at current prices, locks,
/// unclaimed refunds and payouts). Only `clear`, `reportLoss` and `repay` may change a user's
/// value; every other action, by anyone, leaves every user's value unchanged to `TOLERANCE` wei
/// (rounding). A loss cuts every position of a tranche (variable and fixed-term alike) by the
/// tranche's fraction. Valid actions only: the suite runs with `fail_on_revert`, and a broken
/// rule reverts with its message.
contract FairnessHandler is CommonBase, StdCheats, StdUtils {
    uint256 internal constant POOL = 0;
    uint256 internal constant GENESIS = 1_767_571_200;
    uint256 public constant TOLERANCE = 10;

    ILendingPoolManager public lpm;
    TestUSDC public usdc;
    address public admin;
    address public manager;
    address[] public actors;
    /// @dev Fixed-term config per tranche (0: none).
    uint256[3] public configOf;
    /// @dev A loss wiped the tranche at least once.
    bool[3] public wiped;

    mapping(bytes32 => uint256) public calls;
    /// @dev Handler calls, early returns included (a short replayed counterexample is no run).
    uint256 public actions;
    /// @dev The newest request id (ids are sequential from 1; only actors make requests, and a
    /// settled forced withdrawal re-queues what liquidity could not pay as a new one).
    uint256 public lastId;
    /// @dev Losses reported (a wipe included), and their count when each epoch was cleared.
    uint256 public losses;
    mapping(uint256 => uint256) public lossesAtClear;
    /// @dev The requests made in each epoch.
    mapping(uint256 => uint256[]) internal _epochIds;

    constructor(
        ILendingPoolManager lpm_,
        TestUSDC usdc_,
        address admin_,
        address manager_,
        uint256[3] memory configOf_
    ) {
        lpm = lpm_;
        usdc = usdc_;
        admin = admin_;
        manager = manager_;
        configOf = configOf_;
        for (uint256 i; i < 4; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast)
            address a = address(uint160(0xF000 + i));
            actors.push(a);
            vm.prank(admin);
            lpm.setKycStatus(a, 1);
            vm.prank(a);
            usdc.approve(address(lpm), type(uint256).max);
        }
        vm.prank(manager);
        usdc.approve(address(lpm), type(uint256).max);
    }

    modifier counted() {
        ++actions;
        _;
    }

    /// @dev Checks that the wrapped action changes no user's value beyond rounding.
    modifier valueNeutral() {
        uint256[] memory before = _values();
        _;
        uint256[] memory afterwards = _values();
        for (uint256 i; i < actors.length; ++i) {
            uint256 a = before[i];
            uint256 b = afterwards[i];
            require(
                (a > b ? a - b : b - a) <= TOLERANCE, "a user's value changed by a neutral action"
            );
        }
    }

    // ----- Value-neutral actions -----

    function deposit(uint256 actorSeed, uint256 trancheSeed, uint256 amount, bool fixedTerm)
        external
        counted
    {
        address user = _actor(actorSeed);
        uint256 trancheId = trancheSeed % 3;
        bool afterWipe = wiped[trancheId];
        if (lpm.trancheClosed(POOL, trancheId)) {
            // A wiped tranche refuses deposits until the pool manager recapitalises it (a
            // recovery that goes to its holders: not value-neutral, so outside `_deposit`).
            ILendingPoolTypes.TrancheState memory st = lpm.getTrancheState(POOL, trancheId);
            uint256 needed = (st.totalShares + 1e6) / 1e12 + 1;
            vm.prank(admin);
            usdc.mint(manager, needed);
            vm.prank(manager);
            lpm.recapitalise(POOL, trancheId, needed);
            calls["recapitalise"]++;
            if (lpm.trancheClosed(POOL, trancheId)) return; // a wiped fixed-term ledger: wait
        }
        ILendingPoolTypes.TrancheView memory t = lpm.getPool(POOL).tranches[trancheId];
        uint256 already = lpm.getCurrentEpochDepositedAmount(POOL, trancheId, user);
        if (already >= t.maximumDeposit) return;
        uint256 low = already == 0 ? t.minimumDeposit : 1;
        amount = bound(amount, low, t.maximumDeposit - already);
        // An increase keeps the request's config; a new request picks one.
        uint256 configId = fixedTermConfigOfOpen(user, trancheId, fixedTerm);
        vm.prank(admin);
        usdc.mint(user, amount);
        _deposit(user, trancheId, amount, configId);
        if (afterWipe) calls["depositAfterWipe"]++;
    }

    function _deposit(address user, uint256 trancheId, uint256 amount, uint256 configId)
        internal
        valueNeutral
    {
        ILendingPoolTypes.ContractAcceptance memory a;
        ILendingPoolTypes.KycAuthorization memory k;
        vm.prank(user);
        uint256 id;
        try lpm.requestDepositWithKyc(POOL, trancheId, amount, configId, a, k) returns (
            uint256 nftId
        ) {
            id = nftId;
        } catch {
            // A loss wiped the config's ledger: it takes no fixed-term deposits (a new request
            // goes variable; an open fixed-term request cannot grow).
            require(configId != 0, "a variable deposit was refused");
            if (lpm.getCurrentEpochDepositedAmount(POOL, trancheId, user) != 0) return;
            configId = 0;
            vm.prank(user);
            id = lpm.requestDepositWithKyc(POOL, trancheId, amount, 0, a, k);
        }
        _syncLastId();
        calls[configId == 0 ? bytes32("deposit") : bytes32("depositFixed")]++;
    }

    function withdraw(uint256 actorSeed, uint256 trancheSeed, uint256 shares)
        external
        counted
        valueNeutral
    {
        address user = _actor(actorSeed);
        uint256 trancheId = trancheSeed % 3;
        uint256 free = lpm.sharesOf(POOL, trancheId, user);
        if (free == 0) return;
        shares = bound(shares, 1, free);
        vm.prank(user);
        uint256 id = lpm.requestWithdrawal(POOL, trancheId, shares);
        _syncLastId();
        calls["withdraw"]++;
    }

    /// @dev The pool manager forces a withdrawal of the user's free shares (from the first
    /// tranche from the seed's where it has any): its own request, leaving every other request
    /// of the owner as it was, and every value unchanged.
    function forceWithdrawal(uint256 actorSeed, uint256 trancheSeed, uint256 shares)
        external
        counted
        valueNeutral
    {
        address user = _actor(actorSeed);
        for (uint256 i; i < 3; ++i) {
            uint256 trancheId = (trancheSeed % 3 + i) % 3;
            uint256 free = lpm.sharesOf(POOL, trancheId, user);
            if (free == 0) continue;
            _force(user, trancheId, bound(shares, 1, free));
            return;
        }
    }

    function _force(address user, uint256 trancheId, uint256 shares) internal {
        ILendingPoolTypes.RequestView[] memory before = _requestsOf(user);
        vm.prank(manager);
        uint256 id = lpm.forceWithdrawal(POOL, trancheId, user, shares);
        _syncLastId();
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        require(v.forced && v.owner == user, "a forced withdrawal is not its own request");
        if (_requireOwnUnchanged(before, _requestsOf(user))) {
            calls["forcedBesideOwn"]++;
        }
        calls["forcedWithdrawal"]++;
    }

    function cancel(uint256 idSeed) external counted valueNeutral {
        uint256 id = _requestId(idSeed, ILendingPoolTypes.RequestStatus.Pending);
        if (id == 0) return;
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        vm.prank(v.owner);
        if (v.forced) {
            // Enforced: the owner cannot cancel a forced withdrawal.
            try lpm.cancelWithdrawalRequest(POOL, id) {
                revert("the owner cancelled a forced withdrawal");
            } catch {
                calls["forcedCancelRefused"]++;
            }
            return;
        }
        if (v.kind == ILendingPoolTypes.RequestKind.Deposit) lpm.cancelDepositRequest(POOL, id);
        else lpm.cancelWithdrawalRequest(POOL, id);
        calls["cancel"]++;
    }

    function claim(uint256 idSeed) external counted valueNeutral {
        uint256 id = _requestId(idSeed, ILendingPoolTypes.RequestStatus.Cleared);
        if (id == 0) return;
        // A fixed-term deposit settles once the pool has cleared its overdue epochs.
        ILendingPoolTypes.RequestView memory v = lpm.requestStatus(id);
        if (v.fixedTermConfigId != 0 && _behind()) return;
        uint256 wallet = usdc.balanceOf(v.owner);
        uint256[3] memory shares;
        for (uint256 t; t < 3; ++t) {
            shares[t] = lpm.sharesOf(POOL, t, v.owner);
        }
        ILendingPoolTypes.RequestView[] memory before;
        if (v.forced) before = _requestsOf(v.owner);
        lpm.claim(id);
        _syncLastId();
        if (v.kind == ILendingPoolTypes.RequestKind.Withdrawal) {
            _checkPaid(v, usdc.balanceOf(v.owner) - wallet);
            // What liquidity could not pay queues again as a forced withdrawal: the owner's own
            // requests stay as they were.
            if (v.forced) {
                _requireOwnUnchanged(before, _requestsOf(v.owner));
            }
        } else if (v.fixedTermConfigId == 0) {
            _checkEntry(v, shares);
        }
        calls["claim"]++;
    }

    /// @dev Right after the clearing of `epoch`: each accepted withdrawal of the epoch is owed its
    /// shares' value at the clearing price, within 1 unit; after a loss, each deposit accepted
    /// whole into its tranche holds shares worth what was accepted, within 1 unit.
    function _checkCleared(uint256 epoch) internal {
        lossesAtClear[epoch] = losses;
        uint256[] storage ids = _epochIds[epoch];
        for (uint256 i; i < ids.length; ++i) {
            ILendingPoolTypes.RequestView memory v = lpm.requestStatus(ids[i]);
            if (v.status != ILendingPoolTypes.RequestStatus.Cleared || v.accepted == 0) continue;
            if (v.kind == ILendingPoolTypes.RequestKind.Withdrawal) {
                _requireClearingValue(v);
            } else if (losses != 0 && v.fixedTermConfigId == 0 && v.reallocated == 0) {
                require(
                    lpm.convertToAssets(POOL, v.trancheId, v.shares) + 1 >= v.accepted,
                    "a lender who entered after a loss was charged for it"
                );
                calls["entryAfterLoss"]++;
            }
        }
    }

    function _requireClearingValue(ILendingPoolTypes.RequestView memory v) internal {
        ILendingPoolTypes.EpochPrices memory p = lpm.getEpochPrices(POOL, v.epoch, v.trancheId);
        uint256 value = Math.mulDiv(v.accepted, p.withdrawalAssets, p.withdrawalShares);
        require(
            (v.assets > value ? v.assets - value : value - v.assets) <= 1,
            "a withdrawal was not paid its value at the clearing price"
        );
        calls["withdrawalPaid"]++;
        if (v.forced) calls["forcedPaid"]++;
    }

    /// @dev A withdrawal is paid its accepted shares' value at its epoch's clearing price (the
    /// ledger totals withdrawals were paid against), within 1 unit, into the owner's wallet.
    function _checkPaid(ILendingPoolTypes.RequestView memory v, uint256 received) internal {
        require(received == v.assets, "a withdrawal paid other than its settled assets");
        if (v.accepted != 0) _requireClearingValue(v);
    }

    /// @dev A lender whose deposit was accepted after a loss, with no loss since, holds shares
    /// worth what was accepted (1 unit of rounding per tranche credited): the loss is never
    /// charged to him. `before`: the owner's free shares per tranche before the settlement.
    function _checkEntry(ILendingPoolTypes.RequestView memory v, uint256[3] memory before)
        internal
    {
        uint256 atClear = lossesAtClear[v.epoch];
        if (atClear == 0 || losses != atClear) return; // no loss before entry, or one after it
        uint256 value;
        uint256 credited;
        for (uint256 t; t < 3; ++t) {
            uint256 gained = lpm.sharesOf(POOL, t, v.owner) - before[t];
            if (gained == 0) continue;
            value += lpm.convertToAssets(POOL, t, gained);
            ++credited;
        }
        require(
            value + credited >= v.accepted + v.reallocated,
            "a lender who entered after a loss was charged for it"
        );
        if (v.accepted + v.reallocated != 0) calls["entryAfterLossClaimed"]++;
    }

    function lockFixedTerm(uint256 actorSeed, uint256 trancheSeed, uint256 amount)
        external
        counted
        valueNeutral
    {
        address user = _actor(actorSeed);
        uint256 trancheId = trancheSeed % 3;
        uint256 configId = configOf[trancheId];
        if (configId == 0 || _behind()) return; // no lock while the pool is behind
        if (lpm.trancheClosed(POOL, trancheId)) return;
        uint256 value = lpm.convertToAssets(POOL, trancheId, lpm.sharesOf(POOL, trancheId, user));
        if (value < 2) return;
        amount = bound(amount, 1, value - 1);
        // Fix APY is closed in the clearing period: once the epoch is cleared, wait for the next.
        if (lpm.isClearingPeriod()) {
            if (lpm.getPoolState(POOL).nextEpochToClear <= lpm.currentEpoch()) return;
            vm.warp(lpm.nextEpochStart());
        }
        vm.prank(user);
        // A config whose ledger a loss wiped takes no new locks.
        try lpm.lockDepositForFixedTerm(POOL, trancheId, amount, configId) {
            calls["lockFixedTerm"]++;
        } catch {
            calls["lockRefusedWiped"]++;
        }
    }

    function withdrawAtExpiry(uint256 actorSeed, uint256 lockSeed) external counted valueNeutral {
        address user = _actor(actorSeed);
        ILendingPoolTypes.FixedTermLockView[] memory locks = lpm.getUserFixedTermLocks(user);
        if (locks.length == 0) return;
        ILendingPoolTypes.FixedTermLockView memory l = locks[lockSeed % locks.length];
        if (l.withdrawAtExpiry || lpm.requestEpoch() + 1 > l.endEpoch) return;
        vm.prank(user);
        lpm.withdrawAtExpiry(POOL, l.lockId);
        calls["withdrawAtExpiry"]++;
    }

    /// @dev Releases a releasable lock of any user (from the seed's): a matured one, or one
    /// withdrawn at expiry once the clearing after its end paid it. The lock view counts what
    /// the release pays, so it is value-neutral either way.
    function releaseLock(uint256 actorSeed, uint256 lockSeed) external counted valueNeutral {
        uint256 next = lpm.getPoolState(POOL).nextEpochToClear;
        // Paid locks withdrawn at expiry first, then the others.
        for (uint256 pass; pass < 2; ++pass) {
            for (uint256 a; a < actors.length; ++a) {
                ILendingPoolTypes.FixedTermLockView[] memory locks =
                    lpm.getUserFixedTermLocks(_actor(actorSeed % actors.length + a));
                for (uint256 i; i < locks.length; ++i) {
                    ILendingPoolTypes.FixedTermLockView memory l =
                        locks[(lockSeed % locks.length + i) % locks.length];
                    if (l.released || !l.matured || l.withdrawAtExpiry != (pass == 0)) continue;
                    if (l.withdrawAtExpiry && l.endEpoch + 1 >= next) continue;
                    lpm.releaseFixedTermLock(l.lockId);
                    calls[pass == 0 ? bytes32("releaseAtExpiry") : bytes32("releaseLock")]++;
                    return;
                }
            }
        }
    }

    /// @dev Completes a withdrawal at expiry: the keeper clears past the end of a lock withdrawn
    /// at expiry (at most 4 clearings, as the keeper would over as many weeks), then the lock is
    /// released. Random sequences reached this path in only 70-90% of the runs (the clearings
    /// past the end within one run's depth); the fairness checks of every clearing still apply.
    function payAtExpiry(uint256 actorSeed, uint256 lockSeed) external counted {
        for (uint256 a; a < actors.length; ++a) {
            ILendingPoolTypes.FixedTermLockView[] memory locks =
                lpm.getUserFixedTermLocks(_actor(actorSeed % actors.length + a));
            for (uint256 i; i < locks.length; ++i) {
                ILendingPoolTypes.FixedTermLockView memory l =
                    locks[(lockSeed % locks.length + i) % locks.length];
                if (l.released || !l.withdrawAtExpiry) continue;
                for (
                    uint256 c;
                    c < 4 && lpm.getPoolState(POOL).nextEpochToClear <= l.endEpoch + 1;
                    ++c
                ) {
                    _clear(lockSeed);
                }
                if (lpm.getPoolState(POOL).nextEpochToClear <= l.endEpoch + 1) return;
                lpm.releaseFixedTermLock(l.lockId);
                calls["releaseAtExpiry"]++;
                return;
            }
        }
    }

    function rerate(uint256 idSeed) external counted valueNeutral {
        uint256 id = _requestId(idSeed, ILendingPoolTypes.RequestStatus.Pending);
        if (id == 0) return;
        lpm.rerate(id);
        calls["rerate"]++;
    }

    function draw(uint256 amount) external counted valueNeutral {
        uint256 idle = lpm.getPoolState(POOL).idleLiquidity;
        if (idle == 0) return;
        amount = bound(amount, 1, idle);
        vm.prank(manager);
        lpm.draw(POOL, amount, address(0xB0B));
        calls["draw"]++;
    }

    function warp(uint256 seconds_) external counted valueNeutral {
        vm.warp(block.timestamp + bound(seconds_, 1, 3 days));
        calls["warp"]++;
    }

    function incident(bool open) external counted valueNeutral {
        vm.prank(manager);
        lpm.setIncident(POOL, open);
        calls[open ? bytes32("incidentOpened") : bytes32("incidentClosed")]++;
    }

    // ----- Actions that may change values -----

    /// @dev The keeper clears (the pool manager during an incident).
    function clear(uint256 warpSeed) external counted {
        _clear(warpSeed);
    }

    function _clear(uint256 warpSeed) internal {
        uint256 epoch = lpm.getPoolState(POOL).nextEpochToClear;
        uint256 opensAt = GENESIS + (epoch + 1) * 7 days - 2 days;
        if (block.timestamp < opensAt) vm.warp(opensAt + bound(warpSeed, 0, 1 days));
        if (lpm.incidentOpen(POOL)) vm.prank(manager);
        lpm.clear(POOL);
        _checkCleared(epoch);
        calls["clear"]++;
    }

    /// @dev Anyone may try to clear: it succeeds only one epoch after the end of the epoch's
    /// clearing period (the operator's grace to open an incident), and never during an incident.
    function strangerClear(uint256 warpSeed) external counted {
        vm.warp(block.timestamp + bound(warpSeed, 0, 2 days));
        uint256 epoch = lpm.getPoolState(POOL).nextEpochToClear;
        uint256 allAt = GENESIS + (epoch + 2) * 7 days;
        bool open = lpm.incidentOpen(POOL);
        vm.prank(address(0x5742));
        try lpm.clear(POOL) {
            require(!open && block.timestamp >= allAt, "a stranger cleared too early");
            _checkCleared(epoch);
            calls["strangerCleared"]++;
        } catch {
            calls["strangerRefused"]++;
        }
    }

    function repay(uint256 principal, uint256 interest) external counted {
        uint256 drawn = lpm.getPoolState(POOL).drawnPrincipal;
        principal = bound(principal, 0, drawn);
        interest = bound(interest, 0, 10_000e6);
        if (principal + interest == 0) return;
        vm.prank(admin);
        usdc.mint(manager, principal + interest);
        vm.prank(manager);
        lpm.repay(POOL, principal, interest);
        calls["repay"]++;
    }

    /// @dev A loss of the Junior tranche's whole value (drawing first what it needs): its ledgers
    /// are wiped and it closes to deposits; the same per-position fraction rule holds. Then a
    /// lender enters the recapitalised tranche (`deposit` checks that entering is value-neutral).
    function wipeJunior(uint256 actorSeed, uint256 amount) external counted {
        if (lpm.trancheClosed(POOL, 0)) wiped[0] = true; // a random loss wiped it already
        if (wiped[0]) {
            // Wiped before: a lender enters (recapitalising first if it is still closed).
            this.deposit(actorSeed, 0, amount, false);
            return;
        }
        ILendingPoolTypes.TrancheState memory st = lpm.getTrancheState(POOL, 0);
        uint256 value = st.totalAssets + st.fixedTermAssets;
        if (value == 0) {
            calls["wipeSkippedEmpty"]++;
            return;
        }
        ILendingPoolTypes.PoolState memory ps = lpm.getPoolState(POOL);
        if (value > ps.drawnPrincipal) {
            uint256 more = value - ps.drawnPrincipal;
            if (more > ps.idleLiquidity) {
                calls["wipeSkippedLiquidity"]++;
                return;
            }
            vm.prank(manager);
            lpm.draw(POOL, more, address(0xB0B));
        }
        Snapshot memory before = _snapshot();
        vm.prank(manager);
        lpm.reportLoss(POOL, value);
        ++losses;
        Snapshot memory afterwards = _snapshot();
        for (uint256 a; a < actors.length; ++a) {
            _checkLoss(a, before, afterwards);
        }
        if (st.fixedTermAssets != 0) calls["lossWithFixedTerms"]++;
        if (!lpm.trancheClosed(POOL, 0)) return;
        wiped[0] = true;
        calls["wipe"]++;
        this.deposit(actorSeed, 0, amount, false);
    }

    /// @dev A loss: every user's position in a tranche, and every lock, keeps the tranche's
    /// fraction (value after / value before) of its value.
    function reportLoss(uint256 amount) external counted {
        uint256 drawn = lpm.getPoolState(POOL).drawnPrincipal;
        Snapshot memory before = _snapshot();
        uint256 cap = before.tranches[0] + before.tranches[1] + before.tranches[2];
        if (drawn < cap) cap = drawn;
        if (cap == 0) return;
        amount = bound(amount, 1, cap / 2 + 1);
        bool fixedHit;
        for (uint256 t; t < 3; ++t) {
            if (lpm.getTrancheState(POOL, t).fixedTermAssets != 0) fixedHit = true;
        }

        vm.prank(manager);
        lpm.reportLoss(POOL, amount);
        ++losses;
        for (uint256 t; t < 3; ++t) {
            if (lpm.trancheClosed(POOL, t)) wiped[t] = true;
        }

        Snapshot memory afterwards = _snapshot();
        for (uint256 a; a < actors.length; ++a) {
            _checkLoss(a, before, afterwards);
        }
        calls[fixedHit ? bytes32("lossWithFixedTerms") : bytes32("loss")]++;
    }

    struct Snapshot {
        uint256[3] tranches;
        uint256[3][] positions;
        uint256[][] locks;
    }

    function _snapshot() internal view returns (Snapshot memory s) {
        s.tranches = _trancheValues();
        s.positions = _positionValues();
        s.locks = _lockValues();
    }

    /// @dev Actor `a`'s locks and positions per tranche kept the tranche's fraction.
    function _checkLoss(uint256 a, Snapshot memory b, Snapshot memory f) internal view {
        uint256 next = lpm.getPoolState(POOL).nextEpochToClear;
        ILendingPoolTypes.FixedTermLockView[] memory locks = lpm.getUserFixedTermLocks(actors[a]);
        for (uint256 i; i < locks.length; ++i) {
            ILendingPoolTypes.FixedTermLockView memory l = locks[i];
            uint256 t = l.trancheId;
            if (l.released || b.tranches[t] == 0) continue;
            if (l.withdrawAtExpiry && l.endEpoch + 1 < next) {
                // Paid, not released: the USDC set aside is out of the loss's reach, the
                // rejected shares take the tranche's cut. Checked apart from the position.
                _requireBetween(b.locks[a][i], f.locks[a][i], b.tranches[t], f.tranches[t]);
                b.positions[a][t] -= b.locks[a][i];
                f.positions[a][t] -= f.locks[a][i];
                continue;
            }
            _requireFraction(b.locks[a][i], f.locks[a][i], b.tranches[t], f.tranches[t]);
        }
        for (uint256 t; t < 3; ++t) {
            if (b.tranches[t] == 0) continue;
            _requireFraction(b.positions[a][t], f.positions[a][t], b.tranches[t], f.tranches[t]);
        }
    }

    // ----- Views -----

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    /// @dev A user's value: wallet USDC, pending deposits, every position (free, queued,
    /// locked, unsettled), unclaimed refunds and payouts.
    function valueOf(address user) public view returns (uint256 value) {
        (, ILendingPoolTypes.RequestView[] memory requests, uint256 active, uint256 pending) =
            lpm.getUserPosition(user);
        value = usdc.balanceOf(user) + active + pending;
        for (uint256 i; i < requests.length; ++i) {
            ILendingPoolTypes.RequestView memory v = requests[i];
            if (v.status != ILendingPoolTypes.RequestStatus.Cleared) continue;
            value += v.kind == ILendingPoolTypes.RequestKind.Deposit ? v.rejected : v.assets;
        }
    }

    /// @dev The config of the user's open deposit request in the tranche this epoch if any,
    /// else the tranche's config when `fixedTerm` (and it has one), else 0.
    function fixedTermConfigOfOpen(address user, uint256 trancheId, bool fixedTerm)
        public
        view
        returns (uint256)
    {
        uint256 epoch = lpm.requestEpoch();
        (, ILendingPoolTypes.RequestView[] memory requests,,) = lpm.getUserPosition(user);
        for (uint256 i; i < requests.length; ++i) {
            ILendingPoolTypes.RequestView memory v = requests[i];
            if (
                v.status == ILendingPoolTypes.RequestStatus.Pending && v.epoch == epoch
                    && v.trancheId == trancheId && v.kind == ILendingPoolTypes.RequestKind.Deposit
            ) return v.fixedTermConfigId;
        }
        return fixedTerm ? configOf[trancheId] : 0;
    }

    // ----- Helpers -----

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % actors.length];
    }

    function _values() internal view returns (uint256[] memory values) {
        values = new uint256[](actors.length);
        for (uint256 i; i < actors.length; ++i) {
            values[i] = valueOf(actors[i]);
        }
    }

    function _trancheValues() internal view returns (uint256[3] memory values) {
        for (uint256 t; t < 3; ++t) {
            ILendingPoolTypes.TrancheState memory s = lpm.getTrancheState(POOL, t);
            values[t] = s.totalAssets + s.fixedTermAssets;
        }
    }

    /// @dev Each user's balance per tranche (free, queued, locked, unsettled).
    function _positionValues() internal view returns (uint256[3][] memory values) {
        values = new uint256[3][](actors.length);
        for (uint256 a; a < actors.length; ++a) {
            (ILendingPoolTypes.UserTranchePosition[] memory positions,,,) =
                lpm.getUserPosition(actors[a]);
            for (uint256 i; i < positions.length; ++i) {
                values[a][positions[i].trancheId] = positions[i].balance;
            }
        }
    }

    function _lockValues() internal view returns (uint256[][] memory values) {
        values = new uint256[][](actors.length);
        for (uint256 a; a < actors.length; ++a) {
            ILendingPoolTypes.FixedTermLockView[] memory locks =
                lpm.getUserFixedTermLocks(actors[a]);
            values[a] = new uint256[](locks.length);
            for (uint256 i; i < locks.length; ++i) {
                values[a][i] = locks[i].assets;
            }
        }
    }

    /// @dev `after` is `before` cut by the tranche's fraction, to rounding.
    function _requireFraction(uint256 before, uint256 after_, uint256 totalBefore, uint256 total)
        internal
        pure
    {
        uint256 expected = before * total / totalBefore;
        require(
            (after_ > expected ? after_ - expected : expected - after_) <= TOLERANCE,
            "a loss cut positions of a tranche by different fractions"
        );
    }

    /// @dev `after` lies between `before` cut by the tranche's fraction and `before`, to rounding.
    function _requireBetween(uint256 before, uint256 after_, uint256 totalBefore, uint256 total)
        internal
        pure
    {
        require(
            after_ + TOLERANCE >= before * total / totalBefore && after_ <= before + TOLERANCE,
            "a loss cut USDC set aside for a lock withdrawn at expiry"
        );
    }

    function _requestsOf(address user)
        internal
        view
        returns (ILendingPoolTypes.RequestView[] memory requests)
    {
        (, requests,,) = lpm.getUserPosition(user);
    }

    /// @dev The owner's requests other than forced withdrawals are the same in `before` and
    /// `afterwards`, field for field. Returns whether one of them is open (pending or cleared).
    function _requireOwnUnchanged(
        ILendingPoolTypes.RequestView[] memory before,
        ILendingPoolTypes.RequestView[] memory afterwards
    ) internal pure returns (bool open) {
        uint256 own;
        for (uint256 i; i < before.length; ++i) {
            if (before[i].forced) continue;
            ++own;
            bool found;
            for (uint256 j; j < afterwards.length && !found; ++j) {
                if (afterwards[j].nftId != before[i].nftId) continue;
                require(
                    keccak256(abi.encode(afterwards[j])) == keccak256(abi.encode(before[i])),
                    "a forced withdrawal changed another request of the owner"
                );
                found = true;
            }
            require(found, "a forced withdrawal removed another request of the owner");
            ILendingPoolTypes.RequestStatus status = before[i].status;
            if (
                status == ILendingPoolTypes.RequestStatus.Pending
                    || status == ILendingPoolTypes.RequestStatus.Cleared
            ) open = true;
        }
        for (uint256 j; j < afterwards.length; ++j) {
            if (afterwards[j].forced) continue;
            require(own != 0, "a forced withdrawal added a request to the owner's");
            --own;
        }
    }

    /// @dev Moves `lastId` to the newest request (a settlement may queue one) and notes the new
    /// ones under their epoch.
    function _syncLastId() internal {
        while (true) {
            try lpm.requestStatus(lastId + 1) returns (ILendingPoolTypes.RequestView memory v) {
                _epochIds[v.epoch].push(++lastId);
            } catch {
                return;
            }
        }
    }

    /// @dev Whether the pool has overdue epochs to clear (no lock is made then).
    function _behind() internal view returns (bool) {
        return lpm.getPoolState(POOL).nextEpochToClear < lpm.requestEpoch();
    }

    /// @dev A request id in `status` picked by `seed` (Pending: not cleared yet); 0 if none.
    function _requestId(uint256 seed, ILendingPoolTypes.RequestStatus status)
        internal
        view
        returns (uint256)
    {
        uint256 count = lastId;
        if (count == 0) return 0;
        uint256 start = seed % count;
        for (uint256 i; i < count; ++i) {
            uint256 id = (start + i) % count + 1;
            if (lpm.requestStatus(id).status == status) return id;
        }
        return 0;
    }
}
