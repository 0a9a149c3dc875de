package web

import (
	"errors"
	"io"
	"net/http"
	"strings"

	"arena.dev/domain"
	"arena.dev/lang"
	"arena.dev/service"
)

// Reading a submission, from the submit form or the API; both then go
// through service.Submit, which checks everything else and the limits.

// maxSubmitBytes bounds a submission's body: the largest file the editor
// loads (1 MiB), plus room for the other fields and the multipart framing.
// It is well above service.MaxSource so that a source over the limit is
// still read, refused by service.Submit with its size, and rendered back in
// the form: the user's text is not lost. Past it, the body is not read.
const maxSubmitBytes = 1<<20 + 64<<10

// submission is what a submit form sent.
type submission struct {
	bot, language, source string
	// converted says that the source was not UTF-8 and was read as
	// Latin-1 (Windows-1252): a notice for the user; "" when it was UTF-8.
	converted string
}

// latin1Notice is what the user is told about a source converted from
// Latin-1.
func latin1Notice(name string) string {
	return name + " was not UTF-8 text: it was read as Latin-1 (ISO-8859-1 / Windows-1252) and converted to UTF-8. " +
		"Check its accented letters; save your files as UTF-8 to avoid this"
}

// submitLanguage is a submission's language (package lang's id): the one
// asked for, else the one of the file name's extension, else Go (clients
// from before there were other languages ask for none). A file of no known
// language, with none asked for, is refused.
func submitLanguage(asked, file string) (string, error) {
	switch {
	case asked != "":
		return asked, nil
	case file == "":
		return lang.Go.ID, nil
	}
	l, ok := lang.ByFile(file)
	if !ok {
		return "", domain.Refusal("errors.submit.extension", "cannot tell the language of {{.File}} from its extension ({{.Extensions}}): give \"language\"",
			domain.Data{"File": domain.Quote(file), "Extensions": strings.Join(lang.Extensions(), ", ")})
	}
	return l.ID, nil
}

// readSubmission reads the submit form, urlencoded or multipart, from a
// body bounded by maxSubmitBytes. A chosen file wins over the text area
// (without JavaScript the file is uploaded; with it, the editor has already
// loaded the file and the input is empty), and its extension, when it is a
// language's, over the language field. A form that cannot be read is
// refused (413 over the limit, else 400): nothing of it is kept.
func readSubmission(r *http.Request) (submission, error) {
	sub, err := readSubmissionForm(r)
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return sub, domain.NewError(domain.TooLarge, "errors.submit.form_too_large", "the submission is larger than the limit of {{.KB}} KB, "+
			"so it could not be read: nothing was stored. Your browser's Back button returns to your text", domain.Data{"KB": service.MaxSource >> 10})
	case err != nil:
		return sub, domain.NewError(domain.Malformed, "errors.submit.form", "the form could not be read ({{.Reason}}). Nothing was stored", domain.Data{"Reason": err.Error()})
	}
	return sub, nil
}

func readSubmissionForm(r *http.Request) (submission, error) {
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		// All in memory: the body limit is far below what would spill to disk.
		if err := r.ParseMultipartForm(maxSubmitBytes); err != nil {
			return submission{}, err
		}
		defer r.MultipartForm.RemoveAll()
	} else if err := r.ParseForm(); err != nil {
		return submission{}, err
	}
	// Browsers send a text area's line breaks as CRLF.
	source := strings.ReplaceAll(r.PostFormValue("source"), "\r\n", "\n")
	asked, file, converted := r.PostFormValue("language"), "", ""
	if text, conv := lang.SourceText([]byte(source)); conv { // a browser sends UTF-8; a script may not
		source, converted = text, latin1Notice("The text")
	}
	if r.MultipartForm != nil {
		if fhs := r.MultipartForm.File["file"]; len(fhs) > 0 && fhs[0].Size > 0 {
			f, err := fhs[0].Open()
			if err != nil {
				return submission{}, err
			}
			defer f.Close()
			data, err := io.ReadAll(f)
			if err != nil {
				return submission{}, err
			}
			source, converted = string(data), ""
			if text, conv := lang.SourceText(data); conv {
				source, converted = text, latin1Notice(fhs[0].Filename)
			}
			if _, known := lang.ByFile(fhs[0].Filename); known {
				asked, file = "", fhs[0].Filename // the file's language, not the field's
			}
		}
	}
	language, err := submitLanguage(asked, file)
	return submission{bot: r.PostFormValue("bot"), language: language, source: source, converted: converted}, err
}
