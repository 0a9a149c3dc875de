package web

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"arena.dev/auth"
	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/templates"
	"arena.dev/web/request"
)

// Class rosters. An admin imports students from a CSV (roster.go) on the
// users page; each new student gets a random one-time password and must
// choose their own at the first log-in. The database stores only the
// passwords' hashes: the plain passwords exist once, as a CSV sealed with
// AES-256-GCM under a random key that is not stored anywhere but in the
// import's response (the download button's form). The sealed file waits in
// roster_credentials for its one download, which deletes it, or for an
// hour. So the admin downloads the credentials exactly once, a reload or a
// restart of the server loses nothing before that, and neither the
// database nor its backups ever hold a password in clear.

// maxRosterBytes bounds an import's body: a class of 2,000 fits many times.
const maxRosterBytes = 256 << 10

// oneTimePasswordLen is the length of a one-time password, a roster's or
// an admin's reset (56 letters and digits: 69 bits).
const oneTimePasswordLen = 12

// POST /admin/users/import (roster: the CSV's text, or file: the CSV)
func (s *Server) adminImportRoster(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	r.Body = http.MaxBytesReader(w, r.Body, maxRosterBytes)
	text, err := readRosterForm(ctx, r)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		s.renderAdminUsers(w, r, http.StatusRequestEntityTooLarge, nil, templates.AdminUsersData{Roster: templates.RosterData{
			Errors: []string{i18n.T(ctx, "admin.roster.too_large", map[string]any{"KB": maxRosterBytes >> 10})}}})
		return
	}
	if err != nil {
		s.renderAdminUsers(w, r, http.StatusBadRequest, nil, templates.AdminUsersData{Roster: templates.RosterData{Text: text,
			Errors: []string{i18n.T(ctx, "admin.roster.unreadable", map[string]any{"Reason": err.Error()})}}})
		return
	}
	refuse := func(status int, errs []string) {
		s.renderAdminUsers(w, r, status, nil, templates.AdminUsersData{Roster: templates.RosterData{Text: text, Errors: errs}})
	}
	lines, errs := parseRoster(ctx, text)
	if len(errs) > 0 {
		refuse(http.StatusUnprocessableEntity, append(errs, i18n.T(ctx, "admin.roster.fix_lines")))
		return
	}
	names := make([]string, len(lines))
	for i, l := range lines {
		names[i] = l.Name
	}
	taken, err := store.TakenUserNames(ctx, s.Pool, names)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	var (
		students  []store.RosterStudent
		existing  []string
		passwords = map[string]string{}
	)
	for _, l := range lines {
		if taken[l.Name] {
			existing = append(existing, l.Name)
			continue
		}
		pw := auth.RandomPassword(oneTimePasswordLen)
		hash, err := s.passwords.Hash(ctx, pw)
		if errors.Is(err, auth.ErrBusy) {
			w.Header().Set("Retry-After", "10")
			refuse(http.StatusTooManyRequests, []string{i18n.T(ctx, "admin.roster.busy")})
			return
		}
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		passwords[l.Name] = pw
		students = append(students, store.RosterStudent{Name: l.Name, DisplayName: l.DisplayName, Group: l.Group, PasswordHash: hash})
	}
	created, raced, err := store.ImportRoster(ctx, s.Pool, students)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	existing = append(existing, raced...)
	for _, n := range raced {
		delete(passwords, n) // taken meanwhile: that password opens nothing
	}
	imp := &templates.RosterImport{Created: created, Existing: existing}
	if len(created) > 0 {
		key := make([]byte, 32)
		rand.Read(key)
		sealed, err := seal(key, rosterCredentialsCSV(students, passwords))
		if err == nil {
			imp.ID, err = store.SaveRosterCredentials(ctx, s.Pool, userFrom(ctx).ID, sealed, len(created))
		}
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		imp.Key = base64.RawURLEncoding.EncodeToString(key)
	}
	w.Header().Set("Cache-Control", "no-store") // the page holds the only key to the passwords
	s.renderAdminUsers(w, r, http.StatusOK, nil, templates.AdminUsersData{Roster: templates.RosterData{Import: imp}})
}

// readRosterForm reads the roster's text: the file when one is chosen,
// else the text area.
func readRosterForm(ctx context.Context, r *http.Request) (string, error) {
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		if err := r.ParseMultipartForm(maxRosterBytes); err != nil {
			return "", err
		}
		defer r.MultipartForm.RemoveAll()
	} else if err := r.ParseForm(); err != nil {
		return "", err
	}
	text := r.PostFormValue("roster")
	if r.MultipartForm != nil {
		if fhs := r.MultipartForm.File["file"]; len(fhs) > 0 && fhs[0].Size > 0 {
			f, err := fhs[0].Open()
			if err != nil {
				return text, err
			}
			defer f.Close()
			data, err := io.ReadAll(f)
			if err != nil {
				return text, err
			}
			if !utf8.Valid(data) || strings.ContainsRune(string(data), 0) {
				return text, errors.New(i18n.T(ctx, "admin.roster.not_utf8"))
			}
			text = string(data)
		}
	}
	return strings.ReplaceAll(text, "\r\n", "\n"), nil
}

// POST /admin/roster/{id}/credentials (key): the import's credentials CSV,
// once.
func (s *Server) adminRosterCredentials(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	id, ok := request.PositiveInt(r, "id")
	if !ok {
		s.notFound(w, r)
		return
	}
	key, err := base64.RawURLEncoding.DecodeString(r.PostFormValue("key"))
	if err != nil || len(key) != 32 {
		s.render(w, r, http.StatusUnprocessableEntity, templates.ErrorPage(s.page(r, i18n.T(ctx, "admin.roster.refused"), "admin"), http.StatusUnprocessableEntity,
			i18n.T(ctx, "admin.roster.wrong_key")))
		return
	}
	csv, err := service.TakeRosterCredentials(ctx, s.Pool, id, userFrom(ctx).ID, func(sealed []byte) ([]byte, error) {
		csv, err := unseal(key, sealed)
		if err != nil {
			return nil, errWrongKey
		}
		return csv, nil
	})
	switch {
	case errors.Is(err, domain.ErrNotFound):
		s.render(w, r, http.StatusGone, templates.ErrorPage(s.page(r, i18n.T(ctx, "admin.roster.gone_title"), "admin"), http.StatusGone,
			i18n.T(ctx, "admin.roster.gone")))
		return
	case errors.Is(err, errWrongKey):
		s.render(w, r, http.StatusUnprocessableEntity, templates.ErrorPage(s.page(r, i18n.T(ctx, "admin.roster.refused"), "admin"), http.StatusUnprocessableEntity,
			i18n.T(ctx, "admin.roster.key_mismatch")))
		return
	case err != nil:
		s.serverError(w, r, err)
		return
	}
	csvHeaders(w, "roster-passwords-"+strconv.FormatInt(id, 10)+".csv")
	w.Write(csv)
}

var errWrongKey = errors.New("wrong key")

// seal encrypts data with AES-256-GCM under key: a random nonce, then the
// ciphertext.
func seal(key, data []byte) ([]byte, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, gcm.NonceSize())
	rand.Read(nonce)
	return gcm.Seal(nonce, nonce, data, nil), nil
}

// unseal decrypts what seal sealed.
func unseal(key, sealed []byte) ([]byte, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	if len(sealed) < gcm.NonceSize() {
		return nil, errors.New("sealed data too short")
	}
	return gcm.Open(nil, sealed[:gcm.NonceSize()], sealed[gcm.NonceSize():], nil)
}

// POST /admin/users/passwords: a new one-time password for every student
// who has not logged in yet, downloaded as CSV. The database holds only
// the passwords' hashes, so a lost credentials file cannot be shown
// again; this gives them again instead, and the old ones stop working.
func (s *Server) adminRegeneratePasswords(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	students, err := store.StudentsAwaitingFirstLogin(ctx, s.Pool)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	if len(students) == 0 {
		s.adminDone(w, r, "/admin/users", i18n.T(ctx, "admin.roster.all_logged_in"))
		return
	}
	passwords := make(map[int64]string, len(students))
	hashes := make(map[int64]string, len(students))
	for _, st := range students {
		pw := auth.RandomPassword(oneTimePasswordLen)
		hash, err := s.passwords.Hash(ctx, pw)
		if errors.Is(err, auth.ErrBusy) {
			w.Header().Set("Retry-After", "10")
			s.renderAdminUsers(w, r, http.StatusTooManyRequests, adminBackQuery(r), templates.AdminUsersData{
				Error: i18n.T(ctx, "admin.roster.busy_passwords")})
			return
		}
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		passwords[st.ID], hashes[st.ID] = pw, hash
	}
	changed, err := store.ReplaceOneTimePasswords(ctx, s.Pool, hashes)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	csvHeaders(w, "one-time-passwords-"+time.Now().UTC().Format("20060102-1504")+".csv")
	cw := newCSVFile(w)
	cw.Row("user", "display name", "group", "one-time password")
	for _, st := range students {
		if changed[st.ID] { // not one who logged in meanwhile
			cw.Row(st.Name, st.DisplayName, st.Group, passwords[st.ID])
		}
	}
	cw.Flush()
}
