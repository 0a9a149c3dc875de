package metrics

import (
	"context"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// StorageSizes is the database's size by kind, as a Storage collector
// reports it.
type StorageSizes struct {
	Database float64            // the whole database
	Bytes    map[string]float64 // by kind: replays, artifacts, rows, blobs_other
	Count    map[string]float64 // by kind: replays, artifacts
}

// Storage reports the database's size by kind on every scrape, measured at
// most once per MaxAge (a measurement reads every blob's header), by
// Measure. The process that serves the web app registers one.
type Storage struct {
	Measure func(context.Context) (StorageSizes, error)
	MaxAge  time.Duration

	mu    sync.Mutex
	last  StorageSizes
	at    time.Time
	valid bool
}

var (
	storageBytes = prometheus.NewDesc("arena_storage_bytes",
		"The database's size by kind: replays and artifacts (their blobs as stored), rows (every other table with its indexes), blobs_other (the blobs table's index and free space).",
		[]string{"kind"}, nil)
	storageObjects = prometheus.NewDesc("arena_storage_objects",
		"Replays and compiled artifacts stored.", []string{"kind"}, nil)
	databaseBytes = prometheus.NewDesc("arena_database_bytes",
		"The database's size on disk (pg_database_size).", nil, nil)
)

// Describe implements prometheus.Collector.
func (s *Storage) Describe(ch chan<- *prometheus.Desc) {
	ch <- storageBytes
	ch <- storageObjects
	ch <- databaseBytes
}

// Collect implements prometheus.Collector. A failed measurement reports
// the last good one, or nothing.
func (s *Storage) Collect(ch chan<- prometheus.Metric) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.valid || time.Since(s.at) >= s.MaxAge {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		sizes, err := s.Measure(ctx)
		cancel()
		if err == nil {
			s.last, s.at, s.valid = sizes, time.Now(), true
		}
	}
	if !s.valid {
		return
	}
	ch <- prometheus.MustNewConstMetric(databaseBytes, prometheus.GaugeValue, s.last.Database)
	for kind, v := range s.last.Bytes {
		ch <- prometheus.MustNewConstMetric(storageBytes, prometheus.GaugeValue, v, kind)
	}
	for kind, v := range s.last.Count {
		ch <- prometheus.MustNewConstMetric(storageObjects, prometheus.GaugeValue, v, kind)
	}
}
