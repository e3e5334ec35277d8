"""The knockout (淘汰赛): teams of two drawn into a bracket, byes when the count is not a power of two,
each match's winner going on to the next round until one team is left."""

from __future__ import annotations

from dataclasses import dataclass, replace

from roadsvc.domain.errors import DomainError


@dataclass(frozen=True, slots=True)
class Slot:
    """One match of the bracket: two teams (indexes into the teams), or a bye (one team and None)."""

    round: int  # 1 is the first round
    index: int
    teams: tuple[int | None, int | None]
    winner: int | None = None
    how: str | None = None  # "bye", or the match's end reason (passed_ten, time_limit, three_jokers...)
    match_id: int | None = None

    @property
    def ready(self) -> bool:
        return None not in self.teams and self.winner is None


@dataclass(frozen=True, slots=True)
class Bracket:
    team_count: int
    rounds: tuple[tuple[Slot, ...], ...]

    @property
    def champion(self) -> int | None:
        return self.rounds[-1][0].winner

    def slot(self, round_number: int, index: int) -> Slot:
        if not 1 <= round_number <= len(self.rounds) or not 0 <= index < len(self.rounds[round_number - 1]):
            raise DomainError("no_such_slot", f"the bracket has no match {round_number}/{index}", "slot")
        return self.rounds[round_number - 1][index]

    def with_slot(self, slot: Slot) -> "Bracket":
        rounds = list(self.rounds)
        row = list(rounds[slot.round - 1])
        row[slot.index] = slot
        rounds[slot.round - 1] = tuple(row)
        return replace(self, rounds=tuple(rounds))

    def assign(self, round_number: int, index: int, match_id: int) -> "Bracket":
        """A match is created from a slot: both teams known, no match yet, no winner."""
        slot = self.slot(round_number, index)
        if not slot.ready or slot.match_id is not None:
            raise DomainError("slot_not_ready", "that bracket match is not waiting for a match (teams unknown, "
                              "already created or decided)", "slot")
        return self.with_slot(replace(slot, match_id=match_id))

    def release(self, round_number: int, index: int) -> "Bracket":
        """A slot's match was stopped without a winner: the slot waits for a new match."""
        return self.with_slot(replace(self.slot(round_number, index), match_id=None))

    def advance(self, round_number: int, index: int, winner: int, how: str) -> "Bracket":
        """A finished match puts its winner into the next round."""
        slot = self.slot(round_number, index)
        if slot.winner is not None:
            raise DomainError("already_decided", "that bracket match already has a winner", "slot")
        if winner not in slot.teams:
            raise DomainError("not_in_match", "the winner must be one of the match's teams", "winner")
        bracket = self.with_slot(replace(slot, winner=winner, how=how))
        if round_number == len(self.rounds):
            return bracket
        following = bracket.slot(round_number + 1, index // 2)
        teams = list(following.teams)
        teams[index % 2] = winner
        return bracket.with_slot(replace(following, teams=tuple(teams)))


def draw_bracket(order: list[int]) -> Bracket:
    """`order` is the drawn order of the team indexes (a permutation); byes are spread over the first round."""
    count = len(order)
    if count < 2 or sorted(order) != list(range(count)):
        raise DomainError("too_few_teams", "a knockout needs at least two teams", "teams")
    size = 1
    while size < count:
        size *= 2
    half, byes = size // 2, size - count
    bye_slots = {(k * half) // byes for k in range(byes)} if byes else set()
    teams = iter(order)
    first = []
    for index in range(half):
        pair = (next(teams), None) if index in bye_slots else (next(teams), next(teams))
        first.append(Slot(1, index, pair))
    rounds = [tuple(first)] + [tuple(Slot(r, i, (None, None)) for i in range(half >> (r - 1)))
                               for r in range(2, size.bit_length())]
    bracket = Bracket(count, tuple(rounds))
    for slot in first:
        if slot.teams[1] is None:
            bracket = bracket.advance(1, slot.index, slot.teams[0], "bye")
    return bracket
