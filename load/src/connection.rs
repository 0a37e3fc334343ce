//! A client's own HTTP/1.1 connection to the server, for the moves: one request at a time,
//! kept alive, opened again after an error. reqwest, which the rest of zarf-load uses, parses
//! each request's URL, checks a connection out of its pool and goes through several layers of
//! services: a profile of the load had a third of the client's CPU there (URL parsing alone a
//! ninth). The client shares the server's two cores, so what it spends the server cannot use.

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::client::conn::http1::SendRequest;
use hyper::header::{HeaderValue, AUTHORIZATION, CONTENT_TYPE, HOST};
use hyper::Request;
use hyper_util::rt::TokioIo;

pub struct Connection {
    /// `host:port`, as given.
    authority: String,
    host: HeaderValue,
    sender: Option<SendRequest<Full<Bytes>>>,
}

impl Connection {
    /// A connection to the server at `url` (`http://host[:port]`, port 80 by default, no path),
    /// opened at the first request.
    pub fn to(url: &str) -> anyhow::Result<Connection> {
        let uri: hyper::Uri = url.parse()?;
        let given = uri.authority().map(|a| a.as_str()).unwrap_or_default();
        anyhow::ensure!(
            uri.scheme_str() == Some("http")
                && uri.path() == "/"
                && uri.query().is_none()
                && !given.is_empty()
                && !given.contains('@'),
            "--url must be http://host:port, not {url}"
        );
        let host = uri.host().unwrap_or_default();
        Ok(Connection {
            host: HeaderValue::from_str(given)?,
            authority: format!("{host}:{}", uri.port_u16().unwrap_or(80)),
            sender: None,
        })
    }

    /// POSTs the JSON `body` to `path` with the bearer `token`: the answer's status and body.
    pub async fn post(
        &mut self,
        path: &str,
        token: &str,
        body: String,
    ) -> anyhow::Result<(u16, Bytes)> {
        self.send(hyper::Method::POST, path, token, body).await
    }

    /// PUTs the JSON `body` to `path`, as [`Connection::post`].
    pub async fn put(
        &mut self,
        path: &str,
        token: &str,
        body: String,
    ) -> anyhow::Result<(u16, Bytes)> {
        self.send(hyper::Method::PUT, path, token, body).await
    }

    async fn send(
        &mut self,
        method: hyper::Method,
        path: &str,
        token: &str,
        body: String,
    ) -> anyhow::Result<(u16, Bytes)> {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .header(HOST, self.host.clone())
            .header(AUTHORIZATION, format!("Bearer {token}"))
            .header(CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::from(body)))?;
        let sender = match self.sender.take() {
            Some(s) if !s.is_closed() => self.sender.insert(s),
            _ => self.sender.insert(self.open().await?),
        };
        sender.ready().await?;
        let answered = async {
            let response = sender.send_request(request).await?;
            let status = response.status().as_u16();
            let body = response.into_body().collect().await?.to_bytes();
            anyhow::Ok((status, body))
        }
        .await;
        if answered.is_err() {
            // Whatever state it is in, the next request gets a new connection.
            self.sender = None;
        }
        answered
    }

    async fn open(&self) -> anyhow::Result<SendRequest<Full<Bytes>>> {
        let stream = tokio::net::TcpStream::connect(&self.authority)
            .await
            .map_err(|e| anyhow::anyhow!("cannot connect to {}: {e}", self.authority))?;
        stream.set_nodelay(true)?;
        let (sender, connection) =
            hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
        tokio::spawn(async move {
            // Ends when the server closes the connection or the sender is dropped.
            let _ = connection.await;
        });
        Ok(sender)
    }
}

#[cfg(test)]
mod tests {
    use super::Connection;

    #[test]
    fn only_a_plain_http_server_address_is_taken() {
        for (url, authority) in [
            ("http://127.0.0.1:8080", "127.0.0.1:8080"),
            ("http://127.0.0.1:8080/", "127.0.0.1:8080"),
            ("http://localhost", "localhost:80"),
            ("http://[::1]:18080", "[::1]:18080"),
        ] {
            let c = Connection::to(url).unwrap();
            assert_eq!(c.authority, authority, "{url}");
            assert_eq!(
                c.host,
                url.trim_start_matches("http://").trim_end_matches('/'),
                "{url}"
            );
        }
        for bad in [
            "https://127.0.0.1:8080",
            "http://someone@127.0.0.1:8080",
            "http://127.0.0.1:8080/api",
            "http://127.0.0.1:8080/?x=1",
            "127.0.0.1:8080",
            "not a url",
        ] {
            assert!(Connection::to(bad).is_err(), "{bad}");
        }
    }
}
