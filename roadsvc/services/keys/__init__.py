"""API keys and roles: who is calling and what it may do (`principals`), a key's life (`lifecycle`: created
once, the plain key shown only then, stored as sha256; rotated, revoked, expiring), and checking a presented key
on every request through a short cache (`verifier`)."""
