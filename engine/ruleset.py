"""What a game plugin declares and implements (see engine/API.md)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

import msgspec

from engine import choices as choices_mod
from engine import narration, readings
from engine.boundary import ascii_int
from engine.catalog import CORE_CATALOG, Catalog
from engine.table import Table

if TYPE_CHECKING:
    from engine.cards import CardInfo
    from engine.context import Ctx
    from engine.explain import History
    from engine.panels import Panel
    from store import NewEvent, StoredEvent


class Option(msgspec.Struct, frozen=True):
    default: Any
    choices: tuple[Any, ...] = ()
    doc: str = ""


class Prompt(msgspec.Struct, frozen=True):
    """Who must act, on what kind of choice, under which rule (invariant 5)."""

    seat: int
    kind: str
    rule: str
    detail: str = ""


class Illegal(msgspec.Struct, frozen=True):
    rule: str
    reason: str


Handler = Callable[[Any, Table, Any], None]


class Ruleset:
    name: ClassVar[str]
    version: ClassVar[str] = "1.0"
    players: ClassVar[tuple[int, ...]]
    options: ClassVar[dict[str, Option]] = {}
    content_packs: ClassVar[tuple[str, ...]] = ()
    State: ClassVar[type]
    catalog_file: ClassVar[str] = "catalog.toml"
    event_schemas: ClassVar[dict[str, int]] = {}  # type -> schema written now (default 1)
    upcasters: ClassVar[
        dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]]
    ] = {}  # (type, old) -> step
    # {old event type: the type it is read as now}: a type the game renamed. A stored event of
    # the old type is read under the new one (engine.upcast), its data through
    # upcasters[(old type, its schema)] if there is one (a renamed command's "kind": see
    # engine.commands.renamed_kinds), keeping its schema number; the stored bytes never change.
    event_renames: ClassVar[dict[str, str]] = {}
    summary: ClassVar[str] = ""
    # {kind: {field: type}} (engine.commands): every command kind and its fields; None skips
    # the shape check (legal-move matching still decides).
    commands: ClassVar[dict[str, dict[str, Any]] | None] = None
    # {pattern: words} for zone_label: "{seat}" and "{n}" stand for a number (a seat is written
    # as players count it: seat 0 is "Seat 1", as in the log's sentences), any other "{word}"
    # for any text,
    # e.g. {"tres{seat}": "Seat {seat}'s treasure pile", "v:{name}": "village stack {name}"}
    zone_names: ClassVar[dict[str, str]] = {}
    # Hidden zones whose cards an outsider cannot tell apart (bots.search.determinize): each
    # entry is (a regular expression over zone names, per_owner). The unseen zones matching one
    # entry (of one owner, if per_owner) form one pool, re-dealt together keeping each zone's
    # size: a rival's hand with its deck, since nobody saw which of its cards went where. An
    # unseen zone no entry names is a pool of its own (its cards shuffled in place), never mixed
    # with another kind of card (a medal is never dealt into a hand). A third element, a regular
    # expression matched at the start of a card id, names what a card's back shows (a token's
    # colour): within the pool a card is dealt only into a slot of the same kind.
    hidden_pools: ClassVar[tuple[tuple[str, bool] | tuple[str, bool, str], ...]] = ()
    # {contract method: "module:function"}: the contract methods a game leaves to a function of
    # its own package, declared once instead of a two-line delegation per method, e.g.
    # {"apply": "apply:apply", "prompts": "legal:prompts", "describe": "audit.narrate:describe"}.
    # The module is relative to the package holding the ruleset class; the function is called
    # with the method's arguments, without the ruleset (a function marked @with_ruleset gets
    # the ruleset first, as a method does). A name that is not a function stands for a method
    # that returns it (e.g. a module's list of handlers). Bound on first use (see _Wired); a
    # name outside the contract is refused when the class is made.
    implemented_in: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        wiring = cls.__dict__.get("implemented_in")
        if wiring:
            _wire(cls, wiring)
        _check_renames(cls)

    @cached_property
    def catalog(self) -> Catalog:
        here = readings.package_dir(self)
        return Catalog.from_file(self.name, here / self.catalog_file).merged(CORE_CATALOG)

    # -- set-up ---------------------------------------------------------------------------
    def new_state(self, table: Table) -> Any:
        return self.State()

    def setup(self, ctx: Ctx, table: Table) -> None:
        raise NotImplementedError

    def situation(self, ctx: Ctx, table: Table, doc: dict[str, Any]) -> None:
        raise NotImplementedError(f"{self.name} has no situation schema")

    # -- fold, rules, decisions ---------------------------------------------------------
    def apply(self, table: Table, ev: StoredEvent | NewEvent) -> None:
        raise NotImplementedError

    def handlers(self) -> list[tuple[str, Handler]]:
        return []

    def prompts(self, table: Table) -> list[Prompt]:
        raise NotImplementedError

    def legal_commands(self, table: Table, seat: int) -> list[dict[str, Any]]:
        raise NotImplementedError

    def same_command(self, table: Table, seat: int, cmd: dict[str, Any]) -> dict[str, Any]:
        """The command in the form `legal_commands` lists it: a game whose commands hold sets
        (Mage Knight's attack targets) puts them in its listed order here, so the same choice
        written in another order is the same command. It must not refuse anything (return
        `cmd` as it is when unsure): legality is decided after it."""
        return cmd

    def question(self, table: Table, seat: int, path: list[Any], words: bool = True) -> choices_mod.Question:
        """What `seat` may do, as the question at `path` of a tree in words (engine.choices;
        engine/API.md "Choices"): `path` is [] for the first question, else the path a lazy
        option of this ruleset carried (its own JSON; raise engine.choices.BadPath when it
        names nothing now). Each option is a complete command, a further question, a lazy
        step or a pick of a set. Build only this question: what lies below a lazy step is
        built when it is asked. `words=False` (bots) may skip labels and previews.
        Front ends call it through `engine.choices.ask`, which checks the seat, asks nothing
        of a finished game and turns paths into tokens. Default: from `legal_commands`,
        "What do you do?" over the kinds, then one question per field in which the commands
        differ, labelled with the game's own sentences."""
        return choices_mod.default_question(self, table, seat, path, words)

    def same_choice(self, table: Table, seat: int, cmd: dict[str, Any]) -> Any:
        """What makes `cmd` one choice: commands with an equal value are one option in the
        tree (the first listed is played). Default: the command itself. A game with
        identical copies of a card returns the command with the copy's id replaced by what
        the copy is, so eight Daggers in a pile are one option."""
        return cmd

    def explain(self, table: Table, seat: int, cmd: dict[str, Any]) -> Illegal | None:
        """A precise reason for an illegal command; None falls back to the prompt's rule."""
        return None

    def preview(self, table: Table, seat: int, cmd: dict[str, Any]) -> str | None:
        """A short words preview of what a legal command would do (a purchase's price, a
        battle's totals), for front ends to show beside the command; None where the game has
        none. It only reads the table: it must not change state or emit anything."""
        return None

    def describe(self, table: Table, ev: Any) -> str | None:
        """The event in one short English sentence, as the seat who sees it would read it.
        `ev` is the event as that viewer sees it (`projections.views.event_view`: the
        redacted data for a hidden event), so a sentence never tells a secret; `table` serves
        for names only. Default: the core's words for its own types, else a generic sentence
        from the type and data (`engine.narration`)."""
        return narration.describe(table, ev)

    def restates(self, ev: Any) -> bool:
        """Whether a rule event (as a viewer sees it) merely restates the decision that caused
        it, so the log's entry for that decision leaves it out (`engine.log_entries`).
        Default: no; the core already leaves out a sentence that repeats the decision."""
        return False

    def why(self, table: Table, ev: StoredEvent, history: History) -> list[dict[str, Any]]:
        """Every input the rule behind `ev` used, for the audit (engine.explain: `given`,
        `history.trail`), `table` being the state just before it. Default: none beyond the
        readings in force, which the audit adds for every event."""
        return []

    # -- hidden information -------------------------------------------------------------
    def game_view(self, table: Table, seat: int | None) -> Any:
        return msgspec.to_builtins(table.game)

    def panels(self, table: Table, viewer: int | None) -> list[Panel]:
        """One player panel per seat as `viewer` (a seat, None: a spectator) may see it
        (engine.panels.Panel): the numbers a player watches, whose turn, piles as a count
        and a top card. Default: the seat's name, whose turn and its zones' sizes. A game
        names its own numbers in engine/games/<game>/panels.py, showing a number that
        depends on hidden cards only to the seat who sees them."""
        from engine import panels

        return panels.default(self, table, viewer)

    def command_vis(self, table: Table, seat: int, cmd: dict[str, Any]) -> list[int] | None:
        """Who sees a decision event: public by default; a secret choice names its seats
        (the others get `public_data` of it)."""
        return None

    def public_data(self, ev: StoredEvent) -> dict[str, Any]:
        """What the other seats see of an event whose visibility excludes them."""
        return {}

    def dice(self, table: Table) -> dict[str, Any]:
        """Every die the game may roll now, by name (`engine.mechanics.dice.Die`), so that a
        forced outcome naming a face the die lacks is refused when it is given, not later."""
        return {}

    def cards(self) -> list[CardInfo]:
        """The card catalogue (`engine.cards.CardInfo` records) for `runeledger cards`: every
        card of the game with its values and where each value comes from. Default: none."""
        return []

    def zone_label(self, name: str) -> str:
        """A zone's name in words for front ends ("tres0" -> "Seat 1's treasure pile"): the
        first of `zone_names` whose pattern matches the whole name; else the name itself."""
        return narration.zone_label(self.zone_names, name) or name

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        out = {k: o.default for k, o in self.options.items()}
        for key, value in options.items():
            if key in (readings.READINGS, readings.OVERRIDES) or key.startswith("reading."):
                continue  # a judge's choices (engine.readings), recorded only when given
            if key not in self.options:
                raise ValueError(
                    f"{self.name}: unknown option {key!r} (known: {', '.join(self.options) or 'none'})"
                )
            spec = self.options[key]
            if isinstance(value, str) and not isinstance(spec.default, str):
                value = _coerce(key, value, spec.default)
            if spec.choices and value not in spec.choices:
                raise ValueError(f"{self.name}: option {key}={value!r} not in {list(spec.choices)}")
            out[key] = value
        readings.check_options(self, options, out)
        return out

    # -- position values for the bots (tuning, not rules) -------------------------------
    # A lead of `position_scale` in position_value is worth about a 73% win chance.
    position_scale: ClassVar[float] = 3.0
    # The share of a bot's win chance that common_goal decides (0: the game has none).
    common_goal_weight: ClassVar[float] = 0.0
    # MCTS searches only the deciding seat's own turn, comparing its options on the same dice
    # (bots.search's turn search): for games where a rival's reply does not depend on the
    # option taken and searching it only adds chance to the comparison (duel, Rune Age, Mage Knight).
    search_own_turn: ClassVar[bool] = False
    # The search bots weigh the first question of a decision whole, without the random bot's
    # habits (`bot_options`), where those habits already make the choices a search should weigh
    # (Mage Knight); the questions below it, turn ends and playouts keep the habits.
    search_widens: ClassVar[bool] = False
    # MCTS settles a decision question by question, with this many iterations of its own at
    # each of the seat's questions with several options (0: the most visited path is the
    # answer); for decisions of several questions whose lower ones a search leaves to a visit
    # or two (DragonLords' attacks).
    search_settles: ClassVar[int] = 0
    # The event that ends a seat's turn, where a one-seat game's turn search stops (a solo seat
    # acts on into its next turn; with rivals, another seat to act ends it); None: no stop.
    search_turn_ends: ClassVar[str | None] = None

    def position_value(self, table: Table, seat: int) -> float | None:
        """How well `seat` stands in a (determinized) state, for the greedy and MCTS bots: more
        is better, comparable between seats of one game. It reads, never changes, the state.
        None: the game is judged only by its end (1 a win, 0 a loss)."""
        return None

    def common_goal(self, table: Table, seat: int) -> float:
        """Progress 0..1 towards a goal every seat shares (weighted by common_goal_weight)."""
        return 0.0

    def check_overrides(self, overrides: dict[str, Any]) -> dict[str, Any]:
        """Checked card overrides of a situation (engine.readings); default: none allowed."""
        raise ValueError(f"{self.name}: this ruleset takes no card overrides")


OPTIONAL_HOOKS = (
    "bot_choices",
    "bot_options",
    "bot_question",
    "bot_walk",
    "plan_worth",
    "plan_lines",
    "plan_options",
    "redealt",
    "resample_hidden",
)
"""Methods a game may have that the base does not define, read with getattr by their users
(bots.random_bot: `bot_choices(table, seat, legal)` over a flat list, `bot_options(table, seat,
path, options)` over one question's options, a non-empty subset of them, for bots walking the
choice tree; `bot_question(table, seat, path)`, those narrowed options built directly, or None
to ask the question and narrow it; `bot_walk(table, seat, rng)`, the (command, is a leaf)
the random bot's walk of the tree would take, drawing the same numbers without building the
questions, or None having drawn nothing (bots/tree_walk.sample); `plan_worth(table, seat) ->
float`, what the end of a seat's turn is worth, `plan_lines(table, seat)`, purposeful lines worth trying now, and
`plan_options(table, seat)`, a `bot_options`-shaped narrowing the planner's candidate turns use
for this decision in place of the habits (None: the habits), for the turn planner,
bots/planner.py; `redealt(table, renamed)`, the hidden cards a search bot's
determinization exchanged, old id to new, for facts the game keeps outside zones, bots/search.py;
`resample_hidden(table, seat, rng)`, a determinization's re-deal, in place, of secrets a game
keeps outside zones, consistent with the seat's view: DragonLords' chips);
`implemented_in` may name them too."""

CONTRACT = frozenset(
    name for name, value in vars(Ruleset).items() if callable(value) and not name.startswith("_")
) | frozenset(OPTIONAL_HOOKS)
"""The methods of the ruleset contract (engine/API.md): what `implemented_in` may map."""


def _wire(cls: type, wiring: dict[str, str]) -> None:
    """Put a _Wired descriptor for each mapped method on `cls`, refusing at class creation
    what could only fail later: a name outside the contract, a method both mapped and
    written in the class, a target not of the form "module:function"."""
    where = f"{cls.__module__}.{cls.__qualname__}.implemented_in"
    package = cls.__module__.rpartition(".")[0]
    for name, target in wiring.items():
        if name not in CONTRACT:
            raise TypeError(
                f"{where}: {name!r} is not a method of the ruleset contract "
                f"(engine/API.md); it may map: {', '.join(sorted(CONTRACT))}"
            )
        if name in cls.__dict__:
            raise TypeError(
                f"{where}: {name!r} is both mapped to {target!r} and written in the class; keep one"
            )
        module, colon, function = target.partition(":") if isinstance(target, str) else ("", "", "")
        if (
            not colon
            or not function.isidentifier()
            or not all(part.isidentifier() for part in module.split("."))
        ):
            raise TypeError(
                f'{where}[{name!r}] = {target!r}: expected "module:function", the '
                f"module relative to {package or 'the package'}"
            )
        setattr(cls, name, _Wired(cls, name, f"{package}.{module}" if package else module, function))


def _check_renames(cls: type) -> None:
    """Refuse at class creation a circle of renames (a -> b -> a), which would read an event
    for ever."""
    renames = cls.__dict__.get("event_renames") or {}
    for start in renames:
        seen, typ = {start}, renames[start]
        while typ in renames:
            if typ in seen:
                raise TypeError(
                    f"{cls.__module__}.{cls.__qualname__}.event_renames: "
                    f"{start!r} is renamed in a circle ({' -> '.join(sorted(seen))})"
                )
            seen.add(typ)
            typ = renames[typ]


class _Wired:
    """A contract method found in a module of the game's package, imported on first access
    (importing a ruleset imports none of its rules: `registry.get` stays cheap). The first
    access puts the function itself on the class as a staticmethod, so every later call, the
    hot ones above all (apply for every event, prompts and legal_commands for every decision),
    is a plain function call: no wrapper frame, no lookup beyond the class attribute."""

    __slots__ = ("function", "module", "name", "owner")

    def __init__(self, owner: type, name: str, module: str, function: str) -> None:
        self.owner, self.name, self.module, self.function = owner, name, module, function

    def __get__(self, obj: Any, objtype: type | None = None) -> Callable[..., Any]:
        fn = self.resolve()
        if getattr(fn, _WITH_RULESET, False):
            setattr(self.owner, self.name, fn)  # a plain function on a class: a method
            return fn if obj is None else fn.__get__(obj, objtype)
        setattr(self.owner, self.name, staticmethod(fn))
        return fn

    def resolve(self) -> Callable[..., Any]:
        # ImportError, not AttributeError: getattr(rs, "bot_choices", None) must not read a
        # broken mapping (or a module that fails on import) as "no such method".
        try:
            module = importlib.import_module(self.module)
        except AttributeError as exc:
            raise ImportError(
                f"{self.owner.__qualname__}.implemented_in[{self.name!r}]: "
                f"importing {self.module} failed: {exc}"
            ) from exc
        value = getattr(module, self.function, _MISSING)
        if value is _MISSING:
            raise ImportError(
                f"{self.owner.__qualname__}.implemented_in[{self.name!r}]: "
                f"{self.module} has no {self.function!r}"
            )
        if callable(value):
            return value
        return lambda *_args: value


_MISSING = object()
_WITH_RULESET = "_runeledger_with_ruleset"


def with_ruleset(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a function named by `implemented_in` that needs the ruleset itself (its name for
    messages, its catalog): it is bound as a method, so it gets the ruleset as its first
    argument. Most functions need only the table and the method's other arguments."""
    setattr(fn, _WITH_RULESET, True)
    return fn


def _coerce(key: str, text: str, like: Any) -> Any:
    """An option given as text (CLI, URL) turned into the type of its default; a text that is
    not of that type is refused naming the option and what it takes."""
    if isinstance(like, bool):
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"option {key}={text!r} is not a yes/no value (true/false, 1/0)")
    if isinstance(like, int):
        n = ascii_int(text)  # int() would take '٣', ' 3' and '1_0' too
        if n is None:
            raise ValueError(f"option {key}={text!r} is not a whole number (digits 0-9)")
        return n
    if isinstance(like, float):  # float() would take 'nan' and 'inf', which JSON cannot hold
        if not re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", text):
            raise ValueError(f"option {key}={text!r} is not a number (digits 0-9, a point)")
        return float(text)
    return text
