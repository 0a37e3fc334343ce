//! Whole numbers as JSON has them: `3` and `3.0` are the same integer to JSON Schema (and so to
//! the readers of the service's OpenAPI document), so what is read from requests takes both;
//! `3.5`, or a negative count, is refused. For `#[serde(deserialize_with = …)]`.

use serde::{Deserialize, Deserializer};

fn whole<E: serde::de::Error>(n: &serde_json::Number) -> Result<i128, E> {
    if let Some(v) = n.as_i64() {
        return Ok(i128::from(v));
    }
    if let Some(v) = n.as_u64() {
        return Ok(i128::from(v));
    }
    match n.as_f64() {
        Some(f) if f.fract() != 0.0 => Err(E::custom(format!("{n} is not a whole number"))),
        Some(f) if f.abs() < 1e19 => Ok(f as i128),
        _ => Err(E::custom(format!("{n} is out of range"))),
    }
}

fn fit<T: TryFrom<i128>, E: serde::de::Error>(n: &serde_json::Number) -> Result<T, E> {
    T::try_from(whole::<E>(n)?).map_err(|_| E::custom(format!("{n} is out of range")))
}

pub fn u64<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    fit(&serde_json::Number::deserialize(d)?)
}

pub fn u32<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    fit(&serde_json::Number::deserialize(d)?)
}

pub fn opt_u64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    Option::<serde_json::Number>::deserialize(d)?
        .map(|n| fit(&n))
        .transpose()
}

pub fn opt_u32<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    Option::<serde_json::Number>::deserialize(d)?
        .map(|n| fit(&n))
        .transpose()
}

pub fn opt_u16<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u16>, D::Error> {
    Option::<serde_json::Number>::deserialize(d)?
        .map(|n| fit(&n))
        .transpose()
}

pub fn opt_i32<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i32>, D::Error> {
    Option::<serde_json::Number>::deserialize(d)?
        .map(|n| fit(&n))
        .transpose()
}

#[cfg(test)]
mod tests {
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Body {
        #[serde(deserialize_with = "super::u64")]
        seconds: u64,
        #[serde(default, deserialize_with = "super::opt_i32")]
        offset: Option<i32>,
    }

    fn read(json: &str) -> Result<Body, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn a_whole_number_is_read_however_it_is_written() {
        assert_eq!(read(r#"{"seconds": 86400}"#).unwrap().seconds, 86_400);
        assert_eq!(read(r#"{"seconds": 86400.0}"#).unwrap().seconds, 86_400);
        assert_eq!(
            read(r#"{"seconds": 1e3, "offset": -180.0}"#).unwrap(),
            Body {
                seconds: 1000,
                offset: Some(-180)
            }
        );
        assert_eq!(
            read(r#"{"seconds": 1, "offset": null}"#).unwrap().offset,
            None
        );
        for bad in [
            r#"{"seconds": 1.5}"#,
            r#"{"seconds": -1}"#,
            r#"{"seconds": "1"}"#,
            r#"{"seconds": 1e30}"#,
            r#"{"seconds": 1, "offset": 3000000000}"#,
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}
