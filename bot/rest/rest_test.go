package rest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestErrorsHaveNoToken checks that failed deliveries (a
// refusal, a connection error) name the call without the token.
func TestErrorsHaveNoToken(t *testing.T) {
	const tok = "aW50ZXJhY3Rpb246OTk5:secret-interaction-token"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"code":10062,"message":"Unknown interaction"}`, http.StatusNotFound)
	}))
	defer srv.Close()
	ref := Ref{ID: "999", AppID: "1", Token: tok}
	for _, base := range []string{srv.URL, "http://127.0.0.1:1"} {
		c := NewClient(base, &http.Client{Timeout: time.Minute}, "test", nil)
		errs := []error{
			c.Callback(context.Background(), ref, "application/json", []byte(`{"type":5}`)),
			c.webhook(context.Background(), http.MethodPatch, ref, "/messages/@original", "application/json", []byte(`{}`)),
		}
		for _, err := range errs {
			if err == nil || strings.Contains(err.Error(), tok) || strings.Contains(err.Error(), "secret") {
				t.Errorf("error %v", err)
			}
		}
	}
}
