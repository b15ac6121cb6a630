"""Hal's turns as readable lines: which card he revealed, which half he read and why,
the die he took, what he did, each fallback and each VP he scored. Read from the log
events of hal.py and hal_actions.py (narrate.py hands Hal's events over here).

As in narrate.py, every line is an English msgid (N_, or NN_ with a plural form) filled
by `say` in the language of the program's text renderer; a placeholder that shows a
word (a colour, a half, a mode, an item) is a slot named after the text
(`HAL_TAKES_DIE.color`), declared in the vocabulary's SLOTS. "Hal" is a name: it stays
"Hal" in every language.
"""

from __future__ import annotations

from ...dsl.i18n import N_, NN_
from ...dsl.text import TextRenderer
from .layout import HAL
from .tables import Engine

# TRANSLATORS: the heading of Hal's turn, as for a player's turn ({player} is "Hal")
ROUND = N_("-- round {round}, {player} --")
ROUND_FINAL = N_("-- round {round} (final round), {player} --")
HAL_NAME = "Hal"  # a name, the same in every language

# TRANSLATORS: Hal has no die and rolls one for each of his robots in a workstation
HAL_ROLLS = N_("Hal rolls: {dice}")
HAL_ROLLS_DAMAGED = NN_(
    "Hal rolls: {dice} ({count} damaged, repaired as rolled)",
    "Hal rolls: {dice} ({count} damaged, repaired as rolled)",
)
HAL_ROLLS_NOTHING = N_("no die (the supplies are empty)")
HAL_DIE = N_("{color} {value}")  # a die of Hal's: "orange 3"
HAL_RESHUFFLE = NN_(
    "Hal's deck is empty: his {count} discarded card is reshuffled",
    "Hal's deck is empty: his {count} discarded cards are reshuffled",
)

# TRANSLATORS: which sequence the player carried out decides which half of Hal's card he
# reads first
HAL_REVEALS_AFTER_A = N_("Hal reveals {card} (you did sequence A)")
HAL_REVEALS_AFTER_B = N_("Hal reveals {card} (you did sequence B)")
HAL_REVEALS_AFTER_PASS = N_("Hal reveals {card} (you passed)")
HAL_REVEALS = N_("Hal reveals {card}")

# TRANSLATORS: {half} is "top" or "bottom" (of Hal's card), {color} the colour of the die
# that half takes, {action} what he does with it ("destroy Ravagers (clockwise, ...)")
HAL_READS_FIRST = N_("he reads its {half} half: {color} die, {action}")
# TRANSLATORS: {passed} is the colour of the die the first half asked for
HAL_READS_SECOND = N_(
    "no {passed} die is available to him, so he reads its {half} half: {color} die, {action}"
)
# what a half of Hal's card does with its die ({mode}, {order}: as on his cards)
DOES_DISCOVER = N_("discover technology ({mode})")
DOES_REPAIR = N_("repair the Black Angel ({order})")
DOES_DESTROY = N_("destroy Ravagers ({order})")
DOES_COMMAND = N_("command a ship")

HAL_DROPS_DIE = N_(
    "neither half's colour is available: Hal returns his {color} {value} to its supply"
)
# TRANSLATORS: as the message above, but the die is the player's ({player}: P1): Hal buys
# it, and the player takes the die's price from the general supply
HAL_DROPS_BOUGHT_DIE = N_(
    "neither half's colour is available: Hal buys {player}'s {color} {value} and returns it "
    "to its supply; {player} takes its price from the supply"
)
HAL_TAKES_DIE = N_("Hal takes his {color} {value}")
# TRANSLATORS: Hal takes a die of the player's ({player}: P1); the player, not Hal,
# takes the die's price from the general supply
HAL_BUYS_DIE = N_(
    "Hal buys {player}'s {color} {value} (the highest); {player} takes its price from the supply"
)
THE_PLAYER = N_("the player")

# TRANSLATORS: a Ravager card on the action Hal performs; he carries out only effects
# that add damage
HAL_RAVAGER_RESOLVED = N_("ravager {card} on action {action}: resolved (it adds damage)")
HAL_RAVAGER_IGNORED = N_("ravager {card} on action {action}: ignored, at no cost")
HAL_DISCOVERS_ADVANCED = N_("Hal takes {tile} from the Advanced slots")
HAL_DISCOVERS_DISPLAY = N_("Hal takes {tile} from the display")
HAL_REPAIRS_ACTION = N_("Hal removes a damage cube from action {action}")
HAL_REPAIRS_DIE = N_("Hal removes a damage cube from a damaged die")
HAL_DESTROYS = N_("Hal destroys {cards} at action {action}")

# TRANSLATORS: Hal places a mission card on a space hex: an activation card on the
# farthest strip with a free hex of its colour, a neutralization card on the nearest;
# {comet} is empty or one of the two texts below; {reward}: the card's reward ("1 ship")
HAL_PLACES_ACTIVATION = N_(
    "Hal places {card} (activation) at {at}, strip {strip}: the farthest with a free hex "
    "of its colour{comet}; reward {reward}"
)
HAL_PLACES_NEUTRALIZATION = N_(
    "Hal places {card} (neutralization) at {at}, strip {strip}: the nearest with a free hex "
    "of its colour{comet}; reward {reward}"
)
COMET = N_(" (a comet hex)")
COMET_BONUS = N_(" (a comet hex: bonus)")

# TRANSLATORS: items in Hal's lines: what he gains, a reward, a price ("1 ship"); the
# same words in all of them
HAL_ITEMS = N_("{count} {item}")
# TRANSLATORS: Hal keeps nothing: what he gains ({items}: "2 ships") is scored at once
# as VP
HAL_GAINS = N_("Hal: +{vp} VP for {items}")
# TRANSLATORS: why Hal scores VP instead of doing what his card asks
HAL_FALLBACK = N_("Hal cannot act ({why}): +{vp} VP")
WHY_NO_COLOUR = N_("neither colour of his card was available")
WHY_STAR_DIE = N_("his die shows a star")
WHY_DAMAGED = N_("the damaged action takes his die down to 0")
WHY_NOTHING_TO_DO = N_("there is nothing to do on that action")
HAL_CARD_EJECTED = N_("Hal's {card} is ejected")
# TRANSLATORS: the player bought a die of Hal's; {price}: its price ("1 resource")
HAL_PAID = N_("Hal is paid {price} for his die and discards it")
HAL_FINAL = N_("Hal: {total} VP (he scores nothing at the end)")
HAL_GAINS_VP = N_("Hal: +{amount} VP")
HAL_LOSES_VP = N_("Hal: -{amount} VP")
HAL_FREE_ACTIVATION = N_("Hal activates his {card} once for free")
# TRANSLATORS: Hal answers a question of an effect; {label} is the option he chose
HAL_CHOOSES = N_("Hal chooses: {label}")
# TRANSLATORS: {primitive} is the name of a primitive of the rules language (an id)
HAL_CANNOT = N_("(Hal cannot {primitive})")

# Hal's position (narrate.position)
HAL_POSITION = N_("Hal: {vp} VP | dice: {dice} | {deck}, {discard} | {space}")
HAL_POSITION_DECK = NN_("{count} card in his deck", "{count} cards in his deck")
HAL_POSITION_DISCARD = NN_("{count} discarded", "{count} discarded")
HAL_POSITION_SPACE = NN_("{count} of his cards in space", "{count} of his cards in space")
NOTHING = N_("none")

REVEALS = {"a": HAL_REVEALS_AFTER_A, "b": HAL_REVEALS_AFTER_B, "pass": HAL_REVEALS_AFTER_PASS}
WHY = {
    "no_colour": WHY_NO_COLOUR,
    "star_die": WHY_STAR_DIE,
    "damaged": WHY_DAMAGED,
    "nothing_to_do": WHY_NOTHING_TO_DO,
}
# what a half does, by Hal's action primitive, and the placeholder of its mode
DOES = {
    "hal_discover": (DOES_DISCOVER, "mode"),
    "hal_repair": (DOES_REPAIR, "order"),
    "hal_destroy": (DOES_DESTROY, "order"),
    "hal_command": (DOES_COMMAND, None),
}
# the component an item Hal scores stands for (hal.score_items)
GAINED = {"technology": "tech", "advanced": "advanced_tile"}


def say(text: TextRenderer, template: str | tuple[str, str], n: int = 1, **values: object) -> str:
    """A line in words: the template translated, filled, its words in their slots."""
    return text.fill(template, values, _NAMES.get(template), n)


def concerns_hal(event: dict) -> bool:
    return event["event"].startswith("hal_") or event.get("seat") == HAL


def _does(text: TextRenderer, does: list) -> str:
    """What a half does with its die, in words ("destroy Ravagers (clockwise, ...)")."""
    if not does:
        return "?"
    found = DOES.get(does[0])
    if found is None:  # an action of a mod's: its primitive and arguments
        return " ".join(str(v) for v in does)
    template, placeholder = found
    values: dict[str, object] = {}
    if placeholder and len(does) > 1:
        values[placeholder] = str(does[1])
    return text.fill(template, values, _NAMES.get(template))


def _colours(text: TextRenderer, colours: list, slot: str) -> str:
    """The colour(s) of a half's die: the id, which the slot translates; several (a mod's
    card) already in words."""
    if len(colours) == 1:
        return str(colours[0])
    return "/".join(text.word(str(c), slot) for c in colours) or "?"


def _die(text: TextRenderer, shown: str) -> str:
    """A die of a hal_rolls event ("orange 3") in words."""
    colour, _, value = shown.rpartition(" ")
    return say(text, HAL_DIE, color=colour, value=value) if colour else shown


def amount_in_words(text: TextRenderer, amount: int, item: str) -> str:
    """A number of items in words ("2 ships"), the word agreeing with the number (also
    what a player gains and loses, in narrate.py)."""
    return say(text, HAL_ITEMS, n=amount, count=amount, item=item)


def _name(text: TextRenderer, names: list[str], seat: object) -> str:
    if isinstance(seat, int) and seat < len(names):
        return names[seat]
    return say(text, THE_PLAYER)


def line(event: dict, names: list[str], text: TextRenderer) -> str | None:
    """One readable line for an event of Hal's, or None for bookkeeping."""
    kind = event["event"]
    if kind == "hal_turn":
        template = ROUND_FINAL if event["final"] else ROUND
        return "\n" + say(text, template, round=event["round"], player=HAL_NAME)
    if kind == "hal_rolls":
        dice = text.tr.plain_list([_die(text, d) for d in event["dice"]])
        dice = dice or say(text, HAL_ROLLS_NOTHING)
        damaged = event["damaged"]
        if damaged:
            return "  " + say(text, HAL_ROLLS_DAMAGED, n=damaged, dice=dice, count=damaged)
        return "  " + say(text, HAL_ROLLS, dice=dice)
    if kind == "hal_reshuffle":
        cards = event["cards"]
        return "  " + say(text, HAL_RESHUFFLE, n=cards, count=cards)
    if kind == "hal_reveals":
        return "  " + say(text, REVEALS.get(event["after"], HAL_REVEALS), card=event["card"])
    if kind == "hal_reads":
        values = {"half": event["half"], "action": _does(text, event["does"])}
        passed = event["passed"]
        if event["which"] == "first" or not passed:
            colour = _colours(text, event["colors"], "HAL_READS_FIRST.color")
            return "  " + say(text, HAL_READS_FIRST, color=colour, **values)
        colour = _colours(text, event["colors"], "HAL_READS_SECOND.color")
        passed = _colours(text, passed, "HAL_READS_SECOND.passed")
        return "  " + say(text, HAL_READS_SECOND, color=colour, passed=passed, **values)
    if kind == "hal_drops_die":
        die = {"color": event["color"], "value": event["value"]}
        if event.get("bought_from") is None:
            return "  " + say(text, HAL_DROPS_DIE, **die)
        who = _name(text, names, event["bought_from"])
        return "  " + say(text, HAL_DROPS_BOUGHT_DIE, player=who, **die)
    if kind == "hal_takes_die":
        die = {"color": event["color"], "value": event["value"]}
        if event["bought_from"] is None:
            return "  " + say(text, HAL_TAKES_DIE, **die)
        who = _name(text, names, event["bought_from"])
        return "  " + say(text, HAL_BUYS_DIE, player=who, **die)
    if kind == "hal_ravager":
        template = HAL_RAVAGER_RESOLVED if event["resolved"] else HAL_RAVAGER_IGNORED
        return "  " + say(text, template, card=event["card"], action=event["action"])
    if kind == "hal_discovers":
        advanced = event["source"] == "advanced"
        template = HAL_DISCOVERS_ADVANCED if advanced else HAL_DISCOVERS_DISPLAY
        return "  " + say(text, template, tile=event["tile"])
    if kind == "hal_repairs":
        if event["source"] == "action":
            return "  " + say(text, HAL_REPAIRS_ACTION, action=event["index"])
        return "  " + say(text, HAL_REPAIRS_DIE)
    if kind == "hal_destroys":
        cards = text.tr.plain_list(event["cards"])
        return "  " + say(text, HAL_DESTROYS, cards=cards, action=event["action"])
    if kind == "hal_places":
        activation = event["activation"]
        comet = ""
        if event["comet"]:
            comet = say(text, COMET_BONUS if event["bonus"] else COMET)
        amount, item = event["reward"]
        return "  " + say(
            text,
            HAL_PLACES_ACTIVATION if activation else HAL_PLACES_NEUTRALIZATION,
            card=event["card"],
            at=event["at"],
            strip=event["strip"],
            comet=comet,
            reward=amount_in_words(text, amount, item),
        )
    if kind == "hal_gains":
        items = amount_in_words(text, event["amount"], GAINED.get(event["item"], event["item"]))
        return "  " + say(text, HAL_GAINS, vp=event["vp"], items=items)
    if kind == "hal_fallback":
        why = WHY.get(event["why"])
        reason = say(text, why) if why is not None else str(event["why"])
        return "  " + say(text, HAL_FALLBACK, why=reason, vp=event["vp"])
    if kind == "hal_card_ejected":
        return "  " + say(text, HAL_CARD_EJECTED, card=event["card"])
    if kind == "hal_paid":
        price = amount_in_words(text, event["amount"], event["item"])
        return "  " + say(text, HAL_PAID, price=price)
    if kind == "hal_final":
        return say(text, HAL_FINAL, total=event["total"])
    if kind == "gain_vp":
        return "  " + say(text, HAL_GAINS_VP, amount=event["amount"])
    if kind == "lose_vp":
        return "  " + say(text, HAL_LOSES_VP, amount=event["amount"])
    if kind == "free_activation":
        return "  " + say(text, HAL_FREE_ACTIVATION, card=event["card"])
    if kind == "automaton_choice":
        return "  " + say(text, HAL_CHOOSES, label=event["label"])
    if kind == "hal_cannot":
        return "  " + say(text, HAL_CANNOT, primitive=event["primitive"])
    return None


def position(engine: Engine) -> list[str]:
    """Hal's situation, for the player at the terminal."""
    text = engine.data.text
    state = engine.state
    hal = state["hal"]
    if hal is None:
        return []
    dice = [
        say(text, HAL_DIE, color=d["color"], value=d["value"])
        for d in state["dice"]
        if d["owner"] == HAL
    ]
    cards = sum(1 for c in state["space"]["cards"].values() if c["owner"] == HAL)
    deck, discard = len(hal["deck"]), len(hal["discard"])
    return [
        "  "
        + say(
            text,
            HAL_POSITION,
            vp=hal["vp"],
            dice=text.tr.plain_list(dice) or say(text, NOTHING),
            deck=say(text, HAL_POSITION_DECK, n=deck, count=deck),
            discard=say(text, HAL_POSITION_DISCARD, n=discard, count=discard),
            space=say(text, HAL_POSITION_SPACE, n=cards, count=cards),
        )
    ]


# Each text's name, by its msgid: the first part of the names of its slots. (A msgid
# that narrate.py uses too, such as ROUND, has no slot, so its name does not matter.)
_NAMES = {
    text: name
    for name, text in list(globals().items())
    if name.isupper() and isinstance(text, (str, tuple))
}
