//! The SGF FF[4] reader: bytes in, a tree of nodes out.
//!
//! Property values are kept as raw bytes (escapes and soft line breaks
//! removed, nothing else touched), so a record in any charset — GB2312,
//! Shift-JIS, EUC-KR, Latin-1 or UTF-8 — parses the same way; nothing here
//! requires UTF-8.
//!
//! The leaf parsers (property identifiers and bracketed values) are `nom`
//! parsers. The tree itself is built by a loop with an explicit stack, not
//! by recursion, so 100,000 nested variations cost memory but never stack:
//! the nodes live in one arena ([`GameTree::nodes`]) and refer to their
//! children by index. Only the first game of a collection is read; anything
//! after its closing parenthesis is ignored.
//!
//! Bounds: at most [`MAX_NODES`] nodes and [`MAX_ITEMS`] properties plus
//! values, so that a hostile file cannot make the tree eat gigabytes (a
//! node is about 100 bytes, a property 64: some 170 MB at worst).

use std::borrow::Cow;

use nom::IResult;
use nom::Parser;
use nom::bytes::complete::take_while1;
use nom::character::complete::char as byte;
use nom::sequence::delimited;
use smallvec::SmallVec;

use super::error::{Limit, SgfError, SyntaxProblem};

/// Most nodes a tree may have.
pub const MAX_NODES: usize = 1_000_000;
/// Most properties plus property values a tree may have (over all nodes).
pub const MAX_ITEMS: usize = 1_000_000;
const _: () = assert!(MAX_NODES <= u32::MAX as usize);

/// One property: an identifier (upper-case letters) and its values, each
/// unescaped but otherwise raw bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property<'a> {
    pub ident: Cow<'a, str>,
    /// Almost every property has one value: kept inline, no allocation.
    pub values: SmallVec<[Cow<'a, [u8]>; 1]>,
}

/// One node: its properties in file order, and links to its children
/// (indices into [`GameTree::nodes`]): the first child is the main line,
/// the others follow through `next_sibling`. Links instead of a vector of
/// children keep a node free of allocations (most nodes hold one move,
/// which fits in `props` inline).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node<'a> {
    pub props: SmallVec<[Property<'a>; 1]>,
    pub first_child: Option<u32>,
    pub next_sibling: Option<u32>,
    last_child: Option<u32>,
}

impl<'a> Node<'a> {
    /// Every value of every property called `ident`, in file order.
    pub fn values<'s>(&'s self, ident: &'s str) -> impl Iterator<Item = &'s [u8]> + 's {
        self.props
            .iter()
            .filter(move |p| p.ident == ident)
            .flat_map(|p| p.values.iter().map(|v| v.as_ref()))
    }

    /// The children's indices, the main line first.
    pub fn children<'t>(&self, tree: &'t GameTree<'a>) -> impl Iterator<Item = usize> + 't {
        let mut next = self.first_child;
        std::iter::from_fn(move || {
            let i = next? as usize;
            next = tree.nodes.get(i).and_then(|n| n.next_sibling);
            Some(i)
        })
    }

    /// The first value of the property `ident`, if present.
    pub fn get(&self, ident: &str) -> Option<&[u8]> {
        self.props
            .iter()
            .find(|p| p.ident == ident)
            .and_then(|p| p.values.first())
            .map(|v| v.as_ref())
    }
}

/// The first game of a collection, as an arena of nodes; `nodes[0]` is
/// the root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTree<'a> {
    pub nodes: Vec<Node<'a>>,
}

impl<'a> GameTree<'a> {
    /// The main line: the root, then always the first child.
    pub fn main_line(&self) -> impl Iterator<Item = &Node<'a>> + '_ {
        let mut next = (!self.nodes.is_empty()).then_some(0);
        std::iter::from_fn(move || {
            let i = next?;
            let node = self.nodes.get(i)?;
            next = node.first_child.map(|c| c as usize);
            Some(node)
        })
    }
}

/// A property identifier: letters. FF[4] uses upper case only; FF[3]
/// allowed lower-case letters in between (`AddBlack`), which are dropped.
fn ident(i: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while1(|b: u8| b.is_ascii_alphabetic()).parse(i)
}

/// The raw text between `[` and the next unescaped `]` (escapes still in).
fn raw_text(i: &[u8]) -> IResult<&[u8], &[u8]> {
    let mut k = 0;
    while k < i.len() {
        match i[k] {
            b']' => return Ok((&i[k..], &i[..k])),
            b'\\' => k += 2,
            _ => k += 1,
        }
    }
    Err(nom::Err::Incomplete(nom::Needed::Unknown))
}

/// A bracketed value, still escaped.
fn raw_value(i: &[u8]) -> IResult<&[u8], &[u8]> {
    delimited(byte('['), raw_text, byte(']')).parse(i)
}

/// Removes escapes: `\x` is `x`, and a backslash before a line break
/// (`\n`, `\r`, `\r\n`, `\n\r`) removes both (a soft line break).
fn unescape(raw: &[u8]) -> Cow<'_, [u8]> {
    if !raw.contains(&b'\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut k = 0;
    while k < raw.len() {
        let b = raw[k];
        if b != b'\\' || k + 1 >= raw.len() {
            out.push(b);
            k += 1;
            continue;
        }
        let next = raw[k + 1];
        k += 2;
        match next {
            b'\n' | b'\r' => {
                let pair = if next == b'\n' { b'\r' } else { b'\n' };
                if raw.get(k) == Some(&pair) {
                    k += 1;
                }
            }
            _ => out.push(next),
        }
    }
    Cow::Owned(out)
}

fn is_space(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0b || b == 0
}

fn skip_space(input: &[u8], mut pos: usize) -> usize {
    while pos < input.len() && is_space(input[pos]) {
        pos += 1;
    }
    pos
}

/// Reads the first game tree of an SGF collection.
pub fn parse(input: &[u8]) -> Result<GameTree<'_>, SgfError> {
    // Anything before the game (a byte-order mark, mail headers) is not
    // part of it.
    // The first `(` followed by `;` (after spaces) starts the game: a file
    // without one is not SGF.
    let Some(start) = input
        .iter()
        .enumerate()
        .position(|(i, &b)| b == b'(' && input.get(skip_space(input, i + 1)) == Some(&b';'))
    else {
        return Err(SgfError::NotSgf);
    };
    let syntax = |offset: usize, problem| {
        let before = &input[..offset.min(input.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = offset
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1)
            + 1;
        SgfError::Syntax {
            line,
            column,
            problem,
        }
    };
    let mut tree = GameTree {
        // About one node per 8 bytes in a game record; no more than 4096
        // up front, so a large hostile file does not reserve much.
        nodes: Vec::with_capacity((input.len() / 8).min(4096) + 1),
    };
    let mut items = 0usize;
    // For every open '(' the node that was current when it opened: the
    // parent of the variation's first node.
    let mut stack: Vec<Option<usize>> = Vec::new();
    let mut current: Option<usize> = None;
    let mut pos = start;
    loop {
        pos = skip_space(input, pos);
        let Some(&b) = input.get(pos) else {
            return Err(SgfError::Truncated);
        };
        match b {
            b'(' => {
                stack.push(current);
                pos += 1;
            }
            b')' => {
                pos += 1;
                // `(` pushed before every `)` is reached, so this pops.
                current = stack.pop().flatten();
                if stack.is_empty() {
                    break;
                }
            }
            b';' => {
                pos += 1;
                if tree.nodes.len() >= MAX_NODES {
                    return Err(SgfError::TooLarge(Limit::Nodes));
                }
                let i = tree.nodes.len();
                // i < MAX_NODES, which fits in u32.
                let link = Some(i as u32);
                tree.nodes.push(Node::default());
                if let Some(parent) = current {
                    match tree.nodes[parent].last_child {
                        None => tree.nodes[parent].first_child = link,
                        Some(last) => tree.nodes[last as usize].next_sibling = link,
                    }
                    tree.nodes[parent].last_child = link;
                }
                current = Some(i);
            }
            b if b.is_ascii_alphabetic() => {
                let Some(node) = current else {
                    return Err(syntax(pos, SyntaxProblem::PropertyBeforeNode));
                };
                let ident_at = pos;
                let Ok((rest, name)) = ident(&input[pos..]) else {
                    return Err(syntax(pos, SyntaxProblem::UnexpectedByte(b)));
                };
                pos = input.len() - rest.len();
                let ident: Cow<'_, str> = if name.iter().all(u8::is_ascii_uppercase) {
                    // Upper-case ASCII letters are valid UTF-8.
                    Cow::Borrowed(std::str::from_utf8(name).unwrap_or_default())
                } else {
                    Cow::Owned(
                        name.iter()
                            .filter(|b| b.is_ascii_uppercase())
                            .map(|&b| b as char)
                            .collect(),
                    )
                };
                let mut vals = SmallVec::new();
                loop {
                    pos = skip_space(input, pos);
                    if input.get(pos) != Some(&b'[') {
                        break;
                    }
                    match raw_value(&input[pos..]) {
                        Ok((rest, raw)) => {
                            pos = input.len() - rest.len();
                            items += 1;
                            if items > MAX_ITEMS {
                                return Err(SgfError::TooLarge(Limit::Items));
                            }
                            vals.push(unescape(raw));
                        }
                        Err(_) => return Err(SgfError::Truncated),
                    }
                }
                if vals.is_empty() {
                    return Err(syntax(ident_at, SyntaxProblem::PropertyWithoutValue));
                }
                items += 1;
                tree.nodes[node].props.push(Property {
                    ident,
                    values: vals,
                });
            }
            _ => return Err(syntax(pos, SyntaxProblem::UnexpectedByte(b))),
        }
    }
    if tree.nodes.is_empty() {
        return Err(SgfError::NotSgf);
    }
    Ok(tree)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn props(tree: &GameTree<'_>, node: usize) -> Vec<(String, Vec<Vec<u8>>)> {
        tree.nodes[node]
            .props
            .iter()
            .map(|p| {
                (
                    p.ident.to_string(),
                    p.values.iter().map(|v| v.to_vec()).collect(),
                )
            })
            .collect()
    }

    #[test]
    fn nodes_properties_and_values() {
        let t = parse(b"(;FF[4]SZ[9]AB[aa][bb] ;B[cc];W[])").expect("parse");
        assert_eq!(t.nodes.len(), 3);
        assert_eq!(
            props(&t, 0),
            vec![
                ("FF".into(), vec![b"4".to_vec()]),
                ("SZ".into(), vec![b"9".to_vec()]),
                ("AB".into(), vec![b"aa".to_vec(), b"bb".to_vec()]),
            ]
        );
        assert_eq!(t.nodes[2].get("W"), Some(&b""[..]));
        assert_eq!(t.main_line().count(), 3);
    }

    #[test]
    fn escapes_and_soft_line_breaks() {
        let t = parse(b"(;C[a\\]b\\\\c\\:d]GC[one\\\ntwo\\\r\nthree\nfour])").expect("parse");
        assert_eq!(t.nodes[0].get("C"), Some(&b"a]b\\c:d"[..]));
        assert_eq!(t.nodes[0].get("GC"), Some(&b"onetwothree\nfour"[..]));
    }

    #[test]
    fn variations_main_line_is_first_child() {
        let t = parse(b"(;SZ[9](;B[aa];W[bb](;B[cc])(;B[dd]))(;B[ee]))").expect("parse");
        let line: Vec<_> = t
            .main_line()
            .filter_map(|n| n.get("B").or(n.get("W")))
            .collect();
        assert_eq!(line, vec![&b"aa"[..], b"bb", b"cc"]);
        assert_eq!(t.nodes.len(), 6);
        // Root's children: the two variations; the second starts B[ee].
        let kids: Vec<usize> = t.nodes[0].children(&t).collect();
        assert_eq!(kids.len(), 2);
        assert_eq!(t.nodes[kids[1]].get("B"), Some(&b"ee"[..]));
    }

    #[test]
    fn collection_takes_the_first_game() {
        let t = parse(b"\xef\xbb\xbf (;SZ[9];B[aa])\n(;SZ[13];B[bb])").expect("parse");
        assert_eq!(t.nodes[0].get("SZ"), Some(&b"9"[..]));
        assert_eq!(t.nodes.len(), 2);
    }

    #[test]
    fn ff3_lower_case_identifiers() {
        let t = parse(b"(;AddBlack[aa]PlayerWhite[x])").expect("parse");
        assert_eq!(t.nodes[0].get("AB"), Some(&b"aa"[..]));
        assert_eq!(t.nodes[0].get("PW"), Some(&b"x"[..]));
    }

    #[test]
    fn any_charset_is_kept_as_bytes() {
        // GB2312 "黑" (BA DA), and Shift-JIS "表" (95 5C) with its second
        // byte escaped as an SGF writer must.
        let t = parse(b"(;PB[\xba\xda]C[\x95\\\x5c])").expect("parse");
        assert_eq!(t.nodes[0].get("PB"), Some(&b"\xba\xda"[..]));
        assert_eq!(t.nodes[0].get("C"), Some(&b"\x95\x5c"[..]));
    }

    #[test]
    fn nodes_stay_small() {
        // The memory bound in the module documentation relies on these.
        assert!(
            size_of::<Node<'static>>() <= 112,
            "{}",
            size_of::<Node<'static>>()
        );
        assert!(size_of::<Property<'static>>() <= 64);
        let many = format!("(;{})", "C[]".repeat(MAX_ITEMS));
        assert!(matches!(parse(many.as_bytes()), Err(SgfError::TooLarge(_))));
    }

    #[test]
    fn deep_nesting_uses_no_stack() {
        let depth = 100_000;
        let mut s = Vec::new();
        for _ in 0..depth {
            s.extend_from_slice(b"(;B[aa]");
        }
        s.extend(std::iter::repeat_n(b')', depth));
        let t = parse(&s).expect("parse");
        assert_eq!(t.nodes.len(), depth);
        assert_eq!(t.main_line().count(), depth);
        // Unclosed: an error, not a crash.
        assert_eq!(parse(&s[..s.len() - 1]), Err(SgfError::Truncated));
    }

    #[test]
    fn malformed_input_is_an_error() {
        for bad in [
            &b""[..],
            b"no tree",
            b"(",
            b"(;",
            b"(;B[aa",
            b"(;B[aa\\]",
            b"(;B",
            b"(;B;W[aa])",
            b"(B[aa])",
            b"(;B[aa]%)",
            b"()",
        ] {
            assert!(parse(bad).is_err(), "{:?}", String::from_utf8_lossy(bad));
        }
    }
}
