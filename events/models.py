"""The models of an event run around its tournaments (issue 23): built up section by section."""
