"""A weather alerts server: watches stored in SQLite, a state file, a forecast API client."""
