"""Baccarat's boards: the five roads and the scoreboard (layout), their marks, the EV chart, the warm-up."""
