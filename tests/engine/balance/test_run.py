"""Simulated runs on Dice Race set up so that the answers are known analytically.

"Sudden death" Dice Race: two players, target 1, bonus cards worth 0, the random bot. In a
turn the bot holds at 0 (ends the turn) or rolls with even odds; a 1 ends the turn, any other
face puts points at stake, and from then on holding wins and rolling risks a 1 again. A turn
wins with p = 1/2 · 5/6 · q where q = 1/2 + 1/2 · 5/6 · q, so q = 6/7 and p = 5/14. The
first player wins with 1 / (2 − p) = 14/23; the game lasts T turns with T geometric in p:
mean 1/p = 2.8, P(T = 1) = 5/14.
"""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from engine.balance.run import Plan, play_chunk, read_results, run
from engine.balance.summary import csv_text, summarise, text

P_TURN = 5 / 14


@pytest.fixture(scope="module")
def sudden_death(tmp_path_factory) -> str:
    data = json.loads((Path(__file__).parents[2] / "data" / "dice-race.json").read_text(encoding="utf-8"))
    data["ruleset"]["options"] = {"target": 1, "rounds": 10_000}
    for card in data["decks"][0]["cards"]:
        card["data"]["value"] = 0
    path = tmp_path_factory.mktemp("dice") / "sudden-death.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_first_player_advantage_and_length_match_the_analysis(sudden_death):
    records = run(Plan(sudden_death, players=2, seed=7, games=3000, bots=("random", "random")))
    summary = summarise(records, ["Red", "Blue"])
    first = summary.position_win[0]
    assert first.low <= 14 / 23 <= first.high
    assert first.trials == 3000 and summary.shared_wins == 0 and summary.capped == ()
    assert summary.turns.mean == pytest.approx(1 / P_TURN, abs=3 * (1 - P_TURN) ** 0.5 / P_TURN / 3000 ** 0.5)
    one_turn = sum(r.turns == 1 for r in records)
    assert abs(one_turn / 3000 - P_TURN) < 3 * (P_TURN * (1 - P_TURN) / 3000) ** 0.5
    assert summary.balance == pytest.approx(1 - abs(2 * summary.seat_win[0].value - 1))
    assert "by position in turn order" in text(summary)
    assert csv_text(summary).splitlines()[0] == "figure,subject,value,low,high,count"


def test_the_same_seed_gives_the_same_games_on_any_executor(sudden_death):
    plan = Plan(sudden_death, players=2, seed=3, games=120, bots=("random", "greedy"))
    alone = run(plan, chunk=7)
    with ProcessPoolExecutor(2) as pool:
        pooled = run(plan, executor=pool, chunk=11)
    assert pooled == alone
    distributed = pytest.importorskip("distributed", reason="Dask distributed is the optional 'cluster' extra")
    with distributed.LocalCluster(n_workers=2, processes=False, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        assert run(plan, executor=client.get_executor(), chunk=13) == alone


def test_a_killed_run_resumes_without_replaying_finished_games(sudden_death, tmp_path, monkeypatch):
    plan = Plan(sudden_death, players=2, seed=5, games=60, bots=("random", "random"))
    results = tmp_path / "run.jsonl"
    calls = []

    def dying(plan, indexes):
        if len(calls) == 2:
            raise KeyboardInterrupt  # the run is killed after two chunks were written
        calls.append(list(indexes))
        return play_chunk(plan, indexes)

    monkeypatch.setattr("engine.balance.run.play_chunk", dying)
    with pytest.raises(KeyboardInterrupt):
        run(plan, results=results, chunk=10)
    assert len(results.read_text(encoding="utf-8").splitlines()) == 1 + 20
    calls.clear()
    monkeypatch.setattr("engine.balance.run.play_chunk", lambda plan, indexes: calls.append(list(indexes))
                        or play_chunk(plan, indexes))
    resumed = run(plan, results=results, chunk=10)
    assert sorted(i for chunk in calls for i in chunk) == list(range(20, 60))
    assert resumed == run(plan)
    other = Plan(sudden_death, players=2, seed=6, games=60, bots=("random", "random"))
    with pytest.raises(ValueError, match=r"holds another run \(seed 5 there, 6 here\): resume with its settings"):
        run(other, results=results)


def test_a_run_killed_mid_line_resumes_into_whole_lines(sudden_death, tmp_path):
    """A run killed while writing a game leaves half a line without its newline. Resuming
    appended the next game to that half, so the file held one line that read as nothing and
    that game went missing from every later summary."""
    plan = Plan(sudden_death, players=2, seed=5, games=30, bots=("random", "random"))
    results = tmp_path / "run.jsonl"
    run(Plan(sudden_death, players=2, seed=5, games=30, bots=("random", "random")), results=results, chunk=10)
    lines = results.read_text(encoding="utf-8").splitlines(keepends=True)
    results.write_text("".join(lines[:11]) + lines[11][:25], encoding="utf-8")  # killed in game 10's line
    assert sorted(read_results(results)[1]) == list(range(10))
    assert run(plan, results=results, chunk=10) == run(plan)
    held, done = read_results(results)
    assert held == plan and sorted(done) == list(range(30))
    assert len(results.read_text(encoding="utf-8").splitlines()) == 31


def test_a_line_that_does_not_read_is_refused_where_it_stands(sudden_death, tmp_path):
    """Only a killed run's unfinished last line is skipped; a bad line among the games, or a
    last line that was finished (its newline written), is named, not passed over."""
    results = tmp_path / "run.jsonl"
    run(Plan(sudden_death, players=2, seed=5, games=5, bots=("random", "random")), results=results)
    lines = results.read_text(encoding="utf-8").splitlines(keepends=True)
    results.write_text("".join(lines[:3]) + "{not json\n" + "".join(lines[3:]), encoding="utf-8")
    with pytest.raises(ValueError, match=r"run\.jsonl, line 4: not a game of an epoch simulate run"):
        read_results(results)
    results.write_text("".join(lines) + "{not json\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"line 7: not a game"):
        read_results(results)


def test_a_capped_game_is_listed_and_never_scored(sudden_death):
    records = run(Plan(sudden_death, players=2, seed=1, games=200, bots=("random", "random"), max_turns=1))
    capped = [r for r in records if r.capped]
    assert capped and all(r.winners == () for r in capped)
    summary = summarise(records, ["Red", "Blue"])
    assert summary.finished == 200 - len(capped)
    assert sum(rate.hits for rate in summary.seat_win) == pytest.approx(summary.finished)
    assert summary.capped == tuple(r.seed for r in capped)


def test_the_report_renders_its_plots(sudden_death, tmp_path):
    pytest.importorskip("matplotlib")
    from engine.balance.report import write_report

    plan = Plan(sudden_death, players=2, seed=2, games=300, bots=("random", "greedy"), overrides=(("target", 1),))
    records = run(plan)
    summary = summarise(records, ["Red $x^{$", "Blue"])  # a $ pair would start matplotlib's mathtext
    page = write_report(summary, tmp_path / "report", "Sudden death", plan.settings(summary.seats, 0))
    html = page.read_text(encoding="utf-8")
    # two bots, so a plot of each bot's pooled win rate beside the seats'
    assert html.count("<svg") == 7 and "Sudden death: balance" in html
    for name in ("win-rates", "first-player", "by-bot", "length", "lead-changes", "decisive-turn", "scores"):
        assert (tmp_path / "report" / f"{name}.png").read_bytes()[:4] == b"\x89PNG"
    # the settings stand in the page, and its text wraps
    for setting in ("<th>bots</th><td>Red $x^{$: random, Blue: greedy</td>", "<th>seed</th><td>2</td>",
                    "<th>changes (--set)</th><td>target=1</td>", "<th>games</th><td>300</td>",
                    "<th>scenario digest (SHA-256)</th>", "<th>turn cap</th><td>none</td>"):
        assert setting in html
    assert "white-space:pre-wrap" in html


def test_the_pooled_rates_print_in_columns_whatever_their_counts(sudden_death):
    """Two random seats against one greedy, rotated: random's rate counts 120 games and
    greedy's 60, and the rows still line up (they were right-aligned as a whole, so "of 120"
    pushed one row a place left of the other)."""
    plan = Plan(sudden_death, players=3, seed=5, games=20, bots=("random", "random", "greedy"), rotate=True)
    summary = summarise(run(plan), ["Red", "Blue", "Green"])
    assert {rate.trials for rate in summary.by_bot.values()} == {60, 120}
    rows = [line for line in text(summary).splitlines() if line.startswith(("  random ", "  greedy "))]
    assert len(rows) == 2
    assert len({row.index("[") for row in rows}) == len({row.index(" of ") for row in rows}) == 1


def test_counts_of_games_are_plotted_on_whole_numbers():
    """Lead changes are 0, 1, 2 or 3 (a run of After the Flood): the plot's axis was marked
    -0.5, 0.5, 1.5 and 2.5 as well."""
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    from engine.balance.report import _histogram

    axes = Figure().subplots()
    _histogram(axes, {0: 15, 1: 29, 2: 14, 3: 2}, "#8a6bb0")
    low, high = axes.get_xlim()
    ticks = [tick for tick in axes.get_xticks() if low <= tick <= high]
    assert ticks and all(float(tick).is_integer() for tick in ticks)


def test_a_rotated_run_states_its_bots_as_rotated(sudden_death):
    """Rotated, each bot sat in every seat: the settings say so, not "Red: random, Blue: greedy"
    as if Red always played random."""
    plan = Plan(sudden_death, players=2, seed=2, games=3, bots=("random", "greedy"), rotate=True)
    bots = dict(plan.settings(["Red", "Blue"]))["bots"]
    assert bots == "random, greedy, each in every seat in turn (the first game of a seed: Red: random, Blue: greedy)"


def test_a_long_game_lengths_plot_bins_its_values():
    """Games of hundreds of different lengths are drawn as at most 30 bars of ranges, not as a
    comb of one-game lines; a few values keep a bar each."""
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    from engine.balance.report import MOST_BINS, _histogram

    axes = Figure().subplots()
    _histogram(axes, {turns: 1 for turns in range(130, 460, 3)}, "#000000")
    assert len(axes.patches) == MOST_BINS and sum(p.get_height() for p in axes.patches) == 110
    axes = Figure().subplots()
    _histogram(axes, {9: 3, 30: 2, 460: 1}, "#000000")  # few values, far apart: ranges all the same
    assert len(axes.patches) == MOST_BINS and sum(p.get_height() for p in axes.patches) == 6
    axes = Figure().subplots()
    _histogram(axes, {0: 37, 1: 1, 2: 1, 3: 1}, "#000000")
    assert [p.get_height() for p in axes.patches] == [37, 1, 1, 1]


def test_error_bars_never_point_inwards_at_a_rate_of_0_or_1():
    """A seat that never (or always) won still gets its interval drawn: matplotlib refuses a
    negative error, and rounding can put a Wilson end a hair past 0 or 1."""
    from engine.balance.figures import Rate
    from engine.balance.report import _errors

    rates = [Rate(0, n) for n in range(1, 40)] + [Rate(n, n) for n in range(1, 40)]
    low, high = _errors(rates)
    assert min(low) >= 0 and min(high) >= 0
    assert all(h > 0 for rate, h in zip(rates, high) if rate.value == 0)


def test_chunks_are_sized_by_time_once_the_pace_is_known():
    """One game while the pace is unknown, then about the seconds asked for, within 1 and the most."""
    from engine.balance.run import ChunkSizes

    sizes = ChunkSizes(most=50, seconds=10.0)
    assert sizes.next() == 1
    sizes.took(2, 1.0)  # half a second a game
    assert sizes.next() == 20
    sizes.took(1, 60.0)  # a long game: 61 s over 3 games
    assert sizes.next() == 1
    fast = ChunkSizes(most=50, seconds=10.0)
    fast.took(100, 0.1)
    assert fast.next() == 50
    assert ChunkSizes(most=7).next() == 7


def test_time_sized_chunks_give_the_same_games(sudden_death):
    plan = Plan(sudden_death, players=2, seed=4, games=40, bots=("random", "random"))
    assert run(plan, seconds=0.001, chunk=40) == run(plan, chunk=40)


def test_rotation_plays_each_seed_once_per_seat_of_each_bot(sudden_death):
    """--rotate: seed i is played once per rotation, every bot in every seat, and each bot's
    pooled rate counts the seats it sat in (issue 29, item 3)."""
    plan = Plan(sudden_death, players=2, seed=9, games=30, bots=("random", "greedy"), rotate=True)
    records = run(plan)
    assert len(records) == 60 and plan.total == 60
    assert [r.seed for r in records[:4]] == ["9:0", "9:0", "9:1", "9:1"]
    assert [r.bots for r in records[:2]] == [("random", "greedy"), ("greedy", "random")]
    assert [r.index for r in records] == list(range(60))
    summary = summarise(records, ["Red", "Blue"])
    pooled = summary.by_bot
    assert set(pooled) == {"random", "greedy"}
    assert pooled["random"].trials == pooled["greedy"].trials == summary.finished
    assert pooled["random"].hits + pooled["greedy"].hits == pytest.approx(summary.finished)
    assert "by bot (pooled" in text(summary)
    unrotated = run(Plan(sudden_death, players=2, seed=9, games=30, bots=("random", "greedy")))
    assert [r.scores for r in unrotated] == [r.scores for r in records[::2]]  # rotation 0 is the plain run
