greeting = Hello { $name },
open-game = Open the game
why = You receive this because you play on zarf.
unsubscribe = Unsubscribe from these mails (time reminders still come)
your-time = Your time: { $left } (deadline { $deadline })
duration-days = { $days } d { $hours } h
duration-hours = { $hours } h { $minutes } min
duration-minutes = { $minutes } min

game_started-subject = New game: { $white } – { $black }
game_started-headline = A game has started: { $white } (White) against { $black } (Black).
game_started-dice = Dice commitment ({ $scheme }): { $commitment }
game_started-dice-keep = Keep this mail: with it you can check every throw when the match ends. The commitment fixes the secret the dice come from before the first throw; the secret is revealed at the end, and anyone can then compute every throw again.
game_started-dice-throw = Each throw comes from that secret and the random text sent with the request that causes it. The first throws are the players' own: throw your opening die on the game's page.
opponent_moved-subject = { $opponent } played { $move }: your move
opponent_moved-headline = { $opponent } played { $move }. It is your move.
opponent_moved-offer = { $opponent } also offers a draw (=).
opponent_moved-answered-subject = { $opponent } played { $move }: your conditional move { $reply } answered it
opponent_moved-answered-headline = { $opponent } played { $move }. Your conditional line answered it with { $reply }, so it is { $opponent }'s move again.
turn_passed-subject = { $opponent } threw { $dice } and could not move: your turn
turn_passed-headline = { $opponent } threw { $dice }, which left them no legal play. It is your turn again.
opening_die-subject = { $outcome ->
    [tie] { $opponent } threw { $die } as you did: throw your opening die again
    [start] { $opponent } threw { $die }: your opening die is higher, you start
   *[throw] { $opponent } threw { $die } to open: throw your opening die
}
opening_die-headline = { $outcome ->
    [tie] { $opponent } threw { $die }, the same as your die: the opening is thrown again. Throw your die on the game's page; the higher starts.
    [start] { $opponent } threw { $die }, lower than your die: you start. Your dice are on the game's page.
   *[throw] { $opponent } threw { $die } to open the game. Throw your own die on the game's page; the higher starts, and equal dice are thrown again.
}
message-subject = { $opponent } sent you a message
message-headline = { $opponent } sent you a message in your game.
mail-position = The position
mail-message = { $opponent } writes: { $message }
mail-receipt = Log receipt: event { $seq }, hash { $hash }
mail-receipt-why = The hash fixes the game's whole log up to that event. Keep it: the game's log (its events, with their hashes) must still lead to it.
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
game_over-headline = The game is over: { $result } ({ $termination }).{ $verdict } The PGN is attached.
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
challenge-subject = { $what ->
    [received] Challenge from { $name }: { $game }
    [declined] { $name } declined your challenge ({ $game })
    [withdrawn] { $name } withdrew their challenge ({ $game })
    [unanswered] Nobody took your open challenge ({ $game })
   *[expired] Challenge expired ({ $game })
}
challenge-headline = { $what ->
    [received] { $name } challenges you to { $rated ->
        [yes] a rated
       *[no] an unrated
    } game of { $game }. Open the challenge to accept or decline it.
    [declined] { $name } declined your challenge to { $game }.
    [withdrawn] { $name } withdrew their challenge to { $game }.
    [unanswered] Your open challenge to { $game } was not taken in time, and has expired.
   *[expired] The challenge between you and { $name } ({ $game }) was not answered in time, and has expired.
}
challenge-message = Their message: { $message }
challenge-open = Open the challenge
tournament_pairing-subject = { $tournament }: round { $round } pairing
tournament_pairing-headline = { $colour ->
    [bye] Round { $round }: you have the bye this round.
    [match-white] Round { $round }, match { $board }: you meet { $opponent }, with White in the first game.
    [match-black] Round { $round }, match { $board }: you meet { $opponent }, with Black in the first game.
    [white] Round { $round }, board { $board }: you play White against { $opponent }.
   *[black] Round { $round }, board { $board }: you play Black against { $opponent }.
}
tournament_pairing-starts = Games start at { $starts_at }.
tournament_pairing-place = Place: { $place }
tournament_pairing-open = See the pairings
tournament_standings-subject = { $tournament }: standings after round { $round }
tournament_standings-headline = Round { $round } is complete: you are { $rank } of { $players }, with a score of { $points }.
tournament_standings-open = See the standings
tournament_invitation-subject = { $tournament }: you are invited to play
tournament_invitation-headline = You are invited to play in { $tournament }.
tournament_invitation-when = { $when }
tournament_invitation-choose = Accept or decline on its page. Once you accept, you are entered and paired in its next round.
tournament_invitation-open = See the invitation

termination-checkmate = checkmate
termination-resignation = resignation
termination-stalemate = stalemate
termination-dead_position = dead position
termination-agreement = agreement
termination-threefold_repetition = threefold repetition
termination-fifty_moves = fifty-move rule
termination-fivefold_repetition = fivefold repetition
termination-seventyfive_moves = 75-move rule
termination-no_moves = no move left
termination-forty_moves = forty-move rule
termination-sixty_moves = sixty-move rule
termination-one_piece_each = one piece each
termination-no_progress = no man moved and nothing taken
termination-match_won = the match was won on points
termination-time_forfeit = loss on time
termination-insufficient_material_on_time = time ran out, but the opponent could not mate
termination-sealed_move_invalid = invalid sealed move
termination-late_for_resumption = late for the resumption
termination-arbiter_decision = arbiter's decision
termination-tablebase = the endgame tablebases
claim-threefold_repetition = threefold repetition
claim-fifty_moves = the fifty-move rule
claim-forty_moves = the forty-move rule
claim-no_progress = no progress (no man moved and nothing taken)
game-chess = Chess
game-checkers = Checkers
game-dama = Dama
game-tavla = Tavla
ballot-three-move = Three-move ballot
page-ballot = Opening: { $deck } no. { $number } ({ $moves })
page-ballot-by-lot = Opening drawn by lot: { $deck } no. { $number } ({ $moves })
side-white = White
side-black = Black

# Why a command is refused (the API's error messages).
rejection-no-such-game = There is no such game.
rejection-game-exists = The game already exists.
rejection-corrupt-log = This game's record is damaged; the instance's administrator has to look at it.
rejection-not-a-player = You are not a player in this game.
rejection-arbiter-only = Only the arbiter may do this.
rejection-not-your-turn = It is not your turn.
rejection-game-over = The game is over.
rejection-illegal-move = { $text } is not a legal move in this position.
rejection-promotion-missing = { $text }: a pawn reaching the last rank must be promoted; add the piece (for example e8=Q).
rejection-ambiguous-move = { $text } can be read as more than one move ({ $candidates }); name the notation or write the move unambiguously.
rejection-unparseable-move = { $text } is not a move in any notation this game reads.
rejection-no-draw-offer = There is no draw offer for you to answer.
rejection-claim-not-in-game = This game's rules have no such claim.
rejection-not-in-this-game = { $feature ->
    [draw_offers] A game of dice has no draw offers.
    [conditional_moves] A game of dice has no conditional moves: nobody knows the dice in advance.
    [sealed_moves] A game of dice is not adjourned with a sealed move.
    [tablebases] Only chess is decided by endgame tablebases.
   *[other] This game does not offer that.
}
rejection-no-throw-due = It is not yours to ask for a throw now.
rejection-dice-unavailable = The game's dice could not be read; try again later.
rejection-not-in-tablebases = The endgame tablebases do not hold this position (too many pieces, castling rights, an en passant capture to be made, or no tables on this server): nothing was claimed.
rejection-tablebase-claim-refused = { $outcome ->
    [win] The tablebases give you a win here (DTZ { $dtz }): claim the win instead. Nothing was recorded.
    [loss] The tablebases give you a loss here (DTZ { $dtz }). Nothing was recorded.
   *[draw] The tablebases give a draw here. Nothing was recorded.
}
rejection-no-progress-rule-suspended = The endgame tablebases hold this position, so the fifty-move rule does not apply in this game: claim by the tablebases.
rejection-draw-offer-pending = { $yours ->
    [yes] Your draw offer already stands; it cannot be withdrawn or repeated.
   *[no] Your opponent's draw offer stands: accept or decline it.
}
rejection-invalid-fen = The FEN is not a legal position: { $detail }
rejection-invalid-position = The position is not one the game can start from: { $detail }
rejection-position-not-playable = The game is already over in this position ({ $ending ->
    [checkmate] checkmate
    [no-moves] the side to move has no move left
    [stalemate] stalemate
    [dead] a dead position: no one can checkmate
    [one-piece-each] one piece each, a draw
    [match-won] the match already won
   *[seventyfive] 75 moves each without a pawn move or capture
}).
rejection-invalid-time-control = Invalid time control: { $detail }
rejection-same-player = A player cannot play both sides.
rejection-invalid-field = Invalid { $field }: { $detail }
rejection-flag-fallen = Time is up: { $side ->
    [white] White
   *[black] Black
}'s flag has fallen and the game is over.
rejection-not-yet-due = No flag has fallen yet.
rejection-not-dead = The position is not dead: the game goes on.
rejection-no-clock = This game has no clock.
rejection-no-leave = You have no leave to end.
rejection-invalid-leave = Invalid leave: { $detail }
rejection-leave-allowance-exceeded = That exceeds the yearly leave allowance: { $left_days } days are left this year.
rejection-adjourned = The game is adjourned: moves wait for the resumption.
rejection-not-adjourned = The game is not adjourned.
rejection-envelope-closed = The envelope is closed: the sealed move cannot change.
rejection-no-envelope = There is no open envelope.
rejection-before-resumption = The resumption has not begun yet.
rejection-already-checked-in = You are already checked in.
rejection-envelope-content-missing = The envelope could not be opened.
rejection-clock-correction-too-late = Too late: the clocks are corrected only before the first move of the resumption (A12).
rejection-not-started = The game has not started yet: it starts at { $starts_at }.
page-conditional-title = Conditional moves
page-conditional-explained = Prepare your answers: if your opponent plays a move one of your lines foresaw, your reply is played at once. Only you see your lines.
page-conditional-none = You have no conditional moves in this game.
page-conditional-held = Your lines from the present position:
page-conditional-label = Your lines
page-conditional-hint = One line a row, moves apart by spaces, beginning with the move to be played now: e.g. Nf3 Nc6 Bb5 a6 (if Nf3, then Nc6; if then Bb5, a6). Any notation.
page-conditional-build = Build on the board
page-conditional-new-line = New line
page-conditional-save = Save lines
page-conditional-withdraw = Withdraw lines
page-conditional-dropped = Your last lines were dropped: { $why }
page-conditional-dropped-no-match = your opponent played a move none of them foresaw.
page-conditional-dropped-exhausted = they were played to their end.
page-conditional-dropped-draw-offer = your opponent offered a draw, which you must answer yourself.
page-conditional-dropped-claim = a draw was claimed.
page-conditional-dropped-adjournment = the game was adjourned.
page-conditional-dropped-reply-illegal = the reply was no longer a legal move.
rejection-invalid-conditional-moves = Your conditional moves were not saved: { $detail }
rejection-no-conditional-moves = You have no conditional moves.
rejection-conditional-moves-unavailable = The conditional moves could not be read.

# What is wrong with a set of conditional lines (the detail of its refusal).
lines-none = there are no lines (withdraw them instead).
lines-too-many = at most { $max } lines.
lines-empty = line { $line } is empty.
lines-too-long = line { $line } is longer than { $max } moves.
lines-no-reply = line { $line } ends with your opponent's move; add your reply.
lines-move-unparseable = line { $line }, move { $ply } is not a move.
lines-move-illegal = line { $line }, move { $ply } is not a legal move there.
lines-move-promotion-missing = line { $line }, move { $ply }: name the piece the pawn becomes.
lines-move-ambiguous = line { $line }, move { $ply } can be read as more than one move ({ $candidates }).
lines-contradict = line { $line } answers move { $ply } otherwise than line { $other }.

# The API's other error messages.
error-challenge-not-a-player = Only a player challenges or answers a challenge.
error-challenge-yourself = You cannot play a challenge of your own.
error-challenge-not-taken = That player takes no challenges from you.
error-challenge-too-many-games = { $name } already plays as many games at once as they chose to.
error-challenge-too-many-open = You have { $max } open challenges; withdraw one first.
denied-settings-own-pupil = Only the organiser who made a pupil chooses this for them.
denied-code-own-pupil = A sign-in code is made only for a pupil of your own.
denied-code-role = No sign-in code is made for an organiser's or an admin's account.
denied-make-account = Only the admin or an organiser makes players.
denied-grant-role = Only the admin grants the organiser and admin roles.
denied-own-roles = An admin does not change their own roles here.
denied-manage-roles = Only the admin looks through the accounts and changes their roles.
denied-game-challenge = Your opponent does not take challenges from you: send a challenge instead.
denied-game-no-room = Your opponent already plays as many games at once as they chose to.
denied-game-organiser = An organiser makes games only between their own players or their tournament's entrants.
denied-game-rated = A game between your tournament's entrants who are not your own pupils is not rated.
denied-entrant = A player is entered by their own organiser, or once they have asked to enter.
error-challenge-not-yours = This challenge is not yours to answer.
error-challenge-closed = { $status ->
    [accepted] This challenge has been accepted.
    [declined] This challenge was declined.
    [withdrawn] This challenge was withdrawn.
   *[expired] This challenge has expired.
}
error-challenge-message = A challenge's message is at most { $max } characters.
error-challenge-preferences = Challenges come from anyone, players you have played, your school or nobody; a limit of games is 1 to { $max }.
error-challenge-unconfirmed = Confirm your e-mail address first: follow the sign-in link mailed to it.
error-challenge-days = A challenge waits 1 to { $max } days.
error-not-found = Not found.
error-version-conflict = The game changed meanwhile; nothing was recorded. Reload and try again.

# What is wrong with a field or a leave (the detail of an invalid-field or invalid-leave refusal).
field-too-long = at most { $max } characters
field-control-characters = control characters are not allowed
field-name-missing = a name is needed
field-reason-missing = an arbiter's ruling needs a reason
field-at-most = at most { $max }
field-resumption-out-of-range = the resumption must be in the future, within { $days } days
field-nonce = 16 to 64 lower-case hex digits
field-one-message = one message goes with a move, offer or resignation
messages-off = The organiser of this game has turned messages off.
field-seconds-out-of-range = between 1 second and { $days } days
field-seconds-over-days = at most { $days } days
field-unknown = not one this game knows
field-between = from { $min } to { $max }
field-not-with-set-up = not with a set-up position
field-empty = empty
leave-in-past = leave cannot start in the past
leave-too-far-ahead = leave starts at most { $days } days ahead
leave-ends-before-start = leave must end after it starts
leave-already-taken = a leave is already taken; end it first

# The home page.
index-tagline = Correspondence chess, adjourned games and sealed-move envelopes.
index-about = zarf is an open-source server for correspondence chess games that last weeks, adjourned over-the-board games with sealed moves, and school tournaments. Every game is a log of events judged by the FIDE Laws of Chess.
index-openapi = The API (OpenAPI document)
index-example = A worked example

# Sign-in and unsubscribe pages
login-title = Sign in
login-email = E-mail address
login-send-link = Send me a sign-in link
login-code = Login code
login-with-code = Sign in with the code
login-sent-title = Check your mail
login-sent = If that address belongs to a player, a sign-in link is on its way. It works once, for 15 minutes.
login-refused-title = This link does not work
login-refused = It was used already or is older than 15 minutes.
login-ask-again = Ask for a new one.
login-card-where = Sign in at /login. The code works once.
login-link-title = Sign in
login-link-as = This link signs you in as { $name }.
login-link-confirm = Sign in
login-link-not-you = Not you? Close this page: nothing happens until the button is pressed.
unsubscribe-title = Unsubscribe
unsubscribe-question = Stop the game mails? Time reminders still come, so no game is lost on time unawares.
unsubscribe-button = Unsubscribe
unsubscribed-title = Unsubscribed
unsubscribed = Only time reminders from now on.

# The game page
page-game-active = In play
page-game-adjourned = Adjourned
page-game-finished = Finished
page-white-to-move = White to move
page-black-to-move = Black to move

# The printed sealed-move envelope (each label also shown in the other language)
sealed-page-title = Sealed move envelope
sealed-page-fen = Position before the sealed move (FEN)
sealed-page-white-used = Time used by White
sealed-page-black-used = Time used by Black
sealed-page-sealed-by = Sealed by
sealed-page-move-number = Number of the sealed move
sealed-page-draw-offer = Draw offer
sealed-page-offered-by = by { $side }
sealed-page-no-offer = none
sealed-page-resumption = Resumption
sealed-page-commitment = Commitment (SHA-256)
sealed-page-move = Sealed move
sealed-page-opened = opened; nonce
sealed-page-game = Game
sealed-page-check = After opening, anyone can check the move against the commitment:

# Why a time control cannot be used (the detail of rejection-invalid-time-control)
time-control-no-time-per-move = a time per move needs seconds greater than zero
time-control-too-much-time = { $field } is too large (at most 400 days)
time-control-no-periods = it needs at least one period
time-control-too-many-periods = it has too many periods (at most { $max })
time-control-no-moves = a period needs at least one move
time-control-too-many-moves = a period has too many moves (at most { $max })
time-control-sudden-death-not-last = only the last period may be sudden death
time-control-no-time = a period with no time needs an increment or a delay

# Why a FEN is no position a game can start from (the detail of rejection-invalid-fen)
fen-too-long = the text is too long for a FEN (at most 128 characters)
fen-not-fen = it is not a FEN (board, side to move, castling, en passant square, halfmove clock, move number, separated by spaces)
fen-board = the board field is not valid (eight ranks from the 8th, separated by /, with pieces KQRBNP kqrbnp and empty squares as digits)
fen-turn = the side to move must be w or b
fen-castling-field = the castling field is not valid (KQkq, some of them, or -)
fen-ep-field = the en passant field is not a square or -
fen-clocks = the halfmove clock and the move number must be whole numbers
fen-empty-board = the board is empty
fen-missing-king = a king is missing
fen-too-many-kings = a side has more than one king
fen-pawns-on-back-rank = a pawn stands on the first or eighth rank
fen-castling-rights = a castling right does not match where the king and rooks stand
fen-ep-square = the en passant square does not follow a pawn's double step
fen-opposite-check = the side not to move is in check
fen-impossible = no game could reach it (an impossible check or too much material)
position-too-long = the text is too long for a position (at most 200 characters)
position-turn = the position must begin with the side to move, W or B, and a colon (B:W21,22:B1,2)
position-pieces = after the side to move come White's pieces and Black's, each once (W21,K30 and B1,2)
position-square = a square is not a number from 1 to 32 (or a range such as 21-32)
position-square-twice = a square is named twice
position-man-on-crowning-row = a man stands on the row where it would have been crowned
position-too-many-pieces = a side has more than twelve pieces
dama-position-unreadable = the position must read W or B (the side to move), then :W and White's squares, then :B and Black's, kings marked K (W:Wa2,b2,Kd5:Ba6,b6)
dama-position-square-twice = a square is named twice
dama-position-too-many = a side has more than sixteen pieces
dama-position-man-on-last-rank = a man stands on the rank where it would have been crowned
tavla-not-a-position = the position must be GNU Backgammon's position ID and match ID, 4HPwATDgc/ABMA:cAkAAAAAAAAE (a position ID alone: a new game with the player on roll to throw)

# The board on the game page
page-resign-match = Resign the match
page-tavla-dice-left = Dice left:
page-tavla-undo = Take back a move
page-tavla-doubled = Your opponent doubles: the cube would be at { $cube }. Take it, or drop it and lose this game.
page-tavla-resigning = Your opponent offers to resign this game; points to you: { $points }. Accept, or decline and play on.
page-tavla-double = Double
page-tavla-take = Take
page-tavla-drop = Drop (lose the game)
page-tavla-accept = Accept the resignation
page-tavla-decline = Decline the resignation
page-tavla-resign-single = Resign the game (single)
page-tavla-resign-mars = Resign the game (mars)
page-tavla-resign-gammon = Resign the game (gammon)
page-tavla-resign-backgammon = Resign the game (backgammon)
page-tavla-throw = Throw the dice
page-tavla-decisions = Decisions
page-tavla-match = Match to { $length }: { $white } { $white_score }, { $black } { $black_score }
page-dice-opening = The opening: each player throws one die, in either order; the higher starts, and equal dice are thrown again.
page-dice-opening-half = { $thrower } threw { $face } to open; { $other }'s die is awaited.
page-dice-throw-opening = Throw your opening die
page-dice-by-service = the service
page-dice-drawn = drawn by the server
page-dice-log-title = The dice and where they came from
page-dice-log-explained = Each throw comes from a secret fixed before the match (its commitment is in the log and in your mail) and a random text your browser sent with the request that caused it. The secret is shown when the match ends, and anyone can then check every throw.
page-dice-log-none = Nothing has been thrown yet.
page-dice-log-number = Throw
page-dice-log-faces = Dice
page-dice-log-by = Sent by
page-dice-log-entropy = Text
page-tavla-entropy-title = Your own text for the dice
page-tavla-entropy-explained = Every throw comes from a secret fixed before the match and both players' texts; the secret is shown when the match ends, so anyone can check every throw. A new text of yours counts for every throw after it.
page-tavla-entropy-label = Any text (one line)
page-tavla-entropy-save = Use this text
page-tavla-white-below = Tavla board, White's home board at the bottom right
page-tavla-black-below = Tavla board, Black's home board at the bottom right
page-tavla-description = White: { $white }. Black: { $black }. Match to { $length }: White { $white_score }, Black { $black_score }.
page-your-move-label-tavla = Your play (points from your side: 24/18 13/11, bar/22, 6/off, a hit 13/9*), or double, take, drop, resign single, accept, decline; or click a checker and the point it goes to
page-board-white-below = Board, White at the bottom
page-board-black-below = Board, Black at the bottom
page-board-pieces = White: { $white }. Black: { $black }.

# A form posted without its token (another site's page, or a page kept open too long)
csrf-refused-title = This form cannot be sent
csrf-refused = The form did not come from this page as it is now. Go back, reload the page and send it again.
form-refused-title = This form cannot be read
form-refused = A field of the form is missing or not what it should be (a number where a number is asked for). Nothing was changed. Go back, check the form and send it again.
form-refused-too-large = The form is too large to be sent. Nothing was changed. Go back and send less at once.
error-name = A name is 1 to { $max } characters on one line.
error-group = A school's or class's name is at most 100 characters on one line.
error-email = “{ $email }” is not an e-mail address.
error-email-taken = An e-mail address given already belongs to a player; nothing was added.
error-days-per-move = Days per move: 1 to 60.
error-settings-range = The mail mode, digest hour or time zone is not one the form offers.
page-signed-in-as = Signed in as { $name }
page-sign-out = Sign out
page-sign-in = Sign in
page-my-games = My games
page-your-move = Your move
page-waiting = Waiting for the opponent
page-finished-games = Finished
page-none = None.
page-last-move = Last move
page-clocks = White { $white }, Black { $black }
page-deadline = deadline { $at }
index-sign-in = Sign in with the link we mail you, or with the code your teacher gave you.
index-operator-title = Running this server?
index-operator = On the server, run: zarf admin add-organiser --email ADDRESS (or add-admin). It prints a sign-in link, valid for one day, for that address; organisers create players and games, and an admin makes organisers on the Admin page.
page-your-move-label = Your move (any notation: e4, Nf3, Af3, e2e4, 5254)
page-your-move-label-checkers = Your move (squares by number: 11-15, a capture 22x15x6), or click the piece and each square it lands on
page-your-move-label-dama = Your move (squares: d3-d4, a capture with every landing square b3xd3xd5), or click the piece and each square it lands on
page-offer-draw-with-move = Offer a draw with this move (=)
page-messages = Messages
page-text-no-messages = No messages yet.
page-receipt = Log receipt: event { $seq }, hash { $hash }
page-receipt-why = The hash of the log's last event fixes the whole log up to it; the mails about this game quote it too. Keep them to check the log later.
page-dice-commitment = Dice commitment ({ $scheme }): { $commitment }
page-dice-commitment-why = Recorded before the first throw: when the match ends the secret is revealed, and every throw can be computed again from it.
page-message-by = { $name }, { $when }
page-message-with-move = Message to your opponent (optional)
page-message-alone = Write to your opponent
page-message-label = Message
page-message-send = Send
page-message-invalid = A message is 1 to { $max } characters, without control characters.
page-play = Play
page-offer-draw = Offer a draw
page-draw-offered = Your opponent offers a draw (=).
page-draw-offer-yours = Your draw offer stands until your opponent answers or moves.
page-accept-draw = Accept the draw
page-decline-draw = Decline
page-resign = Resign
page-resign-sure = Resign this game? Your opponent wins; this cannot be undone.
page-resign-yes = Yes, resign
page-cancel = Cancel
page-claim-title = Claim a draw (9.2, 9.3)
page-claim-title-checkers = Claim a draw
page-claim-title-dama = Claim a draw
page-claim-title-tablebase = Claim (9.2, 9.3, or by the endgame tablebases)
page-claim-intended = Your intended move, if the position would arise after it (leave empty to claim on the position now)
page-claim-threefold = Claim threefold repetition
page-claim-fifty_moves = Claim the fifty-move rule
page-claim-tablebase_win = Claim a win by the tablebases
page-claim-tablebase_draw = Claim a draw by the tablebases
page-tablebase-rule = { $rule ->
    [claim] Endgame tablebases: the player to move may claim their win or draw
   *[automatic] Endgame tablebases: the game ends with their result when a move reaches them
}
page-tablebase-verdict = The tablebases: { $wdl ->
    [win] a win
    [cursed_win] a win only beyond the fifty-move rule, which does not apply here
    [draw] a draw
    [blessed_loss] a loss only beyond the fifty-move rule, which does not apply here
   *[loss] a loss
} for { $side ->
    [white] White
   *[black] Black
} to move (DTZ { $dtz }, { $pieces } pieces){ $claimed ->
    [white] , claimed by White
    [black] , claimed by Black
   *[none] , by the game's rule
}.
page-claim-forty_moves = Claim the forty-move rule
page-claim-no_progress = Claim: no man moved and nothing taken
page-settings = Settings
page-settings-saved = Saved.
page-settings-name = Name
page-settings-language = Language
page-settings-notation = Moves written in
page-settings-notation-page = the page's language
notation-san = English letters (Nf3)
notation-san-tr = Turkish letters (Af3)
notation-san-de = German letters (Sf3)
notation-san-fr = French letters (Cf3)
notation-uci = UCI (g1f3)
notation-iccf = ICCF numeric (7163)
notation-pdn = PDN numbers (checkers: 11-15)
notation-dama = Squares (dama: d3-d4, b3xd3xd5)
notation-points = Points (tavla: 24/18 13/11, bar/22, 6/off, 13/9*)
notation-spoken-de = Spoken, in the Laws' German words (Springer Felix drei)
notation-spoken-tr = Spoken, in Turkish (At f üç)
notation-spoken-en = Spoken, in English (Knight f three)
page-settings-without-sight = I play without sight
page-settings-without-sight-hint = Game pages are read as text: the position in words, the moves as a list, your opponent's reply announced. Moves are written in words (in the spoken notation you choose above, else in your language), and mails describe the position. You may still type moves in any notation.
page-settings-time-zone = Time zone
page-settings-zones-named = By place (summer time followed)
page-settings-zones-fixed = Fixed offset from UTC
page-settings-mail = Mail
page-settings-email = Sent to
page-settings-no-email = No e-mail address: you sign in with a code from your organiser.
page-settings-mail-every-event = A mail for every move and offer
page-settings-mail-digest = One mail a day with the games where it is your move
page-settings-mail-reminders-only = Only reminders when your time runs low
page-settings-digest-hour = Hour of the daily mail
page-settings-data = Your data
page-settings-data-explained = Everything zarf holds about you, in one file to keep: your account, ratings, games, tournaments, challenges and the mail sent to you.
page-settings-data-download = Download my data (JSON)
page-settings-save = Save
page-leave = Leave
page-leave-explained = Leave stops the clocks of all your games that have a clock, for whole days, within each game's yearly allowance.
page-leave-left = Days of leave left this year: { $days }
page-leave-no-clock = None of your games has a clock.
page-leave-on = On leave from { $from } until { $until }.
page-leave-from = First day
page-leave-days = Days
page-leave-take = Take leave
page-leave-end = End the leave now
page-leave-bad-date = Give the first day as a date, such as 2026-12-24.
page-leave-bad-days = Leave is 1 to 366 days.
page-adjourned-resumes = Play resumes { $at }.
page-adjourned-resumes-at = Play resumes { $at }, at { $place }.
page-envelope-sealer = To seal the move
page-envelope-state = The envelope
page-envelope-empty = no move sealed yet
page-envelope-open = a move sealed; the envelope is not closed
page-envelope-closed = closed
page-envelope-opened = opened
page-envelope-your-move = Your sealed move, seen by you alone until the envelope opens:
page-envelope-seal-label = Your sealed move (any notation; it is judged when the envelope opens)
page-envelope-change = Change your sealed move
page-envelope-seal = Seal
page-envelope-close-explained = Closing the envelope stops your clock; the move can no longer change.
page-envelope-close = Close the envelope
page-check-in = I am here for the resumption
page-envelope-print = Print the envelope
page-arbiter = Arbiter
page-arbiter-adjourn = Adjourn the game
page-arbiter-resume-at = Play resumes at (your time zone)
page-arbiter-place = Place (optional)
page-arbiter-give-time = Give time
page-arbiter-side = To
page-arbiter-minutes = Minutes
page-arbiter-reason = Reason
page-arbiter-decide = Decide the result
page-arbiter-result = Result
page-arbiter-bad-time = Give the resumption as a date and time.
page-arbiter-bad-side = Choose White or Black.
page-arbiter-bad-minutes = Give 1 to 43,200 minutes.
page-arbiter-bad-result = Choose 1-0, 0-1 or ½-½.
page-changed = The game has changed.
page-changed-show = Show it
page-my-games-changed = Your games have changed.
page-promote = Promote to
piece-queen = Queen
piece-rook = Rook
piece-bishop = Bishop
piece-knight = Knight
page-since-nothing = Nothing new since your last visit.
page-since-moves = Since your last visit, { $count } moves: { $moves }.
page-since-draw = A draw is offered.
page-since-over = The game is over: { $result }.
page-since-other = Something changed since your last visit, but no move was played.
page-text-last-move-by = Last move, { $side }:
page-text-last-move = Last move, { $side }: { $move }.
page-text-before = Before it, { $side }: { $move }.
page-text-no-moves = No move has been played yet.
page-text-legal = { $count } legal moves: { $moves }.
page-text-legal-more = And { $more } more.
page-text-no-legal = No legal move: the game does not wait for a move now.
page-text-no-clock = This game has no clock.
page-text-no-files = This game's squares are not named by file and rank: ask for the pieces.
page-text-empty = Empty: { $squares }.
page-text-help = Type a move in words (Knight f three) or in any notation, or ask: last move, pieces, file e, rank 4, legal moves, deadline, help.
page-text-unknown = Not understood: “{ $text }”. Type help to hear what you may ask.
page-text-answer = Answer to “{ $question }”
page-text-ask = Ask
page-text-ask-label = A question (last move, pieces, file e, rank 4, legal moves, deadline)
page-text-move-label = Your move, in words or any notation, or a question
page-text-position = Position
page-text-table = The board as a table
page-text-moves = Moves
page-text-actions = Draw and resignation
page-text-more = Everything else (claims, conditional moves, messages) on the board page
page-text-to-board = Show the board page
page-text-to-text = Page without sight (text)
piece-king = King
piece-pawn = Pawn
piece-man = Man
piece-crowned = King
page-organise = Organise
page-challenges = Challenges
page-challenge = Challenge
page-challenge-clock = { $kind ->
    [none] no clock
    [days] { $n } days a move
    [hours] { $n } hours a move
   *[periods] by periods
}
page-challenge-rated = rated
page-challenge-unrated = unrated
page-challenge-open-by = { $name } (open to anyone)
page-challenge-link-by = { $name } (by link)
page-challenge-no-opponent = Name the player you challenge.
page-challenge-unknown-opponent = No player you may challenge has that name or address.
page-challenge-several-opponents = Several players have that name; give their e-mail address.
page-challenge-game = Game
page-challenge-time = Time
page-challenge-your-colour = Your colour
page-challenge-colour-white = White
page-challenge-colour-black = Black
page-challenge-colour-random = By lot
page-challenge-rating = Rating
page-challenge-expires = Open until
page-challenge-to = Your challenge to { $name }
page-challenge-yours = Your challenge
page-challenge-from = Challenge from { $name }
page-challenge-status = { $status ->
    [open] Waiting for an answer.
    [accepted] Accepted: the game has started.
    [declined] Declined.
    [withdrawn] Withdrawn.
   *[expired] Expired: nobody answered in time.
}
page-challenge-accept = Accept and play
page-challenge-decline = Decline
page-challenge-withdraw = Withdraw
page-challenge-share = Share this link:
page-challenge-to-game = Go to the game
page-challenge-message = Message
page-challenges-to-me = Sent to you
page-challenges-mine = Yours, waiting
page-challenges-lobby = Open challenges
page-challenges-new = New challenge
page-challenges-who = Whom
page-challenges-who-player = A player
page-challenges-who-open = Anyone (listed below)
page-challenges-who-link = Whoever has the link
page-challenges-opponent = The player's name or e-mail address
page-challenges-days = Days a move (empty: no clock)
page-challenges-days-filter = Days a move
page-challenges-colour = Your colour
page-challenges-rated = Rated game
page-challenges-message = Message (optional)
page-challenges-send = Challenge
page-challenges-filter = Show
page-challenges-any-game = Any game
page-settings-challenges-from = Take challenges from
page-settings-challenges-anyone = anyone
page-settings-challenges-played = players I have played
page-settings-challenges-school = my school
page-settings-challenges-nobody = nobody
page-settings-max-games = The most games I play at once (empty: no limit)
page-profile = Profile
page-profile-ratings = Ratings
page-profile-no-ratings = No rated games yet.
page-profile-rated-games = { $count ->
    [one] one rated game
   *[other] { $count } rated games
}
page-profile-provisional = provisional
page-profile-graph = Rating in { $game }, game by game
page-profile-results = Results
page-profile-won = won
page-profile-drawn = drawn
page-profile-lost = lost
page-profile-playing = playing
page-profile-opponents = Played most
page-profile-games-count = { $count ->
    [one] one game
   *[other] { $count } games
}
page-profile-games = Games
page-profile-outcome = Result
page-profile-any-outcome = Any result
page-profile-download = All games as a file:
page-profile-mine = My profile
signup-title = Create an account
signup-explained = Your name as other players see it, and your e-mail address: a sign-in link goes there, and your account plays once you follow it. No password.
signup-send = Send me the link
signup-have-account = I have an account: sign in
signup-sent = A link is on its way to that address: follow it within 15 minutes to sign in and start playing.
signup-closed = This server does not take sign-ups: an organiser makes the accounts. Ask yours.
signup-invitation = Signing up here needs an invitation link from a player.
signup-email = That is not an e-mail address.
signup-name = A name is 1 to 100 characters on one line.
signup-link = Create an account
invitation-title = Your invitation link
invitation-explained = Whoever follows this link may create an account here. Share it with the people you invite.
invitation-until = It works until { $until }.
page-passwords = Application passwords
page-passwords-explained = Correspondence programs such as Scid vs. PC play your chess games here over Xfcc. Make one password for each program: your username there is your e-mail address.
page-passwords-manage = Manage application passwords
page-passwords-new = Your password for { $name }
page-passwords-shown-once = Copy it into the program now: it is shown only this once. If you lose it, revoke it and make another.
page-passwords-service = Xfcc service address
page-passwords-username = Username
page-passwords-password = Password
page-passwords-name = Program
page-passwords-create = Make a password
page-passwords-yours = Your passwords
page-passwords-none = You have no application passwords.
page-passwords-created = Made
page-passwords-last-used = Last used
page-passwords-never = never
page-passwords-revoke = Revoke
page-passwords-revoke-named = Revoke the password for { $name }
page-passwords-revoked = revoked { $when }
page-passwords-bad-name = Name the program in 1 to { $max } characters.
page-passwords-no-email = An application password needs your e-mail address: it is the username.
page-passwords-too-many = At most { $max } application passwords at a time: revoke one first.
page-passwords-unknown = You have no such password in force.
page-tokens = API tokens
page-tokens-explained = Your own programs and scripts use the JSON API (/api/v1) with a bearer token. Make one for each program; revoke one and it stops working at once.
page-tokens-manage = Manage API tokens
page-tokens-new = Your new token
page-tokens-shown-once = Copy it into your program now: it is shown only this once. If you lose it, revoke it and make another.
page-tokens-create = Make a token
page-tokens-yours = Your tokens
page-tokens-none = You have no API tokens.
page-tokens-unnamed = (no name)
page-tokens-revoke-named = Revoke the token { $name }
page-tokens-bad-name = Name the token in at most { $max } characters on one line.
page-tokens-too-many = At most { $max } tokens at a time: revoke one first.
page-tokens-unknown = You have no such token.
page-settings-invite = Invite a friend to zarf
page-settings-invite-explained = Make a link that lets others create an account here.
page-organise-without-sight = { $name } plays without sight
page-organise-without-sight-save = Save
page-organise-leaves = Leaves the school…
page-organise-anonymise-text = Their account is closed and their name, address, school and class are erased, from their games and tournaments too (shown as NN from then on). Their results stay. This cannot be undone.
page-organise-anonymise = Anonymise { $name }
page-organise-anonymised = Anonymised: the pupil's name is gone from their account, games and tournaments.
page-organise-privacy = Your pupils' privacy
page-organise-privacy-text = Who may see the games and tournaments your pupils play in, unless whoever makes one chooses otherwise. In games and tournaments, pupils are shown by first name and initial; their full names stay with your school.
page-organise-messages = Players may send each other messages in the games I run
page-organise-privacy-saved = Saved: your pupils' games and tournaments follow the new choice from now on.
page-visibility = Who may see it
page-visibility-default = Default: the school's choice where a pupil plays, else anyone
page-challenge-tablebase = { $rule ->
    [claim] endgame tablebases: claims
   *[automatic] endgame tablebases: automatic
}
page-tablebase-choice = Endgame tablebases (chess)
page-tablebase-off = Off: the Laws of Chess decide (FIDE)
page-tablebase-claim = Claim: the player to move may claim the tables' win or draw (ICCF)
page-tablebase-automatic = Automatic: the game ends with the tables' result when a move reaches them
page-tablebase-hint = Under claim and automatic the fifty- and seventy-five-move rules do not apply where the tables hold the position. Only chess; this server's tables decide.
page-visibility-participants = Its players and arbiters only
page-visibility-signed-in = Anyone signed in
page-visibility-public = Anyone
page-admin = Admin
page-admin-only = This page is for the server's admins.
page-admin-intro = Organisers create players, classes, games and tournaments. Make an account an organiser here; an organiser made a player again keeps their players and games.
page-admin-search = Name or e-mail address
page-admin-find = Find
page-admin-accounts = Accounts
page-admin-roles = Roles
page-admin-email = E-mail
page-admin-change = Change
page-admin-grant = Make organiser
page-admin-revoke = Unmake organiser
page-admin-grant-who = Make { $name } an organiser
page-admin-revoke-who = Make { $name } no longer an organiser
page-admin-granted = The account is now an organiser.
page-admin-revoked = The account is no longer an organiser.
role-admin = admin
role-organiser = organiser
role-player = player
page-organise-only = These pages are for organisers. Ask the administrator to make you one.
page-organise-players = Your players
page-organise-no-class = No class
page-organise-print-codes = Print sign-in codes for this class
page-organise-code-days = Days the codes work
page-organise-add-player = Add a player
page-organise-email = E-mail (optional)
page-organise-school = School (optional)
page-organise-class = Class (optional)
page-organise-add = Add
page-organise-add-class = Add a class
page-organise-names = One pupil a line: the name, and an e-mail address after a comma if the pupil has one
page-organise-file = Or choose a CSV file
page-organise-add-all = Add them all
page-organise-added = Players added: { $count }.
page-organise-bad-name = Line { $line }: a name is 1 to 100 characters.
page-organise-bad-email = Line { $line }: that is not an e-mail address.
page-organise-too-many = At most { $max } pupils at once.
page-organise-no-names = Write at least one name.
page-organise-new-game = New game
page-organise-days = Days for each move (empty: no clock)
page-organise-game = Game
page-organise-rules = Rules
page-organise-fen = Start position (chess FEN, checkers PDN FEN, dama's W:Wa2,…:Ba6,… or tavla's GNU Backgammon position ID, optional)
page-organise-opening = Opening
page-organise-opening-start = The starting position (or the one set up)
page-organise-opening-ballot = Drawn by lot from the game's ballot ({ $games })
page-organise-match-length = Tavla: points to win the match (empty: 5 in tavla, 7 in backgammon)
page-organise-event = Event (optional)
page-organise-create-game = Create the game
page-organise-two-players = Add two players first.
page-organise-same-player = White and Black must be two players.
page-organise-games = Games you run
page-codes-title = Sign-in codes
page-codes-print = Print this page and cut along the lines: each pupil gets their own code, with how to use it in their own language.
page-codes-where = Sign in at { $url }. The code works once.
rules-fide2023 = FIDE Laws 2023
rules-fide2005 = FIDE Laws 2005 (no automatic draws)
rules-wcdf = WCDF rules (checkers)
rules-tudaf = TÜDAF rules (dama)
rules-tavla = Tavla (no cube; mars 2 points; the winner of a game starts the next)
rules-backgammon = Backgammon (the doubling cube, gammon and backgammon, the Crawford rule)
rules-the-games-own = the game's own (chess: FIDE Laws 2023)

# A tournament's refusals.
tournament-not-found = There is no such tournament.
tournament-tournament-exists = The tournament already exists.
tournament-forbidden = Only the tournament's organisers and arbiters may do this.
tournament-already-registered = Player { $player } is already registered.
tournament-already-invited = Player { $player } is already invited.
tournament-not-invited = Player { $player } is not invited to this tournament.
tournament-invitation-declined = Player { $player } declined an invitation to this tournament: they may ask to enter.
tournament-not-an-entrant = Player { $player } is not in this tournament.
tournament-withdrawn = Player { $player } has withdrawn.
tournament-results-missing = Round { $round } still has { $missing } board(s) without a result.
tournament-all-rounds-paired = All { $round } rounds are paired.
tournament-round-already-paired = Round { $round } is already paired.
tournament-round-not-paired = Round { $round } is not paired.
tournament-no-such-board = No board of round { $round } has player { $player } with White.
tournament-result-exists = The board already has a result: correct it, giving the reason.
tournament-no-result = The board has no result to correct.
tournament-reason-missing = Give the reason for the change.
tournament-bye-has-no-result = The pairing-allocated bye's result is fixed.
tournament-round-robin-closed = A round robin takes its players before round 1.
tournament-no-valid-pairing = No pairing is possible: { $reason }.
tournament-no-valid-pairing-few-players = No pairing is possible: a round needs at least two players.
tournament-no-valid-pairing-criteria = No pairing of round { $round } satisfies the absolute criteria (no two players meet twice, no bye for a player who already had one or won without playing, colours within their limits).
tournament-no-valid-pairing-baku = No pairing is possible: the Baku acceleration needs a win to be worth two draws and a loss nothing.
tournament-no-valid-pairing-too-large = No pairing is possible: too many players or score groups.
tournament-results-in = A result of round { $round } is in: say that the pairing changes despite it.
tournament-not-the-same-players = The new pairing must seat the same players, each once (player { $player }).
tournament-unknown-tiebreak = { $code } is not a FIDE tie-break zarf knows.
tournament-not-over = The tournament is not over: round { $round } is still to be played.
tournament-tournament-finished = The tournament is finished.
tournament-already-published = Round { $round } is already published.
tournament-not-the-latest-round = Round { $round } is not the latest round.
tournament-games-started = Round { $round }'s games are being played: its pairing stays as it is.
tournament-no-half-point-byes = This tournament gives no half-point byes.
tournament-game-ids-missing = { $count } game ids are needed.
tournament-game-attached = The board of round { $round } is already a game in zarf.
tournament-not-a-cup = Only a cup is drawn and played match by match.
tournament-cup-plays-matches = A cup is played match by match, not round by round.
tournament-cup-drawn = The cup is already drawn.
tournament-cup-not-drawn = The cup is not drawn yet.
tournament-cup-size = A cup of { $count } players cannot be drawn: a knockout takes 2 to 1024 players, a double elimination 3 to 1024.
tournament-no-such-match = The cup has no such match.
tournament-match-decided = The match is already decided.
tournament-match-not-ready = The match's players are not both known yet.
tournament-not-in-the-match = { $player } does not play in this match.
tournament-not-a-cup-game = The game is not one of the cup's.
tournament-reason-too-long = A reason is at most { $count } characters.
tournament-result-from-the-game = The game is played in zarf: its result comes from it.
tournament-double-forfeit-in-a-cup = A cup's game has no double forfeit: decide its match instead.
tournament-cup-not-over = The cup is not over: it finishes with its last match.
page-tournaments = Tournaments
page-tournament-new = New tournament
page-tournament-name = Name
page-tournament-system = System
page-tournament-swiss = Swiss (FIDE Dutch)
page-tournament-round-robin = Round robin
page-tournament-double-round-robin = Double round robin
page-cup-bracket = Bracket
page-cup-winners = Winners' bracket
page-cup-losers = Losers' bracket
page-cup-finals = Finals
page-cup-round = Round { $round }
page-cup-final = Final
page-cup-semi-finals = Semi-finals
page-cup-quarter-finals = Quarter-finals
page-cup-grand-final = Grand final
page-cup-reset = Grand final, played again
page-cup-third-place = Match for third place
page-cup-bye = bye
page-cup-not-yet = to be decided
page-cup-not-drawn = The bracket is drawn when the cup starts.
page-cup-places = Places
page-cup-place = Place
page-cup-game = Game { $number }
page-cup-games = { $count ->
    [one] One game a match
   *[other] { $count } games a match
}
page-cup-by-walkover = Walkover.
page-cup-by-higher-seed = Tied: the higher seed goes through.
page-cup-by-lot = Tied: decided by lot.
page-cup-by-arbiter = Decided by the arbiter: { $reason }
page-cup-scroll = The bracket scrolls sideways.
page-cup-match-days = { $count ->
    [one] One day a match
   *[other] { $count } days a match
}
page-cup-until = To be decided by { $at }
page-cup-overdue = Overdue since { $at }: the arbiter decides.
page-cup-matches-won = Matches won
page-cup-game-points = Game points
page-cup-schools-key = Each school's four best-placed players count: the matches they won (walkovers too), then the points their games scored.
page-cup-overdue-short = overdue
page-cup-match-days-field = Days a match has
page-cup-match-days-hint = Counted from its first games. Past them, the bracket shows the match overdue and the arbiter decides it. Empty: no deadline.
page-tournament-print-bracket = Print the bracket
page-tournament-draw = Draw the cup
page-cup-terms = A cup's matches
page-cup-terms-hint = Only for a knockout or a double elimination.
page-cup-seeding = Seeding
page-cup-seeding-rating = By rating
page-cup-seeding-given = In the order entered
page-cup-seeding-lot = By lot
page-cup-games-per-match = Games a match (1, or an even number)
page-cup-extra-pairs = Extra pairs of games for a tie
page-cup-tie-rule = A tie after them
page-cup-tie-higher-seed = The higher seed goes through
page-cup-tie-lot = Decided by lot
page-cup-tie-arbiter = The arbiter decides
page-cup-third-place-match = A match for third place
page-cup-match-lengths = Tavla: points to win, round by round
page-cup-decide-text = Decide a match whose games cannot settle it: a tie left to you, a forfeit, a match that stalled. Its games still being played end as the winner's wins.
page-cup-decision = Who goes through
page-cup-goes-through = { $round }, match { $number }: { $name } goes through
page-cup-reason = Why
page-cup-decide = Decide the match
page-cup-choose-decision = Choose a match and who goes through.
page-tournament-done-draw = The cup is drawn: each match starts as soon as both its players are known.
page-tournament-done-decide = The match is decided.
page-cup-enter-result = Enter the result of a game played at the board.
page-cup-game-title = { $round }, match { $number }, game { $game }
page-cup-slips-online = This cup's games are played in zarf: their results come back by themselves, and need no slips.
page-cup-no-slips = No game is waiting for its result.
page-cup-game-label = Game
page-cup-enter = Enter the result
page-cup-choose-game = Choose a game of the cup.
page-tournament-knockout = Knockout cup
page-tournament-double-elimination = Double-elimination cup
page-tournament-rounds = { $rounds } rounds
page-tournament-rounds-label = Rounds
page-tournament-place = Place
page-tournament-start-date = First day
page-tournament-end-date = Last day
page-tournament-play = How games are played
page-tournament-over-the-board = Over the board
page-tournament-online = Online in zarf
page-tournament-game-kind = Game (online)
page-tournament-days = Days per move (online)
page-tournament-half-point-byes = Players may ask for a half-point bye
page-tournament-create = Create the tournament
page-tournament-registering = registration open
page-tournament-playing = in play
page-tournament-finished = finished
page-not-found = Not found
page-not-found-text = There is nothing at this address. It may have been mistyped, or what was here may have been removed.
page-tournament-not-found = No such tournament
page-tournament-not-found-text = There is no tournament at this address.
page-tournament-not-published = The pairing is not published yet.
page-tournament-published = Published { $at }
page-tournament-starts = games start { $at }
page-tournament-bye = bye
page-tournament-w = w
page-tournament-b = b
page-tournament-standings = Standings
page-tournament-no-round = No round is paired yet.
page-tournament-rank = Rank
page-tournament-player = Player
page-tournament-tiebreak = Tie-break
page-tournament-rounds-title = Rounds
page-tournament-round = Round { $round }
page-tournament-board = Board
page-tournament-result = Result
page-tournament-game = game
page-tournament-crosstable = Crosstable
page-tournament-points = Points
page-tournament-crosstable-key = Each cell: the opponent's rank, w for White or b for Black, and the result (1, ½, 0; + and − for a forfeit or bye).
page-tournament-schools = Schools
page-tournament-school = School
page-tournament-schools-key = Each school's best four players' points; ties broken by the sum of their first tie-break.
page-tournament-players = Players
page-tournament-number = No.
page-tournament-rating = Rating
page-tournament-class = Class
page-tournament-withdrawn = withdrawn
page-tournament-run = Run this tournament
page-tournament-ask = Ask to enter
page-tournament-ask-explained = To play in it, ask to enter: whoever runs it then enters you.
page-tournament-asked = { $name } (asked to enter)
page-tournament-asked-already = You asked to enter: whoever runs it enters you.
page-tournament-invited = You are invited to play in it
page-tournament-invited-explained = Whoever runs it invites you. Accept, and you are entered and paired from its next round; decline, and the invitation is withdrawn.
page-tournament-accept = Accept and enter
page-tournament-decline = Decline
page-tournament-invite = Invite a player
page-tournament-invite-explained = A player who is not yours enters by accepting an invitation: they are mailed, and accept or decline on this tournament's page. Give their id, or the address of their profile page.
page-tournament-invite-player = Player (id or profile address)
page-tournament-invite-one = Invite
page-tournament-invited-list = Invited, not answered yet
page-tournament-withdraw-invitation = Withdraw
page-tournament-withdraw-invitation-of = Withdraw the invitation of { $name }
page-tournament-done-withdraw-invitation = The invitation is withdrawn.
page-tournament-print-pairings = Print the pairings
page-tournament-print-standings = Print the standings
page-tournament-print-slips = Print result slips
page-tournament-public = The tournament's public page
page-tournament-next-step = Next step
page-tournament-publish-text = Publish the pairing: each player is told their board, colour and opponent.
page-tournament-starts-at = Games start at (your time)
page-tournament-publish = Publish the pairing
page-tournament-pair = Pair the next round
page-tournament-finish = Close the tournament
page-tournament-results = Results
page-tournament-enter = Enter
page-tournament-correct = Correct
page-tournament-reason = Reason
page-tournament-register = Register players
page-tournament-no-candidates = All your players are registered.
page-tournament-register-one = Register
page-tournament-register-class = Register the whole class
page-tournament-add-pupils = Add pupils or a class on the organiser's page
page-tournament-absences = Byes and withdrawals
page-tournament-round-number = Round
page-tournament-half = Half a point
page-tournament-bye-ask = Record the bye
page-tournament-withdraw = Withdraw
page-tournament-choose-player = Choose a player.
page-tournament-slip-result = Result:  1-0  ½-½  0-1
page-tournament-slip-signatures = Signatures: White ________  Black ________
page-tournament-done-register = The player is registered.
page-tournament-done-invite = The player is invited: they are mailed, and enter when they accept.
page-tournament-invite-who = Give a player's id, or the address of their profile page.
page-tournament-done-class = The class is registered.
page-tournament-done-pair = The round is paired: check it, then publish it.
page-tournament-done-publish = The pairing is published.
page-tournament-done-result = The result is entered.
page-tournament-done-correct = The result is corrected.
page-tournament-done-withdraw = The player is withdrawn.
page-tournament-done-bye = The bye is recorded.
page-tournament-done-finish = The tournament is closed.
page-tournament-print-hint = Print this page on A4 paper.
page-tournament-continue = Adjourn in zarf
page-tournament-continue-fen = The position reached (FEN; empty for the start)
page-tournament-done-continue = The board goes on as a game in zarf: adjourn it there, with its sealed move.
page-tournament-tiebreaks = Tie-breaks (FIDE codes, in order)
page-tournament-tiebreaks-hint = Empty: FIDE's recommendation for the system (a Swiss: BH/C1 BH DE WIN BPG).
page-tournament-import = Continue a tournament played elsewhere
page-tournament-import-file = Its report file (TRF)
page-tournament-import-button = Import and continue

# Take-away: the toy game the tests play through the service (not offered to players)
game-take-away = Take-away
rules-plain = Plain rules
notation-digits = Digits (1, 2, 3)
notation-words_en = English words (one, two, three)
notation-words_tr = Turkish words (bir, iki, üç)
take-away-not-a-pile = not a pile: the counters (at most 1000) and w or b, such as 21 w
take-away-counters-left = { $count } counters left
take-away-your-move-label = How many you take: 1, 2 or 3
take-away-claim-title = Claim a draw
