greeting = Hello { $name },
open-game = Open the game
why = You receive this because you play on zarf.
unsubscribe = Unsubscribe from these mails (time reminders still come)
your-time = Your time: { $left } (deadline { $deadline })
white-black = { $white } – { $black }
duration-days = { $days } d { $hours } h
duration-hours = { $hours } h { $minutes } min
duration-minutes = { $minutes } min

game_started-subject = New game: { $white } – { $black }
game_started-headline = A game has started: { $white } (White) against { $black } (Black).
opponent_moved-subject = { $opponent } played { $move }: your move
opponent_moved-headline = { $opponent } played { $move }. It is your move.
opponent_moved-offer = { $opponent } also offers a draw (=).
draw_offered-subject = { $opponent } offers a draw
draw_offered-headline = { $opponent } offers a draw. You may accept or decline it, or simply move.
draw_answered-subject = { $accepted ->
    [yes] { $opponent } accepted your draw offer
   *[no] { $opponent } declined your draw offer
}
draw_answered-headline = { $accepted ->
    [yes] { $opponent } accepted your draw offer: the game is drawn.
   *[no] { $opponent } declined your draw offer. The game goes on.
}
claim_judged-subject = { $opponent } claimed a draw: { $upheld ->
    [yes] upheld
   *[no] not upheld
}
claim_judged-headline = { $opponent } claimed a draw by { $kind }. { $upheld ->
    [yes] The claim is correct: the game is drawn.
   *[no] The claim is wrong: the game goes on, and the claim stands as a draw offer.
}
game_over-subject = Game over: { $white } – { $black } { $result }
game_over-headline = The game is over: { $result } ({ $termination }). The PGN is attached.
adjourned-subject = Game adjourned: { $white } – { $black }
adjourned-headline = The game is adjourned. { $sealer } seals a move; play resumes at { $resume_at }{ $place }.
envelope_closed-subject = The envelope is sealed: { $white } – { $black }
envelope_closed-headline = { $sealer } sealed move { $move_number } and closed the envelope. Keep its commitment: once the envelope is opened, anyone can check the move against it.
envelope_closed-commitment = Commitment: { $commitment }
envelope_opened-subject = The envelope is opened: { $move }
envelope_opened-headline = The sealed move was { $move } (nonce { $nonce }).
resumption_reminder-subject = Play resumes at { $resume_at }
resumption_reminder-headline = Your adjourned game { $white } – { $black } resumes at { $resume_at }{ $place }. Check in when you arrive.
time_low-subject = Time is running low: { $white } – { $black }
time_low-headline = You have used most of your time for this move.
day_left-subject = 24 hours left: { $white } – { $black }
day_left-headline = Less than a day is left for your move.
opponent_on_leave-subject = { $opponent } is on leave
opponent_on_leave-headline = { $opponent } is on leave from { $from } to { $until }. The clocks stop meanwhile.
time_added-subject = The arbiter gave you time
time_added-headline = The arbiter added { $seconds } seconds to your clock: { $reason }
sign_in-subject = Your zarf sign-in link
sign_in-headline = Open this link within 15 minutes to sign in. It works once.
sign_in-ignore = If you did not ask for it, ignore this mail.
digest-subject = Your move in { $count } games
digest-headline = It is your move in these games, most urgent first:

termination-checkmate = checkmate
termination-resignation = resignation
termination-stalemate = stalemate
termination-dead_position = dead position
termination-agreement = agreement
termination-threefold_repetition = threefold repetition
termination-fifty_moves = fifty-move rule
termination-fivefold_repetition = fivefold repetition
termination-seventyfive_moves = 75-move rule
termination-time_forfeit = loss on time
termination-insufficient_material_on_time = time ran out, but the opponent could not mate
termination-sealed_move_invalid = invalid sealed move
termination-late_for_resumption = late for the resumption
termination-arbiter_decision = arbiter's decision
claim-threefold_repetition = threefold repetition
claim-fifty_moves = the fifty-move rule
side-white = White
side-black = Black
