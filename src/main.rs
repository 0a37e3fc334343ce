use api::config::{AdminCommand, Cli, Command};
use clap::Parser;
use std::io::Write;

mod positions;
mod tournaments;

/// mimalloc instead of glibc's malloc: a move allocates in many small pieces (JSON, FEN, the
/// fold's copies), and glibc's allocator was a sixth of the server's CPU under load (D30).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    api::telemetry::init(cli.config.log_format);
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(cli.config),
        Command::Verify => {
            let breaks = api::verify(&cli.config)?;
            std::process::exit(if breaks == 0 { 0 } else { 1 });
        }
        Command::Tiebreaks(args) => answer("tiebreaks", tournaments::tiebreaks(&args)),
        Command::Perft(args) => answer("perft", positions::perft_lines(&args)),
        Command::Moves(args) => answer("moves", positions::move_lines(&args)),
        Command::Admin(command) => {
            let out = match &command {
                AdminCommand::AddOrganiser(args) => {
                    api::add_account(&cli.config, args, api::store::Role::Organiser)
                }
                AdminCommand::AddAdmin(args) => {
                    api::add_account(&cli.config, args, api::store::Role::Admin)
                }
            };
            answer("admin", out)
        }
        Command::Pair(args) => {
            let (code, out) = tournaments::pair(&args);
            std::io::stdout().write_all(out.as_bytes())?;
            std::process::exit(code);
        }
    }
}

/// Prints a tournament command's output, or its error (with its causes) and exits with 2.
fn answer(command: &str, out: anyhow::Result<String>) -> anyhow::Result<()> {
    match out {
        Ok(text) => {
            std::io::stdout().write_all(text.as_bytes())?;
            Ok(())
        }
        Err(e) => {
            eprintln!("zarf {command}: {e:#}");
            std::process::exit(2);
        }
    }
}

fn serve(config: api::config::Config) -> anyhow::Result<()> {
    // Whatever the server or a library creates (the database's journal, a mail) is private.
    api::files::private_umask();
    actix_web::rt::System::new().block_on(async move {
        let mut running = api::build(&config)?;
        let banner = running.banner(&config.database_url);
        if let Some((_, metrics)) = running.metrics.take() {
            actix_web::rt::spawn(metrics);
        }
        // Written without println!: a closed stdout must not stop the server.
        let mut out = std::io::stdout();
        let _ = out.write_all(banner.as_bytes()).and_then(|()| out.flush());
        running.server.await?;
        Ok(())
    })
}
