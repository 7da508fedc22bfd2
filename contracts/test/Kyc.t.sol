// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ILendingPoolTypes} from "../src/interfaces/ILendingPoolTypes.sol";
import {
    InvalidKycNonce,
    InvalidKycSignature,
    InvalidKycStatus,
    KycBlocked,
    KycExpired
} from "../src/libraries/Errors.sol";
import {ProtocolBase} from "./ProtocolBase.sol";

contract KycTest is ProtocolBase {
    address internal user = makeAddr("kycUser");

    function setUp() public override {
        super.setUp();
        _fund(user, 100_000e6);
    }

    function _request(ILendingPoolTypes.KycAuthorization memory k, uint256 amount) internal {
        vm.prank(user);
        lpm.requestDepositWithKyc(POOL, JUNIOR, amount, 0, _noAcceptance(), k);
    }

    function test_kyc_validSignatureConsumesTheNonce() public {
        assertEq(lpm.kycNonces(user), 0);
        _request(_kyc(KYC_KEY, user, 0, block.number, JUNIOR, 1000e6), 1000e6);
        assertEq(lpm.kycNonces(user), 1);
        assertEq(lpm.userTotalDeposits(user), 1000e6);
    }

    function test_kyc_replayIsRejected() public {
        ILendingPoolTypes.KycAuthorization memory k =
            _kyc(KYC_KEY, user, 0, block.number + 10, JUNIOR, 1000e6);
        _request(k, 1000e6);
        vm.expectRevert(abi.encodeWithSelector(InvalidKycNonce.selector, 1, 0));
        _request(k, 1000e6);
    }

    function test_kyc_expiredIsRejected() public {
        ILendingPoolTypes.KycAuthorization memory k =
            _kyc(KYC_KEY, user, 0, block.number + 1, JUNIOR, 1000e6);
        vm.roll(block.number + 2);
        vm.expectRevert(abi.encodeWithSelector(KycExpired.selector, block.number - 1));
        _request(k, 1000e6);
    }

    function testFuzz_kyc_wrongSignerIsRejected(uint256 key) public {
        key = bound(key, 1, 1e70);
        vm.assume(key != KYC_KEY);
        vm.expectRevert(InvalidKycSignature.selector);
        _request(_kyc(key, user, 0, block.number, JUNIOR, 1000e6), 1000e6);
    }

    function test_kyc_boundToCallData_user_andChain() public {
        // Signed for another amount.
        vm.expectRevert(InvalidKycSignature.selector);
        _request(_kyc(KYC_KEY, user, 0, block.number, JUNIOR, 999e6), 1000e6);
        // Signed for another user: a front-runner cannot use it.
        ILendingPoolTypes.KycAuthorization memory k =
            _kyc(KYC_KEY, user, 0, block.number, JUNIOR, 1000e6);
        _fund(stranger, 1000e6);
        vm.prank(stranger);
        vm.expectRevert(InvalidKycSignature.selector);
        lpm.requestDepositWithKyc(POOL, JUNIOR, 1000e6, 0, _noAcceptance(), k);
        // After a chain fork the domain separator is rebuilt: the old-chain signature fails.
        vm.chainId(block.chainid + 1);
        vm.expectRevert(InvalidKycSignature.selector);
        _request(k, 1000e6);
        _request(_kyc(KYC_KEY, user, 0, block.number, JUNIOR, 1000e6), 1000e6);
    }

    function test_kyc_blocklistWinsOverASignature_allowlistSkipsIt() public {
        vm.prank(admin);
        lpm.setKycStatus(user, 2);
        ILendingPoolTypes.KycAuthorization memory k =
            _kyc(KYC_KEY, user, 0, block.number, JUNIOR, 1000e6);
        vm.expectRevert(abi.encodeWithSelector(KycBlocked.selector, user));
        _request(k, 1000e6);
        vm.prank(admin);
        lpm.setKycStatus(user, 1);
        ILendingPoolTypes.KycAuthorization memory none;
        _request(none, 1000e6);
        assertEq(lpm.kycNonces(user), 0);
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(InvalidKycStatus.selector, 3));
        lpm.setKycStatus(user, 3);
    }

    function test_kyc_noSignerSetRejectsEverySignature() public {
        vm.prank(admin);
        lpm.setKycSigner(address(0));
        vm.expectRevert(InvalidKycSignature.selector);
        _request(_kyc(KYC_KEY, user, 0, block.number, JUNIOR, 1000e6), 1000e6);
        ILendingPoolTypes.KycAuthorization memory garbage;
        garbage.signature = new bytes(65);
        garbage.blockExpiration = block.number;
        vm.expectRevert(InvalidKycSignature.selector);
        _request(garbage, 1000e6);
    }

    function test_kyc_acceptanceIsEmitted() public {
        ILendingPoolTypes.ContractAcceptance memory a;
        a.signature = hex"abcdef";
        a.timestamp = 1_700_000_000;
        a.version = 7;
        ILendingPoolTypes.KycAuthorization memory k =
            _kyc(KYC_KEY, user, 0, block.number, JUNIOR, 1000e6);
        vm.expectEmit(address(lpm));
        emit ILendingPoolTypes.LoanContractAccepted(1, user, hex"abcdef", 1_700_000_000, 7);
        vm.prank(user);
        lpm.requestDepositWithKyc(POOL, JUNIOR, 1000e6, 0, a, k);
    }
}
