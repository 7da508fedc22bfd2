// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

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
        uint56 trancheCount;
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
        /// @dev epoch => tranche => prices used by that epoch's clearing.
        mapping(uint256 => mapping(uint256 => EpochPrices)) prices;
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

    /// @dev A request's pro rata parts of its cleared bucket, each rounded down.
    /// Plain `a * b / c`: every product is below 2**256 (amounts are uint96, bucket totals and
    /// prices uint128), so it equals `Math.mulDiv` and costs less.
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
            p.assets = p.accepted * pool.prices[epoch][trancheId].assetsPerShare / WAD;
            p.rejected = amount * (total - accepted) / total;
            return p;
        }
        p.shares = p.accepted * pool.prices[epoch][trancheId].sharesPerAsset / WAD;
        if (accepted == total) return p;
        uint256 reallocated1 = b.reallocated1;
        uint256 reallocated2 = b.reallocated2;
        if (reallocated1 != 0) {
            p.reallocated1 = amount * reallocated1 / total;
            p.reallocatedShares1 =
                p.reallocated1 * pool.prices[epoch][trancheId + 1].sharesPerAsset / WAD;
        }
        if (reallocated2 != 0) {
            p.reallocated2 = amount * reallocated2 / total;
            p.reallocatedShares2 =
                p.reallocated2 * pool.prices[epoch][trancheId + 2].sharesPerAsset / WAD;
        }
        p.rejected = amount * (total - accepted - reallocated1 - reallocated2) / total;
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

    /// @dev Shares per asset (18 decimals, rounded down, capped to fit 128 bits).
    function _sharesPerAsset(Tranche storage t) internal view returns (uint256) {
        return Math.min(
            Math.mulDiv(t.totalShares + VIRTUAL_SHARES, WAD, t.totalAssets + VIRTUAL_ASSETS),
            type(uint128).max
        );
    }

    /// @dev Assets per share (18 decimals, rounded down, capped to fit 128 bits).
    function _assetsPerShare(Tranche storage t) internal view returns (uint256) {
        return Math.min(
            Math.mulDiv(t.totalAssets + VIRTUAL_ASSETS, WAD, t.totalShares + VIRTUAL_SHARES),
            type(uint128).max
        );
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
        v.fixedTermConfigId = r.configId;
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

    /// @dev Epoch a request made now belongs to.
    function _requestEpoch() internal view returns (uint256) {
        return EpochMath.epochAt(genesis, block.timestamp)
            + (EpochMath.isClearing(genesis, block.timestamp) ? 1 : 0);
    }
}
