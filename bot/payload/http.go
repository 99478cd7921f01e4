package payload

import (
	"errors"
	"io"
	"net/http"
	"strconv"
)

// ReadBody reads a request body of at most max bytes, answering the
// client itself (413 or 400) when it cannot.
func ReadBody(w http.ResponseWriter, r *http.Request, max int64) ([]byte, bool) {
	if r.ContentLength > max {
		// Refused from the header alone: the body is never read.
		w.Header().Set("Connection", "close")
		Problem(w, http.StatusRequestEntityTooLarge, "body too large")
		return nil, false
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			Problem(w, http.StatusRequestEntityTooLarge, "body too large")
			return nil, false
		}
		Problem(w, http.StatusBadRequest, "cannot read the body")
		return nil, false
	}
	return body, true
}

// Problem answers a refused request with a short plain-text reason.
func Problem(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, msg+"\n")
}

// WriteJSON answers 200 with the JSON body b.
func WriteJSON(w http.ResponseWriter, b []byte) error {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(http.StatusOK)
	_, err := w.Write(b)
	return err
}
