// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// @title IKsuLocking
/// @notice What the lending pool manager needs from the KSU locking contract: the loyalty level
/// that ranks requests in clearing, and the fee-sharing entry point. Below them, the rest of the
/// locking contract: lock periods, locks, the non-transferable rKSU ledger, the launch bonus, fee
/// claims, the KSU price source and bonus interest in KSU.
/// @dev Units: KSU and rKSU have 18 decimals, USDC 6, multipliers and rates are 18-decimal fixed
/// point, the KSU price is USDC units (6 decimals) per whole KSU.
interface IKsuLocking {
    // ---------------------------------------------------------------- used by the manager

    /// @notice The user's loyalty level: 0, 1 or 2.
    /// @dev ratio = rKSU(user) x KSU price (USDC) / manager.userTotalDeposits(user) x 100;
    /// below 1 -> 0, 1 to below 5 -> 1, 5 or more -> 2. Zero deposits -> 0. A KSU price older
    /// than `maxPriceAge` -> 0 (a stale price never grants priority).
    function loyaltyLevel(address user) external view returns (uint8);

    /// @notice Shares `usdcAmount` of performance fees among the KSU lockers that hold accepted
    /// deposits, pro rata rKSU.
    /// @dev Only the manager (FEE_NOTIFIER_ROLE). The manager has already transferred the USDC to
    /// this contract. Lockers without accepted deposits (see `feeEligible`) take no share: their
    /// part goes to the eligible lockers. With less than `MIN_RKSU_FOR_FEES` (1 rKSU) eligible the
    /// amount is owed to the treasury (also with none at all).
    function notifyFees(uint256 usdcAmount) external;

    /// @notice The manager reports a loss now (FEE_NOTIFIER_ROLE, i.e. the manager, from
    /// `reportLoss`): every locker's bonus stops accruing on its checkpoint's base at this time;
    /// the next checkpoint of the locker (lock, claimBonus, checkpointBonus by anyone) accrues the
    /// stretch since on the lower of that base and what the locker holds then. So a position a
    /// loss wiped earns no bonus even if nobody checkpoints its owner.
    function notifyLoss() external;

    /// @notice A loss was reported at `time` (see `notifyLoss`).
    event LossNotified(uint256 time);

    /// @notice The manager lowered `user`'s accepted deposits (principal) by `decrease` (USDC
    /// units).
    /// @dev Only the manager, right after the decrease: accrues bonus interest up to now on the
    /// old base and lowers the base by `decrease`. If that leaves less than 1 USDC, it reads the
    /// manager's `userAcceptedValue` (what is held now): below 1 USDC the base is 0 and the user's
    /// fee share stops (a failed read counts 0). It only lowers: it never raises the base nor
    /// restarts a fee share (the next checkpoint re-reads the manager). A no-op for a user without
    /// rKSU. Not pausable: a pause must not block withdrawals. The manager calls it with a gas cap
    /// and ignores a failure (`LockingNotificationFailed`): exits never depend on this contract.
    function notifyDepositsDecreased(address user, uint256 decrease) external;

    // ---------------------------------------------------------------- types

    /// @notice A lock period as the views return it.
    /// @param id Period id, from 1.
    /// @param lockPeriod Lock length in seconds.
    /// @param rKSUMultiplier rKSU per locked KSU (18 decimals), e.g. 0.05e18.
    /// @param ksuBonusMultiplier Launch bonus in KSU per locked KSU (18 decimals), e.g. 0.10e18.
    struct LockPeriod {
        uint256 id;
        uint256 lockPeriod;
        uint256 rKSUMultiplier;
        uint256 ksuBonusMultiplier;
    }

    /// @notice A user's lock as the views return it.
    /// @param lockId Id within the user's locks, from 0 in creation order.
    /// @param lockPeriodId The period it was locked for.
    /// @param amount KSU still locked.
    /// @param rKsu rKSU it holds (amount x the period's rKSU multiplier, rounded down).
    /// @param startTime When it was locked.
    /// @param unlockTime From when it may be unlocked.
    /// @param claimableFees USDC fees accrued on it and not yet claimed.
    struct UserLock {
        uint256 lockId;
        uint256 lockPeriodId;
        uint256 amount;
        uint256 rKsu;
        uint256 startTime;
        uint256 unlockTime;
        uint256 claimableFees;
    }

    /// @notice A user's whole locking position, for the app in one call.
    /// @param rKsu The user's rKSU.
    /// @param stakedKsu KSU locked over all locks.
    /// @param claimableFees USDC fees claimable (as `claimableFees`).
    /// @param bonusAmount KSU bonus interest owed (as `getUserTotalBonusAmount`).
    /// @param loyaltyLevel The live loyalty level (as `loyaltyLevel`).
    /// @param locks The locks still holding KSU or unclaimed fees (as `getUserLocks`).
    struct UserSummary {
        uint256 rKsu;
        uint256 stakedKsu;
        uint256 claimableFees;
        uint256 bonusAmount;
        uint8 loyaltyLevel;
        UserLock[] locks;
    }

    // ---------------------------------------------------------------- events

    /// @notice A lock period was added.
    event LockPeriodAdded(
        uint256 indexed id, uint256 lockPeriod, uint256 rKSUMultiplier, uint256 ksuBonusMultiplier
    );

    /// @notice A lock period was enabled or disabled for new locks.
    event LockPeriodActiveSet(uint256 indexed id, bool active);

    /// @notice `user` locked `amount` KSU for period `lockPeriodId`, received `rKsu` and a
    /// launch bonus of `launchBonus` KSU (paid at once, netted against the KSU pulled).
    event Locked(
        address indexed user,
        uint256 indexed lockId,
        uint256 indexed lockPeriodId,
        uint256 amount,
        uint256 rKsu,
        uint256 unlockTime,
        uint256 launchBonus
    );

    /// @notice `user` took `amount` KSU out of lock `lockId`, burning `rKsu`.
    event Unlocked(address indexed user, uint256 indexed lockId, uint256 amount, uint256 rKsu);

    /// @notice `from` added `amount` KSU to the bonus pool.
    event BonusPoolFunded(address indexed from, uint256 amount);

    /// @notice Performance fees arrived; `rewardPerRksu` is the accumulator after them
    /// (`toTreasury` is the part owed to the treasury because too little rKSU was outstanding).
    event FeesNotified(uint256 amount, uint256 toTreasury, uint256 rewardPerRksu);

    /// @notice `user` claimed `amount` USDC of fees.
    event FeesClaimed(address indexed user, uint256 amount);

    /// @notice `user` started (`eligible`) or stopped sharing fees: lockers share the fees
    /// notified while they hold accepted deposits.
    event FeeEligibilitySet(address indexed user, bool eligible);

    /// @notice The treasury received `amount` USDC of fees owed to it.
    event TreasuryFeesClaimed(address indexed treasury, uint256 amount);

    /// @notice `user`'s bonus interest was accrued up to `time`; from now on it accrues at
    /// `level` on `base` (the accepted deposits counted now, USDC units; 0 below
    /// 1 USDC).
    event BonusCheckpointed(
        address indexed user, uint256 time, uint8 level, uint256 base, uint256 accrued
    );

    /// @notice `user` received `amount` KSU of bonus interest.
    event BonusClaimed(address indexed user, uint256 amount);

    /// @notice The KSU price was set (USDC units per KSU).
    event KsuPriceSet(uint256 priceUsdc6, uint256 updatedAt);

    /// @notice The maximum price age was set (seconds).
    event MaxPriceAgeSet(uint256 maxPriceAge);

    /// @notice The manager (and with it the USDC token) was set.
    event ManagerSet(address indexed manager, address usdc);

    /// @notice The treasury address was set.
    event TreasurySet(address indexed treasury);

    // ---------------------------------------------------------------- locking

    /// @notice Locks `amount` KSU for lock period `lockPeriodId`.
    /// @dev Mints rKSU = amount x rKSUMultiplier (rounded down, must be > 0). Pays the launch
    /// bonus min(amount x ksuBonusMultiplier, bonusPool) at once: the contract pulls
    /// `amount - bonus` KSU (approve at least that much). Accrues the caller's bonus interest
    /// and re-rates it with the new rKSU (see `checkpointBonus`). Not while paused.
    /// @return lockId Id of the new lock among the caller's locks (from 0).
    function lock(uint256 amount, uint256 lockPeriodId) external returns (uint256 lockId);

    /// @notice Takes `amount` KSU out of the caller's lock `lockId` once its period is over.
    /// @dev Partial unlocks allowed; the lock's rKSU drops to (remaining amount x multiplier).
    /// Fees accrued on the lock stay claimable. Bonus interest is accrued up to now; its level
    /// follows the lower rKSU against the base of the last checkpoint (an unlock never raises
    /// it). Not pausable: a pause never traps locked KSU.
    function unlock(uint256 amount, uint256 lockId) external;

    /// @notice Adds `amount` KSU (pulled from the caller) to the bonus pool that pays launch
    /// bonuses and bonus interest. Anyone may fund it; it cannot be withdrawn.
    function fundBonusPool(uint256 amount) external;

    // ---------------------------------------------------------------- fees

    /// @notice Claims the caller's USDC fees over all their locks.
    /// @dev Pays what the locks earned while the caller shared fees (see `feeEligible`), also
    /// after the caller's deposits are gone. Reverts with nothing to claim. Not while paused.
    /// @return amount USDC paid to the caller.
    function claimFees() external returns (uint256 amount);

    /// @notice Sends the USDC fees owed to the treasury to it. Anyone may call.
    function claimTreasuryFees() external returns (uint256 amount);

    // ---------------------------------------------------------------- bonus interest

    /// @notice Accrues `user`'s bonus interest and re-rates it. Anyone may call.
    /// @dev The time since the last checkpoint accrues pro rata by the second on the base of that
    /// checkpoint (USDC), converted at the KSU price of the accrual (nothing while the price is
    /// stale): bonusKsu = base / price x ratePerEpoch(level) x seconds / EPOCH_DURATION, the
    /// level being the loyalty rule on rKSU against the base at that price. Then the manager's
    /// `userAcceptedDeposits` (accepted principal held, each position counted at most at its
    /// current value) is read again: the new base, 0 below 1 USDC; the user's fee
    /// share is started or stopped with it (`feeEligible`). Every decrease of accepted principal
    /// lowers the base at once (`notifyDepositsDecreased`); a loss of value lowers it at the next
    /// checkpoint, which anyone may trigger; an increase counts from the next checkpoint. Not
    /// while paused.
    function checkpointBonus(address user) external;

    /// @notice Checkpoints the caller and pays their accrued bonus interest in KSU, at most what
    /// the bonus pool holds (the rest stays owed). Reverts with nothing to pay. Not while paused.
    /// @return amount KSU paid.
    function claimBonus() external returns (uint256 amount);

    // ---------------------------------------------------------------- admin

    /// @notice Adds a lock period. DEFAULT_ADMIN_ROLE.
    /// @dev `lockPeriod` in seconds (1 to 10 years); `rKSUMultiplier` in (0, 1e18] with at most 9
    /// decimals (a multiple of 1e9); `ksuBonusMultiplier` in [0, 1e18]. Periods cannot be edited,
    /// only disabled, so existing locks keep their terms.
    function addLockPeriod(uint256 lockPeriod, uint256 rKSUMultiplier, uint256 ksuBonusMultiplier)
        external
        returns (uint256 id);

    /// @notice Enables or disables a lock period for new locks. DEFAULT_ADMIN_ROLE.
    function setLockPeriodActive(uint256 id, bool active) external;

    /// @notice Sets the KSU price in USDC units (6 decimals) per KSU, now. PRICE_SETTER_ROLE.
    /// Levels use it at once. Bonus interest is converted at a smoothed price: a rise at once, a
    /// fall over one day from the previous update (linearly), so a locker cannot pick a
    /// one-update dip to be paid more KSU.
    function setKsuPrice(uint256 priceUsdc6) external;

    /// @notice Sets how old (seconds) the KSU price may be before levels fall to 0.
    /// DEFAULT_ADMIN_ROLE.
    function setMaxPriceAge(uint256 maxPriceAge_) external;

    /// @notice Sets the manager, caches its USDC token, grants it FEE_NOTIFIER_ROLE and revokes
    /// the role from the previous manager. DEFAULT_ADMIN_ROLE. The USDC token may not change.
    function setManager(address manager_) external;

    /// @notice Sets the treasury that receives its fee share. DEFAULT_ADMIN_ROLE.
    function setTreasury(address treasury_) external;

    /// @notice Pauses / unpauses lock, fee and bonus claims. DEFAULT_ADMIN_ROLE.
    function pause() external;

    /// @notice See `pause`.
    function unpause() external;

    // ---------------------------------------------------------------- views

    /// @notice Role allowed to call `notifyFees`.
    function FEE_NOTIFIER_ROLE() external view returns (bytes32);

    /// @notice Role allowed to call `setKsuPrice`.
    function PRICE_SETTER_ROLE() external view returns (bytes32);

    /// @notice Below this eligible rKSU (1 rKSU), notified fees go to the treasury.
    function MIN_RKSU_FOR_FEES() external view returns (uint256);

    /// @notice Bonus interest per epoch for level 1 (18 decimals): 0.1% a year / 52.17857.
    function BONUS_RATE_LEVEL_1() external view returns (uint256);

    /// @notice Bonus interest per epoch for level 2 (18 decimals): 0.2% a year / 52.17857.
    function BONUS_RATE_LEVEL_2() external view returns (uint256);

    /// @notice The KSU token.
    function ksu() external view returns (address);

    /// @notice The USDC token (cached from the manager; zero before `setManager`).
    function usdc() external view returns (address);

    /// @notice The lending pool manager (zero before `setManager`).
    function manager() external view returns (address);

    /// @notice The treasury.
    function treasury() external view returns (address);

    /// @notice Start of epoch 0 (same clock as the manager).
    function genesis() external view returns (uint256);

    /// @notice The epoch that contains the current block.
    function currentEpoch() external view returns (uint256);

    /// @notice Active lock periods, in id order.
    function getLockPeriods() external view returns (LockPeriod[] memory);

    /// @notice A lock period by id and whether it is active.
    function getLockPeriod(uint256 id) external view returns (LockPeriod memory period, bool active);

    /// @notice The user's locks still holding KSU or unclaimed fees, in id order.
    function getUserLocks(address user) external view returns (UserLock[] memory);

    /// @notice rKSU, staked KSU, fees, bonus, level and locks of `user` in one call.
    function getUserSummary(address user) external view returns (UserSummary memory);

    /// @notice The user's rKSU.
    function rKsuBalance(address user) external view returns (uint256);

    /// @notice KSU the user has locked (sum over their locks).
    function stakedKsu(address user) external view returns (uint256);

    /// @notice KSU in the bonus pool.
    function bonusPool() external view returns (uint256);

    /// @notice USDC owed to the treasury.
    function treasuryFees() external view returns (uint256);

    /// @notice Fee accumulator: USDC per whole eligible rKSU, 1e18-scaled (USDC units x 1e30 / rKSU
    /// wei).
    function rewardPerRksu() external view returns (uint256);

    /// @notice USDC fees the user could claim now.
    function claimableFees(address user) external view returns (uint256);

    /// @notice Whether the user's locks share the fees notified now: true while the user held
    /// accepted deposits at the last checkpoint and none was lowered to 0 since.
    function feeEligible(address user) external view returns (bool);

    /// @notice rKSU that shares fees (that of the eligible lockers).
    function eligibleRksu() external view returns (uint256);

    /// @notice KSU bonus interest owed to the user: accrued plus the time since the last
    /// checkpoint at its level and base (claims pay at most `bonusPool`).
    function getUserTotalBonusAmount(address user) external view returns (uint256);

    /// @notice The user's bonus checkpoint: time, level (the loyalty rule on rKSU against the base
    /// at the current price, 0 without a fresh price) and base (accepted deposits counted, USDC
    /// units, 0 below 1 USDC).
    function bonusCheckpoint(address user)
        external
        view
        returns (uint256 time, uint8 level, uint256 base);

    /// @notice KSU price (USDC units per KSU) and when it was set.
    function ksuPrice() external view returns (uint256 priceUsdc6, uint256 updatedAt);

    /// @notice When the KSU price was last set.
    function ksuPriceUpdatedAt() external view returns (uint256);

    /// @notice Maximum age of the KSU price, seconds (default 7 days).
    function maxPriceAge() external view returns (uint256);

    /// @notice Whether the KSU price is set and no older than `maxPriceAge`.
    function isKsuPriceFresh() external view returns (bool);

    /// @notice rKSU token name ("rKSU").
    function name() external view returns (string memory);

    /// @notice rKSU token symbol ("rKSU").
    function symbol() external view returns (string memory);

    /// @notice rKSU decimals (18).
    function decimals() external view returns (uint8);

    /// @notice The user's rKSU (same as `rKsuBalance`).
    function balanceOf(address user) external view returns (uint256);

    /// @notice All rKSU outstanding.
    function totalSupply() external view returns (uint256);

    /// @notice Always 0: rKSU cannot be approved.
    function allowance(address owner, address spender) external view returns (uint256);

    /// @notice Always reverts: rKSU is non-transferable.
    function transfer(address to, uint256 amount) external returns (bool);

    /// @notice Always reverts: rKSU is non-transferable.
    function transferFrom(address from, address to, uint256 amount) external returns (bool);

    /// @notice Always reverts: rKSU is non-transferable.
    function approve(address spender, uint256 amount) external returns (bool);
}
