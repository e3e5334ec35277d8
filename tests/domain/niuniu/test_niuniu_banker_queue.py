"""The banker queue (上庄, 下庄) and the super grab (超级抢庄)."""

from decimal import Decimal

import pytest

from roadsvc.domain.errors import DomainError
from roadsvc.domain.niuniu.banker_queue import (
    BankerQueue, apply, round_finished, step_down, super_grab, super_grab_refusal,
)
from roadsvc.domain.niuniu.conditions import BALANCE, VIP, Condition

MIN = Decimal("1000.00")
VIP_3 = Condition(VIP, Decimal(3))


def queued(*accounts):
    queue = BankerQueue()
    for account in accounts:
        queue = apply(queue, account, MIN, MIN)
    return queue


def refused(call, *args):
    with pytest.raises(DomainError) as error:
        call(*args)
    return error.value.code


def test_applicants_wait_in_order_and_take_the_bank_in_turn():
    queue = round_finished(queued("a", "b"), banker_rounds=2)
    assert queue.banker.account_id == "a" and queue.waiting == ("b",)
    queue = round_finished(queue, 2)
    assert queue.banker.account_id == "a" and queue.banker.rounds_served == 1
    queue = round_finished(queue, 2)
    assert queue.banker.account_id == "b" and queue.waiting == ()
    queue = round_finished(round_finished(queue, 2), 2)
    assert queue.banker is None  # nobody waits: the house banks


def test_applying_needs_the_minimum_balance_and_once():
    assert refused(apply, BankerQueue(), "a", Decimal("999.99"), MIN) == "balance_too_low"
    assert refused(apply, queued("a"), "a", MIN, MIN) == "already_queued"
    assert refused(apply, round_finished(queued("a"), 10), "a", MIN, MIN) == "already_banker"


def test_stepping_down_takes_effect_after_the_current_round():
    queue = step_down(round_finished(queued("a", "b"), 10), "a")
    assert queue.banker.account_id == "a" and queue.banker.stepping_down
    assert round_finished(queue, 10).banker.account_id == "b"
    assert step_down(queued("a", "b"), "b").waiting == ("a",)
    assert refused(step_down, queued("a"), "z") == "not_in_queue"


def test_a_super_grab_over_an_ordinary_banker_takes_the_next_round():
    queue = round_finished(queued("a", "b"), 10)
    queue = super_grab(queue, "g", VIP_3, 3, MIN, MIN)
    assert queue.waiting == ("g", "b") and queue.super_holder == "g"
    queue = round_finished(queue, 10)
    assert queue.banker.account_id == "g" and queue.banker.super and queue.super_holder is None


def test_a_super_grab_over_a_super_banker_waits_for_its_term_to_end():
    queue = round_finished(super_grab(queued("b"), "s", VIP_3, 5, MIN, MIN), 3)
    assert queue.banker.account_id == "s" and queue.banker.super
    queue = super_grab(queue, "g", VIP_3, 4, MIN, MIN)
    queue = round_finished(queue, 3)
    assert queue.banker.account_id == "s" and queue.waiting == ("g", "b")
    queue = round_finished(round_finished(queue, 3), 3)
    assert queue.banker.account_id == "g"


def test_one_grab_at_a_time_no_cancel_and_the_condition():
    held = super_grab(BankerQueue(), "g", VIP_3, 3, MIN, MIN)
    assert refused(super_grab, held, "h", VIP_3, 9, MIN, MIN) == "super_grab_taken"
    assert super_grab_refusal(held, "h", VIP_3, 9, MIN, MIN) == "super_grab_taken"
    assert refused(step_down, held, "g") == "super_grab_final"
    assert super_grab_refusal(BankerQueue(), "h", VIP_3, 2, MIN, MIN) == "vip_too_low"
    rich = Condition(BALANCE, Decimal("5000.00"))
    assert super_grab_refusal(BankerQueue(), "h", rich, None, Decimal("5000.00"), MIN) == "balance_too_low"  # above X
    assert super_grab_refusal(BankerQueue(), "h", rich, None, Decimal("5000.01"), MIN) is None
    banker = round_finished(queued("a"), 10)
    assert super_grab_refusal(banker, "a", VIP_3, 9, MIN, MIN) == "already_banker"


def test_a_grab_makes_a_banker_so_it_needs_the_banker_minimum_whatever_its_condition():
    # issue 34: a grab by VIP level alone made a banker with 0.00; every slip of its term was refused
    assert super_grab_refusal(BankerQueue(), "g", VIP_3, 9, None, MIN) == "below_banker_min"
    assert super_grab_refusal(BankerQueue(), "g", VIP_3, 9, Decimal("999.99"), MIN) == "below_banker_min"
    assert super_grab_refusal(BankerQueue(), "g", VIP_3, 9, MIN, MIN) is None
    with pytest.raises(DomainError) as error:
        super_grab(BankerQueue(), "g", VIP_3, 9, Decimal("0.00"), MIN)
    assert (error.value.code, error.value.field) == ("below_banker_min", "balance")


def test_the_state_round_trips_through_its_stored_form():
    queue = super_grab(round_finished(queued("a", "b"), 10), "g", VIP_3, 3, MIN, MIN)
    assert BankerQueue.from_dict(queue.as_dict()) == queue
    assert BankerQueue.from_dict({}) == BankerQueue()
