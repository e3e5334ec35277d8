"""The push engine (nginx with the nchan module) that holds the live streams in production.

roadsvc authorizes a stream and hands it to the engine with a redirect to a short-lived URL it signs
(`signing`, checked by nginx itself) on the channel of what the caller may see (`channels`); one
elected publisher per floor reads the event log in order and publishes each event once to its
channels (`publisher`), recording which
engine message carries which event (`ledger`, in Redis) so that a client resuming with
`Last-Event-ID` is handed over at the right message (`handover`). docs/events.md, *The push engine*.
"""
