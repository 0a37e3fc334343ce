//! Fuzz target `move_text`: the property is `domain::fuzzing::move_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domain::fuzzing::move_text(data));
