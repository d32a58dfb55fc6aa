//! Fuzz target: the GTP line parser on arbitrary bytes
//! ([`weiqi::fuzzing::check_gtp_line`]).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    weiqi::fuzzing::check_gtp_line(data);
});
