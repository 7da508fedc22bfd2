// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IReferralRewards} from "./interfaces/IReferralRewards.sol";
import {ZeroAddress} from "./libraries/Errors.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @dev The manager's recorded fee of a pool's epoch (`ILendingPoolAdmin.epochFee`).
interface IFeeSource {
    function epochFee(uint256 poolId, uint256 epoch) external view returns (uint256);
}

/// @title ReferralRewards
/// @notice Pays referral rewards from the treasury, once per (pool, epoch, referrer).
contract ReferralRewards is IReferralRewards, AccessControl {
    using SafeERC20 for IERC20;

    /// @inheritdoc IReferralRewards
    bytes32 public constant override KEEPER_ROLE = keccak256("KEEPER_ROLE");
    /// @inheritdoc IReferralRewards
    uint256 public constant override MAX_BATCH = 100;

    /// @inheritdoc IReferralRewards
    uint256 public constant override MAX_FEE_SHARE = 0.5e18;

    /// @inheritdoc IReferralRewards
    address public immutable override usdc;
    /// @inheritdoc IReferralRewards
    address public immutable override treasury;

    mapping(uint256 poolId => mapping(uint256 epoch => mapping(address referrer => uint256)))
        internal _paid;
    mapping(address referrer => uint256) internal _deferred;
    mapping(uint256 poolId => mapping(uint256 epoch => uint256)) internal _paidTotal;
    /// @inheritdoc IReferralRewards
    address public override feeSource;

    /// @param usdc_ The USDC token.
    /// @param treasury_ Pays the rewards (approves this contract).
    /// @param admin Receives the admin role.
    /// @param keeper Receives the keeper role.
    constructor(address usdc_, address treasury_, address admin, address keeper) {
        if (usdc_ == address(0) || treasury_ == address(0) || admin == address(0)) {
            revert ZeroAddress();
        }
        usdc = usdc_;
        treasury = treasury_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        if (keeper != address(0)) _grantRole(KEEPER_ROLE, keeper);
    }

    /// @inheritdoc IReferralRewards
    function pay(
        uint256 poolId,
        uint256 epoch,
        address[] calldata referrers,
        uint256[] calldata amounts
    ) external override onlyRole(KEEPER_ROLE) {
        uint256 n = referrers.length;
        if (n != amounts.length || n > MAX_BATCH) revert InvalidBatch(n, amounts.length);
        mapping(address => uint256) storage paidFor = _paid[poolId][epoch];
        uint256 cap = type(uint256).max;
        address source = feeSource;
        if (source != address(0)) {
            cap = IFeeSource(source).epochFee(poolId, epoch) * MAX_FEE_SHARE / 1e18;
        }
        uint256 total = _paidTotal[poolId][epoch];
        for (uint256 i; i < n; ++i) {
            address referrer = referrers[i];
            uint256 amount = amounts[i];
            if (amount == 0 || referrer == address(0) || paidFor[referrer] != 0) continue;
            if (total + amount > cap) {
                emit ReferralRewardRefused(referrer, poolId, epoch, amount);
                continue;
            }
            total += amount;
            paidFor[referrer] = amount;
            if (IERC20(usdc).trySafeTransferFrom(treasury, referrer, amount)) {
                emit ReferralRewardPaid(referrer, poolId, epoch, amount);
            } else {
                _deferred[referrer] += amount;
                emit ReferralRewardDeferred(referrer, poolId, epoch, amount);
            }
        }
        _paidTotal[poolId][epoch] = total;
    }

    /// @inheritdoc IReferralRewards
    function setFeeSource(address manager) external override onlyRole(DEFAULT_ADMIN_ROLE) {
        feeSource = manager;
        emit FeeSourceSet(manager);
    }

    /// @inheritdoc IReferralRewards
    function paidTotal(uint256 poolId, uint256 epoch) external view override returns (uint256) {
        return _paidTotal[poolId][epoch];
    }

    /// @inheritdoc IReferralRewards
    function claimDeferred() external override returns (uint256 amount) {
        amount = _deferred[msg.sender];
        if (amount == 0) revert NothingDeferred(msg.sender);
        _deferred[msg.sender] = 0;
        IERC20(usdc).safeTransferFrom(treasury, msg.sender, amount);
        emit DeferredRewardClaimed(msg.sender, amount);
    }

    /// @inheritdoc IReferralRewards
    function deferredOf(address referrer) external view override returns (uint256) {
        return _deferred[referrer];
    }

    /// @inheritdoc IReferralRewards
    function paid(uint256 poolId, uint256 epoch, address referrer)
        external
        view
        override
        returns (uint256)
    {
        return _paid[poolId][epoch][referrer];
    }
}
