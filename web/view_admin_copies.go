package web

import (
	"context"
	"strings"

	"arena.dev/copycheck"
	"arena.dev/games"
	"arena.dev/store"
	"arena.dev/templates"
)

// adminCopiesLoad is a game's copy check page as the database has it:
// loadAdminCopies reads it in five queries, adminCopiesView makes the
// page of it without one.
type adminCopiesLoad struct {
	Game          templates.AdminCopyStatus
	Pairs         []store.CopyPairRow // the filter's page of ranked pairs
	Total         int                 // pairs passing the filter, on every page
	Base          []store.CopyBaseFile
	Failed, Empty []store.CopyUncompared // versions compared with nothing
}

func (s *Server) loadAdminCopies(ctx context.Context, g games.Game, f copiesFilter) (adminCopiesLoad, error) {
	var l adminCopiesLoad
	all, err := store.CopyStatus(ctx, s.Pool, copycheck.Scheme)
	if err != nil {
		return l, err
	}
	l.Game = copyStatusOf(all, g)
	if l.Pairs, l.Total, err = store.CopyPairs(ctx, s.Pool, f.query(l.Game.ID, adminPageSize)); err != nil {
		return l, err
	}
	if l.Base, err = store.CopyBaseFiles(ctx, s.Pool, l.Game.ID); err != nil {
		return l, err
	}
	if l.Failed, err = store.CopyFailed(ctx, s.Pool, l.Game.ID, copycheck.Scheme, copiesUncomparedMax); err != nil {
		return l, err
	}
	l.Empty, err = store.CopyEmpty(ctx, s.Pool, l.Game.ID, copycheck.Scheme, copiesUncomparedMax)
	return l, err
}

// adminCopiesView is a game's copy check page for the filter f: its
// ranked pairs numbered from the page's first, its base code and the
// versions compared with nothing.
func adminCopiesView(ctx context.Context, l adminCopiesLoad, f copiesFilter) templates.AdminCopiesData {
	path := "/admin/games/" + l.Game.ID + "/copies"
	d := templates.AdminCopiesData{Game: l.Game, Min: f.minText, All: f.all,
		Pager: adminPagerFor(ctx, path, f.values(), f.page, l.Total), CSV: path + ".csv?" + f.values().Encode()}
	for i, p := range l.Pairs {
		d.Rows = append(d.Rows, templates.AdminCopyRow{Rank: (f.page-1)*adminPageSize + i + 1, Href: copyPairPath(p),
			Score: copyPercent(p.Score), Shared: p.Shared, Lines: p.Lines(), Versions: p.Versions,
			A: copySide(p.A), B: copySide(p.B)})
	}
	for _, bf := range l.Base {
		d.Base = append(d.Base, templates.AdminCopyBaseFile{ID: bf.ID, Name: bf.Name, Language: bf.Language,
			Lines: strings.Count(bf.Source, "\n") + 1, AddedBy: bf.AddedBy, AddedAt: adminTime(&bf.AddedAt)})
	}
	for _, u := range l.Failed {
		d.Failed = append(d.Failed, copyUncompared(u))
	}
	for _, u := range l.Empty {
		d.Empty = append(d.Empty, copyUncompared(u))
	}
	return d
}

// adminCopiesIndexView is the copy check's status for every registered
// game, and how many versions wait for the index in all.
func adminCopiesIndexView(all map[string]store.CopyGameStatus) templates.AdminCopiesIndexData {
	var d templates.AdminCopiesIndexData
	for _, id := range games.IDs() {
		g, _ := games.Get(id)
		row := copyStatusOf(all, g)
		d.Games = append(d.Games, row)
		d.Pending += row.Pending()
	}
	return d
}
