//! Fuzz target: the SGF reader on arbitrary bytes, and the writer on what
//! it read ([`weiqi::fuzzing::check_sgf`]).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    weiqi::fuzzing::check_sgf(data);
});
