//! Ming Kanhu in `advisor._core`: `MingGame`, `MingView`, its new deals, its simulation
//! run, and the advisor's judged worlds and exact solvers.

use crate::{err, game_classes, played, CoreError, PlayedTuple};
use advisor_core::ming;
use advisor_core::ming::plays::Declare;
use advisor_core::ming::solve::{Move, State, Values};
use pyo3::prelude::*;

game_classes!(
    MingGame,
    MingView,
    ming::Game,
    ming::view::ViewState,
    "Ming Kanhu",
    {
        /// A new deal: the hands as bitmasks by seat, the unused stock, the dealer.
        #[staticmethod]
        fn new(hands: Vec<u32>, stock: u32, dealer: usize) -> PyResult<Self> {
            Ok(MingGame {
                g: ming::Game::new(hands, stock, dealer).map_err(err)?,
            })
        }
    }
);

/// A simulation run with builtin players at every seat (`ming::batch::simulate`).
#[pyfunction]
#[pyo3(signature = (seed, first, games, duplicate, specs, keep_moves=false, threads=1))]
#[allow(clippy::too_many_arguments)]
fn ming_simulate(
    py: Python<'_>,
    seed: &str,
    first: u64,
    games: u64,
    duplicate: bool,
    specs: Vec<String>,
    keep_moves: bool,
    threads: usize,
) -> PyResult<Vec<PlayedTuple>> {
    py.detach(|| ming::batch::simulate(seed, first, games, duplicate, &specs, keep_moves, threads))
        .map(played)
        .map_err(err)
}

/// A solver move as Python has it: (cards, kind index, key, bonus, declare or None).
type MoveTuple = (u32, u8, i32, i32, Option<String>);

fn move_of(m: &MoveTuple) -> PyResult<Move> {
    let declare = match m.4.as_deref() {
        None => None,
        Some("leopard") => Some(Declare::Leopard),
        Some("special") => Some(Declare::Special),
        Some(d) => {
            return Err(CoreError::new_err(format!(
                "declare: '{d}' is not leopard or special"
            )))
        }
    };
    Ok(Move {
        cards: m.0,
        kind: m.1,
        key: m.2,
        bonus: m.3,
        declare,
    })
}

fn tuple_of(m: &Move) -> MoveTuple {
    (
        m.cards,
        m.kind,
        m.key,
        m.bonus,
        m.declare.map(|d| d.name().to_string()),
    )
}

fn state_of(hands: &[u32], to_act: usize, trick: Option<Vec<i32>>) -> PyResult<State> {
    let n = hands.len();
    if !(2..=3).contains(&n) || to_act >= n {
        return Err(CoreError::new_err(
            "state: 2 or 3 hands and the seat to act among them",
        ));
    }
    let trick = match trick {
        None => None,
        Some(t) => {
            Some(<[i32; 7]>::try_from(t).map_err(|_| CoreError::new_err("trick: seven numbers"))?)
        }
    };
    let mut h = [0u32; 3];
    h[..n].copy_from_slice(hands);
    Ok(State {
        n,
        hands: h,
        to_act,
        trick,
    })
}

fn values(v: &Values, n: usize) -> Vec<i32> {
    v[..n].to_vec()
}

type Judged = (bool, Vec<(Vec<i32>, Vec<i32>)>, bool, u64);

/// One world judged as the Ming advisor judges it (`ming::solve::judge_world`): (solved,
/// each move's (gains and rule's scores, solved scores), whether a rule move was played,
/// the states and moves counted); not solved when the search passed its limit (then only
/// the count).
#[pyfunction]
#[pyo3(signature = (hands, to_act, trick, moves, exact_at, limit, strong, whole, seconds=None))]
#[allow(clippy::too_many_arguments)]
fn ming_judge_world(
    py: Python<'_>,
    hands: Vec<u32>,
    to_act: usize,
    trick: Option<Vec<i32>>,
    moves: Vec<MoveTuple>,
    exact_at: u32,
    limit: u64,
    strong: bool,
    whole: bool,
    seconds: Option<f64>,
) -> PyResult<Judged> {
    let root = state_of(&hands, to_act, trick)?;
    let ms = moves.iter().map(move_of).collect::<PyResult<Vec<_>>>()?;
    let n = root.n;
    Ok(
        match py.detach(|| {
            ming::solve::judge_world(&root, &ms, exact_at, limit, strong, whole, seconds)
        }) {
            Ok((out, greedy, spent)) => (
                true,
                out.iter()
                    .map(|(a, b)| (values(a, n), values(b, n)))
                    .collect(),
                greedy,
                spent,
            ),
            Err(spent) => (false, Vec::new(), false, spent),
        },
    )
}

type WorldsJudged = (Vec<(u8, Vec<(i32, bool)>)>, u64, u64, bool, bool);

/// The worlds of one decision judged in turn (`ming::solve::judge_worlds`), from the
/// meter's state (`done`, the `judged` worlds so far, `cut`) and its safety cap
/// (`cap_left`: seconds left, None: none): per world judged (how: 0 solved, 1
/// greedy-then-solved, 2 playout; per move the seat's settlement and whether it has the
/// top score alone), then the meter's work done and worlds judged, whether it was cut,
/// and whether the judging stopped before the worlds ran out.
#[pyfunction]
#[pyo3(signature = (worlds, to_act, trick, moves, scores, exact_at, limit, strong, whole,
                    asked, done, judged, cut, cap_left=None))]
#[allow(clippy::too_many_arguments)]
fn ming_judge_worlds(
    py: Python<'_>,
    worlds: Vec<Vec<u32>>,
    to_act: usize,
    trick: Option<Vec<i32>>,
    moves: Vec<MoveTuple>,
    scores: Vec<i32>,
    exact_at: u32,
    limit: u64,
    strong: bool,
    whole: bool,
    asked: u64,
    done: u64,
    judged: u64,
    cut: bool,
    cap_left: Option<f64>,
) -> PyResult<WorldsJudged> {
    let n = scores.len();
    let template = state_of(&vec![0; n], to_act, trick)?;
    let mut hands = Vec::with_capacity(worlds.len());
    for w in &worlds {
        if w.len() != n {
            return Err(CoreError::new_err(format!(
                "worlds: {n} hands a world, not {}",
                w.len()
            )));
        }
        let mut h = [0u32; 3];
        h[..n].copy_from_slice(w);
        hands.push(h);
    }
    let ms = moves.iter().map(move_of).collect::<PyResult<Vec<_>>>()?;
    let mut sc = [0i32; 3];
    sc[..n].copy_from_slice(&scores);
    let deadline = cap_left
        .map(|s| std::time::Instant::now() + std::time::Duration::from_secs_f64(s.max(0.0)));
    let asked = ming::solve::WorldsAsked {
        to_act,
        trick: template.trick,
        moves: &ms,
        scores: sc,
        exact_at,
        limit,
        strong,
        whole,
        asked,
        deadline,
    };
    let mut meter = ming::solve::WorldsMeter {
        done,
        worlds: judged,
        cut,
    };
    let (verdicts, stopped) =
        py.detach(|| ming::solve::judge_worlds(&asked, &hands, n, &mut meter));
    Ok((
        verdicts
            .into_iter()
            .map(|(how, v)| (how as u8, v))
            .collect(),
        meter.done,
        meter.worlds,
        meter.cut,
        stopped,
    ))
}

/// Each move played from the state, then the rule to the end (`ming::solve::play_world`).
#[pyfunction]
fn ming_play_world(
    hands: Vec<u32>,
    to_act: usize,
    trick: Option<Vec<i32>>,
    moves: Vec<MoveTuple>,
    strong: bool,
) -> PyResult<Vec<(Vec<i32>, u64)>> {
    let root = state_of(&hands, to_act, trick)?;
    let ms = moves.iter().map(move_of).collect::<PyResult<Vec<_>>>()?;
    Ok(ming::solve::play_world(&root, &ms, strong)
        .iter()
        .map(|(v, s)| (values(v, root.n), *s))
        .collect())
}

type Solved = (Vec<(MoveTuple, Vec<i32>)>, u64);

/// Every move of a state with its exact value and the states the solver expanded:
/// `maxn` (what each seat still scores), `duel` (the margin, 2 players) or `paranoid`
/// for the seat `me` (each seat's scores on the line); None past `max_nodes`.
#[pyfunction]
#[pyo3(signature = (hands, to_act, trick, solver, me=0, max_nodes=None))]
fn ming_solve(
    py: Python<'_>,
    hands: Vec<u32>,
    to_act: usize,
    trick: Option<Vec<i32>>,
    solver: &str,
    me: usize,
    max_nodes: Option<u64>,
) -> PyResult<Option<Solved>> {
    use ming::solve::{after, moves, Bounded, DuelSolver, ParanoidSolver, Solver};
    let s = state_of(&hands, to_act, trick)?;
    let n = s.n;
    let b = Bounded::new(max_nodes, None);
    let out = py.detach(|| -> Result<Solved, ming::solve::SearchLimit> {
        match solver {
            "maxn" => {
                let mut x = Solver::new(b);
                let v = x.move_values(&s)?;
                Ok((
                    v.iter().map(|(m, v)| (tuple_of(m), values(v, n))).collect(),
                    x.b.nodes,
                ))
            }
            "duel" => {
                let mut d = DuelSolver::new(b);
                let v = d.move_margins(&s)?;
                Ok((
                    v.iter().map(|(m, x)| (tuple_of(m), vec![*x])).collect(),
                    d.b.nodes,
                ))
            }
            _ => {
                let mut p = ParanoidSolver::new(me, b);
                let mut out = Vec::new();
                for mv in moves(&s) {
                    let (child, _, gains) = after(&s, &mv);
                    let v = match child {
                        None => gains,
                        Some(c) => {
                            let line = p.value(&c)?;
                            [gains[0] + line[0], gains[1] + line[1], gains[2] + line[2]]
                        }
                    };
                    out.push((tuple_of(&mv), values(&v, n)));
                }
                Ok((out, p.b.nodes))
            }
        }
    });
    if !["maxn", "duel", "paranoid"].contains(&solver) {
        return Err(CoreError::new_err(format!(
            "solver: '{solver}' is not maxn, duel or paranoid"
        )));
    }
    Ok(out.ok())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<MingGame>()?;
    m.add_class::<MingView>()?;
    m.add_function(wrap_pyfunction!(ming_simulate, m)?)?;
    m.add_function(wrap_pyfunction!(ming_judge_world, m)?)?;
    m.add_function(wrap_pyfunction!(ming_judge_worlds, m)?)?;
    m.add_function(wrap_pyfunction!(ming_play_world, m)?)?;
    m.add_function(wrap_pyfunction!(ming_solve, m)?)?;
    Ok(())
}
