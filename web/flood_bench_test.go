package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"arena.dev/domain"
)

// BenchmarkPageDuringPasswordFlood measures a page's latency (the game
// page, p50 and p99 over b.N loads) while floodClients logged-in students
// post wrong password changes as fast as they can, each attempt from a
// fresh address so that no address or (address, user) limit stops them:
// only the password pool and the per-user slowdown hold the flood
// ("password-changes"); "logins" floods wrong log-ins, each for another
// user name, so only the pool holds it. Before
// the pool, the audit measured pages going from 4 ms to 1–5 s and the
// server from 92 MiB to 1.2 GiB. "quiet" is the same page without the
// flood. Also reported: the flood's attempts answered per second, how many
// of them got 429, and the most heap in use while it ran.
//
//	go test ./web/ -run '^$' -bench PageDuringPasswordFlood -benchtime 200x
func BenchmarkPageDuringPasswordFlood(b *testing.B) {
	const floodClients = 64
	e := newSecEnv(b, nil)
	viewer := e.client("203.0.113.200", "")
	var flooders []*secClient
	for i := range floodClients {
		user, _ := e.user(domain.RoleStudent)
		flooders = append(flooders, e.client(fmt.Sprintf("198.19.%d.1", i), "").mustLogin(user))
	}
	for _, name := range []string{"quiet", "password-changes", "logins"} {
		flood := name != "quiet"
		b.Run(name, func(b *testing.B) {
			stop := make(chan struct{})
			var wg sync.WaitGroup
			var answered, refused atomic.Int64
			var seq atomic.Int64
			if flood {
				for _, c := range flooders {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for {
							select {
							case <-stop:
								return
							default:
							}
							n := seq.Add(1)
							c.addr = fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)
							var code int
							if name == "logins" { // a new user name each time: no user's slowdown either
								code = c.login(fmt.Sprintf("nobody%d", n), "not-my-password").code
							} else {
								code = c.post("/account/password", url.Values{"current": {"not-my-password"}, "new": {"whatever-new"}}).code
							}
							answered.Add(1)
							if code == http.StatusTooManyRequests {
								refused.Add(1)
							}
						}
					}()
				}
				time.Sleep(2 * time.Second) // let the flood build up
			}
			var peak atomic.Uint64
			sampled := make(chan struct{})
			go func() {
				defer close(sampled)
				var ms runtime.MemStats
				for {
					runtime.ReadMemStats(&ms)
					if ms.HeapInuse > peak.Load() {
						peak.Store(ms.HeapInuse)
					}
					select {
					case <-stop:
						return
					case <-time.After(20 * time.Millisecond):
					}
				}
			}()
			answered.Store(0)
			refused.Store(0)
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			start := time.Now()
			for range b.N {
				t0 := time.Now()
				r := viewer.get("/games/orkisland")
				if r.code != http.StatusOK || !strings.Contains(r.body, "Ork Island") {
					b.Fatalf("game page: %d", r.code)
				}
				lat = append(lat, time.Since(t0))
			}
			elapsed := time.Since(start)
			b.StopTimer()
			close(stop)
			wg.Wait()
			<-sampled
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MiB")
			if flood {
				b.ReportMetric(float64(answered.Load())/elapsed.Seconds(), "attempts/s")
				b.ReportMetric(float64(refused.Load()), "refused-429")
			}
		})
	}
}
