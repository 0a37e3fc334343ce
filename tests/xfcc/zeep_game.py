"""A whole game through zarf's Xfcc service, played by zeep (a SOAP client zarf did not write),
as a correspondence program plays it: zeep reads the WSDL and makes every call from it.

Usage: zeep_game.py BASE_URL WHITE_EMAIL WHITE_PASSWORD BLACK_EMAIL BLACK_PASSWORD
Prints one JSON object: each call's result code in order, and the game as the last GetMyGames
lists it. Exits non-zero where a call answers other than the script expects.
"""

import json
import sys

import zeep

base, white_email, white_password, black_email, black_password = sys.argv[1:6]
NS = "http://www.bennedik.com/webservices/XfccBasic"

client = zeep.Client(f"{base}/xfcc/XfccBasic.asmx?WSDL")
# The WSDL names the server's public address; the test's server listens elsewhere.
service = client.create_service(f"{{{NS}}}XfccBasicSoap", f"{base}/xfcc/XfccBasic.asmx")

log = []


def games(email, password):
    return service.GetMyGames(username=email, password=password) or []


def the_game(email, password):
    listed = games(email, password)
    assert len(listed) == 1, listed
    return listed[0]


def move(email, password, game_id, movecount, my_move="", expect="Success", **flags):
    result = service.MakeAMove(
        username=email,
        password=password,
        gameId=game_id,
        resign=flags.get("resign", False),
        acceptDraw=flags.get("accept_draw", False),
        movecount=movecount,
        myMove=my_move,
        offerDraw=flags.get("offer_draw", False),
        claimDraw=flags.get("claim_draw", False),
        myMessage=flags.get("message", ""),
    )
    log.append([my_move, movecount, result])
    if result != expect:
        raise SystemExit(f"{my_move} ({movecount}): {result}, expected {expect}")


W = (white_email, white_password)
B = (black_email, black_password)

g = the_game(*W)
assert g.hasWhite is True and g.myTurn is True and g.result == "Ongoing", g
gid = g.id
assert the_game(*B).id == gid

# 1. e4, with a draw offer and a message.
move(*W, gid, 1, "e4", offer_draw=True, message="İyi oyunlar!")
b = the_game(*B)
assert b.myTurn is True and b.drawOffered is True and b.message == "İyi oyunlar!", b
# An illegal move is refused; so is a stale move number; then the move.
move(*B, gid, 1, "e4", expect="InvalidMove")
move(*B, gid, 2, "e5", expect="InvalidMoveNumber")
move(*B, gid, 1, "e5")
move(*B, gid, 1, "Nf6", expect="NotYourTurn")
move(*W, gid, 2, "Nf3")
move(*B, gid, 2, "Nc6")
move(*W, gid, 3, "Bb5")
move(*B, gid, 3, "a6")
# A claim of a draw with no ground, on an intended move: not upheld, and the move is played
# (9.5); the claim stands as an offer.
move(*W, gid, 4, "Ba4", claim_draw=True)
b = the_game(*B)
assert b.myTurn is True and b.drawOffered is True, b
# The offer is declined by moving; then Black resigns with a word.
move(*B, gid, 4, "Nf6")
move(*W, gid, 5, "O-O")
move(*B, gid, 5, "", resign=True, message="Tebrikler.")

w = the_game(*W)
assert w.result == "WhiteWins" and w.myTurn is False and w.message == "Tebrikler.", w
print(json.dumps({"calls": log, "result": w.result, "moves": w.moves, "id": w.id}))
