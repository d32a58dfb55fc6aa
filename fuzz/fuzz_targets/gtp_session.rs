//! Fuzz target: arbitrary bytes as GTP input to one engine, invariants
//! checked after every command ([`weiqi::fuzzing::check_gtp_session`]).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    weiqi::fuzzing::check_gtp_session(data);
});
