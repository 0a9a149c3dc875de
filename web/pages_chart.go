package web

import (
	"fmt"
	"math"
	"strings"

	"arena.dev/store"
	"arena.dev/templates"
)

// The rating chart's drawing area, in SVG units: a left margin for the
// rating labels and a bottom one for the dates.
const (
	chartW, chartH         = 640, 220
	chartLeft, chartRight  = 40, 8
	chartTop, chartBottom  = 8, 20
	chartPoints            = 400 // the most recent rating changes drawn
	chartYTicks, chartXMax = 5, 4
)

// ratingChart lays out μ, μ−3σ and the μ±3σ band of a rating history, one
// point per rated match (evenly spaced: matches, not days, move ratings).
func ratingChart(h []store.RatingPoint) templates.RatingChart {
	c := templates.RatingChart{W: chartW, H: chartH, Points: len(h)}
	if len(h) < 2 {
		return c
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range h {
		lo = min(lo, p.Mu-3*p.Sigma)
		hi = max(hi, p.Mu+3*p.Sigma)
	}
	step := niceStep((hi - lo) / chartYTicks)
	lo, hi = math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	if hi == lo {
		hi = lo + step
	}
	plotW, plotH := float64(chartW-chartLeft-chartRight), float64(chartH-chartTop-chartBottom)
	x := func(i int) float64 { return chartLeft + plotW*float64(i)/float64(len(h)-1) }
	y := func(v float64) float64 { return chartTop + plotH*(hi-v)/(hi-lo) }
	var mu, score, upper strings.Builder
	for i, p := range h {
		fmt.Fprintf(&mu, "%.1f,%.1f ", x(i), y(p.Mu))
		fmt.Fprintf(&score, "%.1f,%.1f ", x(i), y(p.Mu-3*p.Sigma))
		fmt.Fprintf(&upper, "%.1f,%.1f ", x(i), y(p.Mu+3*p.Sigma))
	}
	// The band runs along the upper bound and back along the lower one.
	band := upper.String()
	for i := len(h) - 1; i >= 0; i-- {
		band += fmt.Sprintf("%.1f,%.1f ", x(i), y(h[i].Mu-3*h[i].Sigma))
	}
	c.Mu, c.Score, c.Band = strings.TrimSpace(mu.String()), strings.TrimSpace(score.String()), strings.TrimSpace(band)
	for v := lo; v <= hi+step/2; v += step {
		c.YTicks = append(c.YTicks, templates.ChartTick{Pos: y(v), Label: fmt.Sprintf("%g", math.Round(v*100)/100)})
	}
	n := min(chartXMax, len(h))
	for k := range n {
		i := k * (len(h) - 1) / max(1, n-1)
		anchor := "middle"
		switch k {
		case 0:
			anchor = "start"
		case n - 1:
			anchor = "end"
		}
		c.XTicks = append(c.XTicks, templates.ChartTick{Pos: x(i), Label: h[i].At.UTC().Format("Jan 2 15:04"), Anchor: anchor})
	}
	return c
}

// niceStep rounds a raw tick step up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	if raw <= 0 || math.IsNaN(raw) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if raw <= m*p {
			return m * p
		}
	}
	return 10 * p
}
