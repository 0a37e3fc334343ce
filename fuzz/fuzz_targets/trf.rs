//! Fuzz target `trf`: the property is `pairing::fuzzing::trf`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pairing::fuzzing::trf(data));
