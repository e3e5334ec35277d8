"""百人牛牛 use cases: rounds (post, open, void, correct), slips and settlement, the trend road, the banker
queue and seats. Each write locks the table row, bumps `tables.revision` and appends one event, in one
transaction."""
