//! The Xfcc door: XfccBasic over SOAP 1.1, as the ICCF server publishes it, at
//! `/xfcc/XfccBasic.asmx` (its WSDL at `?WSDL`). This module reads and writes envelopes; what a
//! call does is the app's ([`crate::app::xfcc`]). An envelope that cannot be read, or is too
//! large, is answered with a SOAP 1.1 fault (HTTP 500, `soap:Client`), logged with its cause.

use std::collections::HashMap;

use actix_web::http::header::ContentType;
use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use quick_xml::events::Event;

use crate::app::app_passwords::{authenticate, AuthError};
use crate::app::xfcc::{self, MakeAMove, MoveResult, XfccGame};
use crate::app::AppState;

/// The service's namespace, and the stem of every SOAPAction.
pub const NAMESPACE: &str = "http://www.bennedik.com/webservices/XfccBasic";
const SOAP_ENVELOPE: &str = "http://schemas.xmlsoap.org/soap/envelope/";
/// The SOAP 1.1 header naming the call.
const SOAP_ACTION: &str = "soapaction";
/// The largest envelope read: a `MakeAMove` with a full message is under 8 KiB.
pub const MAX_ENVELOPE_BYTES: usize = 64 * 1024;
/// Deepest element nesting read (an envelope needs four levels).
const MAX_DEPTH: usize = 16;

const WSDL: &str = include_str!("../../../../templates/xfcc/XfccBasic.wsdl");

/// Why an envelope cannot be answered: a SOAP fault.
#[derive(Debug)]
struct Fault {
    /// `Client` (the envelope's fault) or `Server`.
    code: &'static str,
    message: String,
}

impl Fault {
    fn client(message: impl Into<String>) -> Fault {
        Fault {
            code: "Client",
            message: message.into(),
        }
    }

    fn answer(&self) -> HttpResponse {
        if self.code == "Server" {
            tracing::error!(fault = %self.message, "an Xfcc call failed");
        } else {
            tracing::warn!(fault = %self.message, "an Xfcc envelope was refused");
        }
        let body = format!(
            "{}<soap:Fault><faultcode>soap:{}</faultcode><faultstring>{}</faultstring></soap:Fault>{}",
            ENVELOPE_START,
            self.code,
            escape(&self.message),
            ENVELOPE_END
        );
        xml_answer(StatusCode::INTERNAL_SERVER_ERROR, body)
    }
}

const ENVELOPE_START: &str = concat!(
    r#"<?xml version="1.0" encoding="utf-8"?>"#,
    r#"<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" "#,
    r#"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" "#,
    r#"xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>"#
);
const ENVELOPE_END: &str = "</soap:Body></soap:Envelope>";

fn xml_answer(status: StatusCode, body: String) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header(("content-type", "text/xml; charset=utf-8"))
        .body(body)
}

/// The answer to a program over the write limit: a client fault it can show (SOAP 1.1 sends
/// every fault as HTTP 500), asking it to slow down.
pub fn rate_limited() -> HttpResponse {
    Fault {
        code: "Client",
        message: "rate_limited: too many requests; slow down and try again shortly".into(),
    }
    .answer()
}

/// Text as XML character data: the five escapes, and characters XML 1.0 cannot hold dropped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A call read from an envelope: the operation's name and its parameters' texts.
#[derive(Debug, PartialEq)]
struct Call {
    operation: String,
    params: HashMap<String, String>,
}

/// Reads a SOAP 1.1 envelope: `Envelope` / optional `Header` / `Body` / one operation element in
/// the service's namespace, whose children are the parameters (text only). No DTD, no entity
/// but XML's own, nothing deeper than [`MAX_DEPTH`].
fn read_call(body: &[u8]) -> Result<Call, Fault> {
    let text = std::str::from_utf8(body).map_err(|_| Fault::client("the envelope is not UTF-8"))?;
    let mut reader = quick_xml::NsReader::from_str(text);
    reader.config_mut().trim_text(false);
    let mut path: Vec<(Option<String>, String)> = Vec::new();
    let mut operation: Option<String> = None;
    let mut params: HashMap<String, String> = HashMap::new();
    let mut current: Option<(String, String)> = None;
    let mut body_seen = false;
    loop {
        let (ns, event) = reader
            .read_resolved_event()
            .map_err(|e| Fault::client(format!("the envelope is not well-formed XML: {e}")))?;
        let ns = match ns {
            quick_xml::name::ResolveResult::Bound(n) => Some(n.as_ref().to_owned()),
            quick_xml::name::ResolveResult::Unbound => None,
            quick_xml::name::ResolveResult::Unknown(p) => {
                return Err(Fault::client(format!("unknown namespace prefix {p}")))
            }
        };
        match event {
            Event::DocType(_) => return Err(Fault::client("a SOAP message has no DTD")),
            Event::Start(e) | Event::Empty(e) if path.len() >= MAX_DEPTH => {
                let _ = e;
                return Err(Fault::client("the envelope is nested too deeply"));
            }
            Event::Start(e) => {
                let local = e.local_name().as_ref().to_owned();
                enter(&path, ns.as_deref(), &local, &mut operation, &mut body_seen)?;
                if path.len() == 3 {
                    current = Some((local.clone(), String::new()));
                }
                path.push((ns, local));
            }
            Event::Empty(e) => {
                let local = e.local_name().as_ref().to_owned();
                enter(&path, ns.as_deref(), &local, &mut operation, &mut body_seen)?;
                if path.len() == 3 && params.insert(local.clone(), String::new()).is_some() {
                    return Err(Fault::client(format!("{local} is given twice")));
                }
            }
            Event::Text(t) => {
                if let Some((_, value)) = current.as_mut().filter(|_| path.len() == 4) {
                    value.push_str(&t.xml10_content());
                }
            }
            Event::GeneralRef(r) => {
                if let Some((_, value)) = current.as_mut().filter(|_| path.len() == 4) {
                    value.push(reference(&r.into_inner())?);
                }
            }
            Event::CData(c) => {
                if let Some((_, value)) = current.as_mut().filter(|_| path.len() == 4) {
                    value.push_str(&c.xml10_content());
                }
            }
            Event::End(_) => {
                path.pop();
                if path.len() == 3 {
                    if let Some((name, value)) = current.take() {
                        if params.insert(name.clone(), value).is_some() {
                            return Err(Fault::client(format!("{name} is given twice")));
                        }
                    }
                }
            }
            Event::Eof => break,
            _ => {}
        }
        if params.len() > 32 {
            return Err(Fault::client("too many parameters"));
        }
    }
    let operation = operation.ok_or_else(|| Fault::client("the envelope's body holds no call"))?;
    Ok(Call { operation, params })
}

/// Checks an element about to be entered at depth `path.len()`.
fn enter(
    path: &[(Option<String>, String)],
    ns: Option<&str>,
    local: &str,
    operation: &mut Option<String>,
    body_seen: &mut bool,
) -> Result<(), Fault> {
    match path.len() {
        0 if ns == Some(SOAP_ENVELOPE) && local == "Envelope" => Ok(()),
        0 => Err(Fault::client("not a SOAP 1.1 envelope")),
        1 if ns == Some(SOAP_ENVELOPE) && local == "Header" => Ok(()),
        1 if ns == Some(SOAP_ENVELOPE) && local == "Body" => {
            if std::mem::replace(body_seen, true) {
                return Err(Fault::client("the envelope has two bodies"));
            }
            Ok(())
        }
        1 => Err(Fault::client(format!("unexpected {local} in the envelope"))),
        2 if path[1].1 == "Body" => {
            if ns != Some(NAMESPACE) {
                return Err(Fault::client(format!(
                    "{local} is not a call of {NAMESPACE}"
                )));
            }
            if operation.replace(local.to_owned()).is_some() {
                return Err(Fault::client("one call per envelope"));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// XML's own entities and character references; any other is refused.
fn reference(name: &str) -> Result<char, Fault> {
    let c = match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        n if n.starts_with("#x") => u32::from_str_radix(&n[2..], 16)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| Fault::client(format!("bad character reference &{n};")))?,
        n if n.starts_with('#') => n[1..]
            .parse::<u32>()
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| Fault::client(format!("bad character reference &{n};")))?,
        n => return Err(Fault::client(format!("unknown entity &{n};"))),
    };
    Ok(c)
}

impl Call {
    fn param(&self, name: &str) -> String {
        self.params.get(name).cloned().unwrap_or_default()
    }

    fn boolean(&self, name: &str) -> Result<bool, Fault> {
        match self.params.get(name).map(|v| v.trim()) {
            None | Some("") | Some("false") | Some("0") => Ok(false),
            Some("true") | Some("1") => Ok(true),
            Some(other) => Err(Fault::client(format!("{name}: {other:?} is not a boolean"))),
        }
    }

    fn integer(&self, name: &str) -> Result<i64, Fault> {
        match self.params.get(name).map(|v| v.trim()) {
            None | Some("") => Ok(0),
            Some(v) => v
                .parse()
                .map_err(|_| Fault::client(format!("{name}: {v:?} is not an integer"))),
        }
    }
}

/// Reads the body up to [`MAX_ENVELOPE_BYTES`].
async fn read_body(payload: web::Payload) -> Result<web::Bytes, Fault> {
    match payload.to_bytes_limited(MAX_ENVELOPE_BYTES).await {
        Ok(Ok(body)) => Ok(body),
        Ok(Err(e)) => Err(Fault::client(format!("the envelope was cut off: {e}"))),
        Err(_) => Err(Fault::client(format!(
            "the envelope is larger than {MAX_ENVELOPE_BYTES} bytes"
        ))),
    }
}

/// The WSDL, at `?WSDL` (any case); anything else gets a line on what this is.
#[get("/xfcc/XfccBasic.asmx")]
pub async fn description(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    if req.query_string().eq_ignore_ascii_case("wsdl") {
        let location = format!("{}/xfcc/XfccBasic.asmx", state.public_url);
        return xml_answer(
            StatusCode::OK,
            WSDL.replace("{location}", &escape(&location)),
        );
    }
    HttpResponse::Ok()
        .content_type(ContentType::plaintext())
        .body("XfccBasic (SOAP 1.1): its description is at ?WSDL\n")
}

/// A call.
#[post("/xfcc/XfccBasic.asmx")]
pub async fn soap_call(
    state: web::Data<AppState>,
    req: HttpRequest,
    payload: web::Payload,
) -> HttpResponse {
    let call = match read_body(payload).await.and_then(|b| read_call(&b)) {
        Ok(call) => call,
        Err(fault) => return fault.answer(),
    };
    // A SOAPAction, where sent, names the same call as the body.
    if let Some(action) = req
        .headers()
        .get(SOAP_ACTION)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().trim_matches('"'))
        .filter(|a| !a.is_empty())
    {
        if action != format!("{NAMESPACE}/{}", call.operation) {
            return Fault::client(format!("SOAPAction {action} is not the body's call")).answer();
        }
    }
    let ip = crate::http::client::client_address(&req).key();
    let answered = match call.operation.as_str() {
        "GetMyGames" => get_my_games(state, &call, ip).await,
        "MakeAMove" => make_a_move(state, &call, ip).await,
        other => Err(Fault::client(format!(
            "no call {other}: GetMyGames or MakeAMove"
        ))),
    };
    answered.unwrap_or_else(|fault| fault.answer())
}

/// The player a call's username and password name, on a blocking thread.
async fn who(
    state: &web::Data<AppState>,
    call: &Call,
    ip: String,
) -> Result<Result<crate::store::PlayerRow, ()>, Fault> {
    let (username, password) = (call.param("username"), call.param("password"));
    let state = state.clone();
    let found = web::block(move || authenticate(&state, &username, &password, &ip))
        .await
        .map_err(|e| Fault {
            code: "Server",
            message: format!("a blocking task failed: {e}"),
        })?;
    match found {
        Ok(player) => Ok(Ok(player)),
        Err(AuthError::Failed) => Ok(Err(())),
        Err(AuthError::Store(e)) => Err(Fault {
            code: "Server",
            message: format!("the store failed: {e}"),
        }),
    }
}

async fn get_my_games(
    state: web::Data<AppState>,
    call: &Call,
    ip: String,
) -> Result<HttpResponse, Fault> {
    let Ok(player) = who(&state, call, ip).await? else {
        return Err(Fault::client("AuthenticationFailed"));
    };
    let games = web::block(move || xfcc::my_games(&state, &player))
        .await
        .map_err(|e| Fault {
            code: "Server",
            message: format!("a blocking task failed: {e}"),
        })?
        .map_err(|e| Fault {
            code: "Server",
            message: format!("listing games failed: {e:#}"),
        })?;
    let mut body = String::from(ENVELOPE_START);
    body.push_str(&format!(
        r#"<GetMyGamesResponse xmlns="{NAMESPACE}"><GetMyGamesResult>"#
    ));
    for g in &games {
        body.push_str("<XfccGame>");
        write_game(&mut body, g);
        body.push_str("</XfccGame>");
    }
    body.push_str("</GetMyGamesResult></GetMyGamesResponse>");
    body.push_str(ENVELOPE_END);
    Ok(xml_answer(StatusCode::OK, body))
}

/// One `XfccGame`, its elements in the WSDL's order.
fn write_game(out: &mut String, g: &XfccGame) {
    let b = |v: bool| if v { "true" } else { "false" };
    let mut el = |name: &str, value: &str| {
        out.push_str(&format!("<{name}>{}</{name}>", escape(value)));
    };
    el("id", &g.id.to_string());
    el("white", &g.white);
    el("black", &g.black);
    el("event", &g.event);
    el("site", &g.site);
    el("myTurn", b(g.my_turn));
    el("hasWhite", b(g.has_white));
    el("daysPlayer", &g.player.days.to_string());
    el("hoursPlayer", &g.player.hours.to_string());
    el("minutesPlayer", &g.player.minutes.to_string());
    el("daysOpponent", &g.opponent.days.to_string());
    el("hoursOpponent", &g.opponent.hours.to_string());
    el("minutesOpponent", &g.opponent.minutes.to_string());
    el("moves", &g.moves);
    el("drawOffered", b(g.draw_offered));
    el("result", g.result.as_str());
    if let Some(m) = &g.message {
        el("message", m);
    }
    el("gameLink", &g.game_link);
    if let Some(e) = g.white_elo {
        el("whiteElo", &e.to_string());
    }
    if let Some(e) = g.black_elo {
        el("blackElo", &e.to_string());
    }
    el("eventDate", &g.event_date);
    el("setup", b(g.setup));
    if let Some(fen) = &g.fen {
        el("fen", fen);
    }
    if let Some(round) = &g.round {
        el("round", round);
    }
    el("timeControl", &g.time_control);
}

async fn make_a_move(
    state: web::Data<AppState>,
    call: &Call,
    ip: String,
) -> Result<HttpResponse, Fault> {
    let m = MakeAMove {
        game_id: call.integer("gameId")?,
        resign: call.boolean("resign")?,
        accept_draw: call.boolean("acceptDraw")?,
        movecount: call.integer("movecount")?,
        my_move: call.param("myMove"),
        offer_draw: call.boolean("offerDraw")?,
        claim_draw: call.boolean("claimDraw")?,
        my_message: call.param("myMessage"),
    };
    let result = match who(&state, call, ip).await? {
        Err(()) => MoveResult::AuthenticationFailed,
        Ok(player) => xfcc::make_a_move(state.into_inner(), player, m).await,
    };
    let body = format!(
        r#"{ENVELOPE_START}<MakeAMoveResponse xmlns="{NAMESPACE}"><MakeAMoveResult>{}</MakeAMoveResult></MakeAMoveResponse>{ENVELOPE_END}"#,
        result.as_str()
    );
    Ok(xml_answer(StatusCode::OK, body))
}

/// The Xfcc door's routes: its WSDL and its SOAP calls.
pub fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(description).service(soap_call);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn envelope(inner: &str) -> String {
        format!(
            r#"<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="{SOAP_ENVELOPE}"><soap:Body>{inner}</soap:Body></soap:Envelope>"#
        )
    }

    #[test]
    fn a_call_is_read_with_either_prefix_style() {
        let plain = envelope(&format!(
            r#"<GetMyGames xmlns="{NAMESPACE}"><username>a&amp;b@x.org</username><password>p&#x41;</password></GetMyGames>"#
        ));
        let call = read_call(plain.as_bytes()).unwrap();
        assert_eq!(call.operation, "GetMyGames");
        assert_eq!(call.param("username"), "a&b@x.org");
        assert_eq!(call.param("password"), "pA");
        let prefixed = format!(
            r#"<soap:Envelope xmlns:soap="{SOAP_ENVELOPE}" xmlns:ns="{NAMESPACE}"><soap:Header/><soap:Body><ns:MakeAMove><ns:gameId>7</ns:gameId><ns:resign>true</ns:resign><ns:myMove/></ns:MakeAMove></soap:Body></soap:Envelope>"#
        );
        let call = read_call(prefixed.as_bytes()).unwrap();
        assert_eq!(call.operation, "MakeAMove");
        assert_eq!(call.integer("gameId").unwrap(), 7);
        assert!(call.boolean("resign").unwrap());
        assert!(!call.boolean("offerDraw").unwrap());
        assert_eq!(call.param("myMove"), "");
    }

    #[test]
    fn what_is_not_an_xfcc_envelope_is_a_client_fault() {
        let refused = |text: &str| read_call(text.as_bytes()).unwrap_err().code;
        assert_eq!(refused("not xml at all <"), "Client");
        assert_eq!(refused("<a/>"), "Client");
        assert_eq!(
            refused(&envelope(r#"<GetMyGames xmlns="urn:other"/>"#)),
            "Client"
        );
        assert_eq!(
            refused(&format!(
                r#"<!DOCTYPE x [<!ENTITY e "boom">]>{}"#,
                envelope(&format!(
                    r#"<GetMyGames xmlns="{NAMESPACE}"><username>&e;</username></GetMyGames>"#
                ))
            )),
            "Client"
        );
        assert_eq!(
            refused(&envelope(&format!(
                r#"<GetMyGames xmlns="{NAMESPACE}"><username>a</username><username>b</username></GetMyGames>"#
            ))),
            "Client"
        );
        let deep = format!(
            r#"<GetMyGames xmlns="{NAMESPACE}">{}{}</GetMyGames>"#,
            "<a>".repeat(40),
            "</a>".repeat(40)
        );
        assert_eq!(refused(&envelope(&deep)), "Client");
        assert_eq!(refused(&envelope("")), "Client");
        let bad_bool = read_call(
            envelope(&format!(
                r#"<MakeAMove xmlns="{NAMESPACE}"><resign>maybe</resign></MakeAMove>"#
            ))
            .as_bytes(),
        )
        .unwrap();
        assert!(bad_bool.boolean("resign").is_err());
    }

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(
            escape("<a href=\"x\">&'\u{1}\n"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&apos;\n"
        );
    }
}
