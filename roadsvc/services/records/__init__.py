"""The record's hash chain for the use cases (issue 43): its head and the links that bind records (`chain`, what
a stored report prints and recall shows), the links shown beside each recalled game (`recall_links`), checking
the record against its chain (`audit`: `roadsvc records verify`, `seal`) and the bundle a regulator checks
offline (`bundle`: `roadsvc records export`, `verify --bundle`). docs/records.md says what each checks."""
