"""The pit boss's floor as a product (issue 24), shared by every game: page sessions that end,
the house's money, the floor's time zone and shifts, the money alerts' watch, pit notes and
the shift report."""
