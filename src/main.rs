use api::config::{Cli, Command};
use clap::Parser;

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    api::telemetry::init(cli.config.log_format);
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(cli.config),
        Command::Verify => {
            let breaks = api::verify(&cli.config)?;
            std::process::exit(if breaks == 0 { 0 } else { 1 });
        }
    }
}

fn serve(config: api::config::Config) -> anyhow::Result<()> {
    actix_web::rt::System::new().block_on(async move {
        let running = api::build(&config)?;
        println!("zarf is serving at http://{}", running.addr);
        if running.admin_token_from_data_dir {
            println!(
                "admin token (kept in {}): {}",
                config.data_dir.join("admin-token").display(),
                running.admin_token
            );
        }
        println!("database: {}", api::redact(&config.database_url));
        running.server.await?;
        Ok(())
    })
}
