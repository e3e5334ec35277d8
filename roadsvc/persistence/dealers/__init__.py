"""The dealers' queries (issue 45): who is at a table and the registry (`registry`), and the records a dealer's
figures are read from (`figures`)."""
