//! Fuzz target `event_json`: the property is `domain::fuzzing::event_json`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domain::fuzzing::event_json(data));
