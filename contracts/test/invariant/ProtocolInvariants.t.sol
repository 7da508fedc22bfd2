// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../../src/interfaces/ILendingPoolTypes.sol";
import {ProtocolBase} from "../ProtocolBase.sol";
import {ProtocolHandler} from "./ProtocolHandler.sol";

/// @dev The invariants of PROTOCOL.md under random valid sequences of every user, keeper and
/// pool-manager action (`fail_on_revert = true`; the handler also checks refund and payout
/// exactness per call).
contract ProtocolInvariantsTest is ProtocolBase {
    ProtocolHandler internal handler;

    function setUp() public override {
        super.setUp();
        vm.prank(manager);
        lpm.addFixedTermConfig(
            POOL, SENIOR, 0.01e18, 2, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        handler = new ProtocolHandler(lpm, usdc, admin, manager);
        bytes32 keeperRole = lpm.KEEPER_ROLE();
        vm.prank(admin);
        lpm.grantRole(keeperRole, address(handler));
        // The handler mints USDC and sets KYC statuses as `admin`, and acts as `manager`.
        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](15);
        selectors[0] = ProtocolHandler.deposit.selector;
        selectors[1] = ProtocolHandler.withdraw.selector;
        selectors[2] = ProtocolHandler.cancel.selector;
        selectors[3] = ProtocolHandler.clear.selector;
        selectors[4] = ProtocolHandler.claim.selector;
        selectors[5] = ProtocolHandler.rerate.selector;
        selectors[6] = ProtocolHandler.draw.selector;
        selectors[7] = ProtocolHandler.repay.selector;
        selectors[8] = ProtocolHandler.reportLoss.selector;
        selectors[9] = ProtocolHandler.donate.selector;
        selectors[10] = ProtocolHandler.warp.selector;
        selectors[11] = ProtocolHandler.lockFixedTerm.selector;
        selectors[12] = ProtocolHandler.withdrawAtExpiry.selector;
        selectors[13] = ProtocolHandler.releaseLock.selector;
        selectors[14] = ProtocolHandler.cancelPart.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
    }

    /// @dev No USDC is created or lost: the balance is exactly the liabilities plus donations
    /// (donations change no accounting).
    function invariant_usdcConservation() public view {
        ILendingPoolTypes.PoolState memory s = lpm.getPoolState(POOL);
        assertEq(
            usdc.balanceOf(address(lpm)),
            s.escrowedDeposits + s.withdrawalPayouts + s.idleLiquidity + s.interestReserve
                + lpm.treasuryFees() + lpm.deferredPayouts() + handler.ghostDonated()
        );
    }

    /// @dev Tranche assets are exactly the pool's idle liquidity plus what is lent out.
    function invariant_trancheAssetsMatchLiquidity() public view {
        ILendingPoolTypes.PoolState memory s = lpm.getPoolState(POOL);
        uint256 assets;
        for (uint256 i; i < 3; ++i) {
            ILendingPoolTypes.TrancheState memory t = lpm.getTrancheState(POOL, i);
            assets += t.totalAssets + t.fixedTermAssets;
        }
        assertEq(assets, s.idleLiquidity + s.drawnPrincipal);
    }

    /// @dev Escrow covers every pending deposit and every unclaimed refund; the payout reserve
    /// covers every unclaimed withdrawal; NFT balances match pending requests.
    function invariant_escrowAndPayoutsCoverRequests() public view {
        uint256 owedEscrow;
        uint256 owedPayouts;
        for (uint256 a; a < handler.actorCount(); ++a) {
            address actor = handler.actors(a);
            (, ILendingPoolTypes.RequestView[] memory requests,,) = lpm.getUserPosition(actor);
            uint256 open;
            for (uint256 i; i < requests.length; ++i) {
                ILendingPoolTypes.RequestView memory v = requests[i];
                bool deposit = v.kind == ILendingPoolTypes.RequestKind.Deposit;
                if (v.status == ILendingPoolTypes.RequestStatus.Pending) {
                    if (deposit) owedEscrow += v.amount;
                    ++open;
                } else if (v.status == ILendingPoolTypes.RequestStatus.Cleared) {
                    if (deposit) owedEscrow += v.rejected;
                    else owedPayouts += v.assets;
                    ++open;
                }
            }
            assertEq(nft.balanceOf(actor), open, "NFT balance = pending requests");
        }
        ILendingPoolTypes.PoolState memory s = lpm.getPoolState(POOL);
        assertGe(s.escrowedDeposits, owedEscrow, "escrow");
        assertGe(s.withdrawalPayouts, owedPayouts, "payouts");
    }

    /// @dev Shares never exceed what the ledgers justify, and all users' shares are worth at most
    /// the tranche's assets (rounding favours the pool).
    function invariant_sharesJustifiedAndRoundingFavoursPool() public view {
        uint256[3] memory userShares;
        for (uint256 a; a < handler.actorCount(); ++a) {
            (
                ILendingPoolTypes.UserTranchePosition[] memory positions,
                ILendingPoolTypes.RequestView[] memory requests,,
            ) = lpm.getUserPosition(handler.actors(a));
            for (uint256 i; i < positions.length; ++i) {
                userShares[positions[i].trancheId] += positions[i].shares;
            }
            for (uint256 i; i < requests.length; ++i) {
                if (
                    requests[i].status == ILendingPoolTypes.RequestStatus.Pending
                        && requests[i].kind == ILendingPoolTypes.RequestKind.Withdrawal
                ) userShares[requests[i].trancheId] += requests[i].amount;
            }
        }
        for (uint256 t; t < 3; ++t) {
            ILendingPoolTypes.TrancheState memory st = lpm.getTrancheState(POOL, t);
            assertLe(userShares[t], st.totalShares, "shares exceed the ledger");
            assertLe(lpm.convertToAssets(POOL, t, userShares[t]), st.totalAssets, "rounding");
        }
    }

    /// @dev Interest is applied once per epoch: the clearing cursor never passes the clock.
    function invariant_clearingNeverAhead() public view {
        uint256 next = lpm.getPoolState(POOL).nextEpochToClear;
        assertLe(next, lpm.requestEpoch());
    }
}
