// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {KsuLocking} from "../src/KsuLocking.sol";
import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {IRequestNFT} from "../src/interfaces/IRequestNFT.sol";
import {BaseTest} from "./BaseTest.sol";

/// @dev A wired protocol (manager, request NFT, real KsuLocking) with one 3-tranche pool, a KYC
/// signer and helpers for requests, clearing and KYC signatures.
abstract contract ProtocolBase is BaseTest {
    uint256 internal constant POOL = 0;
    uint256 internal constant JUNIOR = 0;
    uint256 internal constant MEZZ = 1;
    uint256 internal constant SENIOR = 2;
    uint256 internal constant KYC_KEY = 0xC0FFEE;
    bytes32 internal constant KYC_TYPEHASH = keccak256(
        "KycAuthorization(address user,uint256 chainId,uint256 nonce,uint256 blockExpiration,bytes32 callDataHash)"
    );

    address internal kycSigner;
    address internal treasury = makeAddr("treasury");
    address internal borrower = makeAddr("borrower");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal carol = makeAddr("carol");
    KsuLocking internal locking;
    IRequestNFT internal nft;

    function setUp() public virtual override {
        super.setUp();
        kycSigner = vm.addr(KYC_KEY);
        locking = KsuLocking(
            deployCode(
                "KsuLocking.sol:KsuLocking", abi.encode(admin, address(ksu), treasury, GENESIS)
            )
        );
        nft = IRequestNFT(lpm.requestNft());
        vm.startPrank(admin);
        locking.addLockPeriod(30 days, 0.05e18, 0);
        locking.addLockPeriod(720 days, 1e18, 0);
        locking.setManager(address(lpm));
        locking.setKsuPrice(1e6);
        lpm.setKsuLocking(address(locking));
        lpm.setTreasury(treasury);
        lpm.setKycSigner(kycSigner);
        vm.stopPrank();
        _createPool(3);
        address[3] memory users = [alice, bob, carol];
        for (uint256 i; i < users.length; ++i) {
            _allow(users[i]);
        }
    }

    // ----- Users and money -----

    function _allow(address user) internal {
        vm.prank(admin);
        lpm.setKycStatus(user, 1);
    }

    function _fund(address user, uint256 amount) internal {
        vm.prank(admin);
        usdc.mint(user, amount);
        vm.prank(user);
        usdc.approve(address(lpm), type(uint256).max);
    }

    function _noAcceptance() internal pure returns (ILendingPoolTypes.ContractAcceptance memory a) {
        a.signature = hex"01";
        a.timestamp = 1;
        a.version = 1;
    }

    function _noKyc() internal pure returns (ILendingPoolTypes.KycAuthorization memory k) {}

    /// @dev An allowlisted user's deposit request (funds the user first).
    function _deposit(address user, uint256 trancheId, uint256 amount) internal returns (uint256) {
        return _depositFixed(user, trancheId, amount, 0);
    }

    function _depositFixed(address user, uint256 trancheId, uint256 amount, uint256 configId)
        internal
        returns (uint256)
    {
        _fund(user, amount);
        vm.prank(user);
        return
            lpm.requestDepositWithKyc(POOL, trancheId, amount, configId, _noAcceptance(), _noKyc());
    }

    function _withdraw(address user, uint256 trancheId, uint256 shares) internal returns (uint256) {
        vm.prank(user);
        return lpm.requestWithdrawal(POOL, trancheId, shares);
    }

    /// @dev Gives `user` KSU locked for 720 days (rKSU = amount).
    function _lockKsu(address user, uint256 amount) internal {
        vm.prank(admin);
        // forge-lint: disable-next-line(erc20-unchecked-transfer)
        ksu.transfer(user, amount);
        vm.startPrank(user);
        ksu.approve(address(locking), amount);
        locking.lock(amount, 2);
        vm.stopPrank();
    }

    function _fundReserve(uint256 amount) internal {
        _fund(manager, amount);
        vm.startPrank(manager);
        usdc.approve(address(lpm), type(uint256).max);
        lpm.repay(POOL, 0, amount);
        vm.stopPrank();
    }

    /// @dev The borrower repays `principal` of drawn funds through the pool manager.
    function _repayPrincipal(uint256 principal) internal {
        _fund(manager, principal);
        vm.prank(manager);
        lpm.repay(POOL, principal, 0);
    }

    // ----- Time and clearing -----

    /// @dev Warps to the clearing period of the pool's next epoch to clear and clears it.
    function _clear() internal {
        uint256 epoch = lpm.getPoolState(POOL).nextEpochToClear;
        uint256 opensAt = GENESIS + (epoch + 1) * 7 days - 2 days;
        if (block.timestamp < opensAt) vm.warp(opensAt);
        lpm.clear(POOL);
    }

    /// @dev Warps to the start of the next epoch (requests go to it).
    function _nextEpoch() internal {
        vm.warp(lpm.nextEpochStart());
    }

    /// @dev Clears the current request epoch and moves to the next epoch's open period.
    function _clearAndSettle(uint256[] memory ids) internal {
        while (lpm.getPoolState(POOL).nextEpochToClear <= _lastEpoch(ids)) _clear();
        lpm.settle(ids);
    }

    function _lastEpoch(uint256[] memory ids) internal view returns (uint256 last) {
        for (uint256 i; i < ids.length; ++i) {
            uint256 e = lpm.requestStatus(ids[i]).epoch;
            if (e > last) last = e;
        }
    }

    function _ids(uint256 a) internal pure returns (uint256[] memory ids) {
        ids = new uint256[](1);
        ids[0] = a;
    }

    function _ids(uint256 a, uint256 b) internal pure returns (uint256[] memory ids) {
        ids = new uint256[](2);
        ids[0] = a;
        ids[1] = b;
    }

    // ----- KYC -----

    function _kycDigest(
        address user,
        uint256 nonce,
        uint256 blockExpiration,
        uint256 trancheId,
        uint256 amount,
        uint256 configId
    ) internal view returns (bytes32) {
        bytes32 structHash = keccak256(
            abi.encode(
                KYC_TYPEHASH,
                user,
                block.chainid,
                nonce,
                blockExpiration,
                keccak256(abi.encode(POOL, trancheId, amount, configId))
            )
        );
        bytes32 domain = keccak256(
            abi.encode(
                keccak256(
                    "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"
                ),
                keccak256("LendingPoolManager"),
                keccak256("1"),
                block.chainid,
                address(lpm)
            )
        );
        return keccak256(abi.encodePacked("\x19\x01", domain, structHash));
    }

    function _kyc(
        uint256 key,
        address user,
        uint256 nonce,
        uint256 blockExpiration,
        uint256 trancheId,
        uint256 amount
    ) internal view returns (ILendingPoolTypes.KycAuthorization memory k) {
        (uint8 v, bytes32 r, bytes32 s) =
            vm.sign(key, _kycDigest(user, nonce, blockExpiration, trancheId, amount, 0));
        k.nonce = nonce;
        k.blockExpiration = blockExpiration;
        k.signature = abi.encodePacked(r, s, v);
    }
}
