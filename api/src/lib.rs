//! zarf's service: the event store, the HTTP API v1 and the pages.

pub mod store;
