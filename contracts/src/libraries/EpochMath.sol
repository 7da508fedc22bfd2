// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// @title EpochMath
/// @notice Epoch `n` spans `[genesis + n * 7 days, genesis + (n + 1) * 7 days)`; its clearing
/// period is its last 2 days. All functions expect `timestamp >= genesis`.
library EpochMath {
    uint256 internal constant EPOCH_DURATION = 7 days;
    uint256 internal constant CLEARING_PERIOD = 2 days;

    /// @dev Index of the epoch that contains `timestamp`.
    function epochAt(uint256 genesis, uint256 timestamp) internal pure returns (uint256) {
        return (timestamp - genesis) / EPOCH_DURATION;
    }

    /// @dev Start of epoch `epoch`.
    function epochStart(uint256 genesis, uint256 epoch) internal pure returns (uint256) {
        return genesis + epoch * EPOCH_DURATION;
    }

    /// @dev Start of the clearing period of epoch `epoch`.
    function clearingStart(uint256 genesis, uint256 epoch) internal pure returns (uint256) {
        return epochStart(genesis, epoch + 1) - CLEARING_PERIOD;
    }

    /// @dev Start of the epoch after the one that contains `timestamp`.
    function nextEpochStart(uint256 genesis, uint256 timestamp) internal pure returns (uint256) {
        return epochStart(genesis, epochAt(genesis, timestamp) + 1);
    }

    /// @dev Whether `timestamp` lies in the clearing period of its epoch.
    function isClearing(uint256 genesis, uint256 timestamp) internal pure returns (bool) {
        return (timestamp - genesis) % EPOCH_DURATION >= EPOCH_DURATION - CLEARING_PERIOD;
    }

    /// @dev Start of the next clearing period strictly after `timestamp`: the current epoch's
    /// if it has not begun, else the next epoch's.
    function nextClearingStart(uint256 genesis, uint256 timestamp) internal pure returns (uint256) {
        uint256 epoch = epochAt(genesis, timestamp);
        return isClearing(genesis, timestamp)
            ? clearingStart(genesis, epoch + 1)
            : clearingStart(genesis, epoch);
    }
}
