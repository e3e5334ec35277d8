"""Dealers as people (issue 45): the registry and the changes at the tables (`registry`), each dealer's
figures over a period (`figures`), and the floor's watch on them (`watch`: the dealer_refusals and
dealer_pace alerts). See docs/dealers.md."""
