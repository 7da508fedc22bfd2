// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ProtocolBase} from "../ProtocolBase.sol";

/// @dev Receipt-gas measurement: execution gas of the last call (`vm.lastCallGas`) with every
/// contract's storage and address made cold first (`vm.cool`), plus the 21,000 intrinsic gas and
/// the calldata cost, less the refund (capped at a fifth), as a transaction receipt shows it.
abstract contract GasBase is ProtocolBase {
    function _coolAll() internal {
        vm.cool(address(lpm));
        vm.cool(lpm.extension());
        vm.cool(address(nft));
        vm.cool(address(usdc));
        vm.cool(address(locking));
        vm.cool(address(ksu));
    }

    function _receiptGas(bytes memory data) internal view returns (uint256) {
        uint256 calldataGas;
        for (uint256 i; i < data.length; ++i) {
            calldataGas += data[i] == 0 ? 4 : 16;
        }
        uint256 used = vm.lastCallGas().gasTotalUsed + 21_000 + calldataGas;
        int64 refunded = vm.lastCallGas().gasRefunded;
        // forge-lint: disable-next-line(unsafe-typecast)
        uint256 refund = refunded > 0 ? uint256(uint64(refunded)) : 0;
        return used - (refund < used / 5 ? refund : used / 5);
    }

    /// @dev Calls `target` with `data` as `from` on cold storage; returns the receipt gas.
    function _measure(address from, address target, bytes memory data)
        internal
        returns (uint256 gas)
    {
        _coolAll();
        vm.prank(from);
        (bool ok, bytes memory ret) = target.call(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(ret, 32), mload(ret))
            }
        }
        gas = _receiptGas(data);
    }
}
