"""Helpers for the server tests: an app over a fresh database, matches, seats' requests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tabuleiro.server.app import create_app
from tabuleiro.server.limits import UNLIMITED, Limits


@contextmanager
def serve(db: str | Path, limits: Limits = UNLIMITED) -> Iterator[TestClient]:
    """A test client over an app on the database `db` (lifespan run); rates unlimited unless
    `limits` says otherwise."""
    with TestClient(create_app(str(db), limits=limits)) as client:
        yield client


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def create(
    client: TestClient,
    game: str,
    seats: list[str],
    *,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 7,
) -> tuple[str, list[str | None]]:
    """A match whose people all play on this client ("human" here means a ``local`` seat, so
    the chosen seed is accepted); returns its id and every seat's token."""
    body = {
        "game": game,
        "players": players or len(seats),
        "seats": ["local" if kind == "human" else kind for kind in seats],
        "options": options or {},
        "seed": seed,
    }
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    doc = response.json()
    return doc["id"], [s.get("token") for s in doc["seats"]]


def show(client: TestClient, match_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/matches/{match_id}", headers=auth(token))
    assert response.status_code == 200, response.text
    return dict(response.json())


def act(
    client: TestClient, match_id: str, token: str | None, action: Any, state_id: int | None = None
) -> Any:
    if state_id is None:
        state_id = show(client, match_id, token)["state_id"]
    return client.post(
        f"/api/matches/{match_id}/actions", headers=auth(token), json={"state_id": state_id, "action": action}
    )


def play_first_legal(client: TestClient, match_id: str, token: str) -> dict[str, Any]:
    """The seat plays its first legal action; returns the new update."""
    update = show(client, match_id, token)
    response = act(client, match_id, token, update["legal_actions"][0]["action"], update["state_id"])
    assert response.status_code == 200, response.text
    return dict(response.json())
