// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// @title IReferralRewards
/// @notice Pays referral rewards in USDC from the treasury: a referrer's share of the protocol
/// fee its referred lenders' interest paid, per pool and epoch (computed off chain from the
/// clearing, docs/protocol.md "Referral rewards"). Each (pool, epoch, referrer) is paid at most
/// once, so keepers can retry and run side by side.
interface IReferralRewards {
    /// @notice `referrer` was paid `amount` USDC for epoch `epoch` of pool `poolId`.
    event ReferralRewardPaid(
        address indexed referrer, uint256 indexed poolId, uint256 indexed epoch, uint256 amount
    );

    /// @notice The treasury's transfer to `referrer` failed (e.g. a blocklisted address, or a
    /// treasury short of USDC or allowance): the entry is recorded as due and owed to the
    /// referrer, who collects it with `claimDeferred` (the batch goes on).
    event ReferralRewardDeferred(
        address indexed referrer, uint256 indexed poolId, uint256 indexed epoch, uint256 amount
    );

    /// @notice An entry would take the (pool, epoch)'s payouts above `MAX_FEE_SHARE` of the fee
    /// its clearing recorded (`manager.epochFee`): refused and not recorded.
    event ReferralRewardRefused(
        address indexed referrer, uint256 indexed poolId, uint256 indexed epoch, uint256 amount
    );

    /// @notice The manager whose recorded epoch fees bound the payouts changed.
    event FeeSourceSet(address manager);

    /// @notice `referrer` collected `amount` USDC of deferred rewards.
    event DeferredRewardClaimed(address indexed referrer, uint256 amount);

    /// @dev The caller is owed no deferred reward.
    error NothingDeferred(address referrer);

    /// @dev `referrers` and `amounts` differ in length, or hold more than `MAX_BATCH` entries.
    error InvalidBatch(uint256 referrers, uint256 amounts);

    /// @notice Pays each referrer its reward for (`poolId`, `epoch`) from the treasury's USDC
    /// (the treasury approves this contract). Entries already paid, or of 0, are skipped; the
    /// rest are recorded before the transfer. A transfer that fails never blocks the batch: the
    /// entry is owed to its referrer (`ReferralRewardDeferred`, `claimDeferred`). Keeper role
    /// only; at most `MAX_BATCH` entries.
    function pay(
        uint256 poolId,
        uint256 epoch,
        address[] calldata referrers,
        uint256[] calldata amounts
    ) external;

    /// @notice USDC paid to `referrer` for (`poolId`, `epoch`); 0 when not paid.
    function paid(uint256 poolId, uint256 epoch, address referrer) external view returns (uint256);

    /// @notice Sets the lending pool manager whose `epochFee(pool, epoch)` bounds what one
    /// (pool, epoch) can pay (`MAX_FEE_SHARE` of it); 0 removes the bound. Admin only.
    function setFeeSource(address manager) external;

    /// @notice The manager bounding the payouts (0: none).
    function feeSource() external view returns (address);

    /// @notice USDC paid or owed for (`poolId`, `epoch`), all referrers.
    function paidTotal(uint256 poolId, uint256 epoch) external view returns (uint256);

    /// @notice The share of a (pool, epoch)'s recorded fee its referral payouts may take (the
    /// treasury's half; 18 decimals).
    function MAX_FEE_SHARE() external view returns (uint256);

    /// @notice Pays the caller its deferred rewards from the treasury (reverts, changing nothing,
    /// while the treasury cannot pay).
    function claimDeferred() external returns (uint256 amount);

    /// @notice Deferred rewards owed to `referrer`.
    function deferredOf(address referrer) external view returns (uint256);

    /// @notice The most entries one `pay` takes.
    function MAX_BATCH() external view returns (uint256);

    /// @notice The role allowed to pay.
    function KEEPER_ROLE() external view returns (bytes32);

    /// @notice The USDC token.
    function usdc() external view returns (address);

    /// @notice Where the USDC comes from.
    function treasury() external view returns (address);
}
