// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../../src/interfaces/ILendingPoolTypes.sol";
import {ProtocolBase} from "../ProtocolBase.sol";
import {FairnessHandler} from "./FairnessHandler.sol";

/// @dev Suite (a) of issue 10: per-user value fairness. The handler checks the rules around each
/// action (only clearing, loss reports and repayments change a user's value; a loss cuts every
/// position of a tranche, variable and fixed-term alike, by the same fraction); the invariants
/// below check what users are owed against what the pool holds.
contract FairnessInvariantsTest is ProtocolBase {
    FairnessHandler internal handler;

    function setUp() public override {
        super.setUp();
        vm.startPrank(manager);
        uint256 juniorConfig = lpm.addFixedTermConfig(
            POOL, JUNIOR, 0.004e18, 2, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        uint256 seniorConfig = lpm.addFixedTermConfig(
            POOL, SENIOR, 0.003e18, 1, ILendingPoolTypes.FixedTermDepositStatus.Everyone
        );
        vm.stopPrank();
        _fundReserve(50_000e6);
        handler = new FairnessHandler(lpm, usdc, admin, manager, [juniorConfig, 0, seniorConfig]);
        bytes32 keeperRole = lpm.KEEPER_ROLE();
        vm.prank(admin);
        lpm.grantRole(keeperRole, address(handler));
        // Start from positions in every tranche, variable and fixed-term, mostly lent out, so
        // short runs already reach losses across ledgers, maturities and withdrawals.
        for (uint256 a; a < 4; ++a) {
            for (uint256 t; t < 3; ++t) {
                handler.deposit(a, t, 1000e6 * (a + 1) * (t + 2), a % 2 == 0);
            }
        }
        handler.clear(0);
        for (uint256 id = 1; id <= 12; ++id) {
            handler.claim(id);
        }
        handler.draw(lpm.getPoolState(POOL).idleLiquidity * 3 / 4);
        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](16);
        selectors[0] = FairnessHandler.deposit.selector;
        selectors[1] = FairnessHandler.withdraw.selector;
        selectors[2] = FairnessHandler.cancel.selector;
        selectors[3] = FairnessHandler.claim.selector;
        selectors[4] = FairnessHandler.lockFixedTerm.selector;
        selectors[5] = FairnessHandler.withdrawAtExpiry.selector;
        selectors[6] = FairnessHandler.releaseLock.selector;
        selectors[7] = FairnessHandler.rerate.selector;
        selectors[8] = FairnessHandler.draw.selector;
        selectors[9] = FairnessHandler.warp.selector;
        selectors[10] = FairnessHandler.incident.selector;
        selectors[11] = FairnessHandler.clear.selector;
        selectors[12] = FairnessHandler.strangerClear.selector;
        selectors[13] = FairnessHandler.repay.selector;
        selectors[14] = FairnessHandler.reportLoss.selector;
        selectors[15] = FairnessHandler.clear.selector; // clearing twice as likely
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
    }

    /// @dev Users are owed at most what the pool holds for them: their pending escrow, unclaimed
    /// payouts and positions never exceed the escrow, payouts and tranche assets (rounding
    /// favours the pool).
    function invariant_usersOwedAtMostThePool() public view {
        uint256 owed;
        for (uint256 a; a < handler.actorCount(); ++a) {
            address actor = handler.actors(a);
            owed += handler.valueOf(actor) - usdc.balanceOf(actor);
        }
        ILendingPoolTypes.PoolState memory s = lpm.getPoolState(POOL);
        uint256 held = s.escrowedDeposits + s.withdrawalPayouts;
        for (uint256 t; t < 3; ++t) {
            ILendingPoolTypes.TrancheState memory st = lpm.getTrancheState(POOL, t);
            held += st.totalAssets + st.fixedTermAssets;
        }
        assertLe(owed, held);
    }
}
