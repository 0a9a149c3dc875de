package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"arena.dev/games"
	"arena.dev/static"
)

func init() {
	register(&command{
		name:    "view",
		summary: "watch a replay in the browser (serves the viewer on localhost)",
		usage:   "arena view [--addr HOST:PORT] REPLAY",
		run: func(ctx context.Context, args []string) error {
			return runView(ctx, args, os.Stdout)
		},
	})
}

func runView(ctx context.Context, args []string, stdout io.Writer) error {
	c := commands["view"]
	fset := newFlags(c)
	addr := fset.String("addr", "127.0.0.1:0", "address to listen on (port 0: any free port)")
	if err := parseFlags(fset, c, args); err != nil {
		return err
	}
	rest := fset.Args()
	if len(rest) > 1 { // flags may also follow the file
		if err := parseFlags(fset, c, rest[1:]); err != nil {
			return err
		}
		rest = append([]string{rest[0]}, fset.Args()...)
	}
	if len(rest) != 1 {
		return usagef("%s", tr("cli.view.one_file"))
	}
	return serveView(ctx, rest[0], *addr, stdout)
}

// serveView serves the viewer with the replay at path on addr until ctx
// is done.
func serveView(ctx context.Context, path, addr string, stdout io.Writer) error {
	if err := checkReplay(path); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: viewHandler(path), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintln(stdout, tr("cli.view.watch", map[string]any{"File": filepath.Base(path), "URL": viewURL(ln.Addr())}))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return srv.Shutdown(shutdown)
	}
}

// viewURL is the address to open in a browser: a wildcard listen address
// is reachable as localhost.
func viewURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// viewHandler serves a page with the viewer, the viewer's assets under
// /static/ and the replay file at /replay. The file is read on every
// request, so a replay written again (arena play -o) shows on reload.
func viewHandler(path string) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /static/", http.StripPrefix("/static/", static.Handler()))
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		// /?round=N opens the replay at round N, to share a moment of a match.
		round, _ := strconv.Atoi(r.URL.Query().Get("round"))
		name := filepath.Base(path)
		// The page and the viewer speak the tool's language (envLang).
		page := struct {
			Lang, Name, Title, WordsID string
			Caption                    template.HTML
			Words                      static.ViewerDict
			Round                      int
		}{
			Lang: envLang(), Name: name, Title: tr("cli.view.title", map[string]any{"Name": name}),
			Caption: template.HTML(tr("cli.view.caption")), // the catalogue's markup (html)
			WordsID: static.ViewerWordsID, Words: static.ViewerWords(envLang()), Round: round,
		}
		if err := viewPage.Execute(w, page); err != nil {
			slog.Error("view: page", "err", err)
		}
	})
	mux.HandleFunc("GET /replay", func(w http.ResponseWriter, r *http.Request) {
		serveReplay(w, r, path)
	})
	return viewHeaders(mux)
}

// viewHeaders applies the strict policy the viewer must work under (no
// inline script or style), and never lets a browser cache a replay that
// may be rewritten.
func viewHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; "+
			"img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Header().Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})
}

// serveReplay sends the file as JSON, gzip-encoded as docs/replay.md says
// when the file is gzip and the client accepts it, inflated otherwise.
func serveReplay(w http.ResponseWriter, r *http.Request, path string) {
	data, err := readReplay(path)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Vary", "Accept-Encoding")
	if isGzip(data) {
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			w.Header().Set("Content-Encoding", "gzip")
		} else if data, err = gunzip(data); err != nil {
			http.Error(w, "replay: "+err.Error(), http.StatusInternalServerError)
			return
		}
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.Write(data)
}

// readReplay reads a replay file with an error that names it.
func readReplay(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s", tr("cli.view.no_file", map[string]any{"Path": path}))
	}
	if err != nil {
		return nil, err
	}
	if len(data) == 0 {
		return nil, fmt.Errorf("%s", tr("cli.view.empty", map[string]any{"Path": path}))
	}
	return data, nil
}

// checkReplay says at once, rather than in the browser, when the file is
// not a replay this viewer reads.
func checkReplay(path string) error {
	data, err := readReplay(path)
	if err != nil {
		return err
	}
	r, err := games.ReadReplay(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("%s", tr("cli.view.not_replay", map[string]any{"Path": path, "Error": err.Error()}))
	}
	if r.Format != games.ReplayFormat {
		return fmt.Errorf("%s", tr("cli.view.format", map[string]any{"Path": path, "Format": r.Format, "Reads": games.ReplayFormat}))
	}
	return nil
}

func isGzip(data []byte) bool {
	return len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b
}

func gunzip(data []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// acceptsGzip reads an Accept-Encoding header; "gzip;q=0" refuses gzip.
func acceptsGzip(header string) bool {
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		if name = strings.TrimSpace(name); name != "gzip" && name != "*" {
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			q, _ = strconv.ParseFloat(v, 64) // unreadable: 0, refused
		}
		return q > 0
	}
	return false
}

var viewPage = template.Must(template.New("view").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<link rel="icon" href="/static/viewer/icon.svg">
<link rel="stylesheet" href="/static/viewer/page.css">
<script type="module" src="/static/viewer/arena-replay.js"></script>
<script type="application/json" id="{{.WordsID}}">{{.Words}}</script>
</head>
<body>
<main>
<arena-replay src="/replay" keyboard="page"{{if .Round}} round="{{.Round}}"{{end}}></arena-replay>
<p class="caption">{{.Name}} · {{.Caption}}</p>
</main>
</body>
</html>
`))
