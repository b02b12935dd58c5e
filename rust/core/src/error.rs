//! The one error type of the core: what was wrong with the input, in words.

use std::fmt;

/// A request the core cannot carry out: a malformed state or VIEW, an illegal action, an
/// unknown policy. The message names the field or the rule, as the Python engines do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Malformed input: a state, VIEW or request that does not add up.
    Invalid(String),
    /// An action that is not legal now (the rule, when the core knows it, leads).
    Illegal(String),
}

impl Error {
    pub fn invalid(msg: impl Into<String>) -> Self {
        Error::Invalid(msg.into())
    }

    pub fn illegal(msg: impl Into<String>) -> Self {
        Error::Illegal(msg.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Invalid(m) | Error::Illegal(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Invalid(format!("malformed JSON: {e}"))
    }
}

pub type Result<T> = std::result::Result<T, Error>;
