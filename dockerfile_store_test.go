package main

import (
	"os"
	"strings"
	"testing"
)

// The image keeps finished games in an SQLite file in the /data volume
// (the one place a read-only container writes), a directory the
// non-root user owns; compose mounts a named volume there, and the
// PostgreSQL example points the replicas at its database service.
func TestDockerfileStore(t *testing.T) {
	_, final := readDockerfile(t)
	vols := final.find("VOLUME")
	if len(vols) != 1 || strings.Trim(vols[0].Args, `[]" `) != "/data" {
		t.Fatalf("VOLUME %v, want /data", vols)
	}
	var url string
	for _, e := range final.find("ENV") {
		if v, ok := strings.CutPrefix(e.Args, "DATABASE_URL="); ok {
			url = v
		}
	}
	if url != "sqlite:/data/alea.db" {
		t.Errorf("ENV DATABASE_URL=%q, want sqlite:/data/alea.db", url)
	}
	owned := false
	for _, c := range final.find("COPY") {
		f := strings.Fields(c.Args)
		if len(f) >= 2 && f[len(f)-1] == "/data" {
			for _, a := range f {
				if a == "--chown=65532:65532" || a == "--chown=nonroot:nonroot" {
					owned = true
				}
			}
		}
	}
	if !owned {
		t.Error("/data is not created owned by nonroot: a new volume would be root's and the bot could not write")
	}
	compose, err := os.ReadFile("docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(compose), ":/data\n") {
		t.Error("docker-compose.yml mounts no volume on /data: games would be lost with the container")
	}
	pg, err := os.ReadFile("docker-compose.postgres.yml")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"DATABASE_URL: postgres://", "@postgres:5432/", "condition: service_healthy", "read_only: true"} {
		if !strings.Contains(string(pg), want) {
			t.Errorf("docker-compose.postgres.yml lacks %q", want)
		}
	}
}
