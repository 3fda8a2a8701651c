"""Trade against the six examples of §6.3, with the default trade table (issue 1: grain or
textiles for wood, metal or oil; tools for gold or lapis)."""

from __future__ import annotations

from flood_game import (
    GREEN,
    PURPLE,
    RED,
    check,
    new_game,
    offered,
    play,
    send_workers,
    stand,
)

from engine.rulesets.after_the_flood.actions import (
    Done,
    Give,
    MakeTool,
    Trade,
    TradeFor,
)
from engine.rulesets.after_the_flood.tables import TOOLMAKERS, TOOLMAKERS_USED


def takes(state) -> set[tuple[str, str]]:
    return {(move.area, move.good) for move in offered(state, TradeFor)}


def test_one_worker_makes_one_trade():
    """Example 1: one worker in an area, one trade (grain for wood)."""
    state = new_game()
    send_workers(state, RED, "larsa", 1)
    play(state, Trade)
    assert takes(state) == {("larsa", "wood"), ("larsa", "oil")}
    play(state, TradeFor, "larsa", "wood")
    play(state, Give, "grain")
    assert state.held[RED]["wood"] == 2 and state.held[RED]["grain"] == 5
    assert not takes(state)
    check(state)


def test_two_workers_take_each_good_once():
    """Example 2: two workers in an area offering wood and oil: grain for wood and textiles
    for oil. Never 2 wood or 2 oil."""
    state = new_game()
    send_workers(state, RED, "larsa", 2)
    play(state, Trade)
    play(state, TradeFor, "larsa", "wood")
    play(state, Give, "grain")
    assert takes(state) == {("larsa", "oil")}
    play(state, TradeFor, "larsa", "oil")
    play(state, Give, "textiles")
    assert not takes(state)
    check(state)


def test_an_army_blocks_other_merchants_and_trades_as_one_worker():
    """Example 3: a purple army in the area blocks red's merchants; purple's single army
    trades as 1 worker: wood or oil, and purple's own workers there do not count."""
    state = new_game(order=(RED, PURPLE, GREEN))
    send_workers(state, RED, "larsa", 2)
    send_workers(state, PURPLE, "larsa", 2)
    send_workers(state, RED, "egypt", 1)
    stand(state, PURPLE, "larsa", 1)
    play(state, Trade)
    assert {area for area, _ in takes(state)} == {"egypt"}, "red's merchants in Larsa are blocked"
    play(state, Done)
    play(state, Trade)  # purple
    assert takes(state) == {("larsa", "wood"), ("larsa", "oil")}
    play(state, TradeFor, "larsa", "oil")
    play(state, Give, "grain")
    assert not takes(state), "one army: one trade"
    check(state)


def test_trading_in_two_areas_in_one_action():
    """Example 4: trading in two areas in one action (Mitanni, wood and metal, with two
    workers; the Hittites, metal and gold, with one): at most 2 metal and 1 wood in all."""
    state = new_game()
    send_workers(state, RED, "mitanni", 2)
    send_workers(state, RED, "hittites", 1)
    state.held[RED]["tools"] = 0  # no tools: no gold
    state.supply["tools"] += 1
    play(state, Trade)
    for area, good in (("mitanni", "metal"), ("hittites", "metal"), ("mitanni", "wood")):
        play(state, TradeFor, area, good)
        play(state, Give, "grain")
    assert not takes(state)
    assert state.held[RED]["metal"] == 1 + 2 and state.held[RED]["wood"] == 1 + 1
    check(state)


def test_sippar_adds_a_second_gold_in_egypt():
    """Example 5: with the Sippar city, 2 workers in Mitanni and 1 in Egypt give gold, wood
    and metal; Sippar adds a second gold in Egypt, handing in one more resource."""
    state = new_game()
    state.cities["sippar"] = RED
    send_workers(state, RED, "mitanni", 2)
    send_workers(state, RED, "egypt", 1)
    state.held[RED]["tools"] += 1  # tools buy gold
    state.supply["tools"] -= 1
    play(state, Trade)
    log = play(state, TradeFor, "egypt", "gold")
    assert "Red gives 1 tools for 1 gold in Egypt" in [event.text for event in log], "only tools buy gold"
    play(state, TradeFor, "mitanni", "wood")
    play(state, Give, "grain")
    play(state, TradeFor, "mitanni", "metal")
    play(state, Give, "grain")
    assert ("egypt", "gold") in takes(state), "Sippar's extra trade"
    log = play(state, TradeFor, "egypt", "gold")
    texts = [event.text for event in log]
    assert any("Sippar's extra trade" in text for text in texts)
    assert state.held[RED]["gold"] == 1 + 2
    assert "Red: done (the only move)" in texts, "one extra trade per action: nothing is left to trade"
    check(state)


def test_toolmakers_turn_traded_metal_into_tools_and_one_stays_ready():
    """Example 6: red trades for 2 metal and converts both at once; a third toolmaker stays
    ready for later."""
    state = new_game()
    send_workers(state, RED, TOOLMAKERS, 3)
    send_workers(state, RED, "mitanni", 1)
    send_workers(state, RED, "isin", 1)
    state.supply["metal"] += state.held[RED]["metal"]
    state.held[RED]["metal"] = 0
    tools = state.held[RED]["tools"]
    play(state, Trade)
    assert not offered(state, MakeTool), "no metal yet"
    for area in ("mitanni", "isin"):
        play(state, TradeFor, area, "metal")
        play(state, Give, "grain")
    play(state, MakeTool)
    play(state, MakeTool)
    assert state.held[RED]["tools"] == tools + 2 and state.held[RED]["metal"] == 0
    assert state.workers[TOOLMAKERS][RED] == 1 and state.workers[TOOLMAKERS_USED][RED] == 2
    assert not offered(state, MakeTool), "the third toolmaker has no metal to work"
    check(state)


def test_a_good_the_general_supply_has_run_out_of_cannot_be_taken():
    """§6.3: "ha már nincs a közös készletben egy adott erőforrásfajta, olyat sem lehet
    cserével szerezni." No wood is left in the supply: only oil is offered in Larsa."""
    state = new_game()
    send_workers(state, RED, "larsa", 2)
    state.held[GREEN]["wood"] += state.supply["wood"]
    state.supply["wood"] = 0
    play(state, Trade)
    assert takes(state) == {("larsa", "oil")}
    check(state)


def test_tools_made_from_traded_metal_are_traded_on_in_the_same_action():
    """§6.3: "A kereskedéssel szerzett erőforrásokat nyomban tovább is cserélheted: például az
    egyik területen cserével szerzel egy fémet, abból szerszámot csinálsz, majd egy másik
    területen aranyra vagy lapis lazulira cseréled." Red has no tools: metal in Isin, a tool
    from it, and the tool for gold in Egypt, in one action."""
    state = new_game()
    send_workers(state, RED, TOOLMAKERS, 1)
    send_workers(state, RED, "isin", 1)
    send_workers(state, RED, "egypt", 1)
    state.supply["tools"] += state.held[RED]["tools"]
    state.held[RED]["tools"] = 0
    play(state, Trade)
    assert ("egypt", "gold") not in takes(state), "nothing to give for gold yet"
    play(state, TradeFor, "isin", "metal")
    play(state, Give, "grain")
    play(state, MakeTool)
    log = play(state, TradeFor, "egypt", "gold")  # tools are the only thing to give: given at once
    assert "Red gives 1 tools for 1 gold in Egypt" in [event.text for event in log]
    assert state.held[RED]["gold"] == 2 and state.held[RED]["tools"] == 0
    check(state)


def test_the_trade_action_may_be_chosen_only_to_make_tools():
    """§6.3: "Szerszám készítéséhez nem kell ténylegesen kereskedned, de a
    kereskedés-cselekedetet kell választanod." Red has no merchant, a toolmaker and 1 metal."""
    state = new_game()
    send_workers(state, RED, TOOLMAKERS, 1)
    play(state, Trade)
    assert not takes(state)
    play(state, MakeTool)
    assert state.held[RED]["metal"] == 0 and state.held[RED]["tools"] == 2
    assert state.workers[TOOLMAKERS_USED][RED] == 1
    check(state)


def test_two_armies_trade_as_two_workers_and_the_workers_there_do_not_count():
    """§6.3: "Kereskedésnél saját seregeid munkásokként viselkednek. Ám ha egy területen sereged
    és munkásaid is vannak, seregedet használhatod csupán, munkásaidat nem"; "Seregek is
    kereskedhetnek: egy sereg mint egy munkás, kettő mint két munkás." Elam offers metal, oil
    and lapis; red has 2 armies and 3 workers there: two trades."""
    state = new_game()
    send_workers(state, RED, "elam", 3)
    stand(state, RED, "elam", 2)
    play(state, Trade)
    play(state, TradeFor, "elam", "metal")
    play(state, Give, "grain")
    play(state, TradeFor, "elam", "oil")
    play(state, Give, "grain")
    assert not takes(state), "two armies: two trades, the three workers add none"
    check(state)
