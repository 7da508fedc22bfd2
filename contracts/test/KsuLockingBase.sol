// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {KsuLocking} from "../src/KsuLocking.sol";
import {IKsuLocking} from "../src/interfaces/IKsuLocking.sol";
import {ILendingPoolManagerForLocking} from "../src/interfaces/ILendingPoolManagerForLocking.sol";
import {KSU} from "../src/tokens/KSU.sol";
import {TestUSDC} from "../src/tokens/TestUSDC.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Test} from "forge-std/Test.sol";

/// @dev Test double of the lending pool manager: settable deposits (total and accepted), it
/// tells the locking contract about decreases of accepted deposits, and it forwards fees the way
/// the manager does (transfer USDC, then notifyFees).
contract LockingManagerStub is ILendingPoolManagerForLocking {
    using SafeERC20 for IERC20;

    address public immutable usdc;
    IKsuLocking public target;
    mapping(address => uint256) public userTotalDeposits;
    mapping(address => uint256) public userAcceptedDeposits;

    constructor(address usdc_) {
        usdc = usdc_;
    }

    /// @dev The extension's figure: here every position is worth its principal.
    function userAcceptedValue(address user) external view returns (uint256) {
        return userAcceptedDeposits[user];
    }

    function setLocking(IKsuLocking locking_) external {
        target = locking_;
    }

    /// @dev Sets both figures (accepted deposits, nothing pending), as the manager would.
    function setDeposits(address user, uint256 amount) external {
        userTotalDeposits[user] = amount;
        _setAccepted(user, amount);
    }

    /// @dev Pending and accepted separately.
    function setSplit(address user, uint256 pending, uint256 accepted) external {
        userTotalDeposits[user] = pending + accepted;
        _setAccepted(user, accepted);
    }

    function _setAccepted(address user, uint256 amount) internal {
        uint256 before = userAcceptedDeposits[user];
        userAcceptedDeposits[user] = amount;
        if (amount < before && address(target) != address(0)) {
            target.notifyDepositsDecreased(user, before - amount);
        }
    }

    function sendFees(IKsuLocking locking, uint256 amount) external {
        IERC20(usdc).safeTransfer(address(locking), amount);
        locking.notifyFees(amount);
    }
}

/// @dev Deploys KSU, USDC, the manager stub and KsuLocking wired as the deploy script does:
/// the four lock periods, a KSU price of 0.50 USDC and a bonus pool of 1,000,000 KSU.
abstract contract KsuLockingBaseTest is Test {
    /// @dev 2026-01-05 00:00:00 UTC, a Monday (same genesis as BaseTest).
    uint256 internal constant GENESIS = 1_767_571_200;
    uint256 internal constant USDC_UNIT = 1e6;
    uint256 internal constant KSU_PRICE = 500_000; // 0.50 USDC
    uint256 internal constant BONUS_POOL = 1_000_000e18;
    uint256 internal constant P30 = 1;
    uint256 internal constant P180 = 2;
    uint256 internal constant P360 = 3;
    uint256 internal constant P720 = 4;

    address internal admin = makeAddr("admin");
    address internal treasury = makeAddr("treasury");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal stranger = makeAddr("stranger");

    TestUSDC internal usdc;
    KSU internal ksu;
    LockingManagerStub internal mgr;
    KsuLocking internal locking;

    function setUp() public virtual {
        vm.warp(GENESIS + 1 days);
        usdc = new TestUSDC(admin);
        ksu = new KSU("Kasu", "KSU", admin, 1_000_000_000e18);
        mgr = new LockingManagerStub(address(usdc));
        locking = new KsuLocking(admin, address(ksu), treasury, GENESIS);
        vm.startPrank(admin);
        locking.addLockPeriod(30 days, 0.05e18, 0);
        locking.addLockPeriod(180 days, 0.25e18, 0.1e18);
        locking.addLockPeriod(360 days, 0.5e18, 0.25e18);
        locking.addLockPeriod(720 days, 1e18, 0.7e18);
        locking.setManager(address(mgr));
        mgr.setLocking(locking);
        locking.setKsuPrice(KSU_PRICE);
        ksu.approve(address(locking), BONUS_POOL);
        locking.fundBonusPool(BONUS_POOL);
        vm.stopPrank();
    }

    function _giveKsu(address user, uint256 amount) internal {
        vm.prank(admin);
        assertTrue(ksu.transfer(user, amount));
        vm.prank(user);
        ksu.approve(address(locking), type(uint256).max);
    }

    function _lock(address user, uint256 amount, uint256 periodId) internal returns (uint256) {
        _giveKsu(user, amount);
        vm.prank(user);
        return locking.lock(amount, periodId);
    }

    function _notify(uint256 amount) internal {
        vm.prank(admin);
        usdc.mint(address(mgr), amount);
        mgr.sendFees(locking, amount);
    }

    function _setPrice(uint256 price) internal {
        vm.prank(admin);
        locking.setKsuPrice(price);
    }

    /// @dev Moves to the start of epoch `epoch` + `offset` seconds.
    function _warpToEpoch(uint256 epoch, uint256 offset) internal {
        vm.warp(GENESIS + epoch * 7 days + offset);
    }

    function _boundKsu(uint256 amount) internal pure returns (uint256) {
        return bound(amount, 1e18, 10_000_000e18);
    }

    function _rMult(uint256 periodId) internal pure returns (uint256) {
        return [uint256(0.05e18), 0.25e18, 0.5e18, 1e18][periodId - 1];
    }

    function _bMult(uint256 periodId) internal pure returns (uint256) {
        return [uint256(0), 0.1e18, 0.25e18, 0.7e18][periodId - 1];
    }

    function _duration(uint256 periodId) internal pure returns (uint256) {
        return [uint256(30 days), 180 days, 360 days, 720 days][periodId - 1];
    }

    function _expectMissingRole(address account, bytes32 role) internal {
        vm.expectRevert(
            abi.encodeWithSignature(
                "AccessControlUnauthorizedAccount(address,bytes32)", account, role
            )
        );
    }
}
