"""Use cases and their transactions: each public function is one thing a client asks for."""
