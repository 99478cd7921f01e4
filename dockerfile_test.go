package main

import (
	"context"
	"debug/elf"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/config"
)

// instruction is one Dockerfile instruction: its keyword in upper case
// and the rest of its logical line (continuations joined).
type instruction struct {
	Keyword string
	Args    string
}

// stage is one FROM … of a Dockerfile and the instructions under it.
type stage struct {
	Image, Name string
	Body        []instruction
}

// find returns the instructions of s with keyword.
func (s stage) find(keyword string) []instruction {
	var out []instruction
	for _, in := range s.Body {
		if in.Keyword == keyword {
			out = append(out, in)
		}
	}
	return out
}

// parseDockerfile splits a Dockerfile into stages. It reads what this
// repository's Dockerfile uses: comments, parser directives, backslash
// continuations and FROM [--platform=…] image [AS name].
func parseDockerfile(src string) ([]stage, error) {
	var (
		stages  []stage
		logical strings.Builder
	)
	flush := func() error {
		line := strings.TrimSpace(logical.String())
		logical.Reset()
		if line == "" {
			return nil
		}
		keyword, args, _ := strings.Cut(line, " ")
		in := instruction{Keyword: strings.ToUpper(keyword), Args: strings.TrimSpace(args)}
		if in.Keyword == "FROM" {
			f := strings.Fields(in.Args)
			for len(f) > 0 && strings.HasPrefix(f[0], "--") {
				f = f[1:]
			}
			switch {
			case len(f) == 1:
				stages = append(stages, stage{Image: f[0]})
			case len(f) == 3 && strings.EqualFold(f[1], "AS"):
				stages = append(stages, stage{Image: f[0], Name: f[2]})
			default:
				return fmt.Errorf("FROM %s: want an image and an optional AS name", in.Args)
			}
			return nil
		}
		if len(stages) == 0 {
			if in.Keyword == "ARG" {
				return nil // a global ARG before the first FROM
			}
			return fmt.Errorf("%s before the first FROM", in.Keyword)
		}
		s := &stages[len(stages)-1]
		s.Body = append(s.Body, in)
		return nil
	}
	for _, line := range strings.Split(src, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "#") {
			continue // a comment, or a parser directive such as # syntax=
		}
		if cont, ok := strings.CutSuffix(trimmed, `\`); ok {
			logical.WriteString(cont + " ")
			continue
		}
		logical.WriteString(trimmed)
		if err := flush(); err != nil {
			return nil, err
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return stages, nil
}

// shellWords splits a shell command line into words as sh would: single
// quotes keep everything, double quotes keep spaces and expand $NAME and
// ${NAME}, a backslash escapes the next character. Every variable must be
// in vars; operators (; & | < > and the like) are refused, since the
// caller wants one simple command.
func shellWords(line string, vars map[string]string) ([]string, error) {
	var (
		words  []string
		cur    strings.Builder
		inWord bool
	)
	expand := func(i int) (int, error) { // line[i] == '$'
		rest := line[i+1:]
		var name string
		if strings.HasPrefix(rest, "{") {
			end := strings.IndexByte(rest, '}')
			if end < 0 {
				return 0, errors.New("unterminated ${")
			}
			name = rest[1:end]
			i += 1 + end + 1
		} else {
			n := 0
			for n < len(rest) && (rest[n] == '_' || ('A' <= rest[n] && rest[n] <= 'Z') || ('a' <= rest[n] && rest[n] <= 'z') || (n > 0 && '0' <= rest[n] && rest[n] <= '9')) {
				n++
			}
			name = rest[:n]
			i += 1 + n
		}
		if !varName.MatchString(name) {
			return 0, fmt.Errorf("unsupported expansion $%s", name)
		}
		v, ok := vars[name]
		if !ok {
			return 0, fmt.Errorf("$%s is not defined", name)
		}
		cur.WriteString(v)
		return i, nil
	}
	for i := 0; i < len(line); {
		ch := line[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
			i++
		case ch == '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("unterminated '")
			}
			cur.WriteString(line[i+1 : i+1+end])
			inWord = true
			i += end + 2
		case ch == '"':
			inWord = true
			i++
			for {
				if i >= len(line) {
					return nil, errors.New(`unterminated "`)
				}
				c := line[i]
				if c == '"' {
					i++
					break
				}
				switch {
				case c == '\\' && i+1 < len(line) && strings.IndexByte("$`\"\\", line[i+1]) >= 0:
					cur.WriteByte(line[i+1])
					i += 2
				case c == '$':
					var err error
					if i, err = expand(i); err != nil {
						return nil, err
					}
				case c == '`':
					return nil, errors.New("command substitution is not supported")
				default:
					cur.WriteByte(c)
					i++
				}
			}
		case ch == '\\':
			if i+1 >= len(line) {
				return nil, errors.New("trailing backslash")
			}
			cur.WriteByte(line[i+1])
			inWord = true
			i += 2
		case ch == '$':
			var err error
			if i, err = expand(i); err != nil {
				return nil, err
			}
			inWord = true
		case strings.IndexByte(";&|<>()`*?[", ch) >= 0 || ch == '#' && !inWord:
			return nil, fmt.Errorf("shell operator or pattern %q: want one simple command", ch)
		default:
			cur.WriteByte(ch)
			inWord = true
			i++
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// dockerBuild is the go build of a Dockerfile's build stage.
type dockerBuild struct {
	Env     []string // the RUN line's assignments and the stage's ENV
	Flags   []string // go build's flags, without -o
	Out     string   // the -o path
	Package string   // what is built, relative to the WORKDIR
	LDFlags []string // the -ldflags value, split
}

var (
	envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)
	varName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

// goBuild finds the RUN … go build … of st and reads it, with the ARGs
// given as build arguments in args (others at their defaults).
func goBuild(st stage, args map[string]string) (dockerBuild, error) {
	vars := map[string]string{}
	var b dockerBuild
	var run string
	for _, in := range st.Body {
		switch in.Keyword {
		case "ARG":
			name, def, _ := strings.Cut(in.Args, "=")
			if v, ok := args[name]; ok {
				vars[name] = v
			} else {
				vars[name] = def
			}
		case "ENV":
			w, err := shellWords(in.Args, vars)
			if err != nil {
				return b, fmt.Errorf("ENV %s: %v", in.Args, err)
			}
			for _, kv := range w {
				if !envName.MatchString(kv) {
					return b, fmt.Errorf("ENV %s: want NAME=value", in.Args)
				}
				b.Env = append(b.Env, kv)
			}
		case "RUN":
			if strings.Contains(in.Args, "go build") {
				if run != "" {
					return b, errors.New("two RUN lines with go build")
				}
				run = in.Args
				// The RUN line sees the ARGs and ENVs declared above it.
				words, err := shellWords(run, vars)
				if err != nil {
					return b, fmt.Errorf("RUN %s: %v", run, err)
				}
				for len(words) > 0 && envName.MatchString(words[0]) {
					b.Env = append(b.Env, words[0])
					words = words[1:]
				}
				if len(words) < 2 || words[0] != "go" || words[1] != "build" {
					return b, fmt.Errorf("RUN %s: want [NAME=value…] go build …", run)
				}
				for i := 2; i < len(words); i++ {
					w := words[i]
					switch {
					case w == "-o" && i+1 < len(words):
						b.Out = words[i+1]
						i++
					case strings.HasPrefix(w, "-o="):
						b.Out = strings.TrimPrefix(w, "-o=")
					case w == "-ldflags" && i+1 < len(words):
						b.LDFlags = strings.Fields(words[i+1])
						b.Flags = append(b.Flags, w, words[i+1])
						i++
					case strings.HasPrefix(w, "-ldflags="):
						b.LDFlags = strings.Fields(strings.TrimPrefix(w, "-ldflags="))
						b.Flags = append(b.Flags, w)
					case strings.HasPrefix(w, "-"):
						if w == "-tags" || w == "-gcflags" || w == "-mod" || w == "-p" {
							if i+1 >= len(words) {
								return b, fmt.Errorf("RUN %s: %s without a value", run, w)
							}
							b.Flags = append(b.Flags, w, words[i+1])
							i++
							continue
						}
						b.Flags = append(b.Flags, w)
					case b.Package == "":
						b.Package = w
					default:
						return b, fmt.Errorf("RUN %s: more than one package", run)
					}
				}
			}
		}
	}
	if run == "" {
		return b, errors.New("no RUN … go build … in the stage")
	}
	if b.Out == "" || b.Package == "" {
		return b, fmt.Errorf("RUN %s: want -o PATH and a package", run)
	}
	return b, nil
}

// execForm reads an instruction's JSON exec form, e.g. ["/alea", "serve"].
func execForm(args string) ([]string, error) {
	var v []string
	if err := json.Unmarshal([]byte(args), &v); err != nil || len(v) == 0 {
		return nil, fmt.Errorf("%s is not the exec form [\"program\", …] (distroless has no shell)", args)
	}
	return v, nil
}

// readDockerfile parses ./Dockerfile into its build stage (the one that
// runs go build) and its final stage.
func readDockerfile(t *testing.T) (build, final stage) {
	t.Helper()
	src, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	stages, err := parseDockerfile(string(src))
	if err != nil {
		t.Fatalf("Dockerfile: %v", err)
	}
	if len(stages) < 2 {
		t.Fatalf("Dockerfile: %d stages, want a build stage and a final one", len(stages))
	}
	for _, s := range stages {
		for _, in := range s.find("RUN") {
			if strings.Contains(in.Args, "go build") {
				build = s
			}
		}
	}
	if build.Image == "" {
		t.Fatal("Dockerfile: no stage runs go build")
	}
	return build, stages[len(stages)-1]
}

// The final image runs as a user other than root, checks its health with
// `alea healthcheck` in exec form (distroless has no shell), starts the
// binary the build stage built, and the build stage's Go is go.mod's.
func TestDockerfileImage(t *testing.T) {
	build, final := readDockerfile(t)

	users := final.find("USER")
	if len(users) == 0 {
		t.Error("the final stage has no USER: it would run as root")
	} else {
		user, _, _ := strings.Cut(users[len(users)-1].Args, ":")
		if user == "root" || user == "0" || user == "" {
			t.Errorf("USER %s: the container runs as root", users[len(users)-1].Args)
		}
	}

	// COPY --from=<build> <go build -o> <binary in the image>
	b, err := goBuild(build, nil)
	if err != nil {
		t.Fatal(err)
	}
	var binary string
	for _, in := range final.find("COPY") {
		f := strings.Fields(in.Args)
		if len(f) == 3 && (f[0] == "--from="+build.Name) && f[1] == b.Out {
			binary = f[2]
		}
	}
	if binary == "" {
		t.Fatalf("the final stage does not COPY --from=%s %s", build.Name, b.Out)
	}

	hc := final.find("HEALTHCHECK")
	if len(hc) != 1 {
		t.Fatalf("the final stage has %d HEALTHCHECKs, want 1", len(hc))
	}
	_, cmd, ok := strings.Cut(hc[0].Args, "CMD ")
	if !ok {
		t.Fatalf("HEALTHCHECK %s: no CMD", hc[0].Args)
	}
	argv, err := execForm(strings.TrimSpace(cmd))
	if err != nil {
		t.Fatalf("HEALTHCHECK: %v", err)
	}
	if len(argv) != 2 || argv[0] != binary || argv[1] != "healthcheck" {
		t.Errorf("HEALTHCHECK CMD %q, want [%q \"healthcheck\"]", argv, binary)
	}
	for _, in := range final.find("ENTRYPOINT") {
		argv, err := execForm(in.Args)
		if err != nil || argv[0] != binary {
			t.Errorf("ENTRYPOINT %s does not start %s (%v)", in.Args, binary, err)
		}
	}

	// golang:1.26[.x][-variant] against go.mod's go 1.26[.x].
	gomod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	modGo := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindSubmatch(gomod)
	imageGo := regexp.MustCompile(`^(?:docker\.io/)?(?:library/)?golang:(\d+\.\d+)`).FindStringSubmatch(build.Image)
	if modGo == nil || imageGo == nil {
		t.Fatalf("Go versions: go.mod %q, build image %s", modGo, build.Image)
	}
	if string(modGo[1]) != imageGo[1] {
		t.Errorf("the build stage uses %s, go.mod says go %s", build.Image, modGo[1])
	}
}

// freeAddr returns 127.0.0.1:0, the address for which the kernel picks
// a free port; the process logs the port it got.
const freeAddr = "127.0.0.1:0"

// The image's build needs no experiment and no build tag for the Yacht
// solver's vector kernels (assembly chosen by the processor's features at
// run time): no GOEXPERIMENT in its environment, and not the purego tag,
// which would keep the portable kernels only.
func TestDockerfileBuildsVectorKernels(t *testing.T) {
	buildStage, _ := readDockerfile(t)
	b, err := goBuild(buildStage, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, kv := range b.Env {
		if strings.HasPrefix(kv, "GOEXPERIMENT=") {
			t.Errorf("the build sets %s; the vector kernels need no experiment", kv)
		}
	}
	for i, f := range b.Flags {
		if tags, ok := strings.CutPrefix(f, "-tags="); (ok && strings.Contains(tags, "purego")) || (f == "-tags" && i+1 < len(b.Flags) && strings.Contains(b.Flags[i+1], "purego")) {
			t.Errorf("the build has the purego tag (%v): the image would run the portable kernels only", b.Flags)
		}
	}
}

// TestDockerfileBinary builds alea exactly as the Dockerfile's build stage
// does (its RUN line's environment and flags, VERSION set as
// --build-arg would) and proves the binary is what a distroless image
// needs: statically linked, stripped when -s is asked for, stamped with
// the version, and working with an empty environment.
func TestDockerfileBinary(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the image's binary is built for linux")
	}
	const testVersion = "v9.8.7-dockerfile-test"
	buildStage, _ := readDockerfile(t)
	b, err := goBuild(buildStage, map[string]string{"VERSION": testVersion})
	if err != nil {
		t.Fatal(err)
	}
	if b.Package != "." {
		t.Fatalf("the build stage builds %s; this test builds the module root", b.Package)
	}
	t.Logf("RUN %s go build %s -o %s %s", strings.Join(b.Env, " "), strings.Join(b.Flags, " "), b.Out, b.Package)
	// The image's build context has no .git (.dockerignore), so no VCS
	// stamp; GOFLAGS from the caller (-race, say) must not change the build.
	env := []string{"GOFLAGS=-buildvcs=false"}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOFLAGS=") {
			env = append(env, kv)
		}
	}
	dir := t.TempDir()
	bin := buildAlea(t, dir, append(env, b.Env...), b.Flags...)

	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
			t.Errorf("program header %s: the binary is dynamically linked", p.Type)
		}
	}
	if libs, err := f.ImportedLibraries(); err != nil || len(libs) > 0 {
		t.Errorf("imported libraries %v (%v), want none", libs, err)
	}
	for _, flag := range b.LDFlags {
		switch flag {
		case "-s":
			if f.Section(".symtab") != nil {
				t.Error("-ldflags -s, yet the binary has a .symtab")
			}
		case "-w":
			if f.Section(".debug_info") != nil || f.Section(".zdebug_info") != nil {
				t.Error("-ldflags -w, yet the binary has DWARF")
			}
		}
	}

	// An empty environment, in an empty directory (no .env).
	run := func(args ...string) (string, error) {
		cmd := exec.Command(bin, args...)
		cmd.Env = []string{}
		cmd.Dir = t.TempDir()
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := run("version")
	if err != nil || out != "alea "+testVersion+"\n" {
		t.Errorf("alea version: %v %q, want %q", err, out, "alea "+testVersion+"\n")
	}
	out, err = run("run", "/help")
	if err != nil {
		t.Errorf("alea run /help: %v\n%s", err, out)
	}
	for _, c := range all.Registry(all.Loopback()).Commands() {
		if !strings.Contains(out, "/"+c.Name.En) {
			t.Errorf("alea run /help does not list /%s:\n%s", c.Name.En, out)
		}
	}

	// alea serve without Discord settings serves the playground; on
	// ports the kernel picks, as the defaults may be taken here.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	home := t.TempDir()
	p := startAlea(t, ctx, bin, home, []string{"PLAYGROUND_ADDR=" + freeAddr, "HEALTH_ADDR=" + freeAddr}, "serve")
	health := p.healthAddr(t)
	if s := httpStatus(ctx, "http://"+health+"/healthz"); s != 200 {
		t.Errorf("/healthz: status %d", s)
	}
	playground := regexp.MustCompile(`Playground: (http://127\.0\.0\.1:\d+/)`).FindStringSubmatch(p.output.String())
	if playground == nil {
		t.Errorf("no playground address in the output:\n%s", p.output)
	} else if s := httpStatus(ctx, playground[1]); s != 200 {
		t.Errorf("playground %s: status %d", playground[1], s)
	}
	// The image's HEALTHCHECK: `alea healthcheck` with the image's
	// HEALTH_ADDR=:PORT form asks 127.0.0.1.
	_, port, _ := net.SplitHostPort(health)
	hc := exec.Command(bin, "healthcheck")
	hc.Env, hc.Dir = []string{"HEALTH_ADDR=:" + port}, home
	if out, err := hc.CombinedOutput(); err != nil {
		t.Errorf("alea healthcheck with HEALTH_ADDR=:%s: %v\n%s", port, err, out)
	}
	if err := p.terminate(t, 30*time.Second); err != nil {
		t.Errorf("after SIGTERM: %v; output:\n%s", err, p.output)
	}
	if out := p.output.String(); strings.Contains(out, "level=ERROR") || !strings.HasSuffix(strings.TrimSpace(out), `msg="alea stopped cleanly"`) {
		t.Errorf("the output of a clean stop:\n%s", out)
	}
}

// shellWords reads back words quoted as sh would quote them.
func FuzzShellWords(f *testing.F) {
	f.Add("CGO_ENABLED=0", "-ldflags", "-s -w -X main.version=v1")
	f.Add("it's", `"quoted" \ $HOME`, "")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		var quoted []string
		var want []string
		for _, w := range []string{a, b, c} {
			if w == "" || strings.ContainsRune(w, 0) {
				continue
			}
			want = append(want, w)
			// 'it'\''s': single quotes, each ' closed, escaped and reopened.
			quoted = append(quoted, "'"+strings.ReplaceAll(w, "'", `'\''`)+"'")
		}
		got, err := shellWords(strings.Join(quoted, " "), nil)
		if err != nil {
			t.Fatalf("%q: %v", quoted, err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) || len(got) != len(want) {
			t.Fatalf("%q read as %q, want %q", quoted, got, want)
		}
		// Arbitrary input is read or refused, never a panic.
		_, _ = shellWords(a+" "+b+" "+c, map[string]string{"X": "x"})
	})
}

// composeService reads one service of docker-compose.yml: its top-level
// keys (comments dropped) with their values on the same line. It reads
// the block-style YAML this repository's file uses.
func composeService(t *testing.T, name string) map[string]string {
	t.Helper()
	return composeServiceIn(t, "docker-compose.yml", name)
}

// composeServiceIn is composeService of another compose file.
func composeServiceIn(t *testing.T, file, name string) map[string]string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	inServices, inService := false, false
	serviceIndent := -1
	for _, line := range strings.Split(string(src), "\n") {
		if trimmed := strings.TrimSpace(line); trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		key, value, _ := strings.Cut(strings.TrimSpace(line), ":")
		switch {
		case indent == 0:
			inServices, inService = key == "services", false
		case inServices && (serviceIndent < 0 || indent == serviceIndent):
			serviceIndent = indent
			inService = key == name
		case inService && indent > serviceIndent:
			if _, seen := keys[key]; !seen && !strings.HasPrefix(key, "-") && indent <= serviceIndent+4 {
				keys[key] = strings.Trim(strings.TrimSpace(value), `"'`)
			}
		}
	}
	if len(keys) == 0 {
		t.Fatalf("%s has no service %q", file, name)
	}
	return keys
}

// docker compose stops the service with SIGTERM and kills it after its
// stop_grace_period (10 s when unset): that must leave room for the whole
// shutdown, which SHUTDOWN_GRACE bounds. A gateway-only bot publishes no
// port: publishing the endpoint's port is opt-in (commented out, or under
// a profile).
func TestDockerfileCompose(t *testing.T) {
	svc := composeService(t, "alea")
	grace := ""
	for _, v := range config.Variables {
		if v.Name == "SHUTDOWN_GRACE" {
			grace = v.Default
		}
	}
	shutdown, err := time.ParseDuration(grace)
	if err != nil {
		t.Fatalf("SHUTDOWN_GRACE default %q: %v", grace, err)
	}
	stop, err := time.ParseDuration(svc["stop_grace_period"])
	if err != nil {
		t.Fatalf("stop_grace_period %q (unset is Docker's 10 s): %v", svc["stop_grace_period"], err)
	}
	if stop <= shutdown {
		t.Errorf("stop_grace_period %s is not above SHUTDOWN_GRACE's default %s", stop, shutdown)
	}
	if _, ok := svc["ports"]; ok {
		if _, profiled := svc["profiles"]; !profiled {
			t.Error("the alea service publishes ports by default; a gateway-only bot needs none (comment them out or put them under a profile)")
		}
	}
}

// dockerignored reports whether Docker leaves path (slash-separated,
// relative to the context) out of the build context under the patterns
// of a .dockerignore: each line a path.Match pattern anchored at the
// context's root (a leading / is dropped), a pattern excluding a
// directory excluding everything under it, ! re-including, the last
// matching line winning.
func dockerignored(t *testing.T, patterns []string, p string) bool {
	t.Helper()
	ignored := false
	for _, pat := range patterns {
		include := strings.HasPrefix(pat, "!")
		pat = strings.TrimPrefix(pat, "!")
		pat = strings.TrimPrefix(filepath.ToSlash(filepath.Clean(pat)), "/")
		if strings.Contains(pat, "**") {
			t.Fatalf(".dockerignore pattern %q: ** is not read by this test", pat)
		}
		parts := strings.Split(p, "/")
		for i := range parts {
			if ok, err := path.Match(pat, strings.Join(parts[:i+1], "/")); err != nil {
				t.Fatalf(".dockerignore pattern %q: %v", pat, err)
			} else if ok {
				ignored = !include
				break
			}
		}
	}
	return ignored
}

// The build context holds the sources and nothing else: not the binary
// of `go build -o alea .`, not .env (the token), not .git.
func TestDockerfileIgnore(t *testing.T) {
	src, err := os.ReadFile(".dockerignore")
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, line := range strings.Split(string(src), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			patterns = append(patterns, line)
		}
	}
	for _, p := range []string{"alea", "alea.exe", ".env", ".env.local", ".git/HEAD", "alea.test", "cpu.prof"} {
		if !dockerignored(t, patterns, p) {
			t.Errorf("%s goes into the build context", p)
		}
	}
	for _, p := range []string{"main.go", "go.mod", "go.sum", ".env.example", "bot/gateway/gateway.go", "commands/all/all.go",
		"bot/playground/static/index.html", "internal/app/app.go", "engine/yacht/testdata/x"} {
		if dockerignored(t, patterns, p) {
			t.Errorf("%s is left out of the build context", p)
		}
	}
}

// The shipped defaults fit the documented container: the image, both
// compose files and .env.example set GOMEMLIMIT to config's default (the
// compose files as ${GOMEMLIMIT:-default}, so .env changes it), which
// leaves room for the heavy-work budget and the target calculations kept
// at their defaults; config refuses a limit that leaves none.
func TestDockerfileMemoryLimit(t *testing.T) {
	_, final := readDockerfile(t)
	var image string
	for _, e := range final.find("ENV") {
		if v, ok := strings.CutPrefix(e.Args, "GOMEMLIMIT="); ok {
			image = v
		}
	}
	if image != config.DefaultMemoryLimit {
		t.Errorf("ENV GOMEMLIMIT=%q in the image, want config's default %s", image, config.DefaultMemoryLimit)
	}
	for _, file := range []string{"docker-compose.yml", "docker-compose.postgres.yml"} {
		if got, want := composeServiceIn(t, file, "alea")["GOMEMLIMIT"], "${GOMEMLIMIT:-"+config.DefaultMemoryLimit+"}"; got != want {
			t.Errorf("%s: the alea service's GOMEMLIMIT is %q, want %q", file, got, want)
		}
	}
	env, err := os.ReadFile(".env.example")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(env), "\nGOMEMLIMIT="+config.DefaultMemoryLimit+"\n") {
		t.Errorf(".env.example does not set GOMEMLIMIT=%s", config.DefaultMemoryLimit)
	}

	c, err := config.FromEnv(func(string) (string, bool) { return "", false })
	if err != nil {
		t.Fatal(err)
	}
	budget := int64(c.HeavyMemoryMB+c.TargetMemoryMB) * 1_000_000
	if limit, _ := config.ParseMemoryLimit(config.DefaultMemoryLimit); c.MemoryLimit != limit || limit <= budget {
		t.Errorf("GOMEMLIMIT %d bytes (default %s), HEAVY_MEMORY + TARGET_MEMORY %d bytes", c.MemoryLimit, config.DefaultMemoryLimit, budget)
	}
	_, err = config.FromEnv(func(k string) (string, bool) {
		v := map[string]string{"GOMEMLIMIT": "800MiB"}[k]
		return v, v != ""
	})
	if err == nil || !strings.Contains(err.Error(), "leaves no room for HEAVY_MEMORY") {
		t.Errorf("GOMEMLIMIT=800MiB with the defaults: %v", err)
	}
}
