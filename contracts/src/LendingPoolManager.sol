// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {LendingPoolBase} from "./LendingPoolBase.sol";
import {RequestNFT} from "./RequestNFT.sol";
import {IKsuLocking} from "./interfaces/IKsuLocking.sol";
import {ILendingPoolCore} from "./interfaces/ILendingPoolCore.sol";
import {EpochMath} from "./libraries/EpochMath.sol";
import "./libraries/Errors.sol" as E;
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

/// @title LendingPoolManager
/// @notice Deposit and withdrawal requests, the KYC gate, constant-cost clearing, lazy
/// settlement and fixed-term locks. Pool views, the pool manager's operations and admin settings
/// live in `LendingPoolManagerExtension`, reached through the fallback by delegatecall; the full
/// ABI is `ILendingPoolManager`.
contract LendingPoolManager is LendingPoolBase, ILendingPoolCore, EIP712 {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    /// @dev See ILendingPoolManager.
    address public immutable extension;

    /// @dev A request being created or increased.
    struct NewRequest {
        uint256 poolId;
        uint256 trancheId;
        RequestKind kind;
        uint256 epoch;
        uint256 configId;
        uint256 amount;
        /// @dev Withdrawals: first epoch of the request's continuous queue.
        uint256 since;
    }

    /// @dev A tranche's variable ledger at a clearing (virtual shares and assets included): before
    /// any withdrawal (`assets`, `shares`: what the epoch's withdrawals are paid against and
    /// what is stored), and whether the epoch's withdrawals or deposits used it.
    struct Ledger {
        uint256 assets;
        uint256 shares;
        bool used;
        /// @dev Bit `level`: that withdrawal bucket accepted shares.
        uint256 withdrawnLevels;
    }

    /// @dev Gas given to `KsuLocking.notifyFees` (an accumulator update, about 30k).
    uint256 internal constant NOTIFY_FEES_GAS = 100_000;

    bytes32 internal constant KYC_TYPEHASH = keccak256(
        "KycAuthorization(address user,uint256 chainId,uint256 nonce,uint256 blockExpiration,bytes32 callDataHash)"
    );
    /// @dev See ILendingPoolManager.
    address public immutable requestNft;

    uint256 internal _lockCount;

    /// @param admin Receives the admin, pool manager and pauser roles.
    /// @param usdc_ The USDC token.
    /// @param genesis_ Start of epoch 0 (unix seconds), not in the future.
    /// @param extension_ A `LendingPoolManagerExtension` built with the same USDC and genesis.
    constructor(address admin, address usdc_, uint256 genesis_, address extension_)
        LendingPoolBase(usdc_, genesis_)
        EIP712("LendingPoolManager", "1")
    {
        if (admin == address(0)) revert E.ZeroAddress();
        if (
            LendingPoolBase(extension_).genesis() != genesis_
                || LendingPoolBase(extension_).usdc() != usdc_
        ) revert E.ExtensionMismatch();
        extension = extension_;
        treasury = admin;
        requestNft = address(new RequestNFT());
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(POOL_MANAGER_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
    }

    /// @dev Every function not implemented here (pool views, the pool manager's operations, admin
    /// settings, position views) runs in the extension on this contract's storage.
    fallback() external {
        address target = extension;
        assembly ("memory-safe") {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }

    /// @inheritdoc ILendingPoolCore
    function requestEpoch() external view returns (uint256) {
        return _requestEpoch();
    }

    /// @inheritdoc ILendingPoolCore
    function requestDepositWithKyc(
        uint256 poolId,
        uint256 trancheId,
        uint256 amount,
        uint256 fixedTermConfigId,
        ContractAcceptance calldata acceptance,
        KycAuthorization calldata kyc
    ) external whenNotPaused returns (uint256 nftId) {
        _checkKyc(poolId, trancheId, amount, fixedTermConfigId, kyc);
        nftId = _requestDeposit(poolId, trancheId, amount, fixedTermConfigId);
        emit LoanContractAccepted(
            nftId, msg.sender, acceptance.signature, acceptance.timestamp, acceptance.version
        );
    }

    /// @inheritdoc ILendingPoolCore
    function requestWithdrawal(uint256 poolId, uint256 trancheId, uint256 shares)
        external
        whenNotPaused
        returns (uint256 nftId)
    {
        nftId = _requestWithdrawal(msg.sender, poolId, trancheId, shares);
    }

    /// @inheritdoc ILendingPoolCore
    function forceWithdrawal(uint256 poolId, uint256 trancheId, address user, uint256 shares)
        external
        onlyRole(POOL_MANAGER_ROLE)
        whenNotPaused
        returns (uint256 nftId)
    {
        if (user == address(0)) revert E.ZeroAddress();
        if (shares == 0) revert E.ZeroAmount();
        Pool storage pool = _pools[poolId];
        Holding storage holding = _trancheOf(pool, poolId, trancheId).holdings[user];
        uint256 free = holding.shares;
        if (shares > free) revert E.InsufficientShares(free, shares);
        uint256 epoch = _requestEpoch();
        nftId = _queueForced(user, pool, poolId, trancheId, shares, epoch);
        uint256 principal = _takeShares(holding, free, shares);
        _requests[nftId].principal += principal.toUint80();
        _reduceAccepted(user, principal);
        emit WithdrawalForced(nftId, user, poolId, trancheId, shares, msg.sender);
    }

    /// @inheritdoc ILendingPoolCore
    function cancelDepositRequest(uint256 poolId, uint256 nftId) external whenNotPaused {
        uint256 amount = _cancel(poolId, nftId, RequestKind.Deposit);
        // forge-lint: disable-next-line(unsafe-typecast)
        _pools[poolId].escrowedDeposits -= uint128(amount);
        _decreaseDeposits(msg.sender, amount);
        IERC20(usdc).safeTransfer(msg.sender, amount);
    }

    /// @inheritdoc ILendingPoolCore
    function cancelWithdrawalRequest(uint256 poolId, uint256 nftId) external whenNotPaused {
        Request storage r = _requests[nftId];
        if (r.configId == FORCED) revert E.ForcedWithdrawalNotCancellable(nftId);
        uint256 amount = _cancel(poolId, nftId, RequestKind.Withdrawal);
        Tranche storage tranche = _pools[poolId].tranches[r.trancheId];
        _credit(tranche, msg.sender, amount, r.principal);
    }

    /// @inheritdoc ILendingPoolCore
    function clear(uint256 poolId) external whenNotPaused {
        Pool storage pool = _pool(poolId);
        uint256 epoch = pool.nextEpochToClear;
        uint256 opensAt = EpochMath.clearingStart(genesis, epoch);
        if (block.timestamp < opensAt) revert E.ClearingNotOpen(poolId, epoch, opensAt);
        // Loss reports and clearing cannot race: during an incident only the pool manager
        // clears; otherwise only a keeper during the clearing period and one whole epoch of
        // grace after it (time for the operator to open an incident), then anyone.
        if (pool.incident) {
            if (!hasRole(POOL_MANAGER_ROLE, msg.sender)) revert E.IncidentOpen(poolId);
        } else if (
            block.timestamp < opensAt + (CLEARING_PERIOD + EpochMath.EPOCH_DURATION)
                && !hasRole(KEEPER_ROLE, msg.sender)
        ) {
            revert E.KeeperOnly(
                poolId, epoch, opensAt + (CLEARING_PERIOD + EpochMath.EPOCH_DURATION)
            );
        }
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.nextEpochToClear = uint64(epoch + 1);
        uint256 n = pool.trancheCount;
        uint256[3] memory fees;
        (uint256 interest, uint256 fee) = _applyInterest(pool, poolId, epoch, n, fees);
        _matureFixedTerms(pool, epoch, n);
        Ledger[3] memory ledgers;
        uint256 paid = _clearWithdrawals(pool, epoch, n, ledgers);
        uint256 accepted = _clearDeposits(pool, epoch, n, ledgers);
        for (uint256 i; i < n; ++i) {
            Ledger memory l = ledgers[i];
            if (!l.used && fees[i] == 0) continue;
            pool.totals[epoch][i] = ClearingTotals({
                assets: l.assets.toUint64(),
                shares: l.shares.toUint128(),
                fee: fees[i].toUint56(),
                // forge-lint: disable-next-line(unsafe-typecast) three bits
                withdrawnLevels: uint8(l.withdrawnLevels)
            });
        }
        emit EpochCleared(poolId, epoch, interest, fee, paid, accepted);
        _distributeFees(poolId, fee);
    }

    /// @inheritdoc ILendingPoolCore
    function claim(uint256 nftId) external whenNotPaused {
        if (!_settle(nftId)) {
            Request storage r = _requests[nftId];
            uint256 next = _pools[r.poolId].nextEpochToClear;
            if (r.status == RequestStatus.Pending && r.epoch < next) {
                revert E.PoolBehindSchedule(r.poolId, next);
            }
            revert E.RequestNotFound(nftId);
        }
    }

    /// @inheritdoc ILendingPoolCore
    function settle(uint256[] calldata nftIds) external whenNotPaused {
        if (nftIds.length > MAX_SETTLE_BATCH) {
            revert E.SettleBatchTooLarge(nftIds.length, MAX_SETTLE_BATCH);
        }
        for (uint256 i; i < nftIds.length; ++i) {
            _settle(nftIds[i]);
        }
    }

    /// @inheritdoc ILendingPoolCore
    function lockDepositForFixedTerm(
        uint256 poolId,
        uint256 trancheId,
        uint256 amount,
        uint256 configId
    ) external whenNotPaused returns (uint256 lockId) {
        if (amount == 0) revert E.ZeroAmount();
        if (EpochMath.isClearing(genesis, block.timestamp)) {
            revert E.FixedTermLockClosed(EpochMath.nextEpochStart(genesis, block.timestamp));
        }
        if (_accounts[msg.sender].kycStatus == KYC_BLOCKED) revert E.KycBlocked(msg.sender);
        Pool storage pool = _pools[poolId];
        Tranche storage tranche = _trancheOf(pool, poolId, trancheId);
        _checkOpen(pool, poolId, trancheId);
        _checkFixedTermUsable(tranche, poolId, trancheId, configId);
        // Overdue clearings would pay a new lock the fixed rate for epochs before it existed.
        uint256 next = pool.nextEpochToClear;
        if (next < _requestEpoch()) revert E.PoolBehindSchedule(poolId, next);
        uint256 shares = Math.mulDiv(
            amount,
            tranche.totalShares + VIRTUAL_SHARES,
            tranche.totalAssets + VIRTUAL_ASSETS,
            Math.Rounding.Ceil
        );
        Holding storage holding = tranche.holdings[msg.sender];
        uint256 free = holding.shares;
        if (shares > free) revert E.InsufficientShares(free, shares);
        uint256 principal = _takeShares(holding, free, shares);
        lockId = _createLock(pool, poolId, trancheId, configId, msg.sender, shares, principal);
    }

    /// @inheritdoc ILendingPoolCore
    function withdrawAtExpiry(uint256 poolId, uint256 lockId) external whenNotPaused {
        Lock storage l = _locks[lockId];
        if (l.owner == address(0) || l.poolId != poolId) revert E.LockNotFound(lockId);
        if (l.owner != msg.sender) revert E.NotOwner(msg.sender);
        uint256 end = l.endEpoch;
        if (l.withdrawAtExpiry || _requestEpoch() + _pools[poolId].requestEpochsInAdvance > end) {
            revert E.WithdrawAtExpiryNotAllowed(lockId);
        }
        l.withdrawAtExpiry = true;
        _config(poolId, l.trancheId, l.configId).maturingWithdrawShares[end] += l.shares;
        _reduceAccepted(msg.sender, l.principal);
        emit FixedTermWithdrawalRequested(lockId, msg.sender);
    }

    /// @inheritdoc ILendingPoolCore
    function releaseFixedTermLock(uint256 lockId) external whenNotPaused {
        Lock storage l = _locks[lockId];
        if (l.owner == address(0)) revert E.LockNotFound(lockId);
        Pool storage pool = _pools[l.poolId];
        uint256 end = l.endEpoch;
        uint256 next = pool.nextEpochToClear;
        if (l.released || end >= next || (l.withdrawAtExpiry && end + 1 >= next)) {
            revert E.LockNotReleasable(lockId);
        }
        l.released = true;
        address owner = l.owner;
        Tranche storage tranche = pool.tranches[l.trancheId];
        uint256 shares = _maturedShares(l);
        uint256 principal = l.principal;
        uint256 paid;
        if (l.withdrawAtExpiry) {
            Bucket storage b = pool.buckets[end + 1][_key(l.trancheId, RequestKind.Withdrawal, 2)];
            uint256 total = b.total;
            if (total != 0) {
                uint256 accepted = Math.mulDiv(shares, b.accepted, total);
                paid = _withdrawalAssets(pool, end + 1, l.trancheId, accepted);
                shares = Math.mulDiv(shares, total - b.accepted, total);
                uint256 back = Math.mulDiv(principal, total - b.accepted, total);
                _payWithdrawal(pool, owner, paid, principal - back, 0);
                principal = back;
            }
            // Its principal left the accepted deposits at `withdrawAtExpiry`; the rest is back.
        }
        _credit(tranche, owner, shares, principal);
        emit FixedTermReleased(lockId, owner, shares, paid);
    }

    function _checkKyc(
        uint256 poolId,
        uint256 trancheId,
        uint256 amount,
        uint256 configId,
        KycAuthorization calldata kyc
    ) internal {
        Account storage a = _accounts[msg.sender];
        uint8 status = a.kycStatus;
        if (status == KYC_BLOCKED) revert E.KycBlocked(msg.sender);
        if (status == KYC_ALLOWED) return;
        if (block.number > kyc.blockExpiration) revert E.KycExpired(kyc.blockExpiration);
        uint256 nonce = a.kycNonce;
        if (kyc.nonce != nonce) revert E.InvalidKycNonce(nonce, kyc.nonce);
        bytes32 digest = _hashTypedDataV4(
            keccak256(
                abi.encode(
                    KYC_TYPEHASH,
                    msg.sender,
                    block.chainid,
                    nonce,
                    kyc.blockExpiration,
                    keccak256(abi.encode(poolId, trancheId, amount, configId))
                )
            )
        );
        (address signer, ECDSA.RecoverError err,) = ECDSA.tryRecover(digest, kyc.signature);
        if (err != ECDSA.RecoverError.NoError || signer != kycSigner) {
            revert E.InvalidKycSignature();
        }
        // forge-lint: disable-next-line(unsafe-typecast)
        a.kycNonce = uint32(nonce + 1);
    }

    /// @dev `requestWithdrawal` for `owner`: moves `shares` of `owner`'s free shares in
    /// (pool, tranche) into the withdrawal request of `requestEpoch()` (created or increased),
    /// under the same queue, level and aging rules whoever calls (the owner, or the pool
    /// manager's `forceWithdrawal`), and tells KsuLocking the accepted deposits dropped.
    function _requestWithdrawal(address owner, uint256 poolId, uint256 trancheId, uint256 shares)
        internal
        returns (uint256 nftId)
    {
        if (shares == 0) revert E.ZeroAmount();
        Pool storage pool = _pools[poolId];
        Holding storage holding = _trancheOf(pool, poolId, trancheId).holdings[owner];
        {
            uint256 free = holding.shares;
            if (shares > free) revert E.InsufficientShares(free, shares);
        }
        uint256 epoch = _requestEpoch();
        (uint256 existing, uint256 since) =
            _withdrawalQueue(owner, pool, poolId, trancheId, epoch, shares);
        nftId = _addToRequest(
            owner,
            pool,
            existing,
            NewRequest({
                poolId: poolId,
                trancheId: trancheId,
                kind: RequestKind.Withdrawal,
                epoch: epoch,
                configId: 0,
                amount: shares,
                since: since
            })
        );
        _queueShares(owner, holding, nftId, shares);
    }

    function _requestDeposit(uint256 poolId, uint256 trancheId, uint256 amount, uint256 configId)
        internal
        returns (uint256 nftId)
    {
        if (amount == 0) revert E.ZeroAmount();
        Pool storage pool = _pools[poolId];
        uint256 epoch = _requestEpoch();
        Account storage a = _accounts[msg.sender];
        uint256 existing = _findOpenDeposit(a, poolId, trancheId, epoch);
        {
            // A block: its locals leave the stack before `_addToRequest`.
            Tranche storage tranche = _trancheOf(pool, poolId, trancheId);
            _checkOpen(pool, poolId, trancheId);
            if (configId != 0) _checkFixedTermUsable(tranche, poolId, trancheId, configId);
            uint256 total = amount;
            if (existing != 0) {
                Request storage r = _requests[existing];
                if (r.configId != configId) revert E.FixedTermConfigMismatch(existing, configId);
                total += r.amount;
            } else if (amount < tranche.minimumDeposit) {
                revert E.DepositBelowMinimum(amount, tranche.minimumDeposit);
            }
            if (total > tranche.maximumDeposit) {
                revert E.DepositAboveMaximum(total, tranche.maximumDeposit);
            }
        }
        IERC20(usdc).safeTransferFrom(msg.sender, address(this), amount);
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.escrowedDeposits += uint128(amount); // amount <= maximumDeposit < 2**128
        // Before the loyalty level is read: the level counts this deposit.
        a.deposits += amount.toUint96();
        nftId = _addToRequest(
            msg.sender,
            pool,
            existing,
            NewRequest(poolId, trancheId, RequestKind.Deposit, epoch, configId, amount, epoch)
        );
    }

    /// @dev The caller's pending deposit request of `epoch` in (pool, tranche), or 0, like
    /// `_findOpen`; cancelled deposit requests met on the way are unlinked from the list (each
    /// once), so a deposit costs the same however many deposit-and-cancel rounds came before
    /// (the walk meets only the user's live requests of the epoch and their cancelled
    /// withdrawals). A cancelled deposit leaves the on-chain list; its id and events stay.
    function _findOpenDeposit(Account storage a, uint256 poolId, uint256 trancheId, uint256 epoch)
        internal
        returns (uint256)
    {
        uint256 prev;
        uint256 id = a.lastRequestId;
        while (id != 0) {
            Request storage r = _requests[id];
            if (r.epoch < epoch) return 0;
            uint64 next = r.prevId;
            RequestStatus status = r.status;
            if (status == RequestStatus.Cancelled && r.kind == RequestKind.Deposit) {
                if (prev == 0) a.lastRequestId = next;
                else _requests[prev].prevId = next;
                id = next;
                continue;
            }
            if (
                status == RequestStatus.Pending && r.poolId == poolId && r.trancheId == trancheId
                    && r.kind == RequestKind.Deposit
            ) return id;
            prev = id;
            id = next;
        }
        return 0;
    }

    /// @dev Adds `shares` to `owner`'s forced withdrawal request of `requestEpoch()` in
    /// (pool, tranche), or creates one, aging from `since`; the caller moves the principal.
    function _queueForced(
        address owner,
        Pool storage pool,
        uint256 poolId,
        uint256 trancheId,
        uint256 shares,
        uint256 since
    ) internal returns (uint256 nftId) {
        uint256 epoch = _requestEpoch();
        uint256 existing;
        for (uint256 id = _accounts[owner].lastRequestId; id != 0;) {
            Request storage r = _requests[id];
            if (r.epoch < epoch) break;
            if (
                r.configId == FORCED && r.poolId == poolId && r.trancheId == trancheId
                    && r.status == RequestStatus.Pending
            ) {
                existing = id;
                // The older start of the two: merging never makes a forced request younger.
                uint256 start = epoch - r.queuedAge;
                if (start < since) since = start;
                break;
            }
            id = r.prevId;
        }
        nftId = _addToRequest(
            owner,
            pool,
            existing,
            NewRequest({
                poolId: poolId,
                trancheId: trancheId,
                kind: RequestKind.Withdrawal,
                epoch: epoch,
                configId: FORCED,
                amount: shares,
                since: since
            })
        );
    }

    /// @dev Creates a request of `owner`, or adds `q.amount` to `existing`, and to its bucket. The whole
    /// request takes the owner's level now (its latest change): an increase moves it to the
    /// bucket of that level. A level-0 request is never above its owner's level, so its increase
    /// skips the loyalty call (the owner may `rerate` it upwards); an aged withdrawal is level 2.
    function _addToRequest(address owner, Pool storage pool, uint256 existing, NewRequest memory q)
        internal
        returns (uint256 nftId)
    {
        uint8 level = _newLevel(owner, existing, q);
        uint256 added = q.amount;
        if (existing != 0) {
            added = _increase(pool, existing, q, level);
            nftId = existing;
        } else {
            nftId = ++_requestCount;
            Account storage a = _accounts[owner];
            // The two slots of `Request` written whole (one sstore each instead of one
            // read-modify-write per member); test_requestDeposit_storesEveryMember reads every
            // member back.
            uint256 word0 = uint256(uint160(owner)) | uint256(q.amount.toUint96()) << 160;
            uint256 word1 = uint256(a.lastRequestId) | uint256(q.epoch.toUint32()) << 64
                | uint256(q.poolId.toUint32()) << 96 | (q.trancheId & 0xff) << 128 | uint256(q.kind)
                << 136 | uint256(level) << 144 | uint256(RequestStatus.Pending) << 152
                | uint256(q.configId.toUint8()) << 160 | _queuedAge(q) << 248;
            Request storage r = _requests[nftId];
            assembly ("memory-safe") {
                sstore(r.slot, word0)
                sstore(add(r.slot, 1), word1)
            }
            // forge-lint: disable-next-line(unsafe-typecast)
            a.lastRequestId = uint64(nftId); // _requestCount is a uint64
            _nftTransfer(address(0), owner, nftId);
        }
        pool.buckets[q.epoch][_key(q.trancheId, q.kind, level)].total += added.toUint128();
        emit RequestCreated(
            nftId,
            owner,
            q.poolId,
            q.trancheId,
            q.epoch,
            q.kind,
            level,
            q.kind == RequestKind.Withdrawal ? 0 : q.configId,
            q.amount,
            existing != 0
        );
    }

    /// @dev `q.epoch - q.since` capped at 255 (stored as `Request.queuedAge`; 0 for deposits).
    function _queuedAge(NewRequest memory q) internal pure returns (uint256 age) {
        age = q.epoch - q.since;
        if (age > type(uint8).max) age = type(uint8).max;
    }

    function _newLevel(address owner, uint256 existing, NewRequest memory q)
        internal
        view
        returns (uint8)
    {
        if (q.kind == RequestKind.Withdrawal && q.epoch >= q.since + AGING_EPOCHS) {
            return TOP_LEVEL;
        }
        if (existing != 0 && _requests[existing].level == 0) return 0;
        return _loyaltyLevel(owner);
    }

    /// @dev Adds `q.amount` to the request `id`; if `level` differs from its level, moves the
    /// request's previous amount to the bucket of `level`. Returns what `level`'s bucket gains.
    function _increase(Pool storage pool, uint256 id, NewRequest memory q, uint8 level)
        internal
        returns (uint256 added)
    {
        Request storage r = _requests[id];
        added = q.amount;
        uint256 before = r.amount;
        r.amount = (before + added).toUint96();
        uint8 old = r.level;
        if (old != level) {
            // forge-lint: disable-next-line(unsafe-typecast)
            pool.buckets[q.epoch][_key(q.trancheId, q.kind, old)].total -= uint128(before);
            added += before;
            r.level = level;
            emit RequestRerated(id, old, level);
        }
        // forge-lint: disable-next-line(unsafe-typecast)
        uint8 age = uint8(_queuedAge(q)); // <= 255
        if (r.queuedAge != age) r.queuedAge = age;
    }

    /// @dev `owner`'s open withdrawal request of `epoch` in (pool, tranche), or 0, and the
    /// first epoch of the continuous queue the request (with `shares` added) belongs to: the
    /// queue of `owner`'s cleared request of `epoch - 1` if the request's total is at most
    /// what that request had rejected (a roll-over), else `epoch` (fresh). A cancelled request
    /// ends the queue; an accepted one leaves nothing to roll over. Visits only `owner`'s
    /// requests of `epoch` and `epoch - 1` (the list is newest first).
    function _withdrawalQueue(
        address owner,
        Pool storage pool,
        uint256 poolId,
        uint256 trancheId,
        uint256 epoch,
        uint256 shares
    ) internal view returns (uint256 existing, uint256 since) {
        since = epoch;
        for (uint256 id = _accounts[owner].lastRequestId; id != 0;) {
            Request storage r = _requests[id];
            uint256 e = r.epoch;
            if (e + 1 < epoch) break;
            if (
                r.poolId == poolId && r.trancheId == trancheId && r.kind == RequestKind.Withdrawal
                    && r.configId != FORCED
            ) {
                RequestStatus status = r.status;
                if (status == RequestStatus.Cancelled) break;
                if (e == epoch) {
                    existing = id;
                    shares += r.amount;
                } else {
                    if (e < pool.nextEpochToClear && shares <= _parts(r).rejected) {
                        since = e - r.queuedAge;
                    }
                    break;
                }
            }
            id = r.prevId;
        }
    }

    /// @dev Checks and marks a pending, uncleared request of the caller as cancelled; returns
    /// its amount, taken out of its bucket.
    function _cancel(uint256 poolId, uint256 nftId, RequestKind kind)
        internal
        returns (uint256 amount)
    {
        Request storage r = _requests[nftId];
        if (r.status != RequestStatus.Pending || r.kind != kind || r.poolId != poolId) {
            revert E.RequestNotFound(nftId);
        }
        if (r.owner != msg.sender) revert E.NotOwner(msg.sender);
        Pool storage pool = _pools[poolId];
        uint256 epoch = r.epoch;
        if (epoch < pool.nextEpochToClear) revert E.EpochAlreadyCleared(epoch);
        amount = r.amount;
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.buckets[epoch][_key(r.trancheId, kind, r.level)].total -= uint128(amount);
        r.status = RequestStatus.Cancelled;
        _nftTransfer(msg.sender, address(0), nftId);
        emit RequestCancelled(nftId, msg.sender, amount);
    }

    /// @dev `RequestNFT.mint(to, id)` (from 0) or `burn(from, id)` (to 0) by a plain call: no
    /// extcodesize check (the NFT is deployed by the constructor) and no ABI encoder.
    function _nftTransfer(address from, address to, uint256 nftId) internal {
        address nft = requestNft;
        bytes4 selector = from == address(0) ? RequestNFT.mint.selector : RequestNFT.burn.selector;
        address user = from == address(0) ? to : from;
        assembly ("memory-safe") {
            let fmp := mload(0x40)
            mstore(0x00, selector)
            mstore(0x04, and(user, shr(96, not(0))))
            mstore(0x24, nftId)
            if iszero(call(gas(), nft, 0, 0x00, 0x44, 0x00, 0x00)) {
                returndatacopy(fmp, 0x00, returndatasize())
                revert(fmp, returndatasize())
            }
            mstore(0x40, fmp)
        }
    }

    function _decreaseDeposits(address user, uint256 amount) internal {
        Account storage a = _accounts[user];
        uint256 deposits = a.deposits;
        a.deposits = uint96(deposits > amount ? deposits - amount : 0);
    }

    /// @dev The user's accepted deposits dropped by `amount` of principal (shares queued for
    /// withdrawal, a fixed-term lock set to withdraw at expiry): tells KsuLocking in the same
    /// transaction, so bonus interest and fee sharing stop counting them. Exits never depend on
    /// KsuLocking: the call gets `NOTIFY_GAS` (the caller must leave that much, else
    /// `InsufficientGas`) and a failure is only reported (`LockingNotificationFailed`); KsuLocking
    /// re-reads the figure at the user's next checkpoint, which anyone may trigger.
    function _reduceAccepted(address user, uint256 amount) internal {
        address locking = ksuLocking;
        if (locking == address(0)) return;
        bytes4 selector = IKsuLocking.notifyDepositsDecreased.selector;
        bytes4 gasError = E.InsufficientGas.selector;
        bytes32 failed = LockingNotificationFailed.selector;
        assembly ("memory-safe") {
            if lt(gas(), add(div(mul(NOTIFY_GAS, 64), 63), 2000)) {
                mstore(0x00, gasError)
                revert(0x00, 0x04)
            }
            let fmp := mload(0x40)
            mstore(0x00, selector)
            mstore(0x04, and(user, shr(96, not(0))))
            mstore(0x24, amount)
            if iszero(call(NOTIFY_GAS, locking, 0, 0x00, 0x44, 0x00, 0x00)) {
                log2(0x00, 0x00, failed, and(user, shr(96, not(0))))
            }
            mstore(0x40, fmp)
            mstore(0x60, 0)
        }
    }

    /// @dev Moves `shares` and their principal from a holding into withdrawal request `nftId`:
    /// queued shares stop counting as accepted deposits at once (rejected ones come back).
    function _queueShares(address owner, Holding storage holding, uint256 nftId, uint256 shares)
        internal
    {
        uint256 principal = _takeShares(holding, holding.shares, shares);
        _requests[nftId].principal += principal.toUint80();
        _reduceAccepted(owner, principal);
    }

    /// @dev Takes `shares` of `free` out of a holding with their principal (pro rata, rounded
    /// down); returns the principal.
    function _takeShares(Holding storage holding, uint256 free, uint256 shares)
        internal
        returns (uint256 principal)
    {
        principal = holding.principal * shares / free;
        // forge-lint: disable-next-line(unsafe-typecast)
        holding.shares = uint128(free - shares);
        // forge-lint: disable-next-line(unsafe-typecast)
        holding.principal -= uint80(principal);
    }

    /// @dev Step 1: interest of the epoch (variable and fixed-term ledgers), paid from the
    /// reserve (pro rata if it is short), less the performance fee.
    function _applyInterest(
        Pool storage pool,
        uint256 poolId,
        uint256 epoch,
        uint256 n,
        uint256[3] memory fees
    ) internal returns (uint256 net, uint256 fee) {
        uint256 due;
        for (uint256 i; i < n; ++i) {
            Tranche storage t = pool.tranches[i];
            uint256 pendingEpoch = t.pendingRateEpoch;
            if (pendingEpoch != 0 && epoch >= pendingEpoch) {
                t.epochInterestRate = t.pendingRate;
                t.pendingRate = 0;
                t.pendingRateEpoch = 0;
                emit TrancheRateApplied(poolId, i, t.epochInterestRate, epoch);
            }
            due += Math.mulDiv(t.totalAssets, t.epochInterestRate, WAD);
            uint256 configs = t.fixedTermConfigs.length;
            for (uint256 j; j < configs; ++j) {
                FixedTermConfig storage c = t.fixedTermConfigs[j];
                if (c.totalShares != 0) {
                    due += Math.mulDiv(c.totalAssets, c.epochInterestRate, WAD);
                }
            }
        }
        if (due == 0) return (0, 0);
        uint256 reserve = pool.interestReserve;
        uint256 available = Math.min(due, reserve);
        if (available < due) emit InterestShortfall(poolId, epoch, due, available);
        uint256 paid;
        for (uint256 i; i < n; ++i) {
            Tranche storage t = pool.tranches[i];
            uint256 part =
                Math.mulDiv(Math.mulDiv(t.totalAssets, t.epochInterestRate, WAD), available, due);
            uint256 partFee = Math.mulDiv(part, PERFORMANCE_FEE, WAD);
            t.totalAssets += part - partFee;
            paid += part;
            uint256 trancheFee = partFee;
            uint256 configs = t.fixedTermConfigs.length;
            for (uint256 j; j < configs; ++j) {
                FixedTermConfig storage c = t.fixedTermConfigs[j];
                if (c.totalShares == 0) continue;
                part = Math.mulDiv(
                    Math.mulDiv(c.totalAssets, c.epochInterestRate, WAD), available, due
                );
                partFee = Math.mulDiv(part, PERFORMANCE_FEE, WAD);
                c.totalAssets += part - partFee;
                t.fixedTermAssets += part - partFee;
                paid += part;
                trancheFee += partFee;
            }
            fees[i] = trancheFee;
            fee += trancheFee;
        }
        pool.interestReserve = reserve - paid;
        net = paid - fee;
        pool.idleLiquidity += net;
    }

    /// @dev Moves the fixed-term shares maturing at `epoch` back to the variable ledger, and the
    /// ones withdrawn at expiry into the next epoch's level-2 withdrawal bucket.
    function _matureFixedTerms(Pool storage pool, uint256 epoch, uint256 n) internal {
        for (uint256 i; i < n; ++i) {
            Tranche storage t = pool.tranches[i];
            uint256 configs = t.fixedTermConfigs.length;
            for (uint256 j; j < configs; ++j) {
                FixedTermConfig storage c = t.fixedTermConfigs[j];
                Maturity storage maturity = c.maturities[epoch];
                uint256 maturing = maturity.shares;
                if (maturing == 0) continue;
                uint256 assets = _sharesToAssets(maturing, c.totalAssets, c.totalShares);
                c.totalShares -= maturing;
                c.totalAssets -= assets;
                t.fixedTermAssets -= assets;
                uint256 shares = _mint(t, assets);
                maturity.variableShares = shares.toUint128();
                uint256 withdrawing = c.maturingWithdrawShares[epoch];
                if (withdrawing != 0) {
                    Bucket storage next =
                        pool.buckets[epoch + 1][_key(i, RequestKind.Withdrawal, TOP_LEVEL)];
                    next.total += Math.mulDiv(shares, withdrawing, maturing).toUint128();
                }
            }
        }
    }

    /// @dev Step 2: withdrawals, level 2 first, Senior first, each bucket pro rata up to the idle
    /// liquidity, all against the tranche's ledger totals before any withdrawal (kept in
    /// `ledgers` and stored for settlement): a bucket's `shares` are paid
    /// `shares * assets / totalShares` with full precision.
    function _clearWithdrawals(
        Pool storage pool,
        uint256 epoch,
        uint256 n,
        Ledger[3] memory ledgers
    ) internal returns (uint256 paid) {
        uint256 idle = pool.idleLiquidity;
        for (uint256 i; i < n; ++i) {
            Tranche storage t = pool.tranches[i];
            ledgers[i].assets = t.totalAssets + VIRTUAL_ASSETS;
            ledgers[i].shares = t.totalShares + VIRTUAL_SHARES;
        }
        // Once a bucket is cut short, the rounding dust left must not accept a lower bucket.
        bool exhausted;
        for (uint256 level = 3; level != 0;) {
            --level;
            for (uint256 i = n; i != 0;) {
                --i;
                Bucket storage b = pool.buckets[epoch][_key(i, RequestKind.Withdrawal, level)];
                uint256 total = b.total;
                if (total == 0) continue;
                Ledger memory l = ledgers[i];
                l.used = true;
                if (exhausted) continue;
                uint256 shares = total;
                uint256 assets = Math.mulDiv(shares, l.assets, l.shares);
                if (assets > idle) {
                    shares = Math.mulDiv(total, idle, assets);
                    assets = Math.mulDiv(shares, l.assets, l.shares);
                    exhausted = true;
                }
                if (shares == 0) continue;
                Tranche storage t = pool.tranches[i];
                t.totalShares -= shares;
                t.totalAssets -= assets;
                idle -= assets;
                paid += assets;
                // forge-lint: disable-next-line(unsafe-typecast)
                b.accepted = uint128(shares);
                l.withdrawnLevels |= 1 << level;
            }
        }
        pool.idleLiquidity = idle;
        pool.withdrawalPayouts += paid;
    }

    /// @dev Step 3: deposits, level 2 first, Senior first, up to each tranche's capacity; the
    /// overflow goes to more senior tranches only; the rest stays escrowed for refunds. A tranche
    /// closed after a wipe takes nothing. Shares are minted against each tranche's ledger totals
    /// after the withdrawals (full precision; settlement derives the same totals).
    function _clearDeposits(Pool storage pool, uint256 epoch, uint256 n, Ledger[3] memory ledgers)
        internal
        returns (uint256 accepted)
    {
        uint256[3] memory room;
        uint256[3] memory shares;
        uint256[3] memory assets;
        uint256[3] memory minted;
        uint256[3] memory added;
        uint256 closed = pool.closedTranches;
        for (uint256 i; i < n; ++i) {
            Tranche storage t = pool.tranches[i];
            uint256 totalAssets = t.totalAssets;
            uint256 used = totalAssets + t.fixedTermAssets;
            room[i] = t.capacity > used && (closed & (1 << i)) == 0 ? t.capacity - used : 0;
            shares[i] = t.totalShares + VIRTUAL_SHARES;
            assets[i] = totalAssets + VIRTUAL_ASSETS;
        }
        for (uint256 level = 3; level != 0;) {
            --level;
            for (uint256 i = n; i != 0;) {
                --i;
                Bucket storage b = pool.buckets[epoch][_key(i, RequestKind.Deposit, level)];
                uint256 total = b.total;
                if (total == 0) continue;
                uint256 rest = total;
                for (uint256 d = i; d < n && rest != 0; ++d) {
                    uint256 take = Math.min(rest, room[d]);
                    if (take == 0) continue;
                    room[d] -= take;
                    rest -= take;
                    added[d] += take;
                    minted[d] += Math.mulDiv(take, shares[d], assets[d]);
                    // forge-lint: disable-next-line(unsafe-typecast)
                    if (d == i) b.accepted = uint128(take);
                    // forge-lint: disable-next-line(unsafe-typecast)
                    else if (d == i + 1) b.reallocated1 = uint128(take);
                    // forge-lint: disable-next-line(unsafe-typecast)
                    else b.reallocated2 = uint128(take);
                }
                accepted += total - rest;
            }
        }
        for (uint256 i; i < n; ++i) {
            if (added[i] == 0) continue;
            Tranche storage t = pool.tranches[i];
            t.totalShares += minted[i];
            t.totalAssets += added[i];
            ledgers[i].used = true;
        }
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.escrowedDeposits -= uint128(accepted); // accepted <= the deposit buckets' totals
        pool.idleLiquidity += accepted;
    }

    /// @dev Half the fee to the treasury, half to the KSU lockers (all to the treasury without a
    /// locking contract).
    function _distributeFees(uint256 poolId, uint256 fee) internal {
        if (fee == 0) return;
        address locking = ksuLocking;
        uint256 toLockers = locking == address(0) ? 0 : fee / 2;
        treasuryFees += fee - toLockers;
        emit FeesDistributed(poolId, fee - toLockers, toLockers);
        if (toLockers != 0) {
            // Clearing never depends on KsuLocking: its notification gets a gas cap (the caller
            // must leave enough, or a caller could starve it on purpose) and if it fails the
            // lockers' half goes to the treasury, reported by `LockingFeesFailed`.
            if (gasleft() < NOTIFY_FEES_GAS * 64 / 63 + 30_000) revert E.InsufficientGas();
            try IKsuLocking(locking).notifyFees{gas: NOTIFY_FEES_GAS}(toLockers) {
                IERC20(usdc).safeTransfer(locking, toLockers);
            } catch {
                treasuryFees += toLockers;
                emit LockingFeesFailed(poolId, toLockers);
            }
        }
    }

    /// @dev Mints variable shares for `assets` at the current price (rounded down).
    function _mint(Tranche storage t, uint256 assets) internal returns (uint256 shares) {
        uint256 totalShares = t.totalShares;
        uint256 totalAssets = t.totalAssets;
        shares = _assetsToShares(assets, totalShares, totalAssets);
        t.totalShares = totalShares + shares;
        t.totalAssets = totalAssets + assets;
    }

    function _settle(uint256 nftId) internal returns (bool) {
        Request storage r = _requests[nftId];
        if (r.status != RequestStatus.Pending) return false;
        Pool storage pool = _pools[r.poolId];
        uint256 next = pool.nextEpochToClear;
        if (r.epoch >= next) return false;
        // A fixed-term deposit waits for the overdue clearings (earning the variable rate), so
        // its lock, created now, cannot be paid the fixed rate for epochs before it existed. A
        // forced withdrawal (configId FORCED) creates no lock: it pays like any withdrawal.
        if (r.configId != 0 && r.configId != FORCED && next < _requestEpoch()) return false;
        r.status = RequestStatus.Settled;
        address owner = r.owner;
        _nftTransfer(owner, address(0), nftId);
        Parts memory p = _parts(r);
        uint256 trancheId = r.trancheId;
        Tranche storage tranche = pool.tranches[trancheId];
        if (r.kind == RequestKind.Withdrawal) {
            uint256 principal = r.principal;
            uint256 amount = r.amount;
            if (p.rejected != 0) {
                uint256 back = principal * p.rejected / amount;
                emit RequestRejected(nftId, owner, p.rejected);
                _returnRejected(r, tranche, owner, p.rejected, back);
            }
            if (p.accepted != 0) {
                _payWithdrawal(pool, owner, p.assets, principal * p.accepted / amount, nftId);
                emit RequestAccepted(nftId, owner, p.assets, p.accepted);
            }
            return true;
        }
        if (p.accepted != 0) {
            if (r.configId != 0) {
                _createLock(pool, r.poolId, trancheId, r.configId, owner, p.shares, p.accepted);
            } else {
                _credit(tranche, owner, p.shares, p.accepted);
            }
            emit RequestAccepted(nftId, owner, p.accepted, p.shares);
        }
        // Counted for bonus interest and fee sharing from now on (`userAcceptedDeposits` sums the
        // holdings and locks: nothing per user to write here).
        if (p.reallocated1 != 0) {
            _credit(pool.tranches[trancheId + 1], owner, p.reallocatedShares1, p.reallocated1);
            emit RequestReallocated(
                nftId, owner, trancheId + 1, p.reallocated1, p.reallocatedShares1
            );
        }
        if (p.reallocated2 != 0) {
            _credit(pool.tranches[trancheId + 2], owner, p.reallocatedShares2, p.reallocated2);
            emit RequestReallocated(
                nftId, owner, trancheId + 2, p.reallocated2, p.reallocatedShares2
            );
        }
        if (p.rejected != 0) {
            // forge-lint: disable-next-line(unsafe-typecast)
            pool.escrowedDeposits -= uint128(p.rejected); // rejected <= amount (uint96)
            _decreaseDeposits(owner, p.rejected);
            _pay(owner, p.rejected, nftId);
            emit RequestRejected(nftId, owner, p.rejected);
        }
        return true;
    }

    /// @dev Rejected withdrawal shares (and their principal `back`) go back to the owner's free
    /// shares; a forced withdrawal's queue again as a forced withdrawal of the request epoch,
    /// aging from the same first epoch (enforced: never back to free shares the owner could lock
    /// or withdraw differently).
    function _returnRejected(
        Request storage r,
        Tranche storage tranche,
        address owner,
        uint256 shares,
        uint256 back
    ) internal {
        if (r.configId != FORCED) {
            _credit(tranche, owner, shares, back);
            return;
        }
        uint256 poolId = r.poolId;
        uint256 trancheId = r.trancheId;
        uint256 id =
            _queueForced(owner, _pools[poolId], poolId, trancheId, shares, r.epoch - r.queuedAge);
        _requests[id].principal += back.toUint80();
        emit WithdrawalForced(id, owner, poolId, trancheId, shares, address(this));
    }

    function _credit(Tranche storage tranche, address owner, uint256 shares, uint256 principal)
        internal
    {
        Holding storage holding = tranche.holdings[owner];
        holding.shares += shares.toUint128();
        holding.principal += principal.toUint80();
    }

    /// @dev Pays `assets` (see `_pay`) and lowers the user's principal by the `principal` part
    /// they held.
    function _payWithdrawal(
        Pool storage pool,
        address owner,
        uint256 assets,
        uint256 principal,
        uint256 nftId
    ) internal {
        _decreaseDeposits(owner, principal);
        if (assets == 0) return;
        pool.withdrawalPayouts -= assets;
        _pay(owner, assets, nftId);
    }

    /// @dev Sends `amount` USDC to `owner`; if the transfer fails (e.g. a blacklisted owner), the
    /// amount is owed to the owner instead (`claimDeferredPayout`), so one owner cannot block a
    /// settlement batch and nothing is lost.
    function _pay(address owner, uint256 amount, uint256 nftId) internal {
        if (IERC20(usdc).trySafeTransfer(owner, amount)) return;
        _deferredPayouts[owner] += amount;
        deferredPayouts += amount;
        emit PayoutDeferred(nftId, owner, amount);
    }

    function _createLock(
        Pool storage pool,
        uint256 poolId,
        uint256 trancheId,
        uint256 configId,
        address owner,
        uint256 shares,
        uint256 principal
    ) internal returns (uint256 lockId) {
        Tranche storage t = pool.tranches[trancheId];
        FixedTermConfig storage c = t.fixedTermConfigs[configId - 1];
        if (_wiped(c.totalShares, c.totalAssets)) {
            // A loss wiped the config's ledger after the deposit was accepted: the lock cannot
            // start in it (its shares are worthless), so the deposit stays variable.
            _credit(t, owner, shares, principal);
            emit FixedTermLockNotStarted(owner, poolId, trancheId, configId, shares);
            return 0;
        }
        uint256 assets = _toAssets(t, shares);
        t.totalShares -= shares;
        t.totalAssets -= assets;
        uint256 lockShares = _assetsToShares(assets, c.totalShares, c.totalAssets);
        c.totalShares += lockShares;
        c.totalAssets += assets;
        t.fixedTermAssets += assets;
        // Real epochs from the lock time (never before the clearing cursor, which is at most
        // `_requestEpoch()`), so clearing overdue epochs cannot mature a new lock.
        uint256 endEpoch = _requestEpoch() + c.epochLockDuration - 1;
        c.maturities[endEpoch].shares += lockShares.toUint128();
        lockId = ++_lockCount;
        _locks[lockId] = Lock({
            owner: owner,
            shares: lockShares.toUint96(),
            // forge-lint: disable-next-line(unsafe-typecast)
            poolId: uint32(poolId),
            // forge-lint: disable-next-line(unsafe-typecast)
            trancheId: uint8(trancheId),
            // forge-lint: disable-next-line(unsafe-typecast)
            configId: uint32(configId),
            endEpoch: endEpoch.toUint32(),
            withdrawAtExpiry: false,
            released: false,
            principal: principal.toUint96()
        });
        _userLocks[owner].push(lockId);
        emit FixedTermLocked(
            lockId, owner, poolId, trancheId, configId, assets, lockShares, endEpoch
        );
    }

    function _checkFixedTermUsable(
        Tranche storage tranche,
        uint256 poolId,
        uint256 trancheId,
        uint256 configId
    ) internal view {
        FixedTermConfig storage c = _config(poolId, trancheId, configId);
        FixedTermDepositStatus status = c.status;
        if (
            status == FixedTermDepositStatus.Disabled
                || (status == FixedTermDepositStatus.Allowlist
                    && !tranche.fixedTermAllowlist[configId][msg.sender])
                || _wiped(c.totalShares, c.totalAssets)
        ) revert E.FixedTermNotAvailable(poolId, trancheId, configId);
    }
}
