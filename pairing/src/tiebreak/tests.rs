use super::*;

#[test]
fn codes_read_and_write_as_c07_writes_them() {
    for text in [
        "PTS", "BH", "BH/C1", "BH/C2", "BH/M1", "SB/C1", "ARO/C1", "FB", "DE", "TPR",
    ] {
        assert_eq!(Code::parse(text).unwrap().to_string(), text);
    }
    assert_eq!(Code::parse("bh/c1").unwrap().to_string(), "BH/C1");
    for bad in [
        "", "XYZ", "BH/", "BH/C", "BH/X1", "WIN/C1", "BH/C0", "PS/M1",
    ] {
        assert_eq!(Code::parse(bad), None, "{bad:?}");
    }
}

#[test]
fn values_print_without_needless_decimals() {
    assert_eq!(Value(1050).to_string(), "10.5");
    assert_eq!(Value(925).to_string(), "9.25");
    assert_eq!(Value(200).to_string(), "2");
    assert_eq!(Value(-50).to_string(), "-0.5");
}
