package web

import (
	"context"
	"fmt"
	"slices"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/templates"
)

// versionLoad is what a version's page is made of, as the database has
// it: loadVersion reads it, past the bot and the version, in a fixed
// number of queries (its live part's, the bot's versions, and the
// owner's name for an admin); versionView makes the page of it without
// one.
type versionLoad struct {
	Live     versionLiveLoad
	Viewer   *domain.User
	Owner    string             // the bot's owner's name, when the viewer is someone else (an admin)
	Versions []store.VersionRef // the bot's, newest first
}

// versionLiveLoad is what the live part of a version's page is made of:
// loadVersionLive reads it in a fixed number of queries whatever the
// number of matches (its qualification's three, its place in the queue's
// few while it waits, the board for its rank while it is the bot's
// current version, its freezes' two, its debug logs).
type versionLiveLoad struct {
	Bot         *domain.Bot
	V           *domain.Version
	Qual        qualLoad
	Queue       *store.QueuePlace // nil when it does not wait
	Rank        int               // 0 when not on the board
	Freezes     []store.Freeze    // the latest maxFreezes
	FreezeCount int               // in all its matches
	Logs        []store.DebugLog  // the latest maxDebugLogs
}

// loadVersion reads the page of bot's version v for the viewer.
func (s *Server) loadVersion(ctx context.Context, bot *domain.Bot, v *domain.Version) (versionLoad, error) {
	l := versionLoad{Viewer: userFrom(ctx)}
	var err error
	if l.Live, err = s.loadVersionLive(ctx, bot, v); err != nil {
		return l, err
	}
	if l.Versions, err = store.VersionRefs(ctx, s.Pool, bot.ID); err != nil {
		return l, err
	}
	if l.Viewer.ID != bot.OwnerID {
		owner, err := store.UserByID(ctx, s.Pool, bot.OwnerID)
		if err != nil {
			return l, err
		}
		l.Owner = owner.Name
	}
	return l, nil
}

// loadVersionLive reads what changes while bot's version v is judged.
func (s *Server) loadVersionLive(ctx context.Context, bot *domain.Bot, v *domain.Version) (versionLiveLoad, error) {
	l := versionLiveLoad{Bot: bot, V: v}
	var err error
	if l.Qual, err = s.loadQualification(ctx, v); err != nil {
		return l, err
	}
	if l.Queue, err = s.loadVersionQueue(ctx, v); err != nil {
		return l, err
	}
	if v.Status == domain.StatusAccepted && bot.CurrentVersionID != nil && *bot.CurrentVersionID == v.ID {
		if l.Rank, _, err = s.boardRank(ctx, bot.GameID, bot.ID); err != nil {
			return l, err
		}
	}
	if l.Freezes, l.FreezeCount, err = store.VersionFreezes(ctx, s.Pool, v.ID, maxFreezes); err != nil {
		return l, err
	}
	l.Logs, err = store.VersionLogs(ctx, s.Pool, v.ID, maxDebugLogs)
	return l, err
}

// versionView is a version's page: the version with its source, the
// bot's other versions, whom it belongs to for an admin, a challenge with
// it for its owner once it can play, and its live part.
func versionView(ctx context.Context, l versionLoad) templates.VersionData {
	bot, v := l.Live.Bot, l.Live.V
	refs := make([]templates.VersionRef, len(l.Versions))
	for i, v := range l.Versions {
		refs[i] = templates.VersionRef{ID: v.ID, Number: v.Number, Language: v.Language, Status: v.Status, Created: v.CreatedAt}
	}
	lang := versionLanguage(v)
	d := templates.VersionData{
		BotID: bot.ID, BotName: bot.Name, GameID: bot.GameID, GameTitle: gameTitle(bot.GameID),
		Version:  templates.VersionRef{ID: v.ID, Number: v.Number, Language: v.Language, Status: v.Status, Created: v.CreatedAt},
		Rebuilt:  v.RebuiltAt,
		Language: lang.Title, Editor: lang.Editor, File: lang.File,
		Source: v.Source, Versions: refs, Live: versionLiveView(ctx, l.Live), Owner: l.Owner,
	}
	if l.Viewer.ID == bot.OwnerID && slices.Contains(store.PlayableStatuses, string(v.Status)) {
		d.Challenge = fmt.Sprintf("/games/%s/challenge?version=v:%d", bot.GameID, v.ID)
	}
	return d
}

// versionLiveView is the part of a version's page that changes while it
// is judged: its status and compile log, its qualification, its place in
// the queue, its rating and rank, its freezes and debug logs.
func versionLiveView(ctx context.Context, l versionLiveLoad) templates.VersionLive {
	bot, v, file := l.Bot, l.V, versionLanguage(l.V).File
	d := templates.VersionLive{BotID: bot.ID, Number: v.Number, VersionID: v.ID, Status: v.Status,
		CompileLog: linkLog(v.CompileLog, file), HasCompileLog: v.CompileLog != "",
		Diagnostics: compileDiagnostics(v.CompileLog, file), Mu: v.Mu, Sigma: v.Sigma, Games: v.Games, Rank: l.Rank}
	if v.Mu != nil && v.Sigma != nil {
		score := domain.Ordinal(*v.Mu, *v.Sigma)
		d.Score = &score
	}
	if l.Queue != nil {
		d.Queue = queueView(ctx, *l.Queue).Words
	}
	q := qualificationOf(v, l.Qual)
	d.QualSummary, d.QualFinal, d.QualPassed, d.QualFile = q.Summary(ctx), q.Final(), q.Passed(), file
	for _, m := range q.Rows {
		row := templates.QualRow{MatchID: m.Match.ID, Status: m.Match.Status, Seed: m.Match.Seed, Seat: m.Seat,
			Place: placeWords(ctx, m.Place, m.Tied), First: m.First, Command: m.Command}
		if m.Board != nil {
			row.Board, row.BoardURL, row.BoardFile = m.Board.Name, boardURL(m.Board.ID), m.BoardFile
		}
		for _, st := range m.Seats {
			if st.Seat == m.Seat {
				row.Score, row.Frozen = st.Score, frozenWords(ctx, st)
			} else {
				row.Others = append(row.Others, templates.QualScore{Seat: st.Seat, Name: st.BotName, Score: st.Score})
			}
		}
		d.Qualification = append(d.Qualification, row)
	}
	d.FreezeCount = l.FreezeCount
	for _, f := range l.Freezes {
		d.Freezes = append(d.Freezes, templates.FreezeRow{MatchID: f.MatchID, Kind: f.MatchKind,
			Words: freezeWords(ctx, f.Kind, f.Round, f.Reason), When: f.When})
	}
	for _, x := range l.Logs {
		d.Logs = append(d.Logs, templates.DebugLog{MatchID: x.MatchID, Kind: x.Kind, Seat: x.Seat, When: x.When, Text: x.Text})
	}
	return d
}
