"""The words of the refusal alerts (refused_hands, refused_rounds, refused_plays; roadsvc.domain.monitoring.texts
names them): why the rules or the card supply refused a hand, a 百人牛牛 round post or an 打棒 play (the rule,
never which card), and which hands or rounds a critical alert names."""

from __future__ import annotations

from typing import Any, Mapping

from roadsvc.domain.texts import N_, NC_, Reader, listed

# Why the rules or the card supply refused a hand (refused_hands' last refusal).
REFUSALS: dict[str, str] = {
    "third_card_rule": N_("the third-card rule was not followed"),
    "impossible_card": N_("a card the shoe cannot hold"),
    "card_count": N_("the wrong number of cards"),
}
# Why a 百人牛牛 round post was refused (refused_rounds' last refusal): never which card.
ROUND_REFUSALS: dict[str, str] = {
    "repeated_card": N_("a card repeated"),
    "invalid_card": N_("a code that is not a card"),
    "invalid_cards": N_("cards that are not a list"),
    "joker_reveal": N_("a joker as the reveal card"),
    "wrong_card_count": N_("the wrong number of cards"),
    "missing_position": N_("a hand missing"),
    "unknown_position": N_("an unknown position"),
    "invalid_hands": N_("hands not given by position"),
    "missing_cards": N_("no cards"),
    "missing_reveal": N_("no reveal card"),
    "ambiguous_round": N_("both a dealing order and hands"),
}
# Why a 打棒 play was refused (refused_plays' last refusal): the rule, never which card.
PLAY_REFUSALS: dict[str, str] = {
    "not_your_turn": N_("not this seat's turn"),
    "not_in_hand": N_("a card the seat does not hold"),
    "invalid_lead": N_("not a single, a pair or a triple"),
    "wrong_count": N_("the wrong number of cards"),
    "must_follow_suit": N_("the led suit not followed"),
    "must_play_bang": N_("a pair held but not played"),
    "must_play_sanlian": N_("a triple held but not played"),
    "invalid_card": N_("a code that is not a card"),
    "wrong_phase": N_("no trick is being played"),
    "deal_over": N_("a deal that is over"),
}
REFUSED = N_("refused")  # a refusal whose reason this catalogue does not know

def _reason(table: Mapping[str, str], code: str | None, r: Reader) -> str:
    return r(table.get(code or "", REFUSED))


def refused_plays(d: Mapping[str, Any], r: Reader) -> str:
    last = (d.get("refused") or [{}])[-1]
    seat = d.get("seat")
    where = r(N_("seat %(seat)s"), seat=seat) if seat else r(N_("an unknown seat"))
    return r.ngettext("Match %(match)s: %(num)d play refused, %(at_seat)s at %(where)s; the last (deal %(deal)s): "
                      "%(reason)s",
                      "Match %(match)s: %(num)d plays refused, %(at_seat)s at %(where)s; the last (deal %(deal)s): "
                      "%(reason)s",
                      d["refusals"], match=d["match_id"], at_seat=d["seat_refusals"], where=where,
                      deal=last.get("deal_number"), reason=_reason(PLAY_REFUSALS, last.get("code"), r))


def refused_rounds(d: Mapping[str, Any], r: Reader) -> str:
    last, which = (d.get("refused") or [{}])[-1], ""
    named = _made_critical(d, "round_number", r)
    if named:
        which = r.ngettext(" (%(more)sround %(numbers)s; critical at %(critical)s refusals)",
                           " (%(more)srounds %(numbers)s; critical at %(critical)s refusals)", named.pop("n"), **named)
    return r.ngettext("%(num)d round post refused at this table%(which)s; the last (round %(round)s): %(reason)s",
                      "%(num)d round posts refused at this table%(which)s; the last (round %(round)s): %(reason)s",
                      d["refusals"], which=which, round=last.get("round_number"),
                      reason=_reason(ROUND_REFUSALS, last.get("code"), r))


def refused(d: Mapping[str, Any], r: Reader) -> str:
    """Hands, not posts: a dealer who posts hand 69 three times has one hand refused (three posts). A critical
    alert names the hands, each one dealt since it was refused said so."""
    last, which = (d.get("refused") or [{}])[-1], ""
    named = _made_critical(d, "hand_number", r)
    if named:
        which = r.ngettext(" (%(more)shand %(numbers)s; critical at %(critical)s refusals)",
                           " (%(more)shands %(numbers)s; critical at %(critical)s refusals)", named.pop("n"), **named)
    hands, posts = _refused_units(d, "hand_number")
    said = r.ngettext("%(num)d hand refused in this shoe", "%(num)d hands refused in this shoe", hands)
    if posts != hands:
        said += r.ngettext(" in %(num)d post", " in %(num)d posts", posts)
    return r(N_("%(refused)s%(which)s; the last (hand %(hand)s): %(reason)s"), refused=said, which=which,
             hand=last.get("hand_number"), reason=_reason(REFUSALS, last.get("code"), r))


def _refused_units(d: Mapping[str, Any], key: str) -> tuple[int, int]:
    """(hands or rounds refused, posts refused): the distinct numbers among the kept refusals; when older
    refusals were not kept, each counts as a number of its own."""
    kept = d.get("refused") or []
    distinct = len({entry.get(key) for entry in kept})
    return distinct + max(0, d["refusals"] - len(kept)), d["refusals"]


NAMED = 5  # the newest hands (rounds) a critical refusal alert names


def _made_critical(d: Mapping[str, Any], key: str, r: Reader) -> dict[str, Any]:
    """What a critical refusal alert names: the hands (rounds) refused, as kept (n of them, `more` when older
    ones are not named), each dealt since it was refused marked so (a number only moves on when its hand is
    dealt), and the threshold; nothing while it is a warning."""
    if d["refusals"] < d.get("critical_at", d["refusals"] + 1):
        return {}
    numbers = list(dict.fromkeys(entry[key] for entry in d.get("refused") or [] if entry.get(key) is not None))
    more = len(numbers) > NAMED or len(d.get("refused") or []) < d["refusals"]  # older ones, not named
    newest = numbers[-1] if numbers else None
    shown = [str(n) if n == newest else r(N_("%(number)s (dealt since)"), number=n) for n in numbers[-NAMED:]]
    return {"n": len(shown), "more": r(NC_("list", "…, ")) if more else "",
            "numbers": listed(shown, r), "critical": d["critical_at"]}
