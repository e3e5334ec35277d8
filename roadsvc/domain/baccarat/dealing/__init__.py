"""The deal: cards, the drawing (third-card) rules, hands, the shoe's card supply."""
