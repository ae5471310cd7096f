"""The table shell: models, the event store, live updates. Games plug in through ``registry``."""
