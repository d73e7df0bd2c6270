"""A campaign's report: one self-contained HTML page (plots embedded as PNG) with the table's
summary, the score against each parameter, the distributions, the worst trials' tracks (run
again: a trial is the same bits every time) and the failed trials with their errors."""

import base64
import html
import io
import math

import numpy as np

from .trial import run_trial


def _figure(draw, width=5.0, height=3.4):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(width, height), dpi=90)
    draw(ax)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    plt.close(fig)
    return ('<img src="data:image/png;base64,'
            + base64.b64encode(buffer.getvalue()).decode() + '">')


def _numeric(value):
    """A parameter's value as a number to plot against: itself, or a vector's length."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, list) and value and all(isinstance(v, (int, float)) for v in value):
        return float(np.linalg.norm(value))
    return None


def write_report(spec, rows):
    ok = [r for r in rows if r["status"] == "ok"]
    failed = [r for r in rows if r["status"] != "ok"]
    scored = [r for r in ok if isinstance(r["score"], float) and math.isfinite(r["score"])]
    scores = np.array([r["score"] for r in scored])
    busy = sum(r["wall_time"] for r in rows)
    parts = [f"<h1>Campaign {html.escape(spec.name)}</h1>",
             f"<p>World {html.escape(str(spec.world or 'the embedded default world'))}; "
             f"{len(rows)} of {len(spec.trials())} trials in the table "
             f"({html.escape(spec.output)}), {len(ok)} ran to the end, {len(failed)} failed. "
             f"Compute: {busy:.1f} s of worker time, {3600 * len(rows) / busy if busy else 0:.0f} "
             "trials per hour per core.</p>"]
    if len(scores):
        parts.append(
            f"<p>Score (lower is better): mean {scores.mean():.4g}, median "
            f"{np.median(scores):.4g}, best {scores.min():.4g}, worst {scores.max():.4g} over "
            f"{len(scores)} scored trials.</p>")
        parts.append("<h2>Score against each parameter</h2>")
        for name in spec.parameter_names():
            points = [(_numeric(r[name]), r["score"]) for r in scored]
            points = [p for p in points if p[0] is not None]
            if not points:
                continue
            label = name if isinstance(scored[0][name], (int, float)) else f"|{name}|"
            x, y = np.array(points).T

            def draw(ax, x=x, y=y, label=label):
                ax.plot(x, y, "o", alpha=0.5)
                ax.set_xlabel(label)
                ax.set_ylabel("score")
            parts.append(_figure(draw))
        parts.append("<h2>Distributions</h2>")
        parts.append(_figure(lambda ax: (ax.hist(scores, bins=min(40, max(5, len(scores) // 5))),
                                         ax.set_xlabel("score"), ax.set_ylabel("trials"))))
    if ok:
        ends = np.array([[r["x"], r["y"]] for r in ok])
        colour = np.array([r["score"] for r in ok], dtype=float)
        coloured = np.isfinite(colour).any()

        def draw(ax):
            ax.scatter(ends[:, 0], ends[:, 1], c=colour if coloured else None, s=12)
            ax.set_xlabel("x east [m]")
            ax.set_ylabel("y north [m]")
            ax.set_title("where each trial ended" + (" (colour: score)" if coloured else ""))
            ax.set_aspect("equal", "datalim")
        parts.append(_figure(draw))
    worst = sorted(scored, key=lambda r: r["score"], reverse=True)[:spec.worst_tracks]
    if worst:
        parts.append(f"<h2>The {len(worst)} worst trials' tracks</h2><p>Each run again from its "
                     "seed and parameters.</p>")
        tracks = []
        for r in worst:
            trial = {k: r[k] for k in ["trial", "seed", *spec.parameter_names()]}
            trial["trial"], trial["seed"] = int(trial["trial"]), int(trial["seed"])
            _, track = run_trial(spec, trial, track_period=1.0)
            tracks.append((trial["trial"], r["score"], track))

        def draw(ax):
            for number, score, track in tracks:
                if len(track):
                    ax.plot(track[:, 1], track[:, 2], label=f"trial {number}: {score:.3g}")
            ax.set_xlabel("x east [m]")
            ax.set_ylabel("y north [m]")
            ax.set_aspect("equal", "datalim")
            ax.legend(fontsize=7)
        parts.append(_figure(draw, 6.0, 4.5))
    if failed:
        parts.append("<h2>Failed trials</h2><table><tr><th>trial</th><th>seed</th>"
                     "<th>parameters</th><th>error</th></tr>")
        for r in failed:
            params = ", ".join(f"{k} = {r[k]}" for k in spec.parameter_names())
            parts.append(f"<tr><td>{int(r['trial'])}</td><td>{int(r['seed'])}</td>"
                         f"<td>{html.escape(params)}</td><td>{html.escape(r['error'])}</td></tr>")
        parts.append("</table>")
    page = ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>Campaign "
            f"{html.escape(spec.name)}</title><style>body{{font-family:sans-serif;max-width:"
            "1100px;margin:auto}img{margin:4px}td,th{padding:2px 8px;text-align:left}</style>"
            "</head><body>" + "\n".join(parts) + "</body></html>")
    with open(spec.report, "w") as f:
        f.write(page)
