//! The served OpenAPI document loses nothing the contract had: every path, method, parameter,
//! request body, status and schema of `data/openapi-baseline.json` (the document as it was
//! served before the doors were moved into folders of their own) is still there, the same but
//! for its words. Additions are free: a new path, status, property, enum value or alternative.

use serde_json::Value;

/// Keys whose values are words for people, free to change.
const WORDS: [&str; 5] = ["description", "summary", "example", "examples", "title"];

/// Whether `now` still offers everything `then` did, at `at` (where a difference is reported).
fn covers(then: &Value, now: &Value, at: &str, lost: &mut Vec<String>) {
    match (then, now) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in a {
                if WORDS.contains(&k.as_str()) {
                    continue;
                }
                let here = format!("{at}/{k}");
                match (k.as_str(), b.get(k)) {
                    (_, None) => lost.push(format!("{here}: gone")),
                    // Fields asked for: a request may not come to need more than it did.
                    ("required", Some(Value::Array(now_required))) if v.is_array() => {
                        let then_required: Vec<&Value> = v.as_array().unwrap().iter().collect();
                        let new_properties = |name: &Value| {
                            a.get("properties")
                                .and_then(|p| p.get(name.as_str().unwrap_or_default()))
                                .is_none()
                        };
                        for r in now_required {
                            if !then_required.contains(&r) && !new_properties(r) {
                                lost.push(format!("{here}: {r} is now required"));
                            }
                        }
                    }
                    ("enum", Some(Value::Array(now_values))) => {
                        for value in v.as_array().into_iter().flatten() {
                            if !now_values.contains(value) {
                                lost.push(format!("{here}: {value} gone"));
                            }
                        }
                    }
                    (_, Some(w)) => covers(v, w, &here, lost),
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            // Each item once offered is offered still (parameters by their name and place).
            for (i, item) in a.iter().enumerate() {
                let here = format!("{at}[{i}]");
                let same_parameter = |x: &Value| {
                    item.get("name").is_some()
                        && x.get("name") == item.get("name")
                        && x.get("in") == item.get("in")
                };
                let found = b.iter().find(|x| same_parameter(x)).or_else(|| {
                    b.iter().find(|x| {
                        let mut none = Vec::new();
                        covers(item, x, &here, &mut none);
                        none.is_empty()
                    })
                });
                match found {
                    Some(x) => covers(item, x, &here, lost),
                    None => lost.push(format!("{here}: {item} gone")),
                }
            }
        }
        (a, b) if a == b => {}
        (a, b) => lost.push(format!("{at}: {a} is now {b}")),
    }
}

/// A change made to a copy of the document.
type Change<'a> = Box<dyn Fn(&mut Value) + 'a>;

/// The schemas a request sends (reached from a request body), by name, and those they refer to.
fn request_schemas(doc: &Value) -> std::collections::BTreeSet<String> {
    fn refs(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(o) => {
                if let Some(Value::String(r)) = o.get("$ref") {
                    out.push(r.trim_start_matches("#/components/schemas/").to_owned());
                }
                o.values().for_each(|v| refs(v, out));
            }
            Value::Array(a) => a.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }
    let mut todo = Vec::new();
    for item in doc["paths"]
        .as_object()
        .into_iter()
        .flat_map(|p| p.values())
    {
        for op in item.as_object().into_iter().flat_map(|o| o.values()) {
            refs(&op["requestBody"], &mut todo);
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    while let Some(name) = todo.pop() {
        if seen.insert(name.clone()) {
            refs(&doc["components"]["schemas"][&name], &mut todo);
        }
    }
    seen
}

/// Everything `now` lost of `then`, and every field a request must now send that it need not
/// before (a new property too: an old client does not send it).
fn lost_between(then: &Value, now: &Value) -> Vec<String> {
    let mut lost = Vec::new();
    for part in ["paths", "components"] {
        covers(&then[part], &now[part], part, &mut lost);
    }
    for name in request_schemas(then) {
        let required = |d: &Value| -> Vec<Value> {
            d["components"]["schemas"][&name]["required"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        };
        let before = required(then);
        for field in required(now) {
            if !before.contains(&field) {
                lost.push(format!(
                    "components/schemas/{name}: a request must now send {field}"
                ));
            }
        }
    }
    lost
}

fn baseline() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/openapi-baseline.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn the_served_document_loses_nothing_the_contract_had() {
    let then = baseline();
    let now: Value = serde_json::from_str(&api::http::openapi_json()).unwrap();
    let lost = lost_between(&then, &now);
    assert!(lost.is_empty(), "the OpenAPI document lost: {lost:#?}");
    assert!(request_schemas(&then).contains("NewPlayer"));
    assert!(then["paths"].as_object().unwrap().len() >= 65);
}

/// The comparison finds what is lost: a path, a method, a status, a parameter, a property, an
/// enum's value, and a field newly required; it lets words change and additions through.
#[test]
fn a_loss_of_each_kind_is_found() {
    let then = baseline();
    let lose = |change: &dyn Fn(&mut Value)| {
        let mut now = then.clone();
        change(&mut now);
        lost_between(&then, &now)
    };
    let game = "/api/v1/games/{id}";
    let cases: [(&str, Change<'_>); 8] = [
        (
            "a path",
            Box::new(|d| drop(d["paths"].as_object_mut().unwrap().remove(game))),
        ),
        (
            "a method",
            Box::new(|d| drop(d["paths"][game].as_object_mut().unwrap().remove("get"))),
        ),
        (
            "a status",
            Box::new(|d| {
                drop(
                    d["paths"][game]["get"]["responses"]
                        .as_object_mut()
                        .unwrap()
                        .remove("200"),
                )
            }),
        ),
        (
            "a parameter",
            Box::new(|d| {
                d["paths"][game]["get"]["parameters"]
                    .as_array_mut()
                    .unwrap()
                    .retain(|p| p["name"] != "notation")
            }),
        ),
        (
            "a property",
            Box::new(|d| {
                drop(
                    d["components"]["schemas"]["GameView"]["properties"]
                        .as_object_mut()
                        .unwrap()
                        .remove("fen"),
                )
            }),
        ),
        (
            "an enum's value",
            Box::new(|d| {
                let values = d["components"]["schemas"]["Colour"]["enum"]
                    .as_array_mut()
                    .unwrap();
                values.pop();
            }),
        ),
        (
            "a field newly required",
            Box::new(|d| {
                let required = d["components"]["schemas"]["NewPlayer"]["required"]
                    .as_array_mut()
                    .unwrap();
                required.push(Value::from("email"));
            }),
        ),
        (
            "a new field a request must send",
            Box::new(|d| {
                let player = &mut d["components"]["schemas"]["NewPlayer"];
                player["properties"]["nickname"] = serde_json::json!({"type": "string"});
                player["required"]
                    .as_array_mut()
                    .unwrap()
                    .push(Value::from("nickname"));
            }),
        ),
    ];
    for (what, change) in &cases {
        assert!(
            !lose(change.as_ref()).is_empty(),
            "{what} lost is not found"
        );
    }
    let kept = lose(&|d: &mut Value| {
        d["paths"][game]["get"]["description"] = Value::from("other words");
        d["paths"]["/api/v1/new"] = serde_json::json!({"get": {}});
        // An answer may promise a new field always.
        let view = &mut d["components"]["schemas"]["GameView"];
        view["properties"]["added"] = serde_json::json!({"type": "string"});
        view["required"]
            .as_array_mut()
            .unwrap()
            .push(Value::from("added"));
    });
    assert!(kept.is_empty(), "{kept:#?}");
}
