//! Folding one event into a game: one small function per event. These apply facts that `decide`
//! already judged, so they re-check nothing but the log's own consistency (an event that cannot
//! follow the ones before it makes the state `Corrupt`).

use super::{micros, Game, Status};
use crate::game::adjournment::{side_index, Adjournment, Envelope, EnvelopeKind};
use crate::game::conditional::{DropReason, HeldLines};
use crate::game::dice::{Dice, Faces};
use crate::game::event::{EventBody, GameEvent};
use crate::game::moves::MoveRecord;
use crate::game::rules::{MoveCode, Rules, Throwing};
use crate::game::types::{GameResult, Side, Termination, Timestamp};

type Folded = Result<(), String>;

impl<R: Rules> Game<R> {
    /// Folds one event into the game, or says why it cannot follow the ones before it.
    pub(super) fn apply(&mut self, event: &GameEvent) -> Folded {
        self.may_follow_the_end(&event.body)?;
        let at = event.at;
        match &event.body {
            EventBody::GameCreated(_) => return Err("a second game_created".into()),
            EventBody::MovePlayed {
                mv,
                draw_offered,
                sealed,
                ..
            } => self.move_played(mv, *draw_offered, *sealed, at)?,
            EventBody::ConditionalMovesSet { side, commitment } => {
                self.conditional_moves_set(*side, commitment, at)
            }
            EventBody::ConditionalMovesWithdrawn { side } => {
                self.lines_end(*side, None)?;
            }
            EventBody::ConditionalMovesDropped { side, reason } => {
                self.lines_end(*side, Some(*reason))?;
            }
            EventBody::Adjourned {
                resume_at,
                place,
                sealer,
            } => self.adjourned(*resume_at, place.clone(), *sealer, at),
            EventBody::EnvelopeSealed {
                kind,
                sealed_by,
                move_number,
                commitment,
            } => self.envelope_sealed(*kind, *sealed_by, *move_number, commitment)?,
            EventBody::EnvelopeClosed { kind, sealed_by } => {
                self.envelope_closed(*kind, *sealed_by, at)?
            }
            EventBody::CheckedIn { side } => self.checked_in(*side)?,
            EventBody::EnvelopeOpened {
                kind, text, nonce, ..
            } => self.envelope_opened(*kind, text, nonce, at)?,
            EventBody::EnvelopeRestored { commitment, .. } => self.envelope_restored(commitment)?,
            EventBody::ClocksSet {
                white_seconds,
                black_seconds,
                ..
            } => self.clocks_set(*white_seconds, *black_seconds, at),
            EventBody::LateForResumption { .. } => {}
            EventBody::DeadPositionFound { ply } => self.dead_position_found(*ply)?,
            EventBody::DrawOffered { by } => {
                self.draw_offer = Some(*by);
                self.offered(self.moves.len());
            }
            EventBody::DrawAccepted { .. } | EventBody::DrawDeclined { .. } => {
                self.draw_offer = None
            }
            EventBody::DrawClaimed { by, upheld, .. } => self.draw_claimed(*by, *upheld),
            EventBody::FlagFell { .. } => {}
            EventBody::LeaveTaken { side, from, until } => {
                if let Some(clock) = &mut self.clock {
                    clock.pause(*side, *from, *until);
                }
            }
            EventBody::LeaveEnded { side } => {
                if let Some(clock) = &mut self.clock {
                    clock.end_leave(*side, at);
                }
            }
            EventBody::TimeAdded { side, seconds, .. } => {
                if let Some(clock) = &mut self.clock {
                    clock.add(*side, *seconds as i64);
                }
            }
            EventBody::Resigned { .. } | EventBody::ArbiterDecided { .. } => {}
            EventBody::TablebaseAdjudicated { .. } if self.tablebase.is_off() => {
                return Err("tablebase_adjudicated in a game the tables do not decide".into())
            }
            EventBody::TablebaseAdjudicated {
                verdict,
                claimed_by,
                ..
            } => {
                self.tablebase_verdict = Some(verdict.clone());
                self.tablebase_claimed_by = *claimed_by;
            }
            EventBody::GameEnded {
                result,
                termination,
            } => self.game_ended(*result, *termination),
            EventBody::DiceThrown {
                number,
                dice,
                passed,
                entropy,
                by,
                drawn,
            } => {
                let sent = (entropy.as_deref(), *by, *drawn);
                self.dice_thrown(*number, *dice, *passed, sent, at)?
            }
            EventBody::EntropyAdded { side, entropy } => {
                self.entropy_added(*side, &entropy.text)?
            }
            EventBody::MessageSent { by, text } => self.messages.push(crate::game::Message {
                by: *by,
                text: text.clone(),
                ply: self.moves.len(),
                at,
            }),
            EventBody::DiceRevealed { seed } => self.dice_revealed(seed)?,
        }
        self.close_adjournment_if_over();
        self.version += 1;
        self.updated_at = at;
        Ok(())
    }

    /// After the end only an arbiter's ruling (and its new ending) may follow, and the dice's
    /// secret.
    fn may_follow_the_end(&self, body: &EventBody) -> Folded {
        if let Status::Finished { .. } = self.status {
            if !matches!(
                body,
                EventBody::ArbiterDecided { .. }
                    | EventBody::GameEnded { .. }
                    | EventBody::DiceRevealed { .. }
            ) {
                return Err(format!("{} after the game ended", body.type_name()));
            }
        }
        Ok(())
    }

    /// A side's conditional lines are held from the present ply, replacing theirs.
    fn conditional_moves_set(&mut self, side: Side, commitment: &str, at: Timestamp) {
        self.conditional[side_index(side)] = Some(HeldLines {
            commitment: commitment.to_owned(),
            from_ply: self.moves.len(),
            set_at: at,
            since: Vec::new(),
        });
        self.conditional_dropped[side_index(side)] = None;
    }

    /// A dead position is found at the present ply, and only there.
    fn dead_position_found(&self, ply: u32) -> Folded {
        if ply as usize != self.moves.len() {
            return Err(format!(
                "dead_position_found for ply {ply} after ply {}",
                self.moves.len()
            ));
        }
        Ok(())
    }

    /// A player's entropy, for the throws after it, in a game of dice.
    fn entropy_added(&mut self, side: Side, text: &str) -> Folded {
        if self.dice.is_none() {
            return Err("entropy_added in a game without dice".into());
        }
        self.entropy[side_index(side)] = text.to_owned();
        self.entropy_changes
            .push((self.throws.len(), side, text.to_owned()));
        Ok(())
    }

    /// The dice's secret, once the game is over: it must match the commitment, and every throw
    /// must follow from it.
    fn dice_revealed(&mut self, seed: &str) -> Folded {
        let Some(d) = &self.dice else {
            return Err("dice_revealed in a game without dice".into());
        };
        let revealed = crate::game::dice::DiceSeed::parse_hex(seed)
            .filter(|s| s.commitment() == d.commitment)
            .ok_or("the revealed seed does not match the commitment")?;
        // Every throw is checked against the seed once it is known.
        if let Some(n) = self.throw_not_from(&revealed) {
            return Err(format!("throw {n} does not follow from the revealed seed"));
        }
        self.revealed_seed = Some(seed.to_owned());
        Ok(())
    }

    /// A move: an offer made with it stands; a sealed move's time was charged when its envelope
    /// closed, and play resumes after it (A12 counts moves from here).
    fn move_played(
        &mut self,
        mv: &MoveRecord,
        draw_offered: bool,
        sealed: bool,
        at: Timestamp,
    ) -> Folded {
        let m = R::replay(&self.position, &mv.code)
            .ok_or_else(|| format!("move {} names no piece", mv.code))?;
        if mv.written.is_empty()
            || mv.written.len() > MoveCode::MAX_LEN
            || mv.written.contains(char::is_control)
            || mv.written.starts_with(' ')
            || mv.written.ends_with(' ')
        {
            return Err(format!("move {} has no readable SAN", mv.code));
        }
        let mover = self.turn();
        self.play(m, &mv.written);
        for held in self.conditional.iter_mut().flatten() {
            held.since.push(mv.code);
        }
        if draw_offered {
            self.draw_offer = Some(mover);
            self.offered(self.moves.len());
        }
        if sealed {
            self.resumed_at_ply = Some(self.moves.len());
        } else {
            let next = self.turn();
            if let Some(clock) = &mut self.clock {
                clock.moved(mover, next, at);
            }
            self.thinking_us[side_index(mover)] += micros(at - self.turn_started_at);
            self.turn_started_at = at;
        }
        Ok(())
    }

    /// Dice thrown: an opening die waits for the other player's; where a throw passes the turn
    /// (no legal play), or the opening decides who starts, the clocks change over as after a
    /// move.
    fn dice_thrown(
        &mut self,
        number: u32,
        faces: Faces,
        passed: Option<Side>,
        (entropy, by, drawn): (Option<&str>, Option<Side>, bool),
        at: Timestamp,
    ) -> Folded {
        let Some(committed) = &self.dice else {
            return Err("dice_thrown in a game without dice".into());
        };
        let v1 = committed.is_v1();
        if number as usize != self.thrown.len() {
            return Err(format!(
                "dice_thrown number {number} after {} throws",
                self.thrown.len()
            ));
        }
        if v1 == entropy.is_some() {
            return Err(format!(
                "dice_thrown {number}: its entropy is not as its scheme has it"
            ));
        }
        let awaits = R::awaits_throw(&self.position);
        let before = self.turn();
        let dice = match (awaits, faces) {
            (Throwing::No, _) => return Err("dice_thrown where no throw is due".into()),
            (Throwing::Opening, Faces::Die(face)) if !v1 => {
                let side = by.ok_or("an opening die thrown by no player")?;
                match self.opening_die.take() {
                    None => {
                        self.opening_die = Some((side, face));
                        None
                    }
                    Some((other, theirs)) if other != side => Some(
                        match side {
                            Side::White => Dice::new(face, theirs),
                            Side::Black => Dice::new(theirs, face),
                        }
                        .map_err(|_| "an opening die is no face")?,
                    ),
                    Some(_) => return Err(format!("{side:?} threw a second opening die")),
                }
            }
            (Throwing::Opening, _) if !v1 => {
                return Err(format!(
                    "dice_thrown {number}: the opening is thrown one die each"
                ))
            }
            (_, Faces::Two(dice)) => Some(dice),
            (_, Faces::Die(_)) => return Err(format!("dice_thrown {number}: one die, not two")),
        };
        self.thrown.push(super::Thrown {
            faces,
            entropy: entropy.unwrap_or_default().to_owned(),
            by,
            drawn,
        });
        let did_pass = match dice {
            Some(dice) => {
                let on_roll = R::turn(&self.position);
                let did_pass = R::throw(&mut self.position, dice);
                if self.moves.len() == self.reversible_from {
                    R::throw(&mut self.reversible_start, dice);
                }
                self.throws.push((self.moves.len(), dice));
                did_pass.then_some(on_roll)
            }
            None => None,
        };
        if passed != did_pass {
            return Err(format!(
                "dice_thrown {number}: the turn passing is not as recorded"
            ));
        }
        let after = self.turn();
        // Before the game begins (a start set for later) no time runs.
        if after != before && at > self.turn_started_at {
            if let Some(clock) = &mut self.clock {
                clock.moved(before, after, at);
            }
            self.thinking_us[side_index(before)] += micros(at - self.turn_started_at);
            self.turn_started_at = at;
        } else if after != before {
            if let Some(clock) = &mut self.clock {
                clock.running = Some(after);
            }
        }
        Ok(())
    }

    /// Marks the ply after which a draw was offered (once, however often).
    fn offered(&mut self, ply: usize) {
        if self.offers_after.last() != Some(&ply) {
            self.offers_after.push(ply);
        }
    }

    fn adjourned(
        &mut self,
        resume_at: Timestamp,
        place: Option<String>,
        sealer: Side,
        at: Timestamp,
    ) {
        self.status = Status::Adjourned;
        self.adjournment = Some(Adjournment {
            resume_at,
            place,
            adjourned_at: at,
            sealer,
            position_before: self.position_text(),
            draw_offer: self.draw_offer,
            envelope: None,
            reply: None,
            checked_in: [false, false],
            resumed: false,
            used_at_close: None,
        });
    }

    fn adjournment_mut(&mut self, event: &str) -> Result<&mut Adjournment, String> {
        self.adjournment
            .as_mut()
            .ok_or_else(|| format!("{event} while not adjourned"))
    }

    fn envelope_sealed(
        &mut self,
        kind: EnvelopeKind,
        sealed_by: Side,
        move_number: u32,
        commitment: &str,
    ) -> Folded {
        let a = self.adjournment_mut("envelope_sealed")?;
        let envelope = Envelope {
            kind,
            sealed_by,
            move_number,
            commitment: commitment.to_owned(),
            closed: false,
            opened: None,
        };
        match kind {
            EnvelopeKind::Sealed => a.envelope = Some(envelope),
            EnvelopeKind::Reply => a.reply = Some(envelope),
        }
        Ok(())
    }

    /// The sealer's thinking ends here; the other side's starts at the resumption (or, for a
    /// reply, when the sealer arrives).
    fn envelope_closed(&mut self, kind: EnvelopeKind, sealed_by: Side, at: Timestamp) -> Folded {
        let a = self.adjournment_mut("envelope_closed")?;
        let resume_at = a.resume_at;
        a.slot(kind)
            .as_mut()
            .ok_or("envelope_closed without an envelope")?
            .closed = true;
        let until = match kind {
            EnvelopeKind::Sealed => resume_at.max(at),
            EnvelopeKind::Reply => Timestamp::new_utc(time::Date::MAX, time::Time::MIDNIGHT),
        };
        if let Some(clock) = &mut self.clock {
            clock.sealed(sealed_by, at, until);
        }
        self.thinking_us[side_index(sealed_by)] += micros(at - self.turn_started_at);
        if kind == EnvelopeKind::Sealed {
            if let Some(a) = self.adjournment.as_mut() {
                a.used_at_close = Some(self.thinking_us);
            }
        }
        self.turn_started_at = match kind {
            EnvelopeKind::Sealed => until,
            EnvelopeKind::Reply => at,
        };
        Ok(())
    }

    /// A player is present; without a sealed envelope, play resumes when the sealer is.
    fn checked_in(&mut self, side: Side) -> Folded {
        let adjourned = self.status == Status::Adjourned;
        let ply = self.moves.len();
        let a = self.adjournment_mut("checked_in")?;
        a.checked_in[side_index(side)] = true;
        let sealed = a.envelope.as_ref().is_some_and(|e| e.closed);
        if !sealed && side == a.sealer && adjourned {
            a.resumed = true;
            self.status = Status::Active;
            self.resumed_at_ply = Some(ply);
        }
        Ok(())
    }

    fn envelope_opened(
        &mut self,
        kind: EnvelopeKind,
        text: &str,
        nonce: &str,
        at: Timestamp,
    ) -> Folded {
        let ply = self.moves.len();
        let a = self.adjournment_mut("envelope_opened")?;
        a.slot(kind)
            .as_mut()
            .ok_or("envelope_opened without an envelope")?
            .opened = Some((text.to_owned(), nonce.to_owned()));
        match kind {
            EnvelopeKind::Sealed => {
                a.resumed = true;
                self.status = Status::Active;
                self.resumed_at_ply = Some(ply);
            }
            EnvelopeKind::Reply => {
                // The sealer is here: their clock starts now.
                if let Some(clock) = &mut self.clock {
                    clock.end_adjournment_pause(at);
                }
                self.turn_started_at = at;
            }
        }
        Ok(())
    }

    fn envelope_restored(&mut self, commitment: &str) -> Folded {
        self.adjournment_mut("envelope_restored")?
            .envelope
            .as_mut()
            .ok_or("envelope_restored without an envelope")?
            .commitment = commitment.to_owned();
        Ok(())
    }

    fn clocks_set(&mut self, white_seconds: u64, black_seconds: u64, at: Timestamp) {
        if let Some(clock) = &mut self.clock {
            clock.set(
                white_seconds as i64 * 1_000_000,
                black_seconds as i64 * 1_000_000,
                at,
            );
        }
    }

    /// 9.1.2.3: a claim is also a draw offer (unless one already stands); 9.5: a wrong claim
    /// gives the opponent time.
    fn draw_claimed(&mut self, by: Side, upheld: bool) {
        if upheld {
            return;
        }
        if self.draw_offer.is_none() {
            self.draw_offer = Some(by);
        }
        let bonus = self.wrong_claim_bonus_seconds();
        if let Some(clock) = &mut self.clock {
            clock.add(by.opponent(), bonus as i64);
        }
    }

    /// A side's lines end: withdrawn (no reason) or dropped.
    fn lines_end(&mut self, side: Side, reason: Option<DropReason>) -> Folded {
        let i = side_index(side);
        if self.conditional[i].take().is_none() {
            return Err(format!("{side}'s conditional moves end, but none are held"));
        }
        self.conditional_dropped[i] = reason;
        Ok(())
    }

    fn game_ended(&mut self, result: GameResult, termination: Termination) {
        self.status = Status::Finished {
            result,
            termination,
        };
        self.conditional = [None, None];
        self.draw_offer = None;
        if let Some(a) = self.adjournment.take() {
            self.past_adjournment = Some(a);
        }
        if let Some(clock) = &mut self.clock {
            clock.stop();
        }
    }

    /// An adjournment is over once play resumed with both players present and no reply
    /// envelope waiting.
    fn close_adjournment_if_over(&mut self) {
        if let Some(a) = &self.adjournment {
            let reply_waiting = a.reply.as_ref().is_some_and(|r| r.opened.is_none());
            if a.resumed && a.checked_in == [true, true] && !reply_waiting {
                self.past_adjournment = self.adjournment.take();
            }
        }
    }
}
