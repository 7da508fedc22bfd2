// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IKsuLocking} from "./interfaces/IKsuLocking.sol";
import {ILendingPoolManagerForLocking} from "./interfaces/ILendingPoolManagerForLocking.sol";
import {ILendingPoolTypes} from "./interfaces/ILendingPoolTypes.sol";
import {EpochMath} from "./libraries/EpochMath.sol";
import "./libraries/Errors.sol" as E;
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title LendingPoolBase
/// @notice Storage layout, constants and shared helpers of the lending pool manager. The manager
/// (core) and its extension both inherit it, so the extension runs by delegatecall on the
/// manager's storage.
abstract contract LendingPoolBase is
    ILendingPoolTypes,
    ILendingPoolManagerForLocking,
    AccessControl,
    Pausable
{
    struct FixedTermConfig {
        uint256 epochInterestRate;
        uint256 epochLockDuration;
        FixedTermDepositStatus status;
        /// @dev The config's own share ledger (locks hold these shares).
        uint256 totalShares;
        uint256 totalAssets;
        /// @dev Config shares whose locks end at an epoch, and the variable shares minted for them
        /// at that epoch's clearing (one slot: the clearing writes the second half).
        mapping(uint256 epoch => Maturity) maturities;
        /// @dev The part of the maturing shares whose locks are withdrawn at expiry.
        mapping(uint256 epoch => uint256) maturingWithdrawShares;
    }

    struct Maturity {
        uint128 shares;
        uint128 variableShares;
    }

    struct Tranche {
        string name;
        uint256 epochInterestRate;
        uint128 minimumDeposit;
        uint128 maximumDeposit;
        uint256 capacity;
        /// @dev Assets of the variable share ledger.
        uint256 totalAssets;
        /// @dev Config `id` is at index `id - 1`.
        FixedTermConfig[] fixedTermConfigs;
        /// @dev configId => user => allowed.
        mapping(uint256 => mapping(address => bool)) fixedTermAllowlist;
        uint256 totalShares;
        uint256 fixedTermAssets;
        uint256 pendingRate;
        uint256 pendingRateEpoch;
        mapping(address => Holding) holdings;
    }

    struct Pool {
        string name;
        string subheading;
        uint256 requestEpochsInAdvance;
        /// @dev One slot: a deposit request reads the tranche count and writes the escrow, a
        /// cancel or claim reads the next epoch to clear and writes the escrow, `clear` reads the
        /// incident flag, the tranche count and the cursor and writes the cursor.
        uint64 nextEpochToClear;
        uint48 trancheCount;
        /// @dev Bit `i`: tranche `i` is closed to deposits and fixed-term locks because a loss
        /// wiped one of its ledgers (see `_wiped`) or the pool manager closed it
        /// (`closeTranche`), until `recapitalise` / `reopenTranche`.
        uint8 closedTranches;
        /// @dev An incident is open (see `setIncident`): only the pool manager clears.
        bool incident;
        uint128 escrowedDeposits;
        mapping(uint256 => Tranche) tranches;
        uint256 idleLiquidity;
        uint256 drawnPrincipal;
        uint256 interestReserve;
        uint256 withdrawalPayouts;
        /// @dev epoch => bucket key (tranche * 6 + kind * 3 + level) => bucket.
        mapping(uint256 => mapping(uint256 => Bucket)) buckets;
        mapping(uint256 => HistoricalRepayment) repayments;
        /// @dev epoch => tranche => the ledger totals that epoch's clearing priced at, and the
        /// tranche's performance fee of that epoch.
        mapping(uint256 => mapping(uint256 => ClearingTotals)) totals;
    }

    /// @dev A tranche's variable ledger at an epoch's clearing, after interest and maturities and
    /// before any withdrawal, virtual shares and assets included: withdrawals of that epoch are
    /// paid `shares * assets / shares` with full precision (never a rounded stored price);
    /// deposits are priced at these totals less what the epoch's withdrawal buckets took
    /// (`_depositTotals`). `fee`: the tranche's performance fee of the epoch (USDC units). One
    /// slot: assets below 2**64 (`MAX_LEDGER_ASSETS` bounds capacity), shares below 2**128
    /// (`MAX_SHARES_PER_ASSET` bounds an open ledger's shares per asset).
    struct ClearingTotals {
        uint64 assets;
        uint128 shares;
        uint56 fee;
        /// @dev Bit `level`: the withdrawal bucket of that level accepted shares (settlement
        /// reads only those buckets).
        uint8 withdrawnLevels;
    }

    /// @dev A user's free shares in a tranche and their principal (the USDC deposited for them;
    /// a withdrawal or a fixed-term lock takes it pro rata by shares), in one slot. (Withdrawal
    /// aging is kept per request: `Request.queuedAge`.)
    struct Holding {
        uint128 shares;
        uint80 principal;
    }

    /// @dev One slot per user. `deposits`: `userTotalDeposits`. (No per-user accepted-deposit
    /// figure: `userAcceptedDeposits` sums the holdings and locks, so settling a deposit writes
    /// nothing here.)
    struct Account {
        uint64 lastRequestId;
        uint32 kycNonce;
        uint96 deposits;
        uint8 kycStatus;
    }

    /// @dev Two slots per request. Requests of a user form a list (newest first) via `prevId`.
    struct Request {
        address owner;
        uint96 amount;
        uint64 prevId;
        uint32 epoch;
        uint32 poolId;
        uint8 trancheId;
        RequestKind kind;
        uint8 level;
        RequestStatus status;
        /// @dev At most `MAX_FIXED_TERM_CONFIGS` (0: variable).
        uint8 configId;
        /// @dev Withdrawals: the principal of the shares queued.
        uint80 principal;
        /// @dev Withdrawals: the request's epoch minus the first epoch of its continuous queue
        /// (0, or carried over from the rejected request of the previous epoch it rolls over),
        /// capped at 255 (only `queuedAge >= AGING_EPOCHS` matters).
        uint8 queuedAge;
    }

    struct Lock {
        address owner;
        uint96 shares;
        uint32 poolId;
        uint8 trancheId;
        uint32 configId;
        uint32 endEpoch;
        bool withdrawAtExpiry;
        bool released;
        /// @dev The principal of the locked shares.
        uint96 principal;
    }

    /// @dev Settlement amounts of a request (see `RequestView`).
    struct Parts {
        uint256 accepted;
        uint256 shares;
        uint256 reallocated1;
        uint256 reallocatedShares1;
        uint256 reallocated2;
        uint256 reallocatedShares2;
        uint256 rejected;
        uint256 assets;
    }

    /// @dev See ILendingPoolManager.
    bytes32 public constant POOL_MANAGER_ROLE = keccak256("POOL_MANAGER_ROLE");
    /// @dev See ILendingPoolManager.
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    /// @dev See ILendingPoolManager.
    bytes32 public constant KEEPER_ROLE = keccak256("KEEPER_ROLE");
    /// @dev See ILendingPoolManager.
    uint256 public constant EPOCH_DURATION = EpochMath.EPOCH_DURATION;
    /// @dev See ILendingPoolManager.
    uint256 public constant CLEARING_PERIOD = EpochMath.CLEARING_PERIOD;
    /// @dev See ILendingPoolManager.
    uint256 public constant MAX_EPOCH_INTEREST_RATE = 0.05e18;
    /// @dev See ILendingPoolManager.
    uint256 public constant MAX_TRANCHES = 3;
    /// @dev See ILendingPoolManager.
    uint256 public constant RATE_CHANGE_DELAY_EPOCHS = 2;
    /// @dev See ILendingPoolManager.
    uint256 public constant PERFORMANCE_FEE = 0.1e18;
    /// @dev See ILendingPoolManager.
    uint256 public constant MAX_SETTLE_BATCH = 100;
    /// @dev See ILendingPoolManager.
    uint256 public constant MAX_FIXED_TERM_CONFIGS = 4;

    uint256 internal constant WAD = 1e18;
    /// @dev Bound on deposit limits (they are stored as uint128).
    uint256 internal constant MAX_AMOUNT = type(uint128).max;
    /// @dev Virtual shares and assets of every share ledger (decimals offset 6).
    uint256 internal constant VIRTUAL_SHARES = 1e6;
    uint256 internal constant VIRTUAL_ASSETS = 1;
    uint256 internal constant AGING_EPOCHS = 5;
    /// @dev Gas given to `KsuLocking.notifyDepositsDecreased`: about 70k for a freeze (three slots)
    /// plus, when the base falls below 1 USDC, a read of `userAcceptedValue` (a loop over pools x
    /// tranches and the user's fixed-term locks; about 100k leaves room for about ten pools). A
    /// read that runs out counts 0 (the user is frozen until a checkpoint), never the reverse.
    uint256 internal constant NOTIFY_GAS = 250_000;
    uint8 internal constant TOP_LEVEL = 2;
    /// @dev `Request.configId` of a forced withdrawal (`forceWithdrawal`): its own request, never
    /// merged with the owner's, never cancellable (withdrawals have no fixed-term config).
    uint8 internal constant FORCED = type(uint8).max;
    /// @dev A ledger with shares is wiped when a share is worth less than 1e-12 USDC unit
    /// (`shares + VIRTUAL_SHARES > MAX_SHARES_PER_ASSET * (assets + VIRTUAL_ASSETS)`; a new
    /// ledger has 1e6 shares per unit and interest only lowers it, so only losses of more than
    /// 99.9999% of its value get there). A wiped variable ledger closes its tranche to deposits
    /// and fixed-term locks; a wiped fixed-term ledger takes no new locks (a deposit accepted for
    /// it stays variable). So no open ledger mints more than 1e12 shares per unit: 10M USDC is
    /// below 1e26 shares and every amount fits its storage type.
    uint256 internal constant MAX_SHARES_PER_ASSET = 1e12;
    /// @dev Bound on a tranche's capacity (1e12 USDC), so ledger assets fit 64 bits.
    uint256 internal constant MAX_LEDGER_ASSETS = 1e18;
    uint8 internal constant KYC_ALLOWED = 1;
    uint8 internal constant KYC_BLOCKED = 2;

    /// @dev See ILendingPoolManager.
    uint256 public immutable genesis;
    /// @inheritdoc ILendingPoolManagerForLocking
    address public immutable usdc;

    /// @dev See ILendingPoolManager.
    uint256 public poolCount;
    /// @dev See ILendingPoolManager.
    address public ksuLocking;
    /// @dev See ILendingPoolManager.
    address public treasury;
    /// @dev See ILendingPoolManager.
    address public kycSigner;
    /// @dev Last request id; shares the KYC signer's slot (both read on a deposit request).
    uint64 internal _requestCount;
    /// @dev The pause flag, in the same slot (read by every request): replaces Pausable's own
    /// slot, which stays unused. `paused()`, `Paused`/`Unpaused` and `EnforcedPause`/
    /// `ExpectedPause` are Pausable's.
    bool internal _isPaused;
    /// @dev See ILendingPoolManager.
    uint256 public treasuryFees;
    mapping(uint256 => Pool) internal _pools;
    mapping(address => Account) internal _accounts;
    mapping(uint256 => Request) internal _requests;
    mapping(uint256 => Lock) internal _locks;
    mapping(address => uint256[]) internal _userLocks;
    /// @dev See ILendingPoolManager. USDC owed to users whose payout transfer failed.
    uint256 public deferredPayouts;
    mapping(address => uint256) internal _deferredPayouts;

    /// @param usdc_ The USDC token.
    /// @param genesis_ Start of epoch 0 (unix seconds), not in the future.
    constructor(address usdc_, uint256 genesis_) {
        if (usdc_ == address(0)) revert E.ZeroAddress();
        if (genesis_ > block.timestamp) revert E.GenesisInFuture(genesis_, block.timestamp);
        usdc = usdc_;
        genesis = genesis_;
    }

    /// @dev See ILendingPoolManager.
    function paused() public view override returns (bool) {
        return _isPaused;
    }

    function _requireNotPaused() internal view override {
        if (_isPaused) revert EnforcedPause();
    }

    function _requirePaused() internal view override {
        if (!_isPaused) revert ExpectedPause();
    }

    /// @inheritdoc ILendingPoolManagerForLocking
    function userTotalDeposits(address user) external view returns (uint256) {
        return _accounts[user].deposits;
    }

    /// @dev The caller's pending request of `epoch` for (pool, tranche, kind), or 0. The user's
    /// list is newest first and epochs never decrease along it, so the walk stops at the first
    /// older epoch: it visits only the user's own requests of `epoch`.
    function _findOpen(
        uint256 id,
        uint256 poolId,
        uint256 trancheId,
        RequestKind kind,
        uint256 epoch
    ) internal view returns (uint256) {
        while (id != 0) {
            Request storage r = _requests[id];
            if (r.epoch < epoch) return 0;
            if (
                r.poolId == poolId && r.trancheId == trancheId && r.kind == kind
                    && r.status == RequestStatus.Pending
            ) return id;
            id = r.prevId;
        }
        return 0;
    }

    /// @dev A request's pro rata parts of its cleared bucket, each rounded down. Withdrawals are
    /// paid and deposits priced with full precision on the ledger totals of the clearing.
    /// Plain `a * b / c` for the fractions: amounts are uint96 and bucket totals uint128.
    function _parts(Request storage r) internal view returns (Parts memory p) {
        Pool storage pool = _pools[r.poolId];
        uint256 epoch = r.epoch;
        uint256 trancheId = r.trancheId;
        Bucket storage b = pool.buckets[epoch][_key(trancheId, r.kind, r.level)];
        uint256 amount = r.amount;
        uint256 total = b.total;
        uint256 accepted = b.accepted;
        p.accepted = amount * accepted / total;
        if (r.kind == RequestKind.Withdrawal) {
            ClearingTotals storage c = pool.totals[epoch][trancheId];
            p.assets = Math.mulDiv(p.accepted, c.assets, c.shares);
            p.rejected = amount * (total - accepted) / total;
            return p;
        }
        if (p.accepted != 0) {
            (uint256 s, uint256 a) = _depositTotals(pool, epoch, trancheId);
            p.shares = Math.mulDiv(p.accepted, s, a);
        }
        if (accepted == total) return p;
        uint256 reallocated1 = b.reallocated1;
        uint256 reallocated2 = b.reallocated2;
        if (reallocated1 != 0) {
            p.reallocated1 = amount * reallocated1 / total;
            (uint256 s, uint256 a) = _depositTotals(pool, epoch, trancheId + 1);
            p.reallocatedShares1 = Math.mulDiv(p.reallocated1, s, a);
        }
        if (reallocated2 != 0) {
            p.reallocated2 = amount * reallocated2 / total;
            (uint256 s, uint256 a) = _depositTotals(pool, epoch, trancheId + 2);
            p.reallocatedShares2 = Math.mulDiv(p.reallocated2, s, a);
        }
        p.rejected = amount * (total - accepted - reallocated1 - reallocated2) / total;
    }

    /// @dev The ledger totals (shares, assets; virtual ones included) a tranche's deposits of
    /// `epoch` were priced at: the clearing's totals less the shares each withdrawal bucket of
    /// the epoch took and the assets it was paid, computed exactly as the clearing did.
    function _depositTotals(Pool storage pool, uint256 epoch, uint256 trancheId)
        internal
        view
        returns (uint256 shares, uint256 assets)
    {
        ClearingTotals storage c = pool.totals[epoch][trancheId];
        uint256 wAssets = c.assets;
        uint256 wShares = c.shares;
        uint256 levels = c.withdrawnLevels;
        shares = wShares;
        assets = wAssets;
        for (uint256 level; levels >> level != 0; ++level) {
            if ((levels >> level) & 1 == 0) continue;
            uint256 taken =
                pool.buckets[epoch][_key(trancheId, RequestKind.Withdrawal, level)].accepted;
            shares -= taken;
            assets -= Math.mulDiv(taken, wAssets, wShares);
        }
    }

    /// @dev USDC paid for `shares` accepted from a withdrawal bucket of `epoch`.
    function _withdrawalAssets(Pool storage pool, uint256 epoch, uint256 trancheId, uint256 shares)
        internal
        view
        returns (uint256)
    {
        ClearingTotals storage c = pool.totals[epoch][trancheId];
        return Math.mulDiv(shares, c.assets, c.shares);
    }

    /// @dev Whether a ledger's shares are worth less than 1e-12 unit each (see
    /// `MAX_SHARES_PER_ASSET`): a loss wiped it.
    function _wiped(uint256 shares, uint256 assets) internal pure returns (bool) {
        return
            shares != 0
                && shares + VIRTUAL_SHARES > MAX_SHARES_PER_ASSET * (assets + VIRTUAL_ASSETS);
    }

    /// @dev Whether the tranche's variable ledger is wiped (its closure rule; a wiped fixed-term
    /// ledger only refuses new locks of its config, see `_checkFixedTermUsable`).
    function _trancheWiped(Tranche storage t) internal view returns (bool) {
        return _wiped(t.totalShares, t.totalAssets);
    }

    /// @dev Reverts if tranche `trancheId` of `pool` is closed (after a wipe or `closeTranche`).
    function _checkOpen(Pool storage pool, uint256 poolId, uint256 trancheId) internal view {
        if (pool.closedTranches & (1 << trancheId) != 0) {
            revert E.TrancheClosed(poolId, trancheId);
        }
    }

    /// @dev Variable shares a matured lock converts into.
    function _maturedShares(Lock storage l) internal view returns (uint256) {
        FixedTermConfig storage c =
            _pools[l.poolId].tranches[l.trancheId].fixedTermConfigs[l.configId - 1];
        uint256 end = l.endEpoch;
        Maturity storage m = c.maturities[end];
        uint256 maturing = m.shares;
        return maturing == 0 ? 0 : Math.mulDiv(l.shares, m.variableShares, maturing);
    }

    function _key(uint256 trancheId, RequestKind kind, uint256 level)
        internal
        pure
        returns (uint256)
    {
        return trancheId * 6 + uint256(kind) * 3 + level;
    }

    function _toAssets(Tranche storage t, uint256 shares) internal view returns (uint256) {
        return _sharesToAssets(shares, t.totalAssets, t.totalShares);
    }

    /// @dev Shares worth `assets` of a ledger, rounded down.
    function _assetsToShares(uint256 assets, uint256 totalShares, uint256 totalAssets)
        internal
        pure
        returns (uint256)
    {
        return Math.mulDiv(assets, totalShares + VIRTUAL_SHARES, totalAssets + VIRTUAL_ASSETS);
    }

    /// @dev Assets worth `shares` of a ledger, rounded down.
    function _sharesToAssets(uint256 shares, uint256 totalAssets, uint256 totalShares)
        internal
        pure
        returns (uint256)
    {
        return Math.mulDiv(shares, totalAssets + VIRTUAL_ASSETS, totalShares + VIRTUAL_SHARES);
    }

    function _pool(uint256 poolId) internal view returns (Pool storage) {
        if (poolId >= poolCount) revert E.PoolNotFound(poolId);
        return _pools[poolId];
    }

    /// @dev A pool's tranche; an unknown pool has no tranches (no `poolCount` read needed).
    function _trancheOf(Pool storage pool, uint256 poolId, uint256 trancheId)
        internal
        view
        returns (Tranche storage)
    {
        uint256 count = pool.trancheCount;
        if (count == 0) revert E.PoolNotFound(poolId);
        if (trancheId >= count) revert E.TrancheNotFound(poolId, trancheId);
        return pool.tranches[trancheId];
    }

    function _tranche(uint256 poolId, uint256 trancheId) internal view returns (Tranche storage) {
        return _trancheOf(_pool(poolId), poolId, trancheId);
    }

    function _config(uint256 poolId, uint256 trancheId, uint256 configId)
        internal
        view
        returns (FixedTermConfig storage)
    {
        Tranche storage tranche = _tranche(poolId, trancheId);
        if (configId == 0 || configId > tranche.fixedTermConfigs.length) {
            revert E.FixedTermConfigNotFound(poolId, trancheId, configId);
        }
        return tranche.fixedTermConfigs[configId - 1];
    }

    /// @dev A request and its settlement amounts (see `ILendingPoolCore.requestStatus`).
    function _requestView(uint256 nftId) internal view returns (RequestView memory v) {
        Request storage r = _requests[nftId];
        if (r.status == RequestStatus.None) revert E.RequestNotFound(nftId);
        v.nftId = nftId;
        v.owner = r.owner;
        v.poolId = r.poolId;
        v.trancheId = r.trancheId;
        v.epoch = r.epoch;
        v.kind = r.kind;
        v.level = r.level;
        uint256 configId = r.configId;
        if (configId == FORCED) v.forced = true;
        else v.fixedTermConfigId = configId;
        v.amount = r.amount;
        v.status = r.status;
        if (v.status == RequestStatus.Cancelled) return v;
        if (v.epoch >= _pools[v.poolId].nextEpochToClear) return v;
        if (v.status == RequestStatus.Pending) v.status = RequestStatus.Cleared;
        Parts memory p = _parts(r);
        v.accepted = p.accepted;
        v.reallocated = p.reallocated1 + p.reallocated2;
        v.rejected = p.rejected;
        v.shares = p.shares + p.reallocatedShares1 + p.reallocatedShares2;
        v.assets = p.assets;
    }

    /// @dev `KsuLocking.loyaltyLevel(user)` capped at 2; 0 without a locking contract or if the
    /// call reverts or returns no word. A plain staticcall (no extcodesize check, no decoder).
    function _loyaltyLevel(address user) internal view returns (uint8 level) {
        address locking = ksuLocking;
        if (locking == address(0)) return 0;
        bytes4 selector = IKsuLocking.loyaltyLevel.selector;
        uint256 raw;
        assembly ("memory-safe") {
            mstore(0x00, selector)
            mstore(0x04, and(user, shr(96, not(0))))
            // The call first: Yul evaluates arguments right to left, so `returndatasize()` must
            // not share an expression with the call.
            let ok := staticcall(gas(), locking, 0x00, 0x24, 0x00, 0x20)
            if and(ok, gt(returndatasize(), 0x1f)) { raw := mload(0x00) }
        }
        // forge-lint: disable-next-line(unsafe-typecast)
        return raw > TOP_LEVEL ? TOP_LEVEL : uint8(raw);
    }

    /// @dev Epoch a request made now belongs to.
    function _requestEpoch() internal view returns (uint256) {
        return EpochMath.epochAt(genesis, block.timestamp)
            + (EpochMath.isClearing(genesis, block.timestamp) ? 1 : 0);
    }
}
