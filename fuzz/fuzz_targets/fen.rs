//! Fuzz target `fen`: the property is `domain::fuzzing::fen`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domain::fuzzing::fen(data));
