"""The API's request and response shapes (they make the published OpenAPI contract)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class ErrorBody(BaseModel):
    """Every 4xx answer: a stable code and a readable message."""

    code: str = Field(examples=["not_your_turn"])
    message: str


class NewMatch(BaseModel):
    """A match to create. Seats not given are filled with the game's default bot."""

    model_config = ConfigDict(extra="forbid", strict=True)

    game: str = Field(max_length=64, examples=["avenue"])
    players: int = Field(examples=[3])
    options: dict[str, bool | int | str] = Field(default_factory=dict, examples=[{"map": "A"}])
    seats: list[str] = Field(
        default_factory=list, max_length=1000, examples=[["human", "bot:greedy", "bot:random"]]
    )
    seed: int | None = Field(default=None, description="0 to 2**53-1; random when absent")


class SeatToken(BaseModel):
    """A seat of a new match: who plays it and, for a person, the secret token to act with."""

    seat: int
    kind: str = Field(examples=["human", "bot:greedy"])
    token: str | None


class Created(BaseModel):
    """A new match."""

    id: str
    seats: list[SeatToken]


class ActionBody(BaseModel):
    """An action of the token's seat, made on the state `state_id`.

    `action` is the action's JSON form (as `legal_actions` lists it) or its notation.
    """

    model_config = ConfigDict(extra="forbid", strict=True)

    state_id: int
    action: dict[str, Any] | str = Field(examples=[{"type": "draw", "square": "b3"}, "b3"])


class BotChoice(BaseModel):
    """Which bot stands in (the game's default bot when absent)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    bot: str | None = Field(default=None, max_length=64, examples=["greedy"])


class Words(BaseModel):
    """A text in Portuguese and English."""

    pt: str
    en: str


class LegalAction(BaseModel):
    """One legal action: JSON form to send back, notation and plain words."""

    action: dict[str, Any]
    notation: str
    text: Words


class LogLine(BaseModel):
    """One accepted action; `sealed` (notation and text null) while its seat's choice is hidden."""

    index: int
    seat: int
    sealed: bool
    notation: str | None
    text: Words | None


class SeatInfo(BaseModel):
    """Who plays a seat now."""

    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    stand_in: bool = Field(description="a bot plays a person's seat; the person can take it back")
    connected: bool


class MatchUpdate(BaseModel):
    """A match as one seat (or a spectator, seat null) sees it."""

    id: str
    game: str
    players: int
    seat: int | None
    state_id: int = Field(description="the number of accepted actions; send it back with an action")
    to_act: list[int]
    committed: list[int] = Field(description="seats with a sealed choice in a simultaneous step")
    view: dict[str, Any]
    legal_actions: list[LegalAction]
    log: list[LogLine]
    outcome: dict[str, Any] | None
    seats: list[SeatInfo]


class OptionSchema(BaseModel):
    """One option of a game."""

    model_config = ConfigDict(extra="allow")

    type: Literal["bool", "int", "choice"]
    default: bool | int | str
    description: Words


class GameEntry(BaseModel):
    """A game of the catalogue."""

    id: str
    name: Words
    min_players: int
    max_players: int
    rules_version: str
    options: dict[str, OptionSchema]
    bots: list[str]
    default_bot: str


class MatchSummary(BaseModel):
    """A recent match."""

    id: str
    game: str
    players: int
    seats: list[str]
    state_id: int
    finished: bool
    created: float


class RecordDoc(BaseModel):
    """A match record (``tabuleiro.match/1``); while the match is on, `seed` is null and the
    choices still sealed from the caller are null."""

    model_config = ConfigDict(extra="allow")

    format: str
    game: str
    rules_version: str
    players: int
    seed: int | None
    options: dict[str, bool | int | str]
    seats: list[str]
    actions: list[list[int | str | None]] = Field(description="[seat, action notation or null while sealed]")
    outcome: dict[str, Any] | None
