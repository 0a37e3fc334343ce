#!/usr/bin/env python3
"""Checks a zarf game's log on your own machine: its hash chain and, for a match of tavla or
backgammon, the commitment to its dice and every throw (docs/dice.md describes the scheme).

  python3 check_dice.py events.json     the answer of GET /api/v1/games/{id}/events, saved
  python3 check_dice.py --vectors FILE  a file of test vectors (domain/tests/data/dice_v*.json)

Exit status: 0 when everything that can be checked holds (for a match still being played: the
chain; its throws can be checked once the seed is revealed at the end), 1 when something is
wrong (each problem names the event: its seq and type), 2 when the file cannot be read as such.
Python 3's standard library only; nothing is sent anywhere.
"""

import hashlib
import hmac
import json
import sys

GENESIS = "0" * 64  # the prev_hash of a log's first event


class Number(str):
    """A JSON number with a fraction or exponent, kept as written (hashes cover its text)."""


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f, parse_float=Number)


def canonical(value):
    """Compact JSON with object keys sorted at every level, strings as the service writes them
    (non-ASCII characters as they are, control characters escaped): what each hash covers."""
    if isinstance(value, dict):
        items = (canonical(k) + ":" + canonical(value[k]) for k in sorted(value))
        return "{" + ",".join(items) + "}"
    if isinstance(value, list):
        return "[" + ",".join(canonical(v) for v in value) + "]"
    if isinstance(value, Number):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def event_hash(prev_hash, game_id, event):
    """sha256 over the previous hash (its 64 hex digits) and the event's canonical envelope."""
    envelope = {"game_id": game_id}
    for field in ("seq", "type", "version", "actor", "at", "data"):
        envelope[field] = event[field]
    text = prev_hash + canonical(envelope)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def faces(seed, message, count):
    """The first `count` faces from HMAC-SHA256(seed, message(block)), block 0, 1, ...: each
    byte below 252 gives byte % 6 + 1 (252 = 6 x 42: every face exactly 1/6); others skipped."""
    found, block = [], 0
    while len(found) < count:
        digest = hmac.new(seed, message(block).encode("utf-8"), hashlib.sha256).digest()
        found += [byte % 6 + 1 for byte in digest if byte < 252]
        block += 1
    return found[:count]


def faces_v2(seed, game_id, number, entropy, count):
    return faces(seed, lambda b: f"zarf-dice-v2\n{game_id}\n{number}\n{b}\n{entropy}", count)


def faces_v1(seed, number, white, black):
    return faces(seed, lambda b: f"zarf-dice-v1\n{number}\n{b}\n{white}\n{black}", 2)


def name(event):
    return f"seq {event.get('seq')} ({event.get('type')})"


def check_chain(events, game_id, problems):
    """Every link and every hash; an event whose data the file does not show in full (erased
    personal data, a message withheld from this reader) keeps its link but not its recomputation."""
    prev, unchecked = GENESIS, []
    for i, e in enumerate(events):
        if e.get("seq") != i + 1:
            problems.append(f"{name(e)}: expected seq {i + 1} here (an event missing or moved)")
        if e.get("prev_hash") != prev:
            problems.append(f"{name(e)}: its prev_hash is not the hash of the event before it")
        if e.get("erased") or e.get("withheld"):
            unchecked.append(name(e))
        elif event_hash(e["prev_hash"], game_id, e) != e.get("hash"):
            problems.append(f"{name(e)}: its hash is not the hash of its content")
        prev = e.get("hash")
    print(f"Hash chain: {len(events)} events, every link checked, every hash recomputed", end="")
    if unchecked:
        print(" but where the file does not show an event's data in full (personal data erased,"
              " a message withheld from this reader): the hash of " + ", ".join(unchecked)
              + " cannot be checked.")
    else:
        print(".")


def check_dice(events, game_id, dice, problems):
    """The commitment, the revealed seed and every throw, numbered in order."""
    scheme = dice.get("scheme")
    if scheme not in ("zarf-dice-v1", "zarf-dice-v2"):
        problems.append(f"seq 1 (game_created): unknown dice scheme {scheme!r}")
        return
    print(f"Dice: scheme {scheme}, commitment {dice.get('commitment')} (seq 1).")
    # Under v1 each throw used both players' entropy in force: from creation, or entropy_added.
    in_force = {side: (dice.get(f"{side}_entropy") or {}).get("text", "")
                for side in ("white", "black")}
    throws, revealed, seed, ended = [], None, None, None
    for e in events:
        data = e.get("data") or {}
        if e["type"] == "entropy_added":
            in_force[data["side"]] = data["entropy"]["text"]
        elif e["type"] == "game_ended":
            ended = e
        elif e["type"] == "dice_thrown":
            if data.get("number") != len(throws):
                problems.append(f"{name(e)}: it is numbered {data.get('number')}, but it is"
                                f" throw {len(throws)} of the match (numbers count from 0)")
            if (scheme == "zarf-dice-v2") != isinstance(data.get("entropy"), str):
                problems.append(f"{name(e)}: its entropy is not as scheme {scheme} has it")
            throws.append((e, data, dict(in_force)))
        elif e["type"] == "dice_revealed":
            if revealed is not None:
                problems.append(f"{name(e)}: a second seed revealed")
                continue
            revealed, text = e, data.get("seed", "")
            if len(text) != 64 or any(c not in "0123456789abcdef" for c in text):
                problems.append(f"{name(e)}: the seed is not 64 lower-case hex digits")
            elif hashlib.sha256(bytes.fromhex(text)).hexdigest() != dice.get("commitment"):
                problems.append(f"{name(e)}: sha256 of the revealed seed is not the commitment"
                                " made when the match was created")
            else:
                seed = bytes.fromhex(text)
                print(f"Seed revealed at {name(e)}: its sha256 is the commitment.")
    if revealed is None and ended is not None:
        problems.append(f"{name(ended)}: the match is over but its seed was never revealed")
    elif revealed is None:
        print(f"The match is not over: its seed is not revealed yet. Its {len(throws)} throws"
              " can be checked once it is (save the events again then).")
    if seed is not None:
        check_throws(throws, seed, game_id, scheme, problems)


def check_throws(throws, seed, game_id, scheme, problems):
    """Each throw's faces computed again from the seed and compared with the log's."""
    wrong = 0
    for e, data, in_force in throws:
        shown, n = data.get("dice"), data.get("number")
        if not isinstance(shown, list) or len(shown) not in (1, 2):
            problems.append(f"{name(e)}: its dice are not one die or two")
            wrong += 1
            continue
        if scheme == "zarf-dice-v2":
            derived = faces_v2(seed, game_id, n, data.get("entropy", ""), len(shown))
        else:
            derived = faces_v1(seed, n, in_force["white"], in_force["black"])
        if shown != derived:
            problems.append(f"{name(e)}: throw {n} shows {shown}, but the seed gives {derived}")
            wrong += 1
    print(f"Throws: {len(throws) - wrong} of {len(throws)} follow from the seed.")


def give_up(text):
    print(text, file=sys.stderr)
    sys.exit(2)


def check_log(path):
    answer = load(path)
    events = answer.get("events") if isinstance(answer, dict) else None
    if not events:
        give_up(f"{path}: not the answer of GET /api/v1/games/{{id}}/events (no events)")
    for e in events:
        if "version" not in e:
            give_up(f"{path}: {name(e)} has no version. Each hash covers the event's version:"
                     " save the events from a server that shows it, then check again.")
    first = events[0]
    game_id = (first.get("data") or {}).get("game_id")
    if first.get("type") != "game_created" or not isinstance(game_id, str):
        give_up(f"{path}: the log does not begin with game_created and the game's id")
    print(f"Game {game_id}.")
    problems = []
    check_chain(events, game_id, problems)
    dice = first["data"].get("dice")
    if dice:
        check_dice(events, game_id, dice, problems)
    else:
        print("Not a game of dice: no throws to check.")
    report(problems)


def check_vectors(path):
    cases, problems = load(path), []
    for i, case in enumerate(cases):
        seed = bytes.fromhex(case["seed"])
        if "game_id" in case:
            got = faces_v2(seed, case["game_id"], case["number"], case["entropy"], case["count"])
        else:
            got = faces_v1(seed, case["number"], case["white_entropy"], case["black_entropy"])
        if got != case["faces"]:
            label = case.get("note", f"number {case['number']}")
            problems.append(f"vector {i + 1} ({label}): the file says {case['faces']},"
                            f" the recipe gives {got}")
    print(f"{len(cases)} test vectors.")
    report(problems)


def report(problems):
    for p in problems:
        print("WRONG at " + p if p.startswith("seq ") else "WRONG: " + p)
    if problems:
        print(f"{len(problems)} problem(s) found.")
        sys.exit(1)
    print("Everything checked holds.")


def main(args):
    try:
        if len(args) == 2 and args[0] == "--vectors":
            check_vectors(args[1])
        elif len(args) == 1 and not args[0].startswith("-"):
            check_log(args[0])
        else:
            give_up(__doc__)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        give_up(f"cannot read {args[-1]}: {e!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
