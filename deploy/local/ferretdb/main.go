// Command ferretdb-local runs FerretDB v1 with its SQLite backend for local
// development and tests. It wraps the embeddable package because a plain
// `go install .../cmd/ferretdb` build panics at start: its generated
// build/version/version.txt is not part of the module zip.
package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen-addr", "127.0.0.1:27117", "TCP address to listen on")
	dir := flag.String("sqlite-dir", "", "directory for the SQLite databases (required)")
	flag.Parse()
	if *dir == "" {
		log.Fatal("--sqlite-dir is required")
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		log.Fatal(err)
	}

	// Errors only: the dev stack prefixes and shows this output.
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))

	// The embeddable package keeps no state file and never reports telemetry.
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Handler:   "sqlite",
		SQLiteURL: "file:" + *dir + "/",
		Logger:    logger,
	})
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := f.Run(ctx); err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}
