"""The fan-out as a gevent worker runs it, in a process of its own (gevent's monkey-patching must
come first): the hub wakes a table's streams RING_BATCH at a time, and between two batches the
event loop serves a socket that became ready, a dealer's post, rather than making it wait for
every display of the table."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent('''
    from gevent import monkey; monkey.patch_all()
    import json, socket, gevent
    from roadsvc.stream.alarms import new_alarm
    from roadsvc.stream.hub import RING_BATCH, EventHub

    class NoDatabase:
        event_listener = None

    hub, order = EventHub(NoDatabase()), []

    def display():
        hub.wait(new_alarm(), 0, 1)  # table 1: the tick's step 1
        order.append("display")

    def dealer(sock):
        sock.recv(1)
        order.append("post")

    ready, served = socket.socketpair()
    displays = [gevent.spawn(display) for _ in range(4 * RING_BATCH)]
    post = gevent.spawn(dealer, served)
    gevent.sleep(0.05)  # every display waiting, the dealer reading
    assert hub.waiting() == {1}
    ready.send(b"x")  # the post arrives as the table's displays are woken
    hub.tick(); hub.tick()  # steps 0 and 1
    gevent.joinall([*displays, post], timeout=10)
    print(json.dumps({"order": order, "batch": RING_BATCH}))
''')


def test_a_post_that_arrives_during_a_fan_out_waits_for_one_batch_of_displays_not_all():
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    order, batch = found["order"], found["batch"]
    assert sorted(order) == ["display"] * (4 * batch) + ["post"]  # everyone woken, once
    assert order.index("post") <= batch  # served after the first batch at the latest
