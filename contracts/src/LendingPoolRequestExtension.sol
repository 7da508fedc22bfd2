// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {LendingPoolBase} from "./LendingPoolBase.sol";
import {ILendingPoolRequests} from "./interfaces/ILendingPoolRequests.sol";
import "./libraries/Errors.sol" as E;
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title LendingPoolRequestExtension
/// @notice The lender's own changes to a pending request of the lending pool manager
/// (`cancelRequestPart`) and the pool manager's closing of a tranche at will (`closeTranche`). Deployed by `LendingPoolManagerExtension`'s constructor and reached only
/// through the manager's fallback and then the extension's (delegatecall on the manager's
/// storage); called directly it sees empty storage.
contract LendingPoolRequestExtension is LendingPoolBase, ILendingPoolRequests {
    using SafeERC20 for IERC20;

    /// @param usdc_ The USDC token (the same as the manager's).
    /// @param genesis_ Start of epoch 0 (the same as the manager's).
    constructor(address usdc_, uint256 genesis_) LendingPoolBase(usdc_, genesis_) {}

    /// @inheritdoc ILendingPoolRequests
    function cancelRequestPart(uint256 poolId, uint256 nftId, uint256 amount)
        external
        whenNotPaused
    {
        Request storage r = _requests[nftId];
        if (r.status != RequestStatus.Pending || r.poolId != poolId) {
            revert E.RequestNotFound(nftId);
        }
        if (r.owner != msg.sender) revert E.NotOwner(msg.sender);
        if (r.configId == FORCED) revert E.ForcedWithdrawalNotCancellable(nftId);
        Pool storage pool = _pools[poolId];
        uint256 epoch = r.epoch;
        if (epoch < pool.nextEpochToClear) revert E.EpochAlreadyCleared(epoch);
        uint256 requested = r.amount;
        if (amount == 0 || amount >= requested) {
            revert E.CancelExceedsRequest(nftId, amount, requested);
        }
        uint256 remaining = requested - amount;
        uint256 trancheId = r.trancheId;
        Tranche storage tranche = pool.tranches[trancheId];
        RequestKind kind = r.kind;
        // forge-lint: disable-next-line(unsafe-typecast)
        r.amount = uint96(remaining); // < requested, a uint96
        // Same level and bucket: the part leaves its bucket as the whole would (`_cancel`).
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.buckets[epoch][_key(trancheId, kind, r.level)].total -= uint128(amount);
        if (kind == RequestKind.Deposit) {
            uint256 minimum = tranche.minimumDeposit;
            if (remaining < minimum) revert E.DepositBelowMinimum(remaining, minimum);
            // forge-lint: disable-next-line(unsafe-typecast)
            pool.escrowedDeposits -= uint128(amount);
            Account storage a = _accounts[msg.sender];
            uint256 deposits = a.deposits;
            // forge-lint: disable-next-line(unsafe-typecast)
            a.deposits = uint96(deposits > amount ? deposits - amount : 0);
            IERC20(usdc).safeTransfer(msg.sender, amount);
        } else {
            // The part's principal, pro rata by shares (rounded down: the rest stays with the
            // request and is accounted for when it is paid or returned).
            uint256 principal = uint256(r.principal) * amount / requested;
            // forge-lint: disable-next-line(unsafe-typecast)
            r.principal -= uint80(principal);
            Holding storage holding = tranche.holdings[msg.sender];
            // forge-lint: disable-next-line(unsafe-typecast)
            holding.shares += uint128(amount);
            // forge-lint: disable-next-line(unsafe-typecast)
            holding.principal += uint80(principal);
        }
        emit RequestPartCancelled(nftId, msg.sender, amount, remaining);
    }

    /// @inheritdoc ILendingPoolRequests
    function closeTranche(uint256 poolId, uint256 trancheId) external onlyRole(POOL_MANAGER_ROLE) {
        Pool storage pool = _pool(poolId);
        _trancheOf(pool, poolId, trancheId);
        if ((pool.closedTranches & (1 << trancheId)) != 0) {
            revert E.TrancheAlreadyClosed(poolId, trancheId);
        }
        // forge-lint: disable-next-line(unsafe-typecast) trancheId < MAX_TRANCHES
        pool.closedTranches |= uint8(1 << trancheId);
        emit TrancheClosedByManager(poolId, trancheId);
    }
}
