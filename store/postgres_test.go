package store_test

import (
	"context"
	"database/sql"
	neturl "net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

func TestPostgres(t *testing.T) {
	pg := storetest.StartPostgres(t, storetest.PostgresOptions{})
	open := func(t *testing.T) store.Store {
		s, err := store.Open(context.Background(), pg.NewDatabase(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	t.Run("Conformance", func(t *testing.T) { storetest.Run(t, open) })

	t.Run("ReplicasMigrateOnce", func(t *testing.T) {
		url := pg.NewDatabase(t)
		const replicas = 6
		var wg sync.WaitGroup
		errs := make([]error, replicas)
		stores := make([]store.Store, replicas)
		for i := range replicas {
			wg.Add(1)
			go func() {
				defer wg.Done()
				stores[i], errs[i] = store.Open(context.Background(), url)
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("replica %d: %v", i, err)
			}
			defer stores[i].Close()
		}
		g := storetest.NewGenerator(21).Game()
		if ok, err := stores[0].Record(context.Background(), g); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if _, ok, err := stores[replicas-1].Game(context.Background(), g.ID); !ok || err != nil {
			t.Fatalf("another replica does not see the game: %v, %v", ok, err)
		}
	})

	t.Run("ReadOnly", func(t *testing.T) {
		url := pg.NewDatabase(t)
		s, err := store.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		admin, err := sql.Open("pgx", pg.URL("postgres"))
		if err != nil {
			t.Fatal(err)
		}
		defer admin.Close()
		u, err := neturl.Parse(url)
		if err != nil {
			t.Fatal(err)
		}
		db := strings.TrimPrefix(u.Path, "/")
		// The database turns read-only, as a standby or a full
		// server's administrator makes it; connections opened from then
		// on take no writes.
		if _, err := admin.Exec(`ALTER DATABASE "` + db + `" SET default_transaction_read_only = on`); err != nil {
			t.Fatal(err)
		}
		if _, err := admin.Exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, db); err != nil {
			t.Fatal(err)
		}
		var last error
		for range 3 { // the first may meet a connection the server just closed
			if _, last = s.Record(context.Background(), storetest.NewGenerator(23).Game()); store.FailureOf(last) == store.FailureReadOnly {
				return
			}
		}
		t.Fatalf("Record on a read-only database: %v, failure %d; want read-only", last, store.FailureOf(last))
	})

	t.Run("WrongPassword", func(t *testing.T) {
		url := pg.URL("postgres", "not-the-password")
		_, err := store.Open(context.Background(), url)
		if err == nil {
			t.Fatal("opened with a wrong password")
		}
		if !strings.Contains(err.Error(), "password") || strings.Contains(err.Error(), "not-the-password") {
			t.Fatalf("error %q: want one that names the password problem, without the password", err)
		}
	})

	t.Run("HealthFollowsTheServer", func(t *testing.T) {
		s := open(t)
		stopped := false
		defer func() {
			if stopped { // a failed check left the server down for the next tests
				pg.Start()
			}
		}()
		storetest.Outage(t, s, 3*time.Second, "postgres",
			func() {
				stopped = true
				if err := pg.Stop(); err != nil {
					t.Fatal(err)
				}
			},
			func() {
				if err := pg.Start(); err != nil {
					t.Fatal(err)
				}
				stopped = false
			})
	})

	t.Run("ServerGoesAway", func(t *testing.T) {
		s := open(t)
		gen := storetest.NewGenerator(22)
		ctx := context.Background()
		if ok, err := s.Record(ctx, gen.Game()); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if err := pg.Stop(); err != nil {
			t.Fatal(err)
		}
		restarted := false
		defer func() {
			if !restarted {
				pg.Start()
			}
		}()
		const bound = 3 * time.Second
		rctx, cancel := context.WithTimeout(ctx, bound)
		start := time.Now()
		ok, err := s.Record(rctx, gen.Game())
		cancel()
		if err == nil || ok {
			t.Fatalf("Record with the server stopped = %v, %v; want an error", ok, err)
		}
		if f := store.FailureOf(err); f != store.FailureUnavailable {
			t.Fatalf("Record with the server stopped: %v, failure %d; want unavailable", err, f)
		}
		if took := time.Since(start); took > bound+2*time.Second {
			t.Fatalf("Record with the server stopped took %v, beyond its context's %v", took, bound)
		}
		if _, err := s.Standings(ctx, store.StandingsQuery{Kind: store.KindYacht}); err == nil {
			t.Fatal("Standings with the server stopped: no error")
		}
		if err := pg.Start(); err != nil {
			t.Fatal(err)
		}
		restarted = true
		g := gen.Game()
		if ok, err := s.Record(ctx, g); !ok || err != nil {
			t.Fatalf("Record after the server came back = %v, %v", ok, err)
		}
		if _, ok, err := s.Game(ctx, g.ID); !ok || err != nil {
			t.Fatalf("Game after the server came back = %v, %v", ok, err)
		}
	})
}
