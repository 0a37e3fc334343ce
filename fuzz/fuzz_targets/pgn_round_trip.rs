//! Fuzz target `pgn_round_trip`: the property is `domain::fuzzing::pgn_round_trip`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domain::fuzzing::pgn_round_trip(data));
