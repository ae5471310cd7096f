"""Web layer: blueprints for pages, htmx fragments and the JSON referee API."""
