// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IKsuLocking} from "./interfaces/IKsuLocking.sol";
import {ILendingPoolAdmin} from "./interfaces/ILendingPoolAdmin.sol";
import {ILendingPoolManagerForLocking} from "./interfaces/ILendingPoolManagerForLocking.sol";
import {EpochMath} from "./libraries/EpochMath.sol";
import {GenesisInFuture, OnlyManager, ZeroAddress} from "./libraries/Errors.sol";
import {
    InvalidKsuPrice,
    InvalidLockDuration,
    InvalidMaxPriceAge,
    InvalidMultiplier,
    InvalidUnlockAmount,
    LockNotExpired,
    LockNotFound,
    LockPeriodInactive,
    LockPeriodNotFound,
    NothingToClaim,
    RksuNonTransferable,
    TooManyLocks,
    UsdcMismatch,
    ZeroLockAmount,
    ZeroRksu
} from "./libraries/LockingErrors.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

/// @title KsuLocking
/// @notice KSU locks with non-transferable rKSU, launch bonus, USDC fee sharing, loyalty levels
/// and bonus interest in KSU. NatSpec of every function is in `IKsuLocking`.
/// @dev Deploy and wiring (what the deploy/seed script does):
/// 1. `new KsuLocking(admin, ksu, treasury, manager.genesis())`: `admin` gets DEFAULT_ADMIN_ROLE
///    and PRICE_SETTER_ROLE; `genesis` must be the manager's (same epoch clock, not in the
///    future). The maximum price age starts at 7 days.
/// 2. `addLockPeriod(seconds, rKSUMultiplier, ksuBonusMultiplier)` (admin), ids from 1:
///    (30 days, 0.05e18, 0), (180 days, 0.25e18, 0.10e18), (360 days, 0.50e18, 0.25e18),
///    (720 days, 1e18, 0.70e18).
/// 3. `setManager(manager)` (admin): caches `manager.usdc()` and grants the manager
///    FEE_NOTIFIER_ROLE (revoking it from a previous manager). The manager calls
///    `loyaltyLevel(user)`, after transferring USDC here `notifyFees(amount)`, and
///    `notifyDepositsDecreased(user, decrease)` whenever a user's accepted deposits drop; this
///    contract reads `userTotalDeposits` (levels) and `userAcceptedValue` (bonus, fees).
/// 4. `setKsuPrice(priceUsdc6)` (PRICE_SETTER_ROLE; grant it to a keeper with `grantRole`);
///    `setMaxPriceAge(seconds)` (admin) if 7 days does not fit.
/// 5. `ksu.approve(locking, x)` then `fundBonusPool(x)` (anyone) for launch bonuses and bonus
///    interest.
/// Other admin functions: `setLockPeriodActive`, `setTreasury`, `pause`/`unpause` (lock, claims and
/// checkpoints; unlock and notifyFees stay open).
///
/// Choices (see IKsuLocking for each function):
/// - Launch bonus: paid at lock time, netted (the contract pulls amount - bonus KSU).
/// - Lock periods cannot be edited, only disabled: a lock keeps the terms it was made with.
/// - Fees: an accumulator of USDC per eligible rKSU; each lock keeps its own fee debt, so
///   unlocking keeps the fees earned (pending = lock rKSU x accumulator / 1e30 - fee debt, rounded
///   against the locker). Only lockers holding accepted deposits are eligible: at least
///   `MIN_ACCEPTED_DEPOSITS` (1 USDC) of `manager.userAcceptedValue` at their last checkpoint,
///   and not lowered below it since. A locker whose principal drops below it is frozen at once
///   (the manager calls `notifyDepositsDecreased`): its rKSU leaves the eligible total and its
///   locks stop at the accumulator of that moment, so the fees notified meanwhile go to the
///   eligible lockers. A checkpoint that sees deposits again unfreezes it (each lock's debt moves
///   past the frozen stretch; O(locks), paid by the checkpoint, never by the manager's
///   notification). Below 1 eligible rKSU, notified fees go to the treasury. Rounding dust stays
///   in the contract.
/// - Bonus interest: a checkpoint stores the time and the base: the manager's `userAcceptedValue`
///   in USDC (accepted principal, each position at most at its value; 0 below the minimum or
///   while the price is stale). Each stretch accrues base x rate(level) x seconds /
///   EPOCH_DURATION converted to KSU at the price of the accrual, the level being the loyalty
///   rule on the rKSU against the base at that price. lock, claimBonus and checkpointBonus
///   (anyone for anyone) re-read the manager; every decrease of accepted principal lowers the
///   base at once through the manager's notification (gas-capped there, a failure ignored);
///   unlock accrues and keeps the base. So between checkpoints the base is at most the value
///   held at the last checkpoint and the principal held since; a loss of value counts from the
///   next checkpoint (docs/protocol.md states the bound). Claims pay at most the pool; the rest
///   stays owed.
/// - Storage is packed for gas: a user's rKSU, lock count, bonus checkpoint and fee freeze flag
///   share one slot, a lock is one slot, and the pause flag, manager and KSU price share one
///   slot.
contract KsuLocking is IKsuLocking, AccessControl, Pausable {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;
    using SafeCast for int256;

    struct LockPeriodData {
        uint32 duration;
        /// @dev rKSU multiplier with 9 decimals.
        uint32 multiplier;
        uint64 bonusMultiplier;
        bool active;
    }

    /// @dev A user's slot, unpacked (see `_loadUser`): rKSU (96 bits), lock count (16), bonus
    /// checkpoint time (32), fee freeze flag (1), bonus base (55, accepted deposits counted, USDC
    /// units, saturating), accrued unpaid bonus (56, units of 1e9 KSU wei,
    /// saturating).
    struct UserData {
        uint256 rksu;
        uint256 lockCount;
        uint256 bonusTime;
        bool frozen;
        uint256 bonusBase;
        uint256 bonusAccrued;
    }

    struct LockData {
        uint96 amount;
        uint32 unlockTime;
        uint16 periodId;
        /// @dev The period's rKSU multiplier with 9 decimals.
        uint32 multiplier;
        /// @dev USDC units already accounted for (see the contract notes); may be negative.
        int80 feeDebt;
    }

    /// @inheritdoc IKsuLocking
    bytes32 public constant override FEE_NOTIFIER_ROLE = keccak256("FEE_NOTIFIER_ROLE");
    /// @inheritdoc IKsuLocking
    bytes32 public constant override PRICE_SETTER_ROLE = keccak256("PRICE_SETTER_ROLE");
    /// @inheritdoc IKsuLocking
    uint256 public constant override MIN_RKSU_FOR_FEES = 1e18;
    /// @inheritdoc IKsuLocking
    /// @dev floor(0.001e18 / 52.17857). The spec's display constant 0.000000019164956 is 1/1000
    /// of this rate as a plain fraction (0.0000191649560346...).
    uint256 public constant override BONUS_RATE_LEVEL_1 = 19_164_956_034_632;
    /// @inheritdoc IKsuLocking
    /// @dev floor(0.002e18 / 52.17857). The spec's display constant 0.000000038329912 is 1/1000
    /// of this rate as a plain fraction (0.0000383299120692...).
    uint256 public constant override BONUS_RATE_LEVEL_2 = 38_329_912_069_265;

    uint256 internal constant WAD = 1e18;
    /// @dev rewardPerRksu scale: USDC per whole rKSU with 18 decimals = USDC units x 1e30 / wei.
    uint256 internal constant ACC_SCALE = 1e30;
    /// @dev Stored rKSU multipliers have 9 decimals; bonus accruals count 1e9 wei.
    uint256 internal constant UNIT9 = 1e9;
    /// @dev Bonus bases are USDC units (6 decimals), saturating.
    uint256 internal constant MAX_BASE = 2 ** 55 - 1;
    /// @dev Accepted deposits (USDC units) a locker needs for bonus interest and a fee share
    /// (1 USDC): below it the base is 0 and the locker is not fee-eligible. Internal: a public
    /// getter would reorder the dispatcher and cost the manager's calls gas.
    uint256 internal constant MIN_ACCEPTED_DEPOSITS = 1e6;
    uint256 internal constant MAX_ACCRUED = 2 ** 56 - 1;
    /// @dev Gas `notifyDepositsDecreased` keeps for the freeze after reading the manager (a
    /// freeze writes three slots and emits two events).
    uint256 internal constant NOTIFY_RESERVE = 60_000;
    uint256 internal constant MAX_LOCK_DURATION = 3650 days;
    uint256 internal constant MAX_PRICE_AGE = 365 days;
    /// @dev A fall of the KSU price reaches the price bonus interest is converted at over this
    /// time (linearly, from the previous update), so a one-update dip cannot be picked to claim
    /// more KSU; a rise applies at once (it pays fewer KSU for the same USDC value).
    uint256 internal constant PRICE_SMOOTHING = 1 days;

    IERC20 internal immutable _ksu;
    /// @inheritdoc IKsuLocking
    uint256 public immutable override genesis;

    // Packs with Pausable's flag: lock and loyaltyLevel read pause, manager and price at once.
    address internal _manager;
    uint48 internal _price;
    uint40 internal _priceValidUntil;

    /// @dev rKSU of the fee-eligible lockers (frozen lockers' rKSU is in `_frozenRksu`).
    uint96 internal _totalRksu;
    uint112 internal _rewardPerRksu;
    /// @dev A copy of `_price` next to the fee accumulator: bonus accrual (lock, unlock,
    /// checkpoints) reads the price with the slot it reads anyway.
    uint48 internal _accruePrice;

    uint128 internal _bonusPool;
    uint128 internal _treasuryFees;

    address internal _usdc;
    uint40 internal _priceUpdatedAt;
    uint32 internal _maxPriceAge;

    address internal _treasury;
    uint16 internal _lockPeriodCount;
    /// @dev When the manager last reported a loss (`notifyLoss`): bonus accrues on a checkpoint's
    /// base only up to it; a checkpoint after it re-reads what is held.
    uint40 internal _lossTime;

    mapping(uint256 => LockPeriodData) internal _lockPeriods;
    /// @dev Packed `UserData` (see `_loadUser`).
    mapping(address => uint256) internal _users;
    mapping(address => mapping(uint256 => LockData)) internal _locks;
    /// @dev rKSU of frozen lockers (no fee share).
    uint256 internal _frozenRksu;
    /// @dev A frozen locker's fee accumulator at the time it was frozen.
    mapping(address => uint256) internal _frozenAcc;

    /// @param admin Receives DEFAULT_ADMIN_ROLE and PRICE_SETTER_ROLE.
    /// @param ksu_ The KSU token.
    /// @param treasury_ Receives the fees no locker may take.
    /// @param genesis_ Start of epoch 0, the manager's `genesis` (not in the future).
    constructor(address admin, address ksu_, address treasury_, uint256 genesis_) {
        if (admin == address(0) || ksu_ == address(0) || treasury_ == address(0)) {
            revert ZeroAddress();
        }
        if (genesis_ > block.timestamp) revert GenesisInFuture(genesis_, block.timestamp);
        _ksu = IERC20(ksu_);
        genesis = genesis_;
        _treasury = treasury_;
        _maxPriceAge = 7 days;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(PRICE_SETTER_ROLE, admin);
        emit TreasurySet(treasury_);
        emit MaxPriceAgeSet(7 days);
    }

    // ---------------------------------------------------------------- locking

    /// @inheritdoc IKsuLocking
    function lock(uint256 amount, uint256 lockPeriodId)
        external
        override
        whenNotPaused
        returns (uint256 lockId)
    {
        if (amount == 0) revert ZeroLockAmount();
        LockPeriodData memory period = _lockPeriods[lockPeriodId];
        if (!period.active) {
            if (period.duration == 0) revert LockPeriodNotFound(lockPeriodId);
            revert LockPeriodInactive(lockPeriodId);
        }
        uint256 rksu = amount * period.multiplier / UNIT9;
        if (rksu == 0) revert ZeroRksu(amount);

        UserData memory user = _loadUser(msg.sender);
        lockId = user.lockCount;
        if (lockId == type(uint16).max) revert TooManyLocks();
        uint256 accepted = _acceptedDeposits(msg.sender, 0);
        _accrueAcrossLoss(user, accepted);
        uint256 acc = _rerate(msg.sender, user, accepted);
        user.rksu = (user.rksu + rksu).toUint96();
        user.lockCount = lockId + 1;
        _storeUser(msg.sender, user);
        if (user.frozen) _frozenRksu += rksu;
        else _totalRksu = (_totalRksu + rksu).toUint96();
        uint256 unlockTime = block.timestamp + period.duration;
        _storeLock(
            _locks[msg.sender][lockId],
            LockData({
                amount: amount.toUint96(),
                unlockTime: unlockTime.toUint32(),
                // forge-lint: disable-next-line(unsafe-typecast) the period exists: id <= _lockPeriodCount (uint16)
                periodId: uint16(lockPeriodId),
                multiplier: period.multiplier,
                feeDebt: Math.mulDiv(rksu, acc, ACC_SCALE, Math.Rounding.Ceil).toInt256().toInt80()
            })
        );

        uint256 bonus;
        if (period.bonusMultiplier != 0) {
            bonus = amount * period.bonusMultiplier / WAD;
            uint256 pool = _bonusPool;
            if (bonus > pool) bonus = pool;
            // forge-lint: disable-next-line(unsafe-typecast) bonus <= pool < 2^128
            if (bonus != 0) _bonusPool = uint128(pool - bonus);
        }
        // The bonus is paid by pulling that much less: the same balances, one transfer.
        if (amount != bonus) _ksu.safeTransferFrom(msg.sender, address(this), amount - bonus);
        emit Locked(msg.sender, lockId, lockPeriodId, amount, rksu, unlockTime, bonus);
    }

    /// @inheritdoc IKsuLocking
    function unlock(uint256 amount, uint256 lockId) external override {
        LockData memory l = _locks[msg.sender][lockId];
        uint256 locked = l.amount;
        if (locked == 0) revert LockNotFound(msg.sender, lockId);
        if (block.timestamp < l.unlockTime) revert LockNotExpired(lockId, l.unlockTime);
        if (amount == 0 || amount > locked) revert InvalidUnlockAmount(amount, locked);
        uint256 burned;
        int256 burnedFees;
        unchecked {
            // amount <= locked < 2^96, multiplier < 2^32, rewardPerRksu < 2^128: no overflow.
            uint256 remaining = locked - amount;
            burned = locked * l.multiplier / UNIT9 - remaining * l.multiplier / UNIT9;
            // forge-lint: disable-next-line(unsafe-typecast) remaining <= locked < 2^96
            l.amount = uint96(remaining);
        }
        UserData memory user = _loadUser(msg.sender);
        uint256 acc;
        if (user.frozen) {
            // A frozen locker's locks stopped at the accumulator of the freeze.
            acc = _frozenAcc[msg.sender];
            _frozenRksu -= burned;
        } else {
            acc = _rewardPerRksu;
            // forge-lint: disable-next-line(unsafe-typecast) burned <= the lock's rKSU < 2^96
            _totalRksu -= uint96(burned);
        }
        // Keep the fees accrued on the burned rKSU (rounded down: in favour of the pool).
        // forge-lint: disable-next-line(unsafe-typecast) burned < 2^128, acc < 2^128: < 2^127
        burnedFees = int256(burned * acc / ACC_SCALE);
        l.feeDebt = (l.feeDebt - burnedFees).toInt80();
        _storeLock(_locks[msg.sender][lockId], l);

        // Accrue at the old rKSU; the base stays (a lower rKSU can only lower the level).
        _accrueBonus(user);
        user.rksu -= burned;
        _storeUser(msg.sender, user);

        _ksu.safeTransfer(msg.sender, amount);
        emit Unlocked(msg.sender, lockId, amount, burned);
    }

    /// @inheritdoc IKsuLocking
    function fundBonusPool(uint256 amount) external override {
        if (amount == 0) revert ZeroLockAmount();
        _bonusPool += amount.toUint128();
        _ksu.safeTransferFrom(msg.sender, address(this), amount);
        emit BonusPoolFunded(msg.sender, amount);
    }

    // ---------------------------------------------------------------- fees

    /// @inheritdoc IKsuLocking
    function notifyLoss() external override onlyRole(FEE_NOTIFIER_ROLE) {
        _lossTime = uint40(block.timestamp);
        emit LossNotified(block.timestamp);
    }

    /// @inheritdoc IKsuLocking
    function notifyFees(uint256 usdcAmount) external override onlyRole(FEE_NOTIFIER_ROLE) {
        if (usdcAmount == 0) return;
        uint256 total = _totalRksu;
        uint256 acc = _rewardPerRksu;
        uint256 toTreasury;
        if (total < MIN_RKSU_FOR_FEES) {
            toTreasury = usdcAmount;
            _treasuryFees += toTreasury.toUint128();
        } else {
            // Rounded down: the dust stays in the contract, never owed to anyone.
            acc += usdcAmount * ACC_SCALE / total;
            _rewardPerRksu = acc.toUint112();
        }
        emit FeesNotified(usdcAmount, toTreasury, acc);
    }

    /// @inheritdoc IKsuLocking
    function claimFees() external override whenNotPaused returns (uint256 amount) {
        UserData memory user = _loadUser(msg.sender);
        uint256 count = user.lockCount;
        uint256 acc = user.frozen ? _frozenAcc[msg.sender] : _rewardPerRksu;
        mapping(uint256 => LockData) storage locks = _locks[msg.sender];
        for (uint256 i; i < count; ++i) {
            LockData storage l = locks[i];
            uint256 accrued = _lockRksu(l.amount, l.multiplier) * acc / ACC_SCALE;
            int256 pending = accrued.toInt256() - l.feeDebt;
            if (pending > 0) {
                // forge-lint: disable-next-line(unsafe-typecast) pending > 0
                amount += uint256(pending);
                l.feeDebt = accrued.toInt256().toInt80();
            }
        }
        if (amount == 0) revert NothingToClaim();
        IERC20(_usdc).safeTransfer(msg.sender, amount);
        emit FeesClaimed(msg.sender, amount);
    }

    /// @inheritdoc IKsuLocking
    function claimTreasuryFees() external override whenNotPaused returns (uint256 amount) {
        amount = _treasuryFees;
        if (amount == 0) revert NothingToClaim();
        _treasuryFees = 0;
        address to = _treasury;
        IERC20(_usdc).safeTransfer(to, amount);
        emit TreasuryFeesClaimed(to, amount);
    }

    // ---------------------------------------------------------------- bonus interest

    /// @inheritdoc IKsuLocking
    function checkpointBonus(address user) external override whenNotPaused {
        _checkpoint(user, _acceptedDeposits(user, 0));
    }

    /// @inheritdoc IKsuLocking
    function notifyDepositsDecreased(address user, uint256 decrease) external override {
        // Without rKSU there is nothing to accrue, rate or freeze (the next lock checkpoints).
        if (_users[user] & type(uint96).max == 0) return;
        if (msg.sender != _manager) revert OnlyManager();
        // Only lowers: the base drops, a drop below the minimum may freeze the fee share, and
        // nothing unfreezes here (no loop over the user's locks in the manager's path; the next
        // checkpoint re-reads the manager).
        UserData memory data = _loadUser(user);
        _accrueBonus(data);
        // The base counts each position at most at its value, so it drops by at least what the
        // positions left counted: their principal is an upper bound of it (a value below the
        // principal makes this drop more than needed until the next checkpoint, never less).
        uint256 base = data.bonusBase;
        base = base > decrease ? base - decrease : 0;
        // Below the minimum the user may hold nothing any more: read what is held now (the
        // manager's state is already updated). A base below the minimum can also come from a
        // stale price or from deposits settled since the checkpoint, which this read tells apart.
        // A read that fails counts 0: the user is frozen until a checkpoint (never paid fees on
        // deposits this contract could not see).
        if (base < MIN_ACCEPTED_DEPOSITS && !data.frozen) {
            uint256 held = _acceptedDeposits(user, NOTIFY_RESERVE);
            if (held < base) base = held;
            if (held < MIN_ACCEPTED_DEPOSITS) {
                base = 0;
                _rerate(user, data, 0);
            }
        }
        data.bonusBase = base;
        _storeUser(user, data);
        emit BonusCheckpointed(
            user,
            block.timestamp,
            _levelFromBase(data.rksu, base, _bonusPrice()),
            base,
            data.bonusAccrued * UNIT9
        );
    }

    /// @inheritdoc IKsuLocking
    function claimBonus() external override whenNotPaused returns (uint256 amount) {
        UserData memory user = _checkpoint(msg.sender, _acceptedDeposits(msg.sender, 0));
        uint256 pool = _bonusPool;
        uint256 pay = Math.min(user.bonusAccrued, pool / UNIT9);
        if (pay == 0) revert NothingToClaim();
        user.bonusAccrued -= pay;
        _storeUser(msg.sender, user);
        amount = pay * UNIT9;
        // forge-lint: disable-next-line(unsafe-typecast) amount <= pool < 2^128
        _bonusPool = uint128(pool - amount);
        _ksu.safeTransfer(msg.sender, amount);
        emit BonusClaimed(msg.sender, amount);
    }

    // ---------------------------------------------------------------- admin

    /// @inheritdoc IKsuLocking
    function addLockPeriod(uint256 lockPeriod, uint256 rKSUMultiplier, uint256 ksuBonusMultiplier)
        external
        override
        onlyRole(DEFAULT_ADMIN_ROLE)
        returns (uint256 id)
    {
        if (lockPeriod == 0 || lockPeriod > MAX_LOCK_DURATION) {
            revert InvalidLockDuration(lockPeriod);
        }
        if (rKSUMultiplier == 0 || rKSUMultiplier > WAD || rKSUMultiplier % UNIT9 != 0) {
            revert InvalidMultiplier(rKSUMultiplier);
        }
        if (ksuBonusMultiplier > WAD) revert InvalidMultiplier(ksuBonusMultiplier);
        id = _lockPeriodCount + 1;
        _lockPeriodCount = id.toUint16();
        _lockPeriods[id] = LockPeriodData({
            // forge-lint: disable-next-line(unsafe-typecast) checked above
            duration: uint32(lockPeriod),
            // forge-lint: disable-next-line(unsafe-typecast) checked above
            multiplier: uint32(rKSUMultiplier / UNIT9),
            // forge-lint: disable-next-line(unsafe-typecast) checked above
            bonusMultiplier: uint64(ksuBonusMultiplier),
            active: true
        });
        emit LockPeriodAdded(id, lockPeriod, rKSUMultiplier, ksuBonusMultiplier);
    }

    /// @inheritdoc IKsuLocking
    function setLockPeriodActive(uint256 id, bool active)
        external
        override
        onlyRole(DEFAULT_ADMIN_ROLE)
    {
        if (_lockPeriods[id].duration == 0) revert LockPeriodNotFound(id);
        _lockPeriods[id].active = active;
        emit LockPeriodActiveSet(id, active);
    }

    /// @inheritdoc IKsuLocking
    function setKsuPrice(uint256 priceUsdc6) external override onlyRole(PRICE_SETTER_ROLE) {
        if (priceUsdc6 == 0 || priceUsdc6 > type(uint48).max) revert InvalidKsuPrice(priceUsdc6);
        // forge-lint: disable-next-line(unsafe-typecast) checked above
        _price = uint48(priceUsdc6);
        uint256 accrue = priceUsdc6;
        uint256 old = _accruePrice;
        if (old > priceUsdc6) {
            // A fall moves the conversion price by the share of PRICE_SMOOTHING elapsed since
            // the previous update: a one-update dip barely moves it; a lasting fall arrives.
            uint256 elapsed = block.timestamp - _priceUpdatedAt;
            if (elapsed < PRICE_SMOOTHING) {
                accrue = old - (old - priceUsdc6) * elapsed / PRICE_SMOOTHING;
            }
        }
        // forge-lint: disable-next-line(unsafe-typecast) between two uint48 prices
        _accruePrice = uint48(accrue);
        _priceUpdatedAt = uint40(block.timestamp);
        _priceValidUntil = uint40(block.timestamp + _maxPriceAge);
        emit KsuPriceSet(priceUsdc6, block.timestamp);
    }

    /// @inheritdoc IKsuLocking
    function setMaxPriceAge(uint256 maxPriceAge_) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        if (maxPriceAge_ == 0 || maxPriceAge_ > MAX_PRICE_AGE) {
            revert InvalidMaxPriceAge(maxPriceAge_);
        }
        // forge-lint: disable-next-line(unsafe-typecast) checked above
        _maxPriceAge = uint32(maxPriceAge_);
        // forge-lint: disable-next-line(unsafe-typecast) a uint40 time + 1 year
        if (_price != 0) _priceValidUntil = uint40(_priceUpdatedAt + maxPriceAge_);
        emit MaxPriceAgeSet(maxPriceAge_);
    }

    /// @inheritdoc IKsuLocking
    function setManager(address manager_) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        if (manager_ == address(0)) revert ZeroAddress();
        address usdc_ = ILendingPoolManagerForLocking(manager_).usdc();
        if (usdc_ == address(0)) revert ZeroAddress();
        address current = _usdc;
        if (current != address(0) && current != usdc_) revert UsdcMismatch(current, usdc_);
        address previous = _manager;
        if (previous != address(0)) _revokeRole(FEE_NOTIFIER_ROLE, previous);
        _manager = manager_;
        _usdc = usdc_;
        _grantRole(FEE_NOTIFIER_ROLE, manager_);
        emit ManagerSet(manager_, usdc_);
    }

    /// @inheritdoc IKsuLocking
    function setTreasury(address treasury_) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        if (treasury_ == address(0)) revert ZeroAddress();
        _treasury = treasury_;
        emit TreasurySet(treasury_);
    }

    /// @inheritdoc IKsuLocking
    function pause() external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _pause();
    }

    /// @inheritdoc IKsuLocking
    function unpause() external override onlyRole(DEFAULT_ADMIN_ROLE) {
        _unpause();
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IKsuLocking
    function loyaltyLevel(address user) public view override returns (uint8 level) {
        uint256 rksu = _users[user] & type(uint96).max;
        if (rksu == 0) return 0;
        address manager_ = _manager;
        uint256 price = _price;
        if (manager_ == address(0) || price == 0 || block.timestamp > _priceValidUntil) return 0;
        uint256 deposits = ILendingPoolManagerForLocking(manager_).userTotalDeposits(user);
        if (deposits == 0) return 0;
        uint256 value100 = rksu * price / WAD * 100;
        if (value100 >= 5 * deposits) return 2;
        if (value100 >= deposits) return 1;
    }

    /// @inheritdoc IKsuLocking
    function ksu() external view override returns (address) {
        return address(_ksu);
    }

    /// @inheritdoc IKsuLocking
    function usdc() external view override returns (address) {
        return _usdc;
    }

    /// @inheritdoc IKsuLocking
    function manager() external view override returns (address) {
        return _manager;
    }

    /// @inheritdoc IKsuLocking
    function treasury() external view override returns (address) {
        return _treasury;
    }

    /// @inheritdoc IKsuLocking
    function currentEpoch() public view override returns (uint256) {
        return EpochMath.epochAt(genesis, block.timestamp);
    }

    /// @inheritdoc IKsuLocking
    function getLockPeriods() external view override returns (LockPeriod[] memory periods) {
        uint256 count = _lockPeriodCount;
        uint256 active;
        for (uint256 id = 1; id <= count; ++id) {
            if (_lockPeriods[id].active) ++active;
        }
        periods = new LockPeriod[](active);
        uint256 j;
        for (uint256 id = 1; id <= count; ++id) {
            LockPeriodData memory p = _lockPeriods[id];
            if (p.active) periods[j++] = _periodView(id, p);
        }
    }

    /// @inheritdoc IKsuLocking
    function getLockPeriod(uint256 id)
        external
        view
        override
        returns (LockPeriod memory period, bool active)
    {
        LockPeriodData memory p = _lockPeriods[id];
        if (p.duration == 0) revert LockPeriodNotFound(id);
        return (_periodView(id, p), p.active);
    }

    /// @inheritdoc IKsuLocking
    function getUserLocks(address user) public view override returns (UserLock[] memory locks) {
        UserData memory data = _loadUser(user);
        uint256 count = data.lockCount;
        uint256 acc = _feeAcc(user, data);
        UserLock[] memory all = new UserLock[](count);
        uint256 n;
        for (uint256 i; i < count; ++i) {
            LockData memory l = _locks[user][i];
            uint256 rksu = _lockRksu(l.amount, l.multiplier);
            uint256 fees = _pendingFees(rksu, l.feeDebt, acc);
            if (l.amount == 0 && fees == 0) continue;
            all[n++] = UserLock({
                lockId: i,
                lockPeriodId: l.periodId,
                amount: l.amount,
                rKsu: rksu,
                startTime: l.unlockTime - _lockPeriods[l.periodId].duration,
                unlockTime: l.unlockTime,
                claimableFees: fees
            });
        }
        locks = new UserLock[](n);
        for (uint256 i; i < n; ++i) {
            locks[i] = all[i];
        }
    }

    /// @inheritdoc IKsuLocking
    function getUserSummary(address user)
        external
        view
        override
        returns (UserSummary memory summary)
    {
        summary.rKsu = _loadUser(user).rksu;
        summary.stakedKsu = stakedKsu(user);
        summary.claimableFees = claimableFees(user);
        summary.bonusAmount = getUserTotalBonusAmount(user);
        summary.loyaltyLevel = loyaltyLevel(user);
        summary.locks = getUserLocks(user);
    }

    /// @inheritdoc IKsuLocking
    function rKsuBalance(address user) external view override returns (uint256) {
        return _loadUser(user).rksu;
    }

    /// @inheritdoc IKsuLocking
    function stakedKsu(address user) public view override returns (uint256 total) {
        uint256 count = _loadUser(user).lockCount;
        for (uint256 i; i < count; ++i) {
            total += _locks[user][i].amount;
        }
    }

    /// @inheritdoc IKsuLocking
    function bonusPool() external view override returns (uint256) {
        return _bonusPool;
    }

    /// @inheritdoc IKsuLocking
    function treasuryFees() external view override returns (uint256) {
        return _treasuryFees;
    }

    /// @inheritdoc IKsuLocking
    function rewardPerRksu() external view override returns (uint256) {
        return _rewardPerRksu;
    }

    /// @inheritdoc IKsuLocking
    function claimableFees(address user) public view override returns (uint256 total) {
        UserData memory data = _loadUser(user);
        uint256 count = data.lockCount;
        uint256 acc = _feeAcc(user, data);
        for (uint256 i; i < count; ++i) {
            LockData memory l = _locks[user][i];
            total += _pendingFees(_lockRksu(l.amount, l.multiplier), l.feeDebt, acc);
        }
    }

    /// @inheritdoc IKsuLocking
    function feeEligible(address user) external view override returns (bool) {
        return !_loadUser(user).frozen;
    }

    /// @inheritdoc IKsuLocking
    function eligibleRksu() external view override returns (uint256) {
        return _totalRksu;
    }

    /// @inheritdoc IKsuLocking
    function getUserTotalBonusAmount(address user) public view override returns (uint256) {
        UserData memory data = _loadUser(user);
        _accrueBonus(data);
        return data.bonusAccrued * UNIT9;
    }

    /// @inheritdoc IKsuLocking
    function bonusCheckpoint(address user)
        external
        view
        override
        returns (uint256 time, uint8 level, uint256 base)
    {
        UserData memory data = _loadUser(user);
        return
            (
                data.bonusTime,
                _levelFromBase(data.rksu, data.bonusBase, _bonusPrice()),
                data.bonusBase
            );
    }

    /// @inheritdoc IKsuLocking
    function ksuPrice() external view override returns (uint256 priceUsdc6, uint256 updatedAt) {
        return (_price, _priceUpdatedAt);
    }

    /// @inheritdoc IKsuLocking
    function ksuPriceUpdatedAt() external view override returns (uint256) {
        return _priceUpdatedAt;
    }

    /// @inheritdoc IKsuLocking
    function maxPriceAge() external view override returns (uint256) {
        return _maxPriceAge;
    }

    /// @inheritdoc IKsuLocking
    function isKsuPriceFresh() public view override returns (bool) {
        return _price != 0 && block.timestamp <= _priceValidUntil;
    }

    // ---------------------------------------------------------------- rKSU as an ERC-20 view

    /// @inheritdoc IKsuLocking
    function name() external pure override returns (string memory) {
        return "rKSU";
    }

    /// @inheritdoc IKsuLocking
    function symbol() external pure override returns (string memory) {
        return "rKSU";
    }

    /// @inheritdoc IKsuLocking
    function decimals() external pure override returns (uint8) {
        return 18;
    }

    /// @inheritdoc IKsuLocking
    function balanceOf(address user) external view override returns (uint256) {
        return _loadUser(user).rksu;
    }

    /// @inheritdoc IKsuLocking
    function totalSupply() external view override returns (uint256) {
        return _totalRksu + _frozenRksu;
    }

    /// @inheritdoc IKsuLocking
    function allowance(address, address) external pure override returns (uint256) {
        return 0;
    }

    /// @inheritdoc IKsuLocking
    function transfer(address, uint256) external pure override returns (bool) {
        revert RksuNonTransferable();
    }

    /// @inheritdoc IKsuLocking
    function transferFrom(address, address, uint256) external pure override returns (bool) {
        revert RksuNonTransferable();
    }

    /// @inheritdoc IKsuLocking
    function approve(address, uint256) external pure override returns (bool) {
        revert RksuNonTransferable();
    }

    // ---------------------------------------------------------------- internals

    /// @dev Accrues bonus interest up to now, re-rates with `accepted` (the manager's accepted
    /// deposits) and the current price, starts or stops the fee share, and stores the checkpoint.
    function _checkpoint(address user, uint256 accepted) internal returns (UserData memory data) {
        data = _loadUser(user);
        _accrueAcrossLoss(data, accepted);
        _rerate(user, data, accepted);
        _storeUser(user, data);
        emit BonusCheckpointed(
            user,
            block.timestamp,
            _levelFromBase(data.rksu, data.bonusBase, _bonusPrice()),
            data.bonusBase,
            data.bonusAccrued * UNIT9
        );
    }

    /// @dev Adds the bonus for the time since the checkpoint on the checkpoint's base (USDC) at
    /// the level of the current rKSU against it, converted to KSU at the current price (nothing
    /// while the price is stale), saturating, and moves the checkpoint time to now. A price rise
    /// since the checkpoint lowers the KSU paid: the USDC value paid is rate x base x time.
    function _accrueBonus(UserData memory data) internal view {
        uint256 from = data.bonusTime;
        data.bonusTime = block.timestamp;
        if (data.bonusBase == 0 || block.timestamp <= from) return;
        uint256 until = block.timestamp;
        {
            // A loss since the checkpoint: the base (what was held then) counts up to the loss
            // only; the stretch after it waits for a checkpoint that re-reads what is held.
            uint256 loss = _lossTime;
            if (from < loss) {
                until = loss;
                data.bonusTime = loss;
            }
        }
        if (until <= from) return;
        uint256 price = _bonusPrice();
        uint256 level = _levelFromBase(data.rksu, data.bonusBase, price);
        if (level == 0) return;
        uint256 rate = level == 1 ? BONUS_RATE_LEVEL_1 : BONUS_RATE_LEVEL_2;
        // base (USDC units) x 1e18 / price = KSU wei; x rate / 1e18 x seconds / epoch, in units
        // of 1e9 wei; rounded down. base < 2^55, rate < 2^46, seconds < 2^32: no overflow.
        uint256 accrued;
        unchecked {
            // price != 0 (level > 0); every factor is bounded as above, accrued < 2^56.
            accrued = data.bonusAccrued + data.bonusBase * rate * (until - from)
                / (price * UNIT9 * EpochMath.EPOCH_DURATION);
        }
        data.bonusAccrued = Math.min(accrued, MAX_ACCRUED);
    }

    /// @dev `_accrueBonus`, and if it stopped at a loss, the stretch since the loss on the lower
    /// of the checkpoint's base and `accepted` (what is held now, read by the caller): a position
    /// the loss cut earns on what is left, never on what was lost.
    function _accrueAcrossLoss(UserData memory data, uint256 accepted) internal view {
        _accrueBonus(data);
        if (data.bonusTime == block.timestamp) return;
        uint256 held = accepted < MIN_ACCEPTED_DEPOSITS ? 0 : accepted;
        if (held < data.bonusBase) data.bonusBase = held;
        _accrueBonus(data);
    }

    /// @dev The price bonus interest is converted at: the last KSU price set (also when stale:
    /// a stale price only stops new bases, see `_rerate`).
    function _bonusPrice() internal view returns (uint256) {
        return _accruePrice;
    }

    /// @dev Sets the bonus base to `accepted` deposits (USDC; 0 below `MIN_ACCEPTED_DEPOSITS`
    /// or without a manager) and the fee share: eligible with a base, frozen without (rKSU moves
    /// between the totals; an unfreeze moves each lock's fee debt past the frozen stretch, a loop
    /// over the user's locks: only checkpoints unfreeze, never the manager's notification).
    /// Returns the accumulator the user's locks follow from now on.
    function _rerate(address user, UserData memory data, uint256 accepted)
        internal
        returns (uint256 acc)
    {
        bool frozen = _manager == address(0) || accepted < MIN_ACCEPTED_DEPOSITS;
        uint256 base;
        if (!frozen && block.timestamp <= _priceValidUntil) base = Math.min(accepted, MAX_BASE);
        data.bonusBase = base;
        acc = _rewardPerRksu;
        if (frozen == data.frozen) return frozen ? _frozenAcc[user] : acc;
        data.frozen = frozen;
        uint256 rksu = data.rksu;
        if (frozen) {
            _frozenAcc[user] = acc;
            _frozenRksu += rksu;
            // forge-lint: disable-next-line(unsafe-typecast) rksu <= _totalRksu < 2^96
            _totalRksu -= uint96(rksu);
        } else {
            uint256 gap = acc - _frozenAcc[user];
            delete _frozenAcc[user];
            _frozenRksu -= rksu;
            _totalRksu = (_totalRksu + rksu).toUint96();
            mapping(uint256 => LockData) storage locks = _locks[user];
            uint256 count = data.lockCount;
            for (uint256 i; i < count; ++i) {
                LockData storage l = locks[i];
                uint256 lockRksu = _lockRksu(l.amount, l.multiplier);
                if (lockRksu == 0) continue;
                // The frozen stretch, rounded up: in favour of the pool.
                l.feeDebt = (l.feeDebt
                        + Math.mulDiv(lockRksu, gap, ACC_SCALE, Math.Rounding.Ceil).toInt256())
                .toInt80();
            }
        }
        emit FeeEligibilitySet(user, !frozen);
    }

    /// @dev The manager's accepted deposits of `user` counted at most at their value
    /// (`userAcceptedValue`); 0 without a manager or if the call fails (a manager that cannot
    /// answer grants no bonus and no fee share, and never blocks a checkpoint). The call leaves
    /// `reserve` gas to the caller (a read that would need it fails, counting 0).
    function _acceptedDeposits(address user, uint256 reserve)
        internal
        view
        returns (uint256 value)
    {
        address manager_ = _manager;
        if (manager_ == address(0)) return 0;
        bytes4 selector = ILendingPoolAdmin.userAcceptedValue.selector;
        assembly ("memory-safe") {
            mstore(0x00, selector)
            mstore(0x04, and(user, shr(96, not(0))))
            let left := gas()
            let limit := 0
            if gt(left, reserve) { limit := sub(left, reserve) }
            let ok := staticcall(limit, manager_, 0x00, 0x24, 0x00, 0x20)
            if and(ok, gt(returndatasize(), 0x1f)) { value := mload(0x00) }
        }
    }

    /// @dev The fee accumulator a user's locks follow: the frozen one while frozen.
    function _feeAcc(address user, UserData memory data) internal view returns (uint256) {
        return data.frozen ? _frozenAcc[user] : _rewardPerRksu;
    }

    /// @dev Level of `rksu` against a bonus base (accepted deposits, USDC units) at `price` (0: no
    /// fresh price, level 0): the loyalty rule, rKSU value x 100 against 5x (level 2) or 1x.
    function _levelFromBase(uint256 rksu, uint256 base, uint256 price)
        internal
        pure
        returns (uint8)
    {
        if (base == 0 || price == 0) return 0;
        unchecked {
            // rksu < 2^96, price < 2^48, base < 2^55: no overflow.
            uint256 value100 = rksu * price / WAD * 100;
            if (value100 >= 5 * base) return 2;
            if (value100 >= base) return 1;
        }
        return 0;
    }

    function _loadUser(address user) internal view returns (UserData memory data) {
        uint256 word = _users[user];
        data.rksu = word & type(uint96).max;
        data.lockCount = (word >> 96) & type(uint16).max;
        data.bonusTime = (word >> 112) & type(uint32).max;
        data.frozen = (word >> 144) & 1 == 1;
        data.bonusBase = (word >> 145) & MAX_BASE;
        data.bonusAccrued = word >> 200;
    }

    /// @dev Writes a user's slot with one SSTORE. Every field is in range: rKSU checked by lock,
    /// the count by TooManyLocks, the time is a uint32 until 2106, base and accrued saturate.
    function _storeUser(address user, UserData memory data) internal {
        _users[user] = data.rksu | data.lockCount << 96 | data.bonusTime << 112
            | (data.frozen ? 1 << 144 : 0) | data.bonusBase << 145 | data.bonusAccrued << 200;
    }

    /// @dev Writes a lock's slot with one SSTORE.
    function _storeLock(LockData storage ref, LockData memory l) internal {
        uint256 word = uint256(l.amount) | uint256(l.unlockTime) << 96 | uint256(l.periodId) << 128
            | uint256(l.multiplier) << 144 | uint256(uint80(l.feeDebt)) << 176;
        assembly ("memory-safe") {
            sstore(ref.slot, word)
        }
    }

    function _lockRksu(uint256 amount, uint256 multiplier) internal pure returns (uint256) {
        return amount * multiplier / UNIT9;
    }

    function _pendingFees(uint256 rksu, int256 feeDebt, uint256 acc)
        internal
        pure
        returns (uint256)
    {
        // forge-lint: disable-next-line(unsafe-typecast) < 2^224 / 1e30 < 2^127
        int256 pending = int256(rksu * acc / ACC_SCALE) - feeDebt;
        // forge-lint: disable-next-line(unsafe-typecast) pending > 0
        return pending > 0 ? uint256(pending) : 0;
    }

    function _periodView(uint256 id, LockPeriodData memory p)
        internal
        pure
        returns (LockPeriod memory)
    {
        return LockPeriod({
            id: id,
            lockPeriod: p.duration,
            rKSUMultiplier: uint256(p.multiplier) * UNIT9,
            ksuBonusMultiplier: p.bonusMultiplier
        });
    }
}
