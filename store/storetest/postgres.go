package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// Postgres is a PostgreSQL server the tests start from Debian's
// postgresql package, on 127.0.0.1, with its data and socket in a
// temporary directory.
type Postgres struct {
	bin, dir, data string
	port           int
	cred           *syscall.Credential // the server's user when the tests run as root
	password       string
	fast           bool
	dbs            atomic.Int64
}

// PostgresOptions tune the server.
type PostgresOptions struct {
	// Durable keeps fsync on (benchmarks); tests turn it off for speed.
	Durable bool
}

// StartPostgres starts a server for the test, and stops it when the test
// ends. Without the server's binaries it skips the test, except under
// CI=true, where it fails it.
func StartPostgres(t testing.TB, o PostgresOptions) *Postgres {
	t.Helper()
	bin := postgresBin()
	if bin == "" {
		msg := "PostgreSQL is not installed (apt-get install postgresql)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	dir, err := os.MkdirTemp("", "alea-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	p := &Postgres{bin: bin, dir: dir, data: filepath.Join(dir, "data"), password: "test-password", fast: !o.Durable}
	if os.Geteuid() == 0 { // the server refuses to run as root
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("running as root needs the postgres user: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		p.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	pwfile := filepath.Join(dir, "pw")
	if err := os.WriteFile(pwfile, []byte(p.password+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if p.cred != nil {
		os.Chown(pwfile, int(p.cred.Uid), int(p.cred.Gid))
	}
	if out, err := p.run("initdb", "-D", p.data, "-U", "alea", "--auth=scram-sha-256", "--pwfile="+pwfile, "-E", "UTF8", "--no-sync"); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	p.port = freePort(t)
	if err := p.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Stop() })
	return p
}

// postgresBin finds the newest installed server's binaries.
func postgresBin() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return vi > vj
	})
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d
		}
	}
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		return filepath.Dir(p)
	}
	return ""
}

func freePort(t testing.TB) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// run runs one of the server's programs as the server's user.
func (p *Postgres) run(name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(p.bin, name), args...)
	cmd.Dir = p.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if p.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: p.cred}
	}
	return cmd.CombinedOutput()
}

// Start starts the server (again), waiting until it accepts connections.
func (p *Postgres) Start() error {
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c max_connections=200", p.port, p.dir)
	if p.fast {
		opts += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
	}
	out, err := p.run("pg_ctl", "-D", p.data, "-o", opts, "-l", filepath.Join(p.dir, "log"), "-w", "-t", "120", "start")
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(p.dir, "log"))
		return fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, log)
	}
	return nil
}

// Stop stops the server at once (fast shutdown: sessions are cut).
func (p *Postgres) Stop() error {
	out, err := p.run("pg_ctl", "-D", p.data, "-m", "fast", "-w", "-t", "120", "stop")
	if err != nil {
		return fmt.Errorf("pg_ctl stop: %v\n%s", err, out)
	}
	return nil
}

// URL returns the URL of a database on the server, with a password
// (the right one unless given another).
func (p *Postgres) URL(db string, password ...string) string {
	pw := p.password
	if len(password) > 0 {
		pw = password[0]
	}
	u := url.URL{Scheme: "postgres", User: url.UserPassword("alea", pw), Host: fmt.Sprintf("127.0.0.1:%d", p.port),
		Path: "/" + db, RawQuery: "sslmode=disable"}
	return u.String()
}

// NewDatabase creates an empty database and returns its URL.
func (p *Postgres) NewDatabase(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("test%d", p.dbs.Add(1))
	db, err := sql.Open("pgx", p.URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	return p.URL(name)
}
