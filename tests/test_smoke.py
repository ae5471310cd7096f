def test_unknown_api_url_answers_json_404(api_client):
    answer = api_client.post("/api/v1/nothing-here", json={})
    assert answer.status_code == 404
    assert "error" in answer.get_json()


def test_schema_is_migrated_on_both_databases(app):
    from sqlalchemy import inspect

    from companion.extensions import db

    with app.app_context():
        names = set(inspect(db.engine).get_table_names())
    assert {"tables", "seats", "games", "events", "alembic_version"} <= names
