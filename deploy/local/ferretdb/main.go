// Command ferretdb-local runs FerretDB v1 for local development and tests, on
// PostgreSQL (the default of the dev stack) or on SQLite files. It wraps the
// embeddable package because a plain `go install .../cmd/ferretdb` build
// panics at start: its generated build/version/version.txt is not part of the
// module zip.
//
// On PostgreSQL, clients authenticate with the PLAIN mechanism and FerretDB
// opens PostgreSQL connections with their username and password, so a
// PostgreSQL role per service that owns only its own schema (FerretDB
// database) limits each service to its own database. Two things make that
// hold, both done here:
//   - A client that does not authenticate gets FerretDB's base URI, which
//     names a role without a password: every command it sends fails.
//   - FerretDB lists databases once, on the first command, with the
//     credentials of whoever sent it, and keeps that list; a service role
//     sees only its own schema, so after a restart the first service to
//     connect would hide every other database from FerretDB for good. The
//     wrapper therefore sends a ping with the administrator's credentials
//     before it accepts any client.
//
// It also puts a small proxy in front of FerretDB (proxy.go) that runs the
// writes of each collection one at a time. FerretDB v1 applies an update as
// "find, change in Go, write back" without holding a lock across the steps,
// so concurrent updates of one document lose writes and conditional updates
// (compare-and-swap) can both succeed: measured here, 50 concurrent $inc on
// one document left it at 8. MongoDB makes every single-document write
// atomic, and our code relies on that. Reads run side by side, never beside a
// write of their collection; other collections and databases go on.
// `--serialise all` runs every command of a database one at a time, reads
// too, as the proxy once did, for comparison.
// `--command-timeout` is the deadline of a command that brings no maxTimeMS:
// no lock is held for ever (proxy.go).
package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// postgresqlURLEnv names the variable that holds the PostgreSQL URL with the
// administrator's credentials (an environment variable, so the password is
// not on the command line that `ps` shows).
const postgresqlURLEnv = "FERRETDB_POSTGRESQL_URL"

func main() {
	listen := flag.String("listen-addr", "127.0.0.1:27117", "TCP address to listen on")
	serialise := flag.String("serialise", "writes", "what runs one command at a time: writes (per collection; reads side by side) or all (per database)")
	commandTimeout := flag.Duration("command-timeout", 60*time.Second, "how long a command that brings no maxTimeMS may take, waiting for locks included, before the proxy answers MaxTimeMSExpired")
	dir := flag.String("sqlite-dir", "", "directory for the SQLite databases; without it, PostgreSQL at $"+postgresqlURLEnv)
	flag.Parse()
	pgURL := os.Getenv(postgresqlURLEnv)
	if (*dir == "") == (pgURL == "") {
		log.Fatalf("give either --sqlite-dir or $%s", postgresqlURLEnv)
	}
	if *serialise != "writes" && *serialise != "all" {
		log.Fatalf("--serialise must be writes or all, got %q", *serialise)
	}

	// Errors only: the dev stack prefixes and shows this output.
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))

	// FerretDB itself listens on a free loopback port that only the proxy uses.
	// The embeddable package keeps no state file and never reports telemetry.
	config := &ferretdb.Config{Listener: ferretdb.ListenerConfig{TCP: "127.0.0.1:0"}, Logger: logger}
	var admin *url.Userinfo
	if pgURL != "" {
		u, err := url.Parse(pgURL)
		if err != nil || u.User == nil {
			log.Fatalf("$%s must be a postgres:// URL with the administrator's user and password", postgresqlURLEnv)
		}
		admin = u.User
		u.User = url.User("unauthenticated")
		config.Handler, config.PostgreSQLURL = "postgresql", u.String()
	} else {
		if err := os.MkdirAll(*dir, 0o755); err != nil {
			log.Fatal(err)
		}
		// WAL without an fsync per commit: safe when a process dies, not when the machine does,
		// which is the right trade for a local and test store (fsync made every write wait ~10 ms).
		config.Handler, config.SQLiteURL = "sqlite", "file:"+*dir+"/?_pragma=synchronous(normal)"
	}
	f, err := ferretdb.New(config)
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- f.Run(ctx) }()

	uri, err := url.Parse(f.MongoDBURI())
	if err != nil {
		log.Fatal(err)
	}
	if admin != nil {
		if err := loadDatabaseList(ctx, f.MongoDBURI(), admin); err != nil {
			log.Fatalf("FerretDB did not answer the administrator: %v", err)
		}
	}

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatal(err)
	}
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	go serve(ln, proxyOptions{backend: uri.Host, serialiseAll: *serialise == "all", commandTimeout: *commandTimeout})

	if err := <-done; err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}

// loadDatabaseList pings FerretDB as the administrator, which makes it load
// its list of every database with the administrator's rights.
func loadDatabaseList(ctx context.Context, uri string, admin *url.Userinfo) error {
	password, _ := admin.Password()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	client, err := mongo.Connect(ctx, options.Client().ApplyURI(uri).SetAuth(options.Credential{
		AuthMechanism: "PLAIN",
		AuthSource:    "$external",
		Username:      admin.Username(),
		Password:      password,
	}))
	if err != nil {
		return err
	}
	defer client.Disconnect(context.Background())
	return client.Database("admin").RunCommand(ctx, bson.D{{Key: "ping", Value: 1}}).Err()
}
