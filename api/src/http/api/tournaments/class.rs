//! A whole class registered at once, with accounts and sign-in codes for its pupils.

use super::*;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewClass {
    /// One pupil a line. A first line naming the columns (`name`/`ad`, `school`/`okul`,
    /// `class`/`sınıf`, `birth_year`/`doğum yılı`, `rating`/`puan`, `email`/`e-posta`) says
    /// which is which; without it a line is a name and, after a comma, an e-mail address.
    /// Columns are separated by commas, semicolons or tabs. At most 15,000 characters and 200
    /// pupils (the request as a whole is at most 16 KB).
    pub csv: String,
    /// The school and class of pupils whose line names none.
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::group_or_empty)]
    pub school: Option<String>,
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::group_or_empty)]
    pub class: Option<String>,
    /// The pupils' language (default the organiser's).
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::locale)]
    pub locale: Option<domain::game::Locale>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PupilRegistered {
    pub id: String,
    pub name: String,
    /// A one-time sign-in code for the pupil, to print (`/login`).
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClassRegistered {
    pub pupils: Vec<PupilRegistered>,
    pub tournament: TournamentView,
}

/// A pupil's line of a class list.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Pupil {
    pub name: String,
    pub email: Option<String>,
    pub school: Option<String>,
    pub class: Option<String>,
    pub birth_year: Option<u16>,
    pub rating: Option<u16>,
}

/// The pupils of a class list, or why line `n` (from 1) is not one.
pub(crate) fn read_pupils(csv: &str) -> Result<Vec<Pupil>, String> {
    #[derive(Clone, Copy, PartialEq)]
    enum Column {
        Name,
        Email,
        School,
        Class,
        Birth,
        Rating,
        Other,
    }
    let column = |head: &str| match head.trim().to_lowercase().as_str() {
        "name" | "ad" | "isim" | "ad soyad" | "adı soyadı" | "adi soyadi" => Column::Name,
        "email" | "e-mail" | "e-posta" | "eposta" => Column::Email,
        "school" | "okul" => Column::School,
        "class" | "sınıf" | "sinif" => Column::Class,
        "birth_year" | "birth year" | "born" | "doğum yılı" | "dogum yili" | "doğum" => {
            Column::Birth
        }
        "rating" | "elo" | "puan" | "ukd" => Column::Rating,
        _ => Column::Other,
    };
    let mut columns = vec![Column::Name, Column::Email];
    let mut pupils = Vec::new();
    let mut first = true;
    for (i, line) in csv.lines().enumerate() {
        let line = line.trim().trim_start_matches('\u{feff}');
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line
            .split([',', ';', '\t'])
            .map(|f| f.trim().trim_matches('"').trim())
            .collect();
        if std::mem::take(&mut first) && fields.iter().any(|f| column(f) == Column::Name) {
            columns = fields.iter().map(|f| column(f)).collect();
            continue;
        }
        let n = i + 1;
        let mut pupil = Pupil::default();
        for (field, col) in fields.iter().zip(&columns) {
            let text = (!field.is_empty()).then(|| (*field).to_owned());
            match col {
                Column::Name => pupil.name = field.to_string(),
                Column::Email => pupil.email = text,
                Column::School => pupil.school = text,
                Column::Class => pupil.class = text,
                Column::Birth => {
                    pupil.birth_year = match text {
                        None => None,
                        Some(y) => Some(
                            y.parse()
                                .ok()
                                .filter(|y| (1900..=2100).contains(y))
                                .ok_or(format!("line {n}: a birth year such as 2012"))?,
                        ),
                    }
                }
                Column::Rating => {
                    pupil.rating = match text {
                        None => None,
                        Some(r) => Some(
                            r.parse()
                                .ok()
                                .filter(|r| *r <= 3500)
                                .ok_or(format!("line {n}: a rating from 0 to 3500"))?,
                        ),
                    }
                }
                Column::Other => {}
            }
        }
        if crate::app::accounts::PlayerName::parse(&pupil.name).is_none() {
            return Err(format!("line {n}: a name of 1 to 100 visible characters"));
        }
        if pupils.len() == crate::app::organising::MAX_CLASS {
            return Err(format!(
                "at most {} pupils",
                crate::app::organising::MAX_CLASS
            ));
        }
        pupils.push(pupil);
    }
    if pupils.is_empty() {
        return Err("no pupil in the list".into());
    }
    Ok(pupils)
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/class", tag = "tournaments",
    description = "A whole class at once: each pupil of the list gets an account (with the school and class, and an e-mail address if given) and a one-time sign-in code, and is registered with their rating and birth year. All or nothing for the accounts; pupils are registered in the list's order.",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = NewClass,
    responses(
        (status = 200, description = "The pupils with their sign-in codes, and the tournament", body = ClassRegistered),
        (status = 400, description = "A line of the list that is not a pupil", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "email_taken", body = ErrorBody),
        (status = 413, description = "The request is over 16 KB", body = ErrorBody),
        (status = 422, description = "round_robin_closed", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/class")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn register_class(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<NewClass>,
) -> Result<HttpResponse, ApiError> {
    caller.acting()?;
    let id = tournament_id(&id, &caller)?;
    // The tournament must be there and the caller run it before anyone is made.
    let s = state.clone();
    let key = id.clone();
    let TournamentState::Created(t) = web::block(move || folded(&s, &key)).await?? else {
        return Err(ApiError::not_found(caller.locale()));
    };
    let me = caller.player().and_then(|p| PlayerId::parse(&p.id).ok());
    if !caller.is_admin() && !me.is_some_and(|me| t.setup.run_by(me)) {
        return Err(ApiError::tournament_rejection(
            &domain::tournament::Rejection::ArbiterOnly,
            caller.locale(),
        ));
    }
    // Refused as the first registration would be, before any account is made.
    if t.finished {
        return Err(ApiError::tournament_rejection(
            &domain::tournament::Rejection::Finished,
            caller.locale(),
        ));
    }
    if t.setup.system != System::Swiss && !t.rounds.is_empty() {
        return Err(ApiError::tournament_rejection(
            &domain::tournament::Rejection::RoundRobinClosed,
            caller.locale(),
        ));
    }
    let body = body.into_inner();
    if body.csv.chars().count() > 15_000 {
        return Err(ApiError::bad_request("csv: at most 15,000 characters"));
    }
    let pupils = read_pupils(&body.csv).map_err(ApiError::bad_request)?;
    let group = |own: &Option<String>, given: &Option<String>| {
        own.clone()
            .or_else(|| given.clone())
            .filter(|g| !g.trim().is_empty())
    };
    let accounts = pupils
        .iter()
        .map(|p| {
            crate::http::api::players::new_player(
                &caller,
                crate::http::api::players::NewPlayer {
                    name: p.name.clone(),
                    email: p.email.clone(),
                    locale: body.locale.or(Some(caller.locale())),
                    notation: None,
                    roles: None,
                    school: group(&p.school, &body.school),
                    class_name: group(&p.class, &body.class),
                },
            )
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let s = state.clone();
    let stored = accounts.clone();
    let codes = web::block(move || -> Result<Vec<String>, ApiError> {
        crate::http::api::players::store_players(&s, &stored)?;
        stored
            .iter()
            .map(|(row, _)| {
                Ok(crate::app::sign_in::issue_code(&s, &row.id, crate::app::sign_in::CODE_DAYS)?.0)
            })
            .collect()
    })
    .await??;
    let mut view = None;
    for ((row, _), pupil) in accounts.iter().zip(&pupils) {
        let entrant = Entrant {
            player: player_id(&row.id)?,
            name: crate::app::accounts::recorded_name(row),
            rating: pupil.rating,
            school: row.school.clone(),
            class: row.class_name.clone(),
            birth_year: pupil.birth_year,
            pupil: row.created_by.is_some(),
        };
        view = Some(command(state.clone(), &caller, &id, Command::Register(entrant)).await?);
    }
    let tournament =
        view.ok_or_else(|| ApiError::internal(anyhow::anyhow!("a class without pupils")))?;
    let pupils = accounts
        .into_iter()
        .zip(codes)
        .map(|((row, _), code)| PupilRegistered {
            id: row.id,
            name: row.name,
            code,
        })
        .collect();
    Ok(HttpResponse::Ok().json(ClassRegistered { pupils, tournament }))
}

#[cfg(test)]
mod tests {
    use super::{read_pupils, Pupil};

    #[test]
    fn a_class_list_reads_its_columns_by_their_names_in_either_language() {
        let csv = "\u{feff}Ad;Okul;Sınıf;Doğum yılı;Puan;E-posta\n\
                   Ayşe Yılmaz;Atatürk Lisesi;9-A;2011;1450;\n\
                   \n\
                   \"Mehmet Öz\";;9-B;;;mehmet@okul.tr\n";
        assert_eq!(
            read_pupils(csv).unwrap(),
            vec![
                Pupil {
                    name: "Ayşe Yılmaz".into(),
                    school: Some("Atatürk Lisesi".into()),
                    class: Some("9-A".into()),
                    birth_year: Some(2011),
                    rating: Some(1450),
                    email: None,
                },
                Pupil {
                    name: "Mehmet Öz".into(),
                    class: Some("9-B".into()),
                    email: Some("mehmet@okul.tr".into()),
                    ..Pupil::default()
                },
            ]
        );
        // No header: a name and an address.
        let plain = read_pupils("Can Demir, can@okul.tr\nElif Kaya").unwrap();
        assert_eq!(plain[0].email.as_deref(), Some("can@okul.tr"));
        assert_eq!(plain[1].name, "Elif Kaya");
        assert_eq!(
            read_pupils("name,rating\nCan,strong"),
            Err("line 2: a rating from 0 to 3500".into())
        );
        assert_eq!(
            read_pupils("name,birth_year\nCan,1850"),
            Err("line 2: a birth year such as 2012".into())
        );
        assert!(read_pupils("name\n\u{7}\n").is_err());
        assert!(read_pupils("\n\n").is_err());
    }
}
