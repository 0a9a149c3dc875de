package web

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"arena.dev/store"
)

// Every point of the chart lies inside the SVG's box, and the grid lines
// go up by a round step.
func TestRatingChartStaysInItsBox(t *testing.T) {
	if c := ratingChart(nil); c.Points != 0 || c.Mu != "" {
		t.Fatalf("empty history drew %+v", c)
	}
	var h []store.RatingPoint
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for i := range 50 {
		h = append(h, store.RatingPoint{At: at.Add(time.Duration(i) * time.Minute), Mu: 25 + float64(i%7), Sigma: 8 - float64(i)/10})
	}
	c := ratingChart(h)
	for name, pts := range map[string]string{"mu": c.Mu, "score": c.Score, "band": c.Band} {
		fields := strings.Fields(pts)
		if name != "band" && len(fields) != len(h) || name == "band" && len(fields) != 2*len(h) {
			t.Errorf("%s: %d points for %d ratings", name, len(fields), len(h))
		}
		for _, p := range fields {
			xy := strings.Split(p, ",")
			x, _ := strconv.ParseFloat(xy[0], 64)
			y, _ := strconv.ParseFloat(xy[1], 64)
			if x < chartLeft || x > chartW-chartRight || y < chartTop || y > chartH-chartBottom {
				t.Errorf("%s: point %s outside the plot", name, p)
			}
		}
	}
	if len(c.YTicks) < 2 || len(c.XTicks) != chartXMax || c.XTicks[0].Anchor != "start" || c.XTicks[len(c.XTicks)-1].Anchor != "end" {
		t.Errorf("ticks: %+v %+v", c.YTicks, c.XTicks)
	}
	for _, raw := range []float64{0.3, 3, 7, 12, 45} {
		s := niceStep(raw)
		if s < raw || s > 5*raw {
			t.Errorf("niceStep(%g) = %g", raw, s)
		}
	}
}
