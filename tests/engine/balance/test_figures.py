"""The balance figures on games whose answers are known by hand."""

from __future__ import annotations

import pytest

from engine.balance.figures import (
    GameRecord,
    Rate,
    balance,
    card_figures,
    decisive_turn,
    faction_win_rates,
    lead_changes,
    outliers,
    position_win_rates,
    seat_win_rates,
    shared_wins,
    spread,
    wilson,
)


def game(winners, first=0, capped=False, trajectory=(), cards=(), factions=("a", "b")):
    return GameRecord(seed="s", scores=(1.0, 1.0), winners=winners, actions=10, turns=4, first=first,
                      capped=capped, trajectory=trajectory, cards=cards, factions=factions)


def test_wilson_matches_the_textbook_values():
    """Wilson (1927): 8 of 10 gives [0.490, 0.943] at 95%; 0 of 10 still has room above 0."""
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)


def test_shared_wins_split_so_rates_add_up_to_one():
    records = [game((0,)), game((0, 1)), game((1,)), game((), capped=True)]
    rates = seat_win_rates(records, 2)
    assert [rate.trials for rate in rates] == [3, 3]
    assert [rate.value for rate in rates] == [pytest.approx(0.5), pytest.approx(0.5)]
    assert shared_wins(records) == 1
    assert balance(rates) == pytest.approx(1.0)


def test_position_in_turn_order_is_counted_from_who_acted_first():
    records = [game((1,), first=1), game((1,), first=1), game((0,), first=0), game((1,), first=0)]
    first, second = position_win_rates(records, 2)
    assert first.value == pytest.approx(0.75) and second.value == pytest.approx(0.25)
    assert balance(seat_win_rates(records, 2)) == pytest.approx(0.5)


def test_lead_changes_and_the_turn_the_winner_led_for_good():
    """Leaders: Red, Blue, tied, Red, Blue, Blue. The tie neither starts nor ends a change, so
    the lead passes three times (not four), over five turn boundaries."""
    from engine.balance.figures import lead_change_rate

    record = game((1,), trajectory=((2, 0), (2, 3), (3, 3), (4, 3), (4, 6), (5, 9)))
    assert lead_changes(record) == 3
    assert lead_change_rate(record) == pytest.approx(3 / 5)
    assert lead_changes(game((1,), trajectory=((1, 0), (1, 1), (1, 2)))) == 1  # into a tie and out of it: once
    assert decisive_turn(record) == 4
    assert decisive_turn(game((), capped=True)) is None


def test_per_card_and_per_faction():
    records = [
        game((0,), cards=((0, "x"), (1, "y")), factions=("rome", "carthage")),
        game((1,), cards=((0, "x"),), factions=("carthage", "rome")),
    ]
    figures = {figure.card: figure for figure in card_figures(records)}
    assert figures["x"].played == 2 and figures["x"].win_rate_when_played.value == pytest.approx(0.5)
    assert figures["y"].played == 1 and figures["y"].win_rate_when_played.value == 0.0
    factions = faction_win_rates(records)
    assert factions["rome"].value == pytest.approx(1.0) and factions["carthage"].value == 0.0


def test_spread_and_outliers():
    figures = spread([1, 2, 3, 4, 5])
    assert (figures.mean, figures.p50, figures.minimum, figures.maximum) == (3, 3, 1, 5)
    assert figures.stdev == pytest.approx(1.5811, abs=1e-4)
    assert (figures.mean_low, figures.mean_high) == (pytest.approx(3 - 1.96 * 1.5811 / 5 ** 0.5, abs=1e-3),
                                                     pytest.approx(3 + 1.96 * 1.5811 / 5 ** 0.5, abs=1e-3))
    assert outliers([Rate(600, 1000), Rate(400, 1000)], 2, 0.05) == [0, 1]
    assert outliers([Rate(6, 10), Rate(4, 10)], 2, 0.05) == []  # outside ± 0.05, but within noise
    assert outliers([Rate(600, 1000), Rate(400, 1000)], 2, 0.1) == []
    assert str(Rate(8, 10)) == "80.0% [49.0%, 94.3%] of 10"


def test_a_mean_near_a_bound_keeps_its_interval_within_the_values():
    """Lead changes are counts: 58 games of none and 2 of four give a mean of 0.13, whose normal
    interval would reach below zero; it stops at the least value seen."""
    figures = spread([0] * 58 + [4, 4])
    assert figures.mean == pytest.approx(0.1333, abs=1e-4)
    assert figures.mean_low == 0 and figures.mean_high == pytest.approx(figures.mean + 1.96 * figures.stdev / 60 ** 0.5, rel=1e-4)
    assert "[0.00, " in str(figures)


def test_a_spread_prints_every_figure_to_one_precision_that_keeps_its_sd():
    """A per-turn rate with an sd of 0.01 printed "0.02 [0.02, 0.02]" beside percentiles
    "0/0.01802/0.04446": the interval vanished and the digits varied by figure. Each is now
    printed to the places that keep two digits of the sd, all alike."""
    small = spread([0.0, 0.01, 0.02, 0.03, 0.04])
    assert str(small) == "0.020 [0.006, 0.034] (sd 0.016; 5%/50%/95% 0.002/0.020/0.038)"
    turns = spread([38, 59, 76, 40, 61])
    assert str(turns) == "54.80 [40.89, 68.71] (sd 15.87; 5%/50%/95% 38.40/59.00/73.00)"
    assert str(spread([5, 5])).startswith("5.00 [5.00, 5.00] (sd 0.00;")


def test_position_in_turn_order_follows_the_recorded_order():
    """Issue 29, item 4: the first player is the rules' (an order drawn or ranked), not the
    seat that first acted counted on by seat number."""
    from engine.balance.figures import GameRecord, position_win_rates

    drawn = GameRecord("1:0", (1, 5, 3), (1,), 10, 3, first=2, order=(2, 0, 1))
    numbered = GameRecord("1:1", (5, 1, 3), (0,), 10, 3, first=2)  # no order: 2, 0, 1 by seat number
    assert [rate.hits for rate in position_win_rates([drawn], 3)] == [0, 0, 1]
    assert [rate.hits for rate in position_win_rates([numbered], 3)] == [0, 1, 0]


def test_the_warning_fires_only_beyond_noise():
    """25 games at 9 wins of 25 (36%) lie outside 1/2 ± 0.1 but Wilson's interval [20%, 55%]
    holds 50%: noise, no warning; 90 of 250 (same 36%) excludes it: a warning."""
    assert outliers([Rate(9, 25), Rate(16, 25)], 2, 0.1) == []
    assert outliers([Rate(90, 250), Rate(160, 250)], 2, 0.1) == [0, 1]


def test_the_balance_interval_holds_a_fair_games_balance_and_the_point_inside_it():
    """Three seats that each won 20 of 60 games: Balance 1.0, and the interval must hold it.
    The middle 95% of the draws' own Balance gave [0.717, 0.967] here, below the run's 1.0 (a
    draw's largest gap only grows); a run of After the Flood read "0.950 [0.500, 0.950]"."""
    from engine.balance.bootstrap import balance_interval

    def three(winner):
        return GameRecord(seed="s", scores=(1.0, 1.0, 1.0), winners=(winner,), actions=10, turns=4, first=0)

    fair = [three(index % 3) for index in range(60)]
    interval = balance_interval(fair, 3)
    assert interval.high == 1.0 and 0.6 < interval.low < 0.9
    nearly = [three(0) for _ in range(24)] + [three(1) for _ in range(18)] + [three(2) for _ in range(18)]
    around = balance_interval(nearly, 3)  # Balance 0.9: the interval holds it and 1.0 too, as 60 games allow
    assert around.low < 0.9 < around.high and around.high == 1.0
    lopsided = [three(0) for _ in range(150)] + [three(1) for _ in range(30)] + [three(2) for _ in range(20)]
    apart = balance_interval(lopsided, 3)  # 75%, 15%, 10%: Balance 0.35
    assert apart.low < 0.35 < apart.high < 0.6


def test_balance_has_a_bootstrap_interval_and_a_paired_difference_says_when_it_is_noise():
    from engine.balance.bootstrap import balance_interval, paired_difference, shares

    even = [game((seat % 2,)) for seat in range(40)]
    interval = balance_interval(even, 2)
    assert interval.low < 1.0 and interval.high == pytest.approx(1.0) and balance_interval(even, 2) == interval
    lopsided = [game((0,)) for _ in range(40)]
    same = paired_difference([[shares(r, 2)] for r in even], [[shares(r, 2)] for r in even], 2)
    assert same.value == 0 and not same.distinguishable and same.pairs == 40
    apart = paired_difference([[shares(r, 2)] for r in even], [[shares(r, 2)] for r in lopsided], 2)
    assert apart.value == pytest.approx(1.0) and apart.distinguishable
